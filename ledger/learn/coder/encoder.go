package coder

// Encoder codes bytes into a bit stream. The zero value is not ready: use NewEncoder.
type Encoder struct {
	low, high uint64
	pending   int64
	bits      int64
	out       []byte
	acc       byte
	nacc      uint
	done      bool
}

// NewEncoder returns an encoder with the full interval and no bits.
func NewEncoder() *Encoder { return &Encoder{high: top} }

// Encode codes b with the model freqs (256 frequencies; the escape is implicit). It
// returns ErrSymbols or ErrTotal, leaving the encoder unchanged, when the model is
// refused. Encoding after Finish panics.
func (e *Encoder) Encode(freqs []uint32, b byte) error {
	if e.done {
		panic("coder: Encode after Finish")
	}
	lo, hi, total, err := interval(freqs, b)
	if err != nil {
		return err
	}
	e.code(lo, hi, total)
	if freqs[b] == 0 {
		for i := 7; i >= 0; i-- {
			bit := uint64(b>>uint(i)) & 1
			e.code(bit, bit+1, 2)
		}
	}
	return nil
}

// Bits is the number of bits decided so far, emitted or pending; after Finish, the
// exact code length.
func (e *Encoder) Bits() int64 { return e.bits + e.pending }

// Finish flushes the encoder (two bits, plus any pending) and returns the stream,
// its last byte padded with zero bits. Bits then reports the exact length. A second
// call returns the same stream.
func (e *Encoder) Finish() []byte {
	if !e.done {
		e.done = true
		e.pending++
		if e.low < first {
			e.emit(0)
		} else {
			e.emit(1)
		}
		if e.nacc > 0 {
			e.out = append(e.out, e.acc<<(8-e.nacc))
			e.nacc = 0
		}
	}
	return e.out
}

// code narrows the interval to [lo, hi) of total and renormalises it.
func (e *Encoder) code(lo, hi, total uint64) {
	e.low, e.high = narrow(e.low, e.high, lo, hi, total)
	for {
		switch {
		case e.high < half:
			e.emit(0)
		case e.low >= half:
			e.emit(1)
			e.low -= half
			e.high -= half
		case e.low >= first && e.high < third:
			e.pending++
			e.low -= first
			e.high -= first
		default:
			return
		}
		e.low <<= 1
		e.high = e.high<<1 | 1
	}
}

// emit writes bit followed by the pending bits, which are its opposite.
func (e *Encoder) emit(bit byte) {
	e.put(bit)
	for ; e.pending > 0; e.pending-- {
		e.put(bit ^ 1)
	}
}

func (e *Encoder) put(bit byte) {
	e.bits++
	e.acc = e.acc<<1 | bit
	e.nacc++
	if e.nacc == 8 {
		e.out = append(e.out, e.acc)
		e.acc, e.nacc = 0, 0
	}
}
