package board

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
)

// The matches section is rendered whole on the server, like the tenders: a match holds
// at most battle.MaxTurns turns and match.MaxBets bets. Every rule that turns a match's
// view into words is here and in matchturn.go; the template only lays the words out.

// matchSection is what the page shows of agent matches: who may run them, then each
// match in full.
type matchSection struct {
	Operators []string // the founding terms' operators; none: the arena runs no matches
	Bond      string   // the operator bond each match holds
	Treasury  string
	Matches   []matchCard
	Agents    []ratingRow // every rated agent, highest first
}

// ratingRow is one agent in the ratings table.
type ratingRow struct {
	Rank                   int
	Model, PromptHash      string
	SystemPrompt           string
	Rating, Interval       string
	Games, Record, Matches string
}

// ratingRows lists the snapshot's rated agents as the table shows them.
func ratingRows(agents []ledger.AgentView) []ratingRow {
	rows := make([]ratingRow, len(agents))
	for i, a := range agents {
		ids := make([]string, len(a.Matches))
		for k, id := range a.Matches {
			ids[k] = "#" + strconv.FormatUint(uint64(id), 10)
		}
		rows[i] = ratingRow{Rank: i + 1, Model: a.Model, PromptHash: a.SystemPromptHash, SystemPrompt: a.SystemPrompt,
			Rating: strconv.FormatFloat(a.Rating, 'f', 1, 64), Interval: strconv.FormatFloat(a.Low, 'f', 1, 64) + " to " + strconv.FormatFloat(a.High, 'f', 1, 64),
			Games: strconv.Itoa(a.Games), Record: strconv.Itoa(a.Wins) + "–" + strconv.Itoa(a.Losses) + "–" + strconv.Itoa(a.Draws), Matches: strings.Join(ids, " ")}
	}
	return rows
}

// matchCard is one match: its terms, its agents, where it stands, the replayed result
// and the turn-by-turn timeline.
type matchCard struct {
	ID            ledger.MatchID
	Title         string // "model vs model"
	State         string
	Stage         string // where the match stands, or how it ended, in words
	Operator      string
	Created       string
	CreatedHeight uint64
	EntryFee      string
	Fee           string // the rate, of the entry fees and of each bet pool
	Bond          string
	Agents        [2]agentRow
	Seed          seedRows
	Result        *matchResult // nil until the match settles
	StallAt       string       // reclaim allowed from, while unsettled
	Turns         []turnCard
	BetCount      string // "7 bets, 3 open (12 GEN)"
}

// agentRow is one entrant and its agent.
type agentRow struct {
	N            int
	Entrant      string
	Joined       string // "" until joined
	Model        string
	SystemPrompt string
	PromptLen    int // in characters
	Won          bool
}

// seedRows are the seed's parts as the match publishes them: the commitment at
// creation, the anchor once both joined, the secret and the seed at finish.
type seedRows struct {
	Commitment   string
	Anchor       string
	AnchorHeight uint64
	Started      string
	Secret       string
	Seed         string
}

// matchResult is a settled match's replayed result.
type matchResult struct {
	Void     bool
	Says     string // the outcome in a sentence
	Why      string // a void match's reason, as the ledger wrote it
	Hash     string // the replay's result hash; "" when the match never played
	FinalHP  string // "HP 0 · 37" after the last revealed turn
	Settled  string
	Payout   string
	Fee      string
	Slashed  string
	Replayed bool // the operator published the secret and the ledger replayed the match
}

// matches returns the matches section of the snapshot.
func (v *views) matches() matchSection {
	s := v.snap
	t := &s.Arena.Terms
	sec := matchSection{Operators: v.all(t.Operators), Bond: money(t.OperatorBond, t.Symbol)}
	if t.Treasury != nil {
		sec.Treasury = v.name(*t.Treasury)
	}
	for i := range s.Matches {
		sec.Matches = append(sec.Matches, v.match(&s.Matches[i]))
	}
	sec.Agents = ratingRows(s.Agents)
	return sec
}

func (v *views) match(m *ledger.MatchView) matchCard {
	sym := v.snap.Arena.Terms.Symbol
	mc := matchCard{ID: m.ID, Title: m.Agents[0].Model + " vs " + m.Agents[1].Model, State: m.State,
		Operator: v.name(m.Operator), Created: stamp(m.CreatedAt), CreatedHeight: m.CreatedHeight,
		EntryFee: money(m.EntryFee, sym), Fee: bps(m.FeeBps) + " of the entry fees and of each bet pool, to the treasury",
		Bond: money(m.Bond, sym), Stage: stage(m),
		Seed: seedRows{Commitment: m.SeedCommitment, Anchor: m.Anchor, AnchorHeight: m.AnchorHeight,
			Started: stamp(m.StartedAt), Secret: m.Secret, Seed: m.Seed}}
	for i := range mc.Agents {
		a := m.Agents[i]
		mc.Agents[i] = agentRow{N: i, Entrant: v.name(m.Entrants[i]), Model: a.Model, SystemPrompt: a.SystemPrompt,
			PromptLen: utf8.RuneCountInString(a.SystemPrompt), Won: m.Winner != nil && *m.Winner == i}
		if m.Joined[i] {
			mc.Agents[i].Joined = stamp(m.JoinedAt[i])
		}
	}
	if settled(m) {
		mc.Result = v.result(m)
	} else {
		mc.StallAt = stamp(m.StallAt)
	}
	for i := range m.Turns {
		mc.Turns = append(mc.Turns, v.turn(m, &m.Turns[i]))
	}
	mc.BetCount = betCount(m, sym)
	return mc
}

func settled(m *ledger.MatchView) bool {
	return m.State == match.StateFinished || m.State == match.StateVoid
}

// stage says where an unsettled match stands, or how a settled one ended, briefly.
func stage(m *ledger.MatchView) string {
	switch m.State {
	case match.StateWaiting:
		return "waiting for both entrants to join and pay the entry fee"
	case match.StateAnchoring:
		return "both entrants joined; the next block anchors the seed"
	case match.StatePlaying:
		switch {
		case m.Hidden > 0:
			return "turn " + itoa(int64(m.Hidden)) + " is committed and its moves hidden; the operator reveals it next"
		case m.ReportedOver:
			return "the game is over; the operator publishes the secret next, and the ledger replays the match"
		case m.NextTurn > 0:
			return "the operator commits turn " + itoa(int64(m.NextTurn)) + " next; betting on it is open until then"
		}
		return "every turn is played; the operator publishes the secret next, and the ledger replays the match"
	case match.StateFinished:
		if m.Winner != nil && *m.Winner >= 0 {
			return "finished: agent " + itoa(int64(*m.Winner)) + " won"
		}
		return "finished: a draw"
	case match.StateVoid:
		return "void: " + m.VoidReason
	}
	return m.State
}

// result returns a settled match's result: who won and what was paid, or why it is void
// and where the money went.
func (v *views) result(m *ledger.MatchView) *matchResult {
	sym := v.snap.Arena.Terms.Symbol
	r := &matchResult{Void: m.State == match.StateVoid, Hash: m.ResultHash, FinalHP: finalHP(m), Settled: stamp(m.SettledAt),
		Payout: money(m.Payout, sym), Fee: money(m.Fee, sym), Slashed: money(m.Slashed, sym), Replayed: m.Secret != ""}
	switch {
	case m.State == match.StateFinished && m.Winner != nil && *m.Winner >= 0:
		w := *m.Winner
		r.Says = "Agent " + itoa(int64(w)) + " (" + m.Agents[w].Model + ") won: the entrant " + v.name(m.Entrants[w]) +
			" was paid " + r.Payout + ", both entry fees less " + r.Fee + " to the treasury; the operator's bond went back."
	case m.State == match.StateFinished:
		r.Says = "A draw: both entry fees went back in full; the operator's bond went back."
	case m.VoidReason == match.VoidCancelled:
		r.Why = "cancelled: the entrants did not both join in time"
		r.Says = "Void, cancelled: the entrants did not both join in time, so every entry fee paid went back and so did the operator's bond."
	case m.VoidReason == match.VoidStalled:
		r.Why = "stalled: the operator did nothing on the match for " + duration(match.StallS)
		r.Says = "Void, stalled: the operator did nothing for " + duration(match.StallS) + ", so anyone reclaimed the match; the entry fees and open stakes went back and the operator's bond of " +
			r.Slashed + " was slashed to the treasury."
	default:
		r.Why = m.VoidReason
		r.Says = "Void: the replay from the published secret found a mismatch, so the entry fees and open stakes went back and the operator's bond of " +
			r.Slashed + " was slashed to the treasury."
	}
	return r
}

// finalHP writes both agents' HP after the last revealed turn.
func finalHP(m *ledger.MatchView) string {
	for i := len(m.Turns) - 1; i >= 0; i-- {
		if evs := m.Turns[i].Events; len(evs) > 0 {
			return hp(evs[len(evs)-1].HP)
		}
	}
	return ""
}

func hp(h [2]int) string {
	return "HP " + strconv.Itoa(h[0]) + " \u00b7 " + strconv.Itoa(h[1])
}

// betCount says how many bets a match has and what is still staked.
func betCount(m *ledger.MatchView, sym string) string {
	open := 0
	for _, b := range m.Bets {
		if b.State == match.BetOpen {
			open++
		}
	}
	s := plural(len(m.Bets), "bet", "bets")
	if open > 0 {
		s += ", " + itoa(int64(open)) + " open (" + money(m.OpenStakes, sym) + ")"
	}
	return s
}

// moveName returns a move's name from its number, as events carry it: "attack", or
// "move(7)" for a number that is not a move.
func moveName(n int) string {
	if n < 0 || n > 255 {
		return "move(" + strconv.Itoa(n) + ")"
	}
	return battle.Move(n).String()
}
