package ledgertest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
)

// readingArgs are the arguments with which grade, attempt and appeal have a committee
// attest:
//
//	readings=(4)            every member reads rung 4
//	readings=(4,4,3,5)      one reading per seat, the leader first, then the committee
//	                        in its order; "-" for a member who stays silent, and a
//	                        classed failure such as ([EXTERNAL] Work URL returned 404)
//	err=([TRANSIENT] Work host unavailable (503))   every member fails so
//	dq=mandatory            code found a mandatory criterion unsatisfied
//	dup=N similarity=86     code measured the work as a copy of entry N
//	violations=N            preferred criteria unsatisfied
//
// From each reading the harness computes the result an honest validator signs: the rung
// (0 when disqualified), the gate, the score, and the judged rung and score.
var readingArgs = []string{"readings", "err", "dq", "dup", "violations", "similarity"}

// findings are what code established about the work, the same for every member.
type findings struct {
	dq         string // "", "mandatory" or "copy"
	dup        ledger.EntryID
	violations int
	similarity int
	workDigest string
}

// hasReadings reports whether the command asks the committee to attest.
func (a args) hasReadings() bool { return a.has("readings") || a.has("err") }

// findingsOf reads the code findings of a command for entry e.
func (a args) findingsOf(e ledger.EntryView) findings {
	f := findings{
		dq: a.str("dq", ""), dup: ledger.EntryID(a.int("dup", 0)),
		violations: a.int("violations", 0), similarity: a.int("similarity", 0),
	}
	if f.dup != 0 {
		f.dq = "copy"
	}
	if f.dq != "" && f.dq != "mandatory" && f.dq != "copy" {
		a.d.Fatalf(a.t, "dq=%s: want mandatory or copy", f.dq)
	}
	sum := sha256.Sum256([]byte(e.Work))
	f.workDigest = hex.EncodeToString(sum[:])
	if e.WorkSHA != "" {
		f.workDigest = e.WorkSHA
	}
	return f
}

// results returns one result per seat, leader first; nil for a silent seat.
func (a args) results(e ledger.EntryView, seats int) []*ledger.Result {
	vals := a.vals("readings")
	if !a.has("readings") {
		vals = []string{a.str("err", "")}
	}
	if len(vals) == 1 {
		for len(vals) < seats {
			vals = append(vals, vals[0])
		}
	}
	if len(vals) != seats {
		a.d.Fatalf(a.t, "readings: %d given for a committee of %d", len(vals), seats)
	}
	f := a.findingsOf(e)
	out := make([]*ledger.Result, seats)
	for i, v := range vals {
		out[i] = a.resultOf(strings.TrimSpace(v), f)
	}
	return out
}

// resultOf turns one reading into the result an honest validator sends.
func (a args) resultOf(v string, f findings) *ledger.Result {
	switch {
	case v == "-":
		return nil
	case strings.HasPrefix(v, "["):
		return &ledger.Result{Error: v}
	}
	read, err := strconv.Atoi(v)
	if err != nil || read < 0 || read >= ledger.Rungs {
		a.d.Fatalf(a.t, "reading %q: want a rung 0..5, a classed failure or -", v)
	}
	// The reader's own rung is kept as the judged one; the rules may overrule it.
	r := Reading(read, f.violations, f.dq != "")
	r.JudgedTier, r.JudgedScore = read, read*ledger.PointsPerRung
	r.Rationale, r.DuplicateOf, r.Similarity, r.WorkDigest = "read as "+ledger.Ladder[read].Label, f.dup, f.similarity, f.workDigest
	switch f.dq {
	case "mandatory":
		r.Reason = "required criteria not met, established deterministically"
	case "copy":
		r.Reason = fmt.Sprintf("duplicate of submission #%d (%d%% overlap)", f.dup, f.similarity)
	}
	return &r
}

// consensus has the open attempt of round id attested, seat by seat, with the readings
// of a, and describes every attempt from that one on.
func (h *Harness) consensus(t *testing.T, a args, id ledger.RoundID) string {
	r, _ := h.s.Round(id)
	if r.State != ledger.RoundOpen {
		a.d.Fatalf(t, "round %d is %s, not open", id, r.State)
	}
	at := r.Attempts[len(r.Attempts)-1]
	e, _ := h.s.Entry(r.Entry)
	results := a.results(e, len(r.Committee))
	for i, m := range seats(r.Committee, at.Leader) {
		cur, _ := h.s.Round(id)
		if last := cur.Attempts[len(cur.Attempts)-1]; last.Attempt != at.Attempt || last.State != ledger.AttemptOpen {
			break
		}
		if results[i] == nil {
			continue
		}
		out := h.send(t, h.name(m), ledger.Amount{}, ledger.Attest{Round: id, Attempt: at.Attempt, Result: *results[i]})
		if !out.OK() {
			a.d.Fatalf(t, "%s's honest attestation refused: %s", h.name(m), out.Err)
		}
	}
	return h.describeFrom(id, at.Attempt)
}

// seats orders a committee for attesting: the leader, then the others in committee order.
func seats(committee []ledger.Address, leader ledger.Address) []ledger.Address {
	out := []ledger.Address{leader}
	for _, m := range committee {
		if m != leader {
			out = append(out, m)
		}
	}
	return out
}

// opened describes a round just opened.
func (h *Harness) opened(r ledger.RoundView) string {
	kind := "round"
	if r.Regrade {
		kind = "regrade round"
	}
	s := fmt.Sprintf("%s %d opened on entry %d: attempt 1 led by %s", kind, r.ID, r.Entry, h.name(r.Attempts[0].Leader))
	if len(r.Committee) < len(h.terms.Validators) {
		s += ", committee " + h.names(r.Committee)
	}
	return s
}
