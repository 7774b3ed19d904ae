package coder

// Decoder reads back the bytes an Encoder coded, driven by the same models in the
// same order.
type Decoder struct {
	low, high, value uint64
	in               []byte
	pos              int64 // next bit to read
}

// NewDecoder returns a decoder of stream; bits past its end read as zero.
func NewDecoder(stream []byte) *Decoder {
	d := &Decoder{high: top, in: stream}
	for range 32 {
		d.value = d.value<<1 | d.bit()
	}
	return d
}

// Decode returns the next byte, coded with the model freqs. It returns ErrSymbols or
// ErrTotal for a refused model (as Encode did) and ErrCorrupt when the stream cannot
// have been coded with it.
func (d *Decoder) Decode(freqs []uint32) (byte, error) {
	if len(freqs) != Symbols {
		return 0, ErrSymbols
	}
	t := sum(freqs)
	if t > MaxTotal {
		return 0, ErrTotal
	}
	total := t + 1
	count := d.count(total)
	if count >= t {
		if count != t {
			return 0, ErrCorrupt
		}
		d.code(t, total, total)
		return d.raw()
	}
	var lo uint64
	for b, f := range freqs {
		if count < lo+uint64(f) {
			d.code(lo, lo+uint64(f), total)
			return byte(b), nil
		}
		lo += uint64(f)
	}
	return 0, ErrCorrupt
}

// raw reads the 8 equiprobable bits that follow an escape.
func (d *Decoder) raw() (byte, error) {
	var b byte
	for range 8 {
		c := d.count(2)
		if c > 1 {
			return 0, ErrCorrupt
		}
		d.code(c, c+1, 2)
		b = b<<1 | byte(c)
	}
	return b, nil
}

// count is where the value lies in [0, total), as the encoder scaled it.
func (d *Decoder) count(total uint64) uint64 {
	if d.value < d.low || d.value > d.high {
		return total // corrupt: outside the interval
	}
	r := d.high - d.low + 1
	return ((d.value-d.low+1)*total - 1) / r
}

// code narrows the interval as the encoder did and shifts in the next bits.
func (d *Decoder) code(lo, hi, total uint64) {
	d.low, d.high = narrow(d.low, d.high, lo, hi, total)
	for {
		switch {
		case d.high < half:
		case d.low >= half:
			d.low -= half
			d.high -= half
			d.value -= half
		case d.low >= first && d.high < third:
			d.low -= first
			d.high -= first
			d.value -= first
		default:
			return
		}
		d.low <<= 1
		d.high = d.high<<1 | 1
		d.value = d.value<<1 | d.bit()
	}
}

func (d *Decoder) bit() uint64 {
	i := d.pos
	d.pos++
	if i>>3 >= int64(len(d.in)) {
		return 0
	}
	return uint64(d.in[i>>3]>>(7-uint(i&7))) & 1
}
