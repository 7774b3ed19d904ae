package challenge

import (
	"encoding/json"
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/challenge/composite"
	"github.com/arena/arena/ledger/digest"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/season"
)

// BenchCheck is a committee member's verdict on a bench version: either a classed
// failure, or the digest of the dataset its module generated for the check seed
// (CheckSeed) in the full profile, the number of cases and the case kinds seen, sorted.
type BenchCheck struct {
	Error   string   `json:"error,omitempty"`
	Dataset string   `json:"dataset,omitempty"` // sha256 of the generate op's stdout
	Cases   int      `json:"cases,omitempty"`
	Kinds   []string `json:"kinds,omitempty"`
}

// RunResult is a committee member's result of one run: either a classed failure, or the
// dataset's and transcript's digests, the program's canonical digest, the composite it
// scored and the gas the program burned over every case.
type RunResult struct {
	Error      string `json:"error,omitempty"`
	Dataset    string `json:"dataset,omitempty"`    // sha256 of the generate op's stdout
	Transcript string `json:"transcript,omitempty"` // sha256 of abi.Transcript.Canonical()
	// Canonical is the sha256, lowercase hex, of the program with every custom section
	// removed: two programs that differ only in custom sections are one agent. Required
	// when scored, empty on a failure.
	Canonical string           `json:"canonical"`
	Composite composite.Result `json:"composite"`
	Gas       int64            `json:"gas"`
}

// Scored reports whether r is a result rather than a failure.
func (r RunResult) Scored() bool { return r.Error == "" }

// Failure returns the check's classed failure, or nil when it counted a dataset.
func (c BenchCheck) Failure() *book.Error { return book.FailureOf(c.Error) }

// Failure returns the run's classed failure, or nil when it scored.
func (r RunResult) Failure() *book.Error { return book.FailureOf(r.Error) }

// Agrees reports whether c agrees with the leader's verdict, neither of them a failure:
// exactly the same dataset, case count and kinds. Failures are compared by round.Agree.
func (c BenchCheck) Agrees(leader BenchCheck) bool {
	return c.Dataset == leader.Dataset && c.Cases == leader.Cases && slices.Equal(c.Kinds, leader.Kinds)
}

// Agrees reports whether r agrees with the leader's result. When the bench pins a model
// (pinned), whose answers may differ between validators, both must be scored on the
// same dataset and name the same canonical program; otherwise everything is
// deterministic and must be equal: dataset, transcript, canonical program, composite and
// gas. Neither may be a failure: failures are compared by round.Agree.
func (r RunResult) Agrees(leader RunResult, pinned bool) bool {
	if pinned {
		return r.Dataset == leader.Dataset && r.Canonical == leader.Canonical
	}
	return r.Dataset == leader.Dataset && r.Canonical == leader.Canonical && r.Transcript == leader.Transcript && r.Gas == leader.Gas && SameResult(r.Composite, leader.Composite)
}

// SameResult reports whether two composites are equal in every field.
func SameResult(a, b composite.Result) bool {
	return a.N == b.N && a.Composite == b.Composite && a.SE == b.SE && a.ToolMean == b.ToolMean && a.MemoryMean == b.MemoryMean &&
		a.E == b.E && a.M == b.M && a.O == b.O && a.C == b.C && a.Gate == b.Gate && a.Leaks == b.Leaks && a.Misses == b.Misses &&
		slices.Equal(a.Categories, b.Categories)
}

// checkVerdict is a BenchCheck as a round holds it.
type checkVerdict struct{ BenchCheck }

// Agrees is BenchCheck.Agrees against the leader's verdict.
func (v *checkVerdict) Agrees(leader round.Verdict) bool {
	l, ok := leader.(*checkVerdict)
	return ok && v.BenchCheck.Agrees(l.BenchCheck)
}

// runVerdict is a RunResult as a round holds it, with whether its bench pins a model,
// which decides agreement and is encoded beside it so a decoded round tallies alike.
type runVerdict struct {
	RunResult
	Pinned bool `json:"pinned,omitempty"`
}

// Agrees is RunResult.Agrees against the leader's verdict.
func (v *runVerdict) Agrees(leader round.Verdict) bool {
	l, ok := leader.(*runVerdict)
	return ok && v.RunResult.Agrees(l.RunResult, v.Pinned)
}

// checkOf returns the BenchCheck behind a bench_check round's verdict.
func checkOf(v round.Verdict) BenchCheck { return v.(*checkVerdict).BenchCheck }

// resultOf returns the RunResult behind a challenge_run round's verdict.
func resultOf(v round.Verdict) RunResult { return v.(*runVerdict).RunResult }

// DecodeCheckVerdict decodes a bench_check round's verdict: a BenchCheck's JSON.
func DecodeCheckVerdict(raw json.RawMessage) (round.Verdict, error) {
	var c BenchCheck
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, fmt.Errorf("bench check verdict: %w", err)
	}
	return &checkVerdict{c}, nil
}

// DecodeRunVerdict decodes a challenge_run round's verdict: a RunResult's JSON with its
// pinned flag.
func DecodeRunVerdict(raw json.RawMessage) (round.Verdict, error) {
	var v runVerdict
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, fmt.Errorf("challenge run verdict: %w", err)
	}
	return &v, nil
}

// checkBenchCheck refuses a malformed bench verdict.
func checkBenchCheck(c *BenchCheck) *book.Error {
	if c.Error != "" {
		if err := season.CheckFailure(c.Error); err != nil {
			return err
		}
		if c.Dataset != "" || c.Cases != 0 || len(c.Kinds) != 0 {
			return errFailureCarries
		}
		return nil
	}
	if !digest.IsSHA256Hex(c.Dataset) || c.Cases < 1 || !kindsOK(c.Kinds) {
		return errCheckShape
	}
	return nil
}

// checkRunResult refuses a malformed run result.
func checkRunResult(r *RunResult) *book.Error {
	if r.Error != "" {
		if err := season.CheckFailure(r.Error); err != nil {
			return err
		}
		if r.Dataset != "" || r.Transcript != "" || r.Canonical != "" || r.Gas != 0 || !SameResult(r.Composite, composite.Result{}) {
			return errFailureCarries
		}
		return nil
	}
	c := &r.Composite
	switch {
	case !digest.IsSHA256Hex(r.Dataset) || !digest.IsSHA256Hex(r.Transcript) || !digest.IsSHA256Hex(r.Canonical) || r.Gas < 0 || r.Gas > book.MaxExact:
		return errRunShape
	case c.N < 1 || !micros(c.Composite) || c.SE < 0 || c.SE > PPM || !micros(c.ToolMean) || !micros(c.MemoryMean):
		return errRunShape
	case !micros(c.E) || !micros(c.M) || !micros(c.O) || !micros(c.C) || !micros(c.Gate) || c.Leaks < 0 || c.Misses < 0:
		return errRunShape
	case len(c.Categories) > MaxCategories:
		return errRunShape
	}
	for _, k := range c.Categories {
		if len(k.Kind) > MaxKindLen || len(k.Name) > MaxCategoryLen || !utf8.ValidString(k.Name) || k.N < 0 || !micros(k.Mean) {
			return errRunShape
		}
	}
	return nil
}

// micros reports whether v is a score in micros, 0..1e6.
func micros(v int64) bool { return v >= 0 && v <= PPM }

// kindsOK reports whether ks is 1..MaxKinds distinct kind names in ascending order.
func kindsOK(ks []string) bool {
	if len(ks) < 1 || len(ks) > MaxKinds {
		return false
	}
	for i, k := range ks {
		if !slug(k, MaxKindLen) || (i > 0 && k <= ks[i-1]) {
			return false
		}
	}
	return true
}

// slug reports whether s is 1..n characters of [a-z0-9-].
func slug(s string, n int) bool {
	if len(s) < 1 || len(s) > n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' {
			return false
		}
	}
	return true
}

// cloneResult copies r's slices so that the copy shares nothing with r.
func cloneResult(r RunResult) RunResult {
	r.Composite.Categories = slices.Clone(r.Composite.Categories)
	return r
}
