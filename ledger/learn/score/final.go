package score

// Run is what the run and, once revealed, the held-out round measured.
type Run struct {
	Bits, Bytes int64 // the train split's code length and length
	WindowBits  int64 // the code length of the first Window bytes
	// Heldout is nil until the held-out round is final; nil scores with penalty 1 and
	// tie 0 (the sponsor did not reveal by reveal_by).
	Heldout *Measured
}

// Measured is a held-out round's agreed result.
type Measured struct {
	TrainedBits, TwinBits, Bytes int64
}

// Parts are the terms of a final score, each in micros (rounded half away from zero
// from the exact value), for the board and the audit.
type Parts struct {
	BPB        int64 // train bits per byte
	Base       int64 // 1/(1+bpb)
	Multiplier int64 // step-0: 0 or Micros
	Heldout    bool  // whether the held-out terms were measured
	TrainedBPB int64 // held-out bpb of the trained model (0 without held-out)
	TwinBPB    int64 // held-out bpb of the fresh-init twin
	Gap        int64 // TrainedBPB − BPB, exactly, then rounded
	Delta      int64 // TwinBPB − TrainedBPB, exactly, then rounded
	Cap        int64 // the tie's bound
	Tanh       int64 // tanh(delta)
	Penalty    int64 // NoPenalty or MemorisePenalty
	Tie        int64 // cap·tanh(delta)
	Final      int64 // (base·penalty + tie)·multiplier
}

// Check reports ErrInput for a run Final cannot score: a non-positive byte count or
// a negative bit count, in the run or its held-out round.
func Check(r Run) error {
	if r.Bytes <= 0 || r.Bits < 0 || r.WindowBits < 0 {
		return ErrInput
	}
	if h := r.Heldout; h != nil && (h.Bytes <= 0 || h.TrainedBits < 0 || h.TwinBits < 0) {
		return ErrInput
	}
	return nil
}

// Final returns r's final score in micros and its parts. A run Check refuses scores 0
// with zero parts; the ledger refuses such results before they are kept.
func Final(r Run) (int64, Parts) {
	if Check(r) != nil {
		return 0, Parts{}
	}
	bpb := BPB(r.Bits, r.Bytes)
	base := f(bpb) // = bytes/(bytes+bits)
	p := Parts{
		BPB: micros(bpb), Base: micros(base), Multiplier: StepZero(r.WindowBits),
		Penalty: NoPenalty, Cap: micros(tieCap(bpb)),
	}
	if h := r.Heldout; h != nil {
		t := heldout(r.Bits, r.Bytes, h.TrainedBits, h.TwinBits, h.Bytes)
		p.Heldout = true
		p.TrainedBPB, p.TwinBPB = micros(BPB(h.TrainedBits, h.Bytes)), micros(BPB(h.TwinBits, h.Bytes))
		p.Gap, p.Delta, p.Tanh = micros(t.gap), micros(t.delta), t.tanh
		p.Penalty, p.Tie = t.penalty, t.tie
	}
	v := base.Mul(base, ratMicros(p.Penalty))
	v.Add(v, ratMicros(p.Tie))
	v.Mul(v, ratMicros(p.Multiplier))
	p.Final = micros(v)
	return p.Final, p
}
