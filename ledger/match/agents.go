package match

import (
	"cmp"
	"maps"
	"slices"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/ledger/match/rating"
)

// AgentView is one agent across matches, rated from every settled, non-void match it
// played (package rating): an agent is the pair of a model and a system prompt, named by
// the model and the keccak256 of the prompt's bytes, as a match's agents name them.
type AgentView struct {
	Model            string    `json:"model"`
	SystemPromptHash string    `json:"system_prompt_hash"` // Hex32(keccak256(system prompt))
	SystemPrompt     string    `json:"system_prompt"`
	Rating           float64   `json:"rating"` // Bradley-Terry on the Elo scale, ratings averaging 1000; a tenth of a point
	Low              float64   `json:"low"`    // the 95% interval's ends, a tenth of a point
	High             float64   `json:"high"`
	Games            int       `json:"games"`
	Wins             int       `json:"wins"`
	Losses           int       `json:"losses"`
	Draws            int       `json:"draws"`
	Matches          []MatchID `json:"matches"` // the matches rated, ascending
}

// AgentKey names an agent: its model and the keccak256 of its system prompt.
type AgentKey struct{ Model, SystemPromptHash string }

// Key returns the agent's key.
func (a Agent) Key() AgentKey {
	return AgentKey{Model: a.Model, SystemPromptHash: Hex32(crypto.Keccak256Hash([]byte(a.SystemPrompt)))}
}

// Agents returns every agent of a rated match among ms, by rating, highest first (then
// by model and prompt hash). A match is rated when it finished (its replay held, its
// winner known) between two different agents; a void match, one under way and one of
// an agent against itself count for nothing. The result depends on the set of matches
// only, never on their order.
func Agents(ms []MatchView) []AgentView {
	byKey := map[AgentKey]*AgentView{}
	type rated struct {
		keys [2]AgentKey
		m    *MatchView
	}
	var counted []rated
	for i := range ms {
		m := &ms[i]
		if m.State != StateFinished || m.Winner == nil {
			continue
		}
		r := rated{keys: [2]AgentKey{m.Agents[0].Key(), m.Agents[1].Key()}, m: m}
		if r.keys[0] == r.keys[1] {
			continue
		}
		counted = append(counted, r)
		for k, a := range m.Agents {
			if byKey[r.keys[k]] == nil {
				byKey[r.keys[k]] = &AgentView{Model: a.Model, SystemPromptHash: r.keys[k].SystemPromptHash, SystemPrompt: a.SystemPrompt, Matches: []MatchID{}}
			}
		}
	}
	keys := slices.SortedFunc(maps.Keys(byKey), compareKeys)
	index := make(map[AgentKey]int, len(keys))
	for i, k := range keys {
		index[k] = i
	}
	games := make([]rating.Game, 0, len(counted))
	for _, r := range counted {
		g := rating.Game{A: index[r.keys[0]], B: index[r.keys[1]], Result: result(*r.m.Winner)}
		tallyGame(byKey[r.keys[0]], byKey[r.keys[1]], g.Result, r.m.ID)
		games = append(games, g)
	}
	rs, err := rating.Fit(len(keys), games)
	if err != nil {
		// Every game names two different indexes below len(keys) and a result of the three.
		panic("match: rate agents: " + err.Error())
	}
	out := make([]AgentView, len(keys))
	for i, k := range keys {
		v := byKey[k]
		v.Rating, v.Low, v.High = rs[i].Points, rs[i].Low, rs[i].High
		slices.Sort(v.Matches)
		out[i] = *v
	}
	slices.SortStableFunc(out, func(x, y AgentView) int { return cmp.Compare(y.Rating, x.Rating) })
	return out
}

// result is the rating result of a match won by winner (0, 1 or -1) for agent 0.
func result(winner int) rating.Result {
	switch winner {
	case 0:
		return rating.Win
	case 1:
		return rating.Loss
	}
	return rating.Draw
}

// tallyGame counts one match for its two agents.
func tallyGame(a, b *AgentView, r rating.Result, id MatchID) {
	a.Games, b.Games = a.Games+1, b.Games+1
	a.Matches, b.Matches = append(a.Matches, id), append(b.Matches, id)
	switch r {
	case rating.Win:
		a.Wins, b.Losses = a.Wins+1, b.Losses+1
	case rating.Loss:
		a.Losses, b.Wins = a.Losses+1, b.Wins+1
	default:
		a.Draws, b.Draws = a.Draws+1, b.Draws+1
	}
}

func compareKeys(x, y AgentKey) int {
	return cmp.Or(cmp.Compare(x.Model, y.Model), cmp.Compare(x.SystemPromptHash, y.SystemPromptHash))
}
