package ledgertest

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/cockroachdb/datadriven"
)

// Harness runs one contest script: a Contest over a Bare, opened by the script's first
// command.
type Harness struct {
	s     *ledger.State
	terms ledger.Terms
	bare  *Bare
	c     *Contest
	seals map[ledger.BidID]seal // what each bid's commit kept, for its reveal
	runs  map[ledger.MatchID]*MatchRun
}

// New returns a harness with no arena open; a script's first command opens one.
func New() *Harness {
	return &Harness{seals: map[ledger.BidID]seal{}, runs: map[ledger.MatchID]*MatchRun{}}
}

// Handle runs one command of a script and returns what it printed. A refusal by the
// ledger is printed, not failed; a broken invariant, a refusal that moved money or a
// malformed command fails the test.
func (h *Harness) Handle(t *testing.T, d *datadriven.TestData) string {
	t.Helper()
	if h.s == nil && d.Cmd != "open" {
		d.Fatalf(t, "%s before open", d.Cmd)
	}
	out := h.dispatch(t, d)
	if h.s != nil {
		if err := h.s.CheckInvariants(); err != nil {
			d.Fatalf(t, "after %s: %v", d.Cmd, err)
		}
	}
	return strings.TrimRight(out, "\n") + "\n"
}

// dispatch runs the command's handler.
func (h *Harness) dispatch(t *testing.T, d *datadriven.TestData) string {
	if out, ok := h.tenderCommand(t, d); ok {
		return out
	}
	if out, ok := h.matchCommand(t, d); ok {
		return out
	}
	if out, ok := h.challengeCommand(t, d); ok {
		return out
	}
	if out, ok := h.learnCommand(t, d); ok {
		return out
	}
	switch d.Cmd {
	case "open":
		return h.open(t, d)
	case "fund":
		return h.fund(t, d)
	case "post":
		return h.post(t, d)
	case "enter":
		return h.enter(t, d)
	case "grade":
		return h.grade(t, d)
	case "attempt":
		return h.attempt(t, d)
	case "attest":
		return h.attest(t, d)
	case "appeal":
		return h.appeal(t, d)
	case "wait":
		return h.wait(t, d)
	case "award":
		return h.award(t, d)
	case "withdraw":
		return h.withdraw(t, d)
	case "balances":
		return h.balances(t, d)
	case "show":
		return h.show(t, d)
	}
	d.Fatalf(t, "unknown command %q", d.Cmd)
	return ""
}

// send applies a transaction from the named sender in the next block at the clock; a
// refusal must leave every balance as it was (see Contest.Send).
func (h *Harness) send(t *testing.T, from string, value ledger.Amount, body ledger.Body) ledger.Outcome {
	t.Helper()
	return h.c.In(t).Send(from, value, body)
}

// name returns the script name of a, or its hex form for an address no script named.
func (h *Harness) name(a ledger.Address) string { return h.c.Name(a) }

// names returns the script names of as, in order, joined by spaces.
func (h *Harness) names(as []ledger.Address) string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = h.name(a)
	}
	return strings.Join(out, " ")
}

// owed lists every named actor the arena owes, by name.
func (h *Harness) owed() []string {
	var out []string
	for _, n := range h.c.Names() {
		if c := h.s.Claimable(h.c.Addr(n)); !c.IsZero() {
			out = append(out, n+"="+gen(c))
		}
	}
	return out
}

// State returns the arena the script opened, nil before its open command, so that a
// test can read views after each command.
func (h *Harness) State() *ledger.State { return h.s }
