package audit_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
)

// ratedSnapshot is a snapshot of 60 matches between four agents, most finished, some
// void or under way, its agents the ledger's view of them.
func ratedSnapshot() *ledger.Snapshot {
	agents := []match.Agent{{Model: "builtin", SystemPrompt: "You are careful."}, {Model: "builtin", SystemPrompt: "You are bold."},
		{Model: "gpt-x", SystemPrompt: "You are careful."}, {Model: "m", SystemPrompt: ""}}
	rng := rand.New(rand.NewPCG(38, 3))
	var ms []ledger.MatchView
	for id := 1; id <= 60; id++ {
		a, b := rng.IntN(4), rng.IntN(4)
		w := rng.IntN(3) - 1
		m := ledger.MatchView{ID: ledger.MatchID(id), Agents: [2]match.Agent{agents[a], agents[b]}, State: match.StateFinished, Winner: &w}
		switch id % 9 {
		case 4:
			m.State, m.Winner = match.StateVoid, nil
		case 7:
			m.State, m.Winner = match.StatePlaying, nil
		}
		ms = append(ms, m)
	}
	return &ledger.Snapshot{Matches: ms, Agents: match.Agents(ms)}
}

// TestRatingsAuditReDerivesTheLedgersRatings: the published agents follow from the
// published matches, in any order of the matches.
func TestRatingsAuditReDerivesTheLedgersRatings(t *testing.T) {
	snap := ratedSnapshot()
	if len(snap.Agents) != 4 {
		t.Fatalf("%d agents rated, want 4", len(snap.Agents))
	}
	rep, err := audit.Ratings(snap)
	if err != nil || !rep.OK() || rep.Closing() != audit.Derived {
		t.Fatalf("audit.Ratings = %v\n%s", err, rep)
	}
	slices.Reverse(snap.Matches)
	if rep, err := audit.Ratings(snap); err != nil || !rep.OK() {
		t.Fatalf("matches reversed: %v\n%s", err, rep)
	}
}

// TestRatingsAuditCatchesADoctoredRating: a rating, an interval, a tally, a match list
// or the order of the table changed by a tenth or by one is a mismatch, closing with
// its exact words.
func TestRatingsAuditCatchesADoctoredRating(t *testing.T) {
	for name, doctor := range map[string]func(s *ledger.Snapshot){
		"rating":    func(s *ledger.Snapshot) { s.Agents[1].Rating += 0.1 },
		"interval":  func(s *ledger.Snapshot) { s.Agents[2].Low -= 0.1 },
		"wins":      func(s *ledger.Snapshot) { s.Agents[0].Wins++ },
		"matches":   func(s *ledger.Snapshot) { s.Agents[3].Matches = s.Agents[3].Matches[1:] },
		"order":     func(s *ledger.Snapshot) { s.Agents[0], s.Agents[1] = s.Agents[1], s.Agents[0] },
		"dropped":   func(s *ledger.Snapshot) { s.Agents = s.Agents[:3] },
		"a forfeit": func(s *ledger.Snapshot) { w := 1 - *s.Matches[0].Winner; s.Matches[0].Winner = &w },
	} {
		snap := ratedSnapshot()
		doctor(snap)
		rep, err := audit.Ratings(snap)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		const want = "MISMATCH: the ratings table does not follow from the published data"
		if rep.OK() || rep.Closing() != want || !strings.Contains(rep.String(), "  FAIL ") {
			t.Errorf("%s doctored: closing %q, want %q\n%s", name, rep.Closing(), want, rep)
		}
	}
}
