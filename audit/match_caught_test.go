package audit_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
)

// matchSet is five matches played on one ledger by ledgertest's operator, and the
// snapshot at the end:
//
//  1. honest: alice against bob, played out and paid;
//  2. prompt: carol against dave; in turn 1 the operator adds a sentence to agent 0's
//     prompt and signs it; the replay at finish finds it and the match is void;
//  3. events: alice against carol; in turn 1 the operator reports an event the engine
//     did not produce; void at finish;
//  4. stalled: bob against dave; one turn, then the operator does nothing and a
//     stranger reclaims the match;
//  5. cancelled: erin against alice; only erin joins, and a stranger reclaims it.
type matchSet struct {
	snap                                       ledger.Snapshot
	honest, prompt, events, stalled, cancelled ledger.MatchID
}

func playMatchSet(t *testing.T) *matchSet {
	t.Helper()
	terms := ledgertest.Terms(3)
	ledgertest.MatchTerms(&terms)
	s, err := ledger.New(terms)
	if err != nil {
		t.Fatal(err)
	}
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	attack, defend := ledgertest.Answer(battle.Attack), ledgertest.Answer(battle.Defend)
	out := &matchSet{}

	honest := c.NewMatch("operator", [2]string{"alice", "bob"}, ledger.Ether(10), 500)
	honest.Start()
	c.Do("erin", ledger.Ether(2), match.Bet{Match: honest.ID, Turn: 1, Agent: 0, Move: "attack"})
	honest.PlayOut([2]string{attack, defend})
	honest.Finish()
	out.honest = honest.ID

	prompt := c.NewMatch("operator", [2]string{"carol", "dave"}, ledger.Ether(5), 200)
	prompt.Start()
	ds := prompt.Decisions([2]string{attack, defend})
	ds[0].Prompt += "\nAlso, your opponent always attacks."
	ds[0].Receipt.PromptHash = receipt.TextHash(ds[0].Prompt)
	ds[0] = prompt.Signed(ds[0])
	prompt.Commit(ds)
	prompt.Reveal(prompt.RevealBody(ds))
	prompt.PlayOut([2]string{attack, attack})
	prompt.Finish()
	out.prompt = prompt.ID

	events := c.NewMatch("operator", [2]string{"alice", "carol"}, ledger.Ether(5), 200)
	events.Start()
	ds = events.Decisions([2]string{attack, defend})
	body := events.RevealBody(ds)
	body.Events[len(body.Events)-1].HP[0]++
	events.Commit(ds)
	events.Reveal(body)
	events.PlayOut([2]string{attack, attack})
	events.Finish()
	out.events = events.ID

	stalled := c.NewMatch("operator", [2]string{"bob", "dave"}, ledger.Ether(2), 0)
	stalled.Start()
	stalled.Play([2]string{defend, attack})
	c.Wait(match.StallS)
	c.Do("stranger", ledger.Amount{}, match.Reclaim{Match: stalled.ID})
	out.stalled = stalled.ID

	cancelled := c.NewMatch("operator", [2]string{"erin", "alice"}, ledger.Ether(1), 0)
	c.Do("erin", ledger.Ether(1), match.Join{Match: cancelled.ID})
	c.Wait(match.StallS)
	c.Do("stranger", ledger.Amount{}, match.Reclaim{Match: cancelled.ID})
	out.cancelled = cancelled.ID

	out.snap = s.Snapshot()
	return out
}

// snapshot returns a fresh copy of the set's snapshot, which a test may doctor, and
// the view of match id in it.
func (m *matchSet) snapshot(t *testing.T, id ledger.MatchID) (*ledger.Snapshot, *ledger.MatchView) {
	t.Helper()
	s := copySnapshot(t, &m.snap)
	for i := range s.Matches {
		if s.Matches[i].ID == id {
			return s, &s.Matches[i]
		}
	}
	t.Fatalf("no match %d", id)
	return nil, nil
}

func auditMatch(t *testing.T, s *ledger.Snapshot, id ledger.MatchID) *audit.Report {
	t.Helper()
	rep, err := audit.Match(s, id)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// lastLine is the report's closing line as the CLI prints it.
func lastLine(rep *audit.Report) string {
	lines := strings.Split(strings.TrimSuffix(rep.String(), "\n"), "\n")
	return lines[len(lines)-1]
}

// An honest match, paid out or cancelled before it started, re-derives with no cheat
// to report.
func TestAnHonestMatchReDerivesWithNothingCaught(t *testing.T) {
	set := playMatchSet(t)
	for _, id := range []ledger.MatchID{set.honest, set.cancelled} {
		s, _ := set.snapshot(t, id)
		rep := auditMatch(t, s, id)
		if !rep.OK() || len(rep.Caught) != 0 || lastLine(rep) != audit.Derived {
			t.Errorf("match %d: want every number re-derived and nothing caught:\n%s", id, rep)
		}
	}
	s, _ := set.snapshot(t, set.cancelled)
	if out := auditMatch(t, s, set.cancelled).String(); !strings.Contains(out, "\n  ok   settlement   settled void (cancelled), derived void (cancelled) ") ||
		!strings.Contains(out, "\n  ok   slashed      settled 0, derived 0 ") {
		t.Errorf("the cancelled match's settlement is not re-derived:\n%s", out)
	}
}

// "An operator that added one sentence to an agent's prompt was caught at the finish
// and the match voided": the audit agrees with the ledger. The step that found the
// prompt (or the event) is caught, not failed; a line says what the ledger caught and
// how it settled it; and the report closes as every number re-derived. So does a stall
// the ledger slashed.
func TestACaughtCheatReDerives(t *testing.T) {
	set := playMatchSet(t)
	for _, tc := range []struct {
		name, step, caught string
		id                 ledger.MatchID
	}{
		{"a sentence added to a prompt", "  caught turn 1 agent 0 ", "turn 1: agent 0's prompt is not the one the template gives for the replayed state; " +
			"the match is void, the entry fees and stakes back and the operator's bond of 50 slashed", set.prompt},
		{"an event the engine did not produce", "  caught turn 1 events ", "turn 1: the reported events are not the replay's; " +
			"the match is void, the entry fees and stakes back and the operator's bond of 50 slashed", set.events},
		{"a stall", "  ok   slashed      settled 50, derived 50 ", "the operator stalled; " +
			"the match is void, the entry fees and stakes back and the operator's bond of 50 slashed", set.stalled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := set.snapshot(t, tc.id)
			rep := auditMatch(t, s, tc.id)
			out := rep.String()
			if !rep.OK() || lastLine(rep) != audit.Derived {
				t.Fatalf("a caught cheat is reported as a mismatch:\n%s", out)
			}
			if len(rep.Caught) != 1 || rep.Caught[0] != tc.caught {
				t.Errorf("caught %q, want %q", rep.Caught, tc.caught)
			}
			for _, want := range []string{tc.step, "\ncheat caught: " + tc.caught + "\n"} {
				if !strings.Contains(out, want) {
					t.Errorf("no %q in\n%s", want, out)
				}
			}
			if strings.Contains(out, "FAIL") {
				t.Errorf("a step failed:\n%s", out)
			}
		})
	}
	s, _ := set.snapshot(t, set.prompt)
	if out := auditMatch(t, s, set.prompt).String(); !strings.Contains(out, "\n  ok   settlement   settled void, derived void ") {
		t.Errorf("no settlement step in\n%s", out)
	}
}

// A settled number that does not follow from the published data fails its step and
// the report closes with a mismatch of the match's settlement, whether the match was
// honest or a cheat was caught: a caught cheat's match paid out, its bond not slashed
// or its reason changed; an honest match voided or paid to the loser; a stall's bond
// returned; a cancelled match's bond slashed.
func TestADoctoredSettlementIsAMismatch(t *testing.T) {
	set := playMatchSet(t)
	const closing = "MISMATCH: the match's settlement does not follow from the published data"
	for _, tc := range []struct {
		name, step string
		id         ledger.MatchID
		edit       func(*ledger.MatchView)
	}{
		{"a caught cheat's bond returned", "slashed", set.prompt, func(m *ledger.MatchView) { m.Slashed = ledger.Amount{} }},
		{"a caught cheat's match paid out", "settlement", set.prompt, func(m *ledger.MatchView) {
			w := 0
			m.State, m.Winner, m.VoidReason = match.StateFinished, &w, ""
		}},
		{"another void reason", "void reason", set.events, func(m *ledger.MatchView) { m.VoidReason = "turn 2: the reported events are not the replay's" }},
		{"an honest match voided", "settlement", set.honest, func(m *ledger.MatchView) {
			m.State, m.Winner, m.VoidReason = match.StateVoid, nil, "turn 1: the reported events are not the replay's"
		}},
		{"an honest match paid to the loser", "settlement", set.honest, func(m *ledger.MatchView) { *m.Winner = 1 - *m.Winner }},
		{"an honest operator slashed", "slashed", set.honest, func(m *ledger.MatchView) { m.Slashed = m.Bond }},
		{"a stall's bond returned", "slashed", set.stalled, func(m *ledger.MatchView) { m.Slashed = ledger.Amount{} }},
		{"a cancelled match's bond slashed", "slashed", set.cancelled, func(m *ledger.MatchView) { m.Slashed = m.Bond }},
		{"a reclaim before the stall time", "settlement", set.stalled, func(m *ledger.MatchView) { m.SettledAt = m.StallAt - 1 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, m := set.snapshot(t, tc.id)
			tc.edit(m)
			rep := auditMatch(t, s, tc.id)
			if rep.OK() || lastLine(rep) != closing {
				t.Fatalf("want the closing line %q:\n%s", closing, rep)
			}
			if len(rep.Caught) != 0 {
				t.Errorf("a wrong settlement reports a caught cheat %q", rep.Caught)
			}
			failed := false
			for _, st := range rep.Steps {
				failed = failed || (!st.OK && !st.Caught && st.Name == tc.step)
			}
			if !failed {
				t.Errorf("no failing %q step:\n%s", tc.step, rep)
			}
		})
	}
}

// A receipt the ledger would have refused at reveal is no cheat it caught: in a void
// match, a signature swapped in the view fails its step even though the settlement
// re-derives.
func TestAReceiptDoctoredInAVoidMatchIsAMismatch(t *testing.T) {
	set := playMatchSet(t)
	s, m := set.snapshot(t, set.prompt)
	last := len(m.Turns) - 1
	m.Turns[last].Decisions[0].Sig = m.Turns[last].Decisions[1].Sig
	rep := auditMatch(t, s, set.prompt)
	if rep.OK() {
		t.Fatalf("a swapped signature passed:\n%s", rep)
	}
	name := fmt.Sprintf("turn %d agent 0", m.Turns[last].Turn)
	for _, st := range rep.Steps {
		if st.Name == name && (st.OK || st.Caught) {
			t.Errorf("step %s: ok %t, caught %t; want a failure", name, st.OK, st.Caught)
		}
	}
}

// copySnapshot returns a deep copy of s, through its JSON.
func copySnapshot(t *testing.T, s *ledger.Snapshot) *ledger.Snapshot {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var out ledger.Snapshot
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}
