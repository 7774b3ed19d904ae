package learn

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/season"
)

// RunResult is a committee member's result of one learning run: either a classed
// failure, or the exact code length of the train split under the pair's predictions.
type RunResult struct {
	Error      string  `json:"error,omitempty"`
	Bits       int64   `json:"bits"`        // bits the coder emitted over the whole split, after flushing
	Bytes      int64   `json:"bytes"`       // bytes coded: the challenge's dataset_bytes
	WindowBits int64   `json:"window_bits"` // bits of the first Window bytes (the step-0 window)
	Curve      []int64 `json:"curve"`       // bits of each curve point (CurvePoints says which bytes each covers)
	Gas        int64   `json:"gas"`         // gas the pair burned over the split
}

// Scored reports whether r is a result rather than a failure.
func (r RunResult) Scored() bool { return r.Error == "" }

// Failure returns the run's classed failure, or nil when it scored.
func (r RunResult) Failure() *book.Error { return book.FailureOf(r.Error) }

// Agrees reports whether r agrees with the leader's result, neither of them a failure:
// everything equal, since a learning run is deterministic. Failures are compared by
// round.Agree.
func (r RunResult) Agrees(leader RunResult) bool {
	return r.Bits == leader.Bits && r.Bytes == leader.Bytes && r.WindowBits == leader.WindowBits && r.Gas == leader.Gas && slices.Equal(r.Curve, leader.Curve)
}

// HeldoutResult is a committee member's held-out measurement of a scored run: either a
// classed failure, or the retrained train bits (equal to the run's), the held-out split's
// code length under the trained model without learning, and under its fresh-init twin.
type HeldoutResult struct {
	Error        string `json:"error,omitempty"`
	TrainBits    int64  `json:"train_bits"`    // must equal the run's kept bits
	TrainedBits  int64  `json:"trained_bits"`  // held-out bits under the trained model
	TwinBits     int64  `json:"twin_bits"`     // held-out bits under the fresh-init twin
	HeldoutBytes int64  `json:"heldout_bytes"` // the challenge's heldout_bytes
}

// Scored reports whether h is a measurement rather than a failure.
func (h HeldoutResult) Scored() bool { return h.Error == "" }

// Failure returns the measurement's classed failure, or nil when it measured.
func (h HeldoutResult) Failure() *book.Error { return book.FailureOf(h.Error) }

// Agrees reports whether h agrees with the leader's, neither of them a failure:
// everything equal. Failures are compared by round.Agree.
func (h HeldoutResult) Agrees(leader HeldoutResult) bool { return h == leader }

// runVerdict is a RunResult as a round holds it.
type runVerdict struct{ RunResult }

// Agrees is RunResult.Agrees against the leader's verdict.
func (v *runVerdict) Agrees(leader round.Verdict) bool {
	l, ok := leader.(*runVerdict)
	return ok && v.RunResult.Agrees(l.RunResult)
}

// heldoutVerdict is a HeldoutResult as a round holds it.
type heldoutVerdict struct{ HeldoutResult }

// Agrees is HeldoutResult.Agrees against the leader's verdict.
func (v *heldoutVerdict) Agrees(leader round.Verdict) bool {
	l, ok := leader.(*heldoutVerdict)
	return ok && v.HeldoutResult.Agrees(l.HeldoutResult)
}

// resultOf returns the RunResult behind a learn_run round's verdict.
func resultOf(v round.Verdict) RunResult { return v.(*runVerdict).RunResult }

// heldoutOf returns the HeldoutResult behind a learn_heldout round's verdict.
func heldoutOf(v round.Verdict) HeldoutResult { return v.(*heldoutVerdict).HeldoutResult }

// DecodeRunVerdict decodes a learn_run round's verdict: a RunResult's JSON.
func DecodeRunVerdict(raw json.RawMessage) (round.Verdict, error) {
	var v runVerdict
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, fmt.Errorf("learn run verdict: %w", err)
	}
	return &v, nil
}

// DecodeHeldoutVerdict decodes a learn_heldout round's verdict: a HeldoutResult's JSON.
func DecodeHeldoutVerdict(raw json.RawMessage) (round.Verdict, error) {
	var v heldoutVerdict
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, fmt.Errorf("learn held-out verdict: %w", err)
	}
	return &v, nil
}

// CurvePoints returns how the loss curve of a run over n bytes groups its windows: the
// split is cut into ceil(n/Window) windows of Window bytes (the last may be shorter), and
// each point merges `per` adjacent windows, per = ceil(windows/MaxCurve), so there are
// ceil(windows/per) ≤ MaxCurve points; point i covers bytes [i·per·Window,
// min((i+1)·per·Window, n)).
func CurvePoints(n int64) (points int, per int64) {
	if n <= 0 {
		return 0, 1
	}
	windows := (n + Window - 1) / Window
	per = (windows + MaxCurve - 1) / MaxCurve
	return int((windows + per - 1) / per), per
}

// checkRunResult refuses a malformed run result of a run of c.
func checkRunResult(c *challenge, r *RunResult) *book.Error {
	if r.Error != "" {
		if err := season.CheckFailure(r.Error); err != nil {
			return err
		}
		if r.Bits != 0 || r.Bytes != 0 || r.WindowBits != 0 || r.Gas != 0 || len(r.Curve) != 0 {
			return errFailureCarries
		}
		return nil
	}
	points, _ := CurvePoints(c.DatasetBytes)
	if r.Bytes != c.DatasetBytes || r.Bits < 0 || r.Bits > MaxBitsPerByte*r.Bytes || r.WindowBits < 0 || r.WindowBits > r.Bits ||
		r.Gas < 0 || r.Gas > book.MaxExact || len(r.Curve) != points {
		return errRunShape
	}
	for _, b := range r.Curve {
		if b < 0 || b > r.Bits {
			return errRunShape
		}
	}
	return nil
}

// checkHeldout refuses a malformed held-out measurement of run x of c.
func checkHeldout(c *challenge, x *run, h *HeldoutResult) *book.Error {
	if h.Error != "" {
		if err := season.CheckFailure(h.Error); err != nil {
			return err
		}
		if h.TrainBits != 0 || h.TrainedBits != 0 || h.TwinBits != 0 || h.HeldoutBytes != 0 {
			return errFailureCarries
		}
		return nil
	}
	switch {
	case h.HeldoutBytes != c.HeldoutBytes || h.TrainedBits < 0 || h.TwinBits < 0 || h.TrainedBits > MaxBitsPerByte*h.HeldoutBytes ||
		h.TwinBits > MaxBitsPerByte*h.HeldoutBytes:
		return errHeldoutShape
	case h.TrainBits != x.Kept.Bits:
		return errRetrained
	}
	return nil
}

// cloneResult copies r's slices so that the copy shares nothing with r.
func cloneResult(r RunResult) RunResult {
	r.Curve = slices.Clone(r.Curve)
	return r
}
