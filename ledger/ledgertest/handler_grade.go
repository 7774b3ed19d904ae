package ledgertest

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/cockroachdb/datadriven"
)

// grade sends grade(entry), which opens a round or moves a timed-out attempt on, and,
// given readings (see readingArgs), has the committee attest:
//
//	grade entry=2 [from=grader] readings=(4,4,4,4) [dq=mandatory] [dup=1 similarity=86]
func (h *Harness) grade(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, append([]string{"entry", "from"}, readingArgs...)...)
	e := ledger.EntryID(a.id("entry"))
	before := h.lastRound(e)
	out := h.send(t, a.str("from", "grader"), ledger.Amount{}, ledger.Grade{Entry: e})
	if !out.OK() {
		return out.Err
	}
	var b strings.Builder
	id := ledger.RoundID(out.Created)
	if id != 0 {
		r, _ := h.s.Round(id)
		b.WriteString(h.opened(r) + "\n")
	} else {
		id = before.ID
		b.WriteString(h.describeFrom(id, len(before.Attempts)))
	}
	if a.hasReadings() {
		b.WriteString(h.consensus(t, a, id))
	}
	return b.String()
}

// attempt has the open attempt of the entry's latest round attested (see readingArgs):
// the next attempt after a discard, or a regrade that exhausted and was reopened.
//
//	attempt entry=2 readings=(4)
func (h *Harness) attempt(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, append([]string{"entry"}, readingArgs...)...)
	r := h.lastRound(ledger.EntryID(a.id("entry")))
	if r.ID == 0 {
		d.Fatalf(t, "entry %d has no round", a.id("entry"))
	}
	return h.consensus(t, a, r.ID)
}

// lastRound returns the entry's latest round, or a zero view when it has none.
func (h *Harness) lastRound(e ledger.EntryID) ledger.RoundView {
	rounds := h.s.Grades(e)
	if len(rounds) == 0 {
		return ledger.RoundView{}
	}
	return rounds[len(rounds)-1]
}
