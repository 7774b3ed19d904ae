package match

import (
	"errors"
	"fmt"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/match/battle"
)

// EpisodeFormat names the episode document's format and its version.
const EpisodeFormat = "arena-episode/1"

// Episode is one finished match as a self-contained document anyone can replay: both
// agents, the published secret, anchor and seed, every turn's moves, decisions (receipt,
// digest, signature, raw prompt and response) and events, the winner and the result
// hash. The README's "Episodes" states every field and how to replay it.
type Episode struct {
	Format     string         `json:"format"` // EpisodeFormat
	Match      MatchID        `json:"match"`
	Operator   book.Address   `json:"operator"` // who signed every receipt
	Agents     [2]AgentKeyed  `json:"agents"`
	Secret     string         `json:"secret"`
	Anchor     string         `json:"anchor"`
	Seed       string         `json:"seed"` // battle.Seed(secret, anchor)
	Turns      []EpisodeTurn  `json:"turns"`
	Winner     int            `json:"winner"` // 0 or 1, or -1 for a draw
	ResultHash string         `json:"result_hash"`
	Log        []battle.Event `json:"-"` // every turn's events in order, for Go callers
}

// AgentKeyed is a match's agent with the keccak256 of its system prompt, the key
// ratings name it by.
type AgentKeyed struct {
	Model            string `json:"model"`
	SystemPrompt     string `json:"system_prompt"`
	SystemPromptHash string `json:"system_prompt_hash"`
}

// EpisodeTurn is one revealed turn of an episode.
type EpisodeTurn struct {
	Turn      int            `json:"turn"`
	Moves     [2]string      `json:"moves"`
	Decisions []DecisionView `json:"decisions"` // agent 0's, then agent 1's
	Events    []battle.Event `json:"events"`
}

// The reasons EpisodeOf gives no episode, wrapped with the match's words.
var (
	ErrNotFinished = errors.New("not finished yet")
	ErrVoid        = errors.New("void")
)

// EpisodeOf returns the episode of m, which must be finished: a match still under way
// has no result yet (ErrNotFinished) and a void one never will (ErrVoid), so neither
// ever yields a partial document.
func EpisodeOf(m MatchView) (Episode, error) {
	switch {
	case m.State == StateVoid:
		return Episode{}, fmt.Errorf("match %d is %w (%s): a void match has no result to replay", m.ID, ErrVoid, m.VoidReason)
	case m.State != StateFinished || m.Winner == nil:
		return Episode{}, fmt.Errorf("match %d is %w: it is %s", m.ID, ErrNotFinished, m.State)
	}
	e := Episode{
		Format: EpisodeFormat, Match: m.ID, Operator: m.Operator, Secret: m.Secret, Anchor: m.Anchor, Seed: m.Seed,
		Turns: []EpisodeTurn{}, Winner: *m.Winner, ResultHash: m.ResultHash, Log: []battle.Event{},
	}
	for i, a := range m.Agents {
		e.Agents[i] = AgentKeyed{Model: a.Model, SystemPrompt: a.SystemPrompt, SystemPromptHash: a.Key().SystemPromptHash}
	}
	for _, t := range m.Turns {
		if !t.Revealed {
			continue
		}
		e.Turns = append(e.Turns, EpisodeTurn{Turn: t.Turn, Moves: t.Moves, Decisions: t.Decisions, Events: t.Events})
		e.Log = append(e.Log, t.Events...)
	}
	return e, nil
}
