package ledgertest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/cockroachdb/datadriven"
)

// filler is the sentence that len=N work repeats.
const filler = "The Settlement API pays out a batch in one call. "

// enter files an entry; the bond goes into bond escrow. The work is one of work=(...),
// copy-of=N (entry N's work, verbatim), len=N (N bytes of prose), url=https://..., or
// the command's input block:
//
//	enter task=1 from=carol work=(a launch note) [bond=5]
func (h *Harness) enter(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "task", "from", "work", "copy-of", "len", "url", "bond")
	a.need("from")
	body := ledger.Submit{Task: ledger.TaskID(a.id("task")), Work: h.work(t, a), WorkURL: a.str("url", "")}
	if body.WorkURL != "" { // the bytes the URL served at filing, fixed by their digest
		sum := sha256.Sum256([]byte("the work at " + body.WorkURL))
		body.WorkSHA256 = hex.EncodeToString(sum[:])
	}
	out := h.send(t, a.str("from", ""), a.amount("bond", h.terms.EntryBond), body)
	if !out.OK() {
		return out.Err
	}
	ev, _ := h.s.Entry(ledger.EntryID(out.Created))
	what := fmt.Sprintf("%d bytes", len(ev.Work))
	if ev.WorkURL != "" {
		what = ev.WorkURL
	}
	if a.has("copy-of") {
		what += fmt.Sprintf(", a copy of entry %d", a.int("copy-of", 0))
	}
	return fmt.Sprintf("entry %d on task %d by %s (%s) filed %s: bond %s (bond_escrow=%s)",
		ev.ID, ev.Task, h.name(ev.Solver), what, clock(ev.FiledAt), gen(ev.Bond), gen(h.s.Arena().Balances.BondEscrow))
}

// work returns the work text the arguments describe.
func (h *Harness) work(t *testing.T, a args) string {
	switch {
	case a.has("work"):
		return a.str("work", "")
	case a.has("copy-of"):
		ev, ok := h.s.Entry(ledger.EntryID(a.id("copy-of")))
		if !ok {
			a.d.Fatalf(t, "copy-of=%d: no such entry", a.id("copy-of"))
		}
		return ev.Work
	case a.has("len"):
		n := a.int("len", 0)
		return strings.Repeat(filler, n/len(filler)+1)[:n]
	}
	return strings.TrimSpace(a.d.Input)
}
