package audit

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/rating"
)

// Ratings re-derives every agent's rating from snap's matches alone: which matches
// count (finished, so their replay held, between two different agents), each agent's
// key (its model and the keccak256 of its system prompt), its games, wins, losses, draws
// and matches, and one Bradley-Terry fit over every counted match (package rating),
// compared agent by agent, in order, with the published list. Whether each match's
// winner follows from its published moves is arena audit match's to re-derive.
func Ratings(snap *ledger.Snapshot) (*Report, error) {
	derived, counted, err := rateMatches(snap.Matches)
	if err != nil {
		return nil, err
	}
	r := &Report{Subject: fmt.Sprintf("agent ratings (%d agents from %d finished matches of %d)", len(derived), counted, len(snap.Matches)), Number: "the ratings table"}
	r.check("agents", len(snap.Agents), len(derived), "every agent of a finished match between two different agents")
	for i := range max(len(derived), len(snap.Agents)) {
		want, got := "-", "-"
		if i < len(snap.Agents) {
			want = agentLine(snap.Agents[i])
		}
		if i < len(derived) {
			got = agentLine(derived[i])
		}
		r.check(fmt.Sprintf("rank %d", i+1), want, got, "")
	}
	return r, nil
}

// agentLine is one agent's published figures as a line the report compares.
func agentLine(a ledger.AgentView) string {
	return fmt.Sprintf("%s %s: %.1f [%.1f, %.1f] %d games %d-%d-%d matches %v",
		a.Model, a.SystemPromptHash, a.Rating, a.Low, a.High, a.Games, a.Wins, a.Losses, a.Draws, a.Matches)
}

// auditAgent is an agent being re-derived: its key and its view so far.
type auditAgent struct {
	model, hash string
	view        ledger.AgentView
}

// rateMatches rates the agents of ms from scratch and returns them by rating, highest
// first (then by model and prompt hash), with the number of matches counted.
func rateMatches(ms []ledger.MatchView) ([]ledger.AgentView, int, error) {
	var agents []*auditAgent
	find := func(a match.Agent) int {
		h := "0x" + fmt.Sprintf("%x", crypto.Keccak256([]byte(a.SystemPrompt)))
		for i, x := range agents {
			if x.model == a.Model && x.hash == h {
				return i
			}
		}
		agents = append(agents, &auditAgent{model: a.Model, hash: h, view: ledger.AgentView{Model: a.Model, SystemPromptHash: h, SystemPrompt: a.SystemPrompt, Matches: []ledger.MatchID{}}})
		return len(agents) - 1
	}
	type game struct {
		a, b   int
		winner int
		id     ledger.MatchID
	}
	var games []game
	for _, m := range ms {
		if m.State != match.StateFinished || m.Winner == nil {
			continue
		}
		a, b := find(m.Agents[0]), find(m.Agents[1])
		if a == b {
			continue
		}
		games = append(games, game{a, b, *m.Winner, m.ID})
	}
	// Number the agents in key order, so the fit sees the same agents in the same order
	// whatever the order of the matches.
	order := make([]int, len(agents))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(x, y int) int {
		return cmp.Or(cmp.Compare(agents[x].model, agents[y].model), cmp.Compare(agents[x].hash, agents[y].hash))
	})
	index := make([]int, len(agents))
	for k, i := range order {
		index[i] = k
	}
	fit := make([]rating.Game, 0, len(games))
	for _, g := range games {
		res := map[int]rating.Result{0: rating.Win, 1: rating.Loss, -1: rating.Draw}[g.winner]
		fit = append(fit, rating.Game{A: index[g.a], B: index[g.b], Result: res})
		count(&agents[g.a].view, &agents[g.b].view, g.winner, g.id)
	}
	rs, err := rating.Fit(len(agents), fit)
	if err != nil {
		return nil, 0, fmt.Errorf("audit ratings: %w", err)
	}
	out := make([]ledger.AgentView, len(agents))
	for k, i := range order {
		v := agents[i].view
		v.Rating, v.Low, v.High = rs[k].Points, rs[k].Low, rs[k].High
		slices.Sort(v.Matches)
		out[k] = v
	}
	slices.SortStableFunc(out, func(x, y ledger.AgentView) int { return cmp.Compare(y.Rating, x.Rating) })
	return out, len(games), nil
}

// count adds one match won by winner (0, 1, -1) to agents a (its agent 0) and b.
func count(a, b *ledger.AgentView, winner int, id ledger.MatchID) {
	a.Games++
	b.Games++
	a.Matches, b.Matches = append(a.Matches, id), append(b.Matches, id)
	switch winner {
	case 0:
		a.Wins++
		b.Losses++
	case 1:
		a.Losses++
		b.Wins++
	default:
		a.Draws++
		b.Draws++
	}
}
