package learn

import (
	"encoding/hex"

	"github.com/arena/arena/ledger/learn/score"
)

// scoreOf scores a kept run result with its held-out measurement h (nil without
// held-out terms) by package score.
func scoreOf(res RunResult, h *HeldoutResult) Score {
	in := score.Run{Bits: res.Bits, Bytes: res.Bytes, WindowBits: res.WindowBits}
	sc := Score{Bits: res.Bits, Bytes: res.Bytes, WindowBits: res.WindowBits}
	if h != nil {
		in.Heldout = &score.Measured{TrainedBits: h.TrainedBits, TwinBits: h.TwinBits, Bytes: h.HeldoutBytes}
		sc.TrainedBits, sc.TwinBits, sc.HeldoutBytes = h.TrainedBits, h.TwinBits, h.HeldoutBytes
	}
	_, p := score.Final(in)
	sc.BPB, sc.Base, sc.Multiplier, sc.Heldout, sc.TrainedBPB, sc.TwinBPB = p.BPB, p.Base, p.Multiplier, p.Heldout, p.TrainedBPB, p.TwinBPB
	sc.Gap, sc.Delta, sc.Cap, sc.Tanh, sc.Penalty, sc.Tie, sc.Final = p.Gap, p.Delta, p.Cap, p.Tanh, p.Penalty, p.Tie, p.Final
	sc.StepZero = p.Multiplier == 0
	return sc
}

// submitter names a run's committer as package score keys it.
func (r *run) submitter() string { return hex.EncodeToString(r.Committer[:]) }

// rankRuns ranks final runs as score.Rank does: by (−final, commit order, id) — a run's
// id is its commit order — one row per submitter, its best.
func (s *State) rankRuns(rs []*run) []*run {
	rows := make([]score.Row, len(rs))
	for i, r := range rs {
		rows[i] = score.Row{Entry: uint64(r.ID), Submitter: r.submitter(), Commit: uint64(r.ID), Final: r.Score.Final}
	}
	ranked := score.Rank(rows)
	out := make([]*run, len(ranked))
	for i, x := range ranked {
		out[i] = s.run(RunID(x.Entry))
	}
	return out
}
