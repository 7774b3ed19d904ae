package match_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger/match"
)

// settled returns a finished match between agents a and b won by winner (0, 1, -1).
func settled(id match.MatchID, a, b match.Agent, winner int) match.MatchView {
	return match.MatchView{ID: id, Agents: [2]match.Agent{a, b}, State: match.StateFinished, Winner: &winner}
}

var (
	careful = match.Agent{Model: "builtin", SystemPrompt: "You are careful."}
	bold    = match.Agent{Model: "builtin", SystemPrompt: "You are bold."}
	other   = match.Agent{Model: "gpt-x", SystemPrompt: "You are careful."}
)

// TestAgentsAreRatedFromSettledMatchesOnly: a void, a playing and a self-played match
// count for nothing; each agent's games, wins, losses, draws and matches are its
// finished ones, and the same prompt under another model is another agent.
func TestAgentsAreRatedFromSettledMatchesOnly(t *testing.T) {
	void := settled(4, careful, bold, 0)
	void.State = match.StateVoid
	playing := match.MatchView{ID: 5, Agents: [2]match.Agent{careful, bold}, State: match.StatePlaying}
	ms := []match.MatchView{
		settled(1, careful, bold, 0), settled(2, bold, careful, 1), settled(3, careful, other, -1),
		void, playing, settled(6, bold, bold, 0), settled(7, other, bold, 0),
	}
	got := match.Agents(ms)
	type row struct {
		Model, Prompt              string
		Games, Wins, Losses, Draws int
		Matches                    []match.MatchID
	}
	var rows []row
	for _, a := range got {
		if a.SystemPromptHash != (match.Agent{SystemPrompt: a.SystemPrompt}).Key().SystemPromptHash {
			t.Errorf("%s: prompt hash %s is not keccak256 of its prompt", a.Model, a.SystemPromptHash)
		}
		rows = append(rows, row{a.Model, a.SystemPrompt, a.Games, a.Wins, a.Losses, a.Draws, a.Matches})
	}
	want := []row{
		{"builtin", "You are careful.", 3, 2, 0, 1, []match.MatchID{1, 2, 3}},
		{"gpt-x", "You are careful.", 2, 1, 0, 1, []match.MatchID{3, 7}},
		{"builtin", "You are bold.", 3, 0, 3, 0, []match.MatchID{1, 2, 7}},
	}
	if d := cmp.Diff(want, rows); d != "" {
		t.Errorf("agents (-want +got):\n%s", d)
	}
	for i := 1; i < len(got); i++ {
		if got[i-1].Rating < got[i].Rating {
			t.Errorf("agents out of rating order: %v before %v", got[i-1].Rating, got[i].Rating)
		}
	}
	if len(match.Agents(nil)) != 0 || match.Agents([]match.MatchView{void, playing}) == nil || len(match.Agents([]match.MatchView{void})) != 0 {
		t.Error("no rated match: want an empty, non-nil list")
	}
}

// TestTheOrderOfMatchesDoesNotChangeRatings: every shuffle of the matches, and every
// swap of a match's sides with its winner, gives the identical view.
func TestTheOrderOfMatchesDoesNotChangeRatings(t *testing.T) {
	agents := []match.Agent{careful, bold, other, {Model: "m", SystemPrompt: ""}, {Model: "m", SystemPrompt: "x"}}
	rng := rand.New(rand.NewPCG(38, 2))
	var ms []match.MatchView
	for id := range 120 {
		a, b := rng.IntN(len(agents)), rng.IntN(len(agents))
		if a == b {
			continue
		}
		ms = append(ms, settled(match.MatchID(id+1), agents[a], agents[b], rng.IntN(3)-1))
	}
	want := match.Agents(ms)
	for range 10 {
		h := slices.Clone(ms)
		rng.Shuffle(len(h), func(i, j int) { h[i], h[j] = h[j], h[i] })
		for i, m := range h {
			if rng.IntN(2) == 0 {
				w := *m.Winner
				if w >= 0 {
					w = 1 - w
				}
				h[i] = settled(m.ID, m.Agents[1], m.Agents[0], w)
			}
		}
		if d := cmp.Diff(want, match.Agents(h)); d != "" {
			t.Fatalf("shuffled matches (-want +got):\n%s", d)
		}
	}
}
