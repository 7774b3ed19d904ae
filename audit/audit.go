// Package audit re-derives settled numbers offline, from published data alone: a
// snapshot of the ledger's views and the bytes of the work it committed to. Nothing here
// trusts a validator, a node or a model: every step recomputes a figure and compares it
// with what the ledger settled, so that anyone can defend or dispute a number without
// running a node.
//
// A benchmark challenge's run (Run) is re-derived by running its bench again in the
// sandbox: the dataset from the run's seed, and each validator's published transcript
// graded and scored, compared with the signed attestation exactly. Decisions made here:
//   - The bench's WASI gets a random key and a clock no validator used: an accepted bench
//     depends on its request alone (its check proved two generations equal), so a bench
//     that leaned on either would show as a mismatch here.
//   - A run's anchor is the state hash after the block that created it, found in the log:
//     the block holding the challenge_commit of the entry's program for an entry run, the
//     fold's block for a rescore run. A snapshot carries no block hashes and no signed
//     transactions, so from a snapshot alone the anchor and the signatures are reported as
//     not checked, and everything else is.
//   - A fold (Challenge) counts a run settled at a lower height than the fold's block; a
//     run settled in that same block may have come before or after the fold, so the fold
//     is re-derived both ways and either agreeing counts.
package audit

import (
	"fmt"
	"strings"
)

// Step is one re-derivation: what the ledger settled (Want), what the audit computed
// from published data (Got), and whether they match. A step that does not match but
// is Caught found a broken rule the ledger found too, and settled as its rules say
// (a match voided, a bond slashed, a program refused): no settled number is wrong.
type Step struct {
	Name   string `json:"step"`
	Want   string `json:"settled"`
	Got    string `json:"derived"`
	OK     bool   `json:"ok"`
	Caught bool   `json:"caught,omitempty"`
	Note   string `json:"note,omitempty"`
}

// Report is the audit of one settled number, step by step.
type Report struct {
	Subject string `json:"subject"` // e.g. "bounty entry 7"
	// Number names what the audit re-derives, for its closing line: "the entry's
	// grade", "the match's settlement".
	Number string `json:"number"`
	Steps  []Step `json:"steps"`
	// Caught says, one line each, what cheat the ledger caught and how it settled it.
	Caught []string `json:"caught,omitempty"`
}

// The closing lines of a report: every settled number re-derived (a caught cheat
// included), or the first word of a mismatch.
const (
	Derived  = "every number re-derived"
	Mismatch = "MISMATCH"
)

// OK reports whether every settled number follows from the published data: each step
// matched or found a cheat the ledger caught.
func (r *Report) OK() bool {
	for _, s := range r.Steps {
		if !s.OK && !s.Caught {
			return false
		}
	}
	return len(r.Steps) > 0
}

// Closing is the report's last line: Derived, or why not.
func (r *Report) Closing() string {
	if r.OK() {
		return Derived
	}
	return fmt.Sprintf("%s: %s does not follow from the published data", Mismatch, r.Number)
}

// check records a step comparing want and got.
func (r *Report) check(name string, want, got any, note string) bool {
	w, g := fmt.Sprint(want), fmt.Sprint(got)
	r.Steps = append(r.Steps, Step{Name: name, Want: w, Got: g, OK: w == g, Note: note})
	return w == g
}

// fail records a step that could not be derived at all.
func (r *Report) fail(name, why string) {
	r.Steps = append(r.Steps, Step{Name: name, Got: "-", Note: why})
}

// caught records a cheat the ledger caught, and marks the steps that found it (indexes
// into r.Steps) as caught.
func (r *Report) caught(steps []int, line string) {
	for _, i := range steps {
		r.Steps[i].Caught = true
	}
	r.Caught = append(r.Caught, line)
}

// outvoted is an attestation the ledger did not count (it disagreed with the leader,
// or came late): the steps that checked it and did not match, and who attested.
type outvoted struct {
	steps []int
	who   string
}

// newOutvoted records the steps from from on that did not match as an outvoted
// attestation's by who.
func newOutvoted(r *Report, from int, who string) outvoted {
	o := outvoted{who: who}
	for i := from; i < len(r.Steps); i++ {
		if !r.Steps[i].OK {
			o.steps = append(o.steps, i)
		}
	}
	return o
}

// okFrom reports whether every step from from on matched.
func (r *Report) okFrom(from int) bool {
	for _, s := range r.Steps[from:] {
		if !s.OK {
			return false
		}
	}
	return len(r.Steps) > from
}

// catchOutvoted marks the mismatches of attestations the ledger did not count as
// caught, once the result it kept re-derives: a member that attested what the
// published data does not give was outvoted, and no settled number came from it.
func (r *Report) catchOutvoted(votes []outvoted) {
	for _, o := range votes {
		if len(o.steps) > 0 {
			r.caught(o.steps, o.who+" attested a result the published data does not give; it did not agree with the leader, and the result kept is the agreeing members'")
		}
	}
}

// String renders the report as the CLI prints it: one line per step, a line for each
// cheat the ledger caught, and the closing line.
func (r *Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "audit of %s\n", r.Subject)
	for _, s := range r.Steps {
		mark := "ok  "
		switch {
		case s.Caught:
			mark = "caught"
		case !s.OK:
			mark = "FAIL"
		}
		fmt.Fprintf(&b, "  %s %-12s settled %s, derived %s", mark, s.Name, s.Want, s.Got)
		if s.Note != "" {
			fmt.Fprintf(&b, " (%s)", s.Note)
		}
		b.WriteByte('\n')
	}
	for _, c := range r.Caught {
		fmt.Fprintf(&b, "cheat caught: %s\n", c)
	}
	b.WriteString(r.Closing())
	b.WriteByte('\n')
	return b.String()
}

// Works gives the bytes of work committed by digest: a URL entry's bytes at filing.
type Works interface {
	// Work returns the bytes whose sha256 is digest (lowercase hex), if it has them.
	Work(digest string) ([]byte, bool)
}
