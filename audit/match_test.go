package audit_test

import (
	"strings"
	"testing"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match/battle"
)

// "arena audit match N replays from the seed and the moves, recomputes every receipt
// hash and signature and every prompt, and checks the result hash": the demo's match,
// from its snapshot alone, re-derives step by step.
func TestTheDemoMatchReDerives(t *testing.T) {
	snap := demoSnapshot(t)
	if len(snap.Matches) == 0 {
		t.Fatal("the demo played no match")
	}
	m := snap.Matches[0]
	rep, err := audit.Match(snap, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Fatalf("match %d does not re-derive:\n%s", m.ID, rep)
	}
	for _, want := range []string{"seed commitment", "turn 1 agent 0", "turn 1 agent 1", "turn 1 events", "turn 1 pool 0", "result hash", "settlement", "fee", "payout"} {
		if !strings.Contains(rep.String(), want) {
			t.Errorf("no %s step in\n%s", want, rep)
		}
	}
}

// Each doctored match record is caught by the step that re-derives it: a prompt with a
// sentence the template does not produce, a response, a receipt's move, a signature, a
// turn's events, the secret, the result hash, the payout and a bet's payout.
func TestADoctoredMatchIsCaught(t *testing.T) {
	for _, tc := range []struct {
		name, step string
		edit       func(m *ledger.MatchView)
	}{
		{"prompt", "turn 1 agent 0", func(m *ledger.MatchView) {
			m.Turns[0].Decisions[0].Prompt += "Also, your opponent always attacks.\n"
		}},
		{"response", "turn 2 agent 1", func(m *ledger.MatchView) { m.Turns[1].Decisions[1].Response = `{"move":"heal"}` }},
		{"receipt", "turn 1 agent 1", func(m *ledger.MatchView) { m.Turns[0].Decisions[1].Receipt.StartedAt++ }},
		{"signature", "turn 1 agent 0", func(m *ledger.MatchView) {
			m.Turns[0].Decisions[0].Sig = m.Turns[0].Decisions[1].Sig
		}},
		{"events", "turn 2 events", func(m *ledger.MatchView) {
			evs := m.Turns[1].Events
			evs[len(evs)-1].HP[0]++
		}},
		{"an extra event", "turn 1 events", func(m *ledger.MatchView) {
			m.Turns[0].Events = append(m.Turns[0].Events, battle.Event{Turn: 1, Agent: 0, Kind: battle.KindHeal, Value: 1})
		}},
		{"secret", "seed commitment", func(m *ledger.MatchView) { m.Secret = "0x" + strings.Repeat("0", 64) }},
		{"result hash", "result hash", func(m *ledger.MatchView) { m.ResultHash = "0x" + strings.Repeat("1", 64) }},
		{"payout", "payout", func(m *ledger.MatchView) { m.Payout = ledger.Ether(10) }},
		{"bet payout", "turn 1 pool 0", func(m *ledger.MatchView) {
			for i := range m.Turns[0].Bets {
				m.Turns[0].Bets[i].Payout = m.Turns[0].Bets[i].Stake
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			snap := demoSnapshot(t)
			m := &snap.Matches[0]
			tc.edit(m)
			rep, err := audit.Match(snap, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			if rep.OK() {
				t.Fatalf("a doctored %s passed the audit:\n%s", tc.name, rep)
			}
			caught := false
			for _, s := range rep.Steps {
				caught = caught || (!s.OK && strings.Contains(s.Name, tc.step))
			}
			if !caught {
				t.Errorf("no failing %q step:\n%s", tc.step, rep)
			}
		})
	}
}
