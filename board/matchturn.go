package board

import (
	"encoding/hex"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
)

// turnCard is one turn of a match's timeline: when betting closed with the commit, the
// reveal with each agent's decision, the events the operator reported, and the bets.
// A committed turn not yet revealed shows its commitments alone.
type turnCard struct {
	Match           ledger.MatchID
	N               int
	Status          string // "revealed", "committed", "betting open" or "betting closed"
	Class           string // the status as a class name: "revealed", "committed", "open" or "closed"
	Says            string // the status in a sentence
	Committed       string
	CommittedHeight uint64
	Revealed        string
	RevealedHeight  uint64
	Commitments     [2]string // shown while the turn is hidden
	Decisions       []decisionCard
	Events          []eventLine
	HP              string // both agents' HP after the turn, once revealed
	Pools           []poolLine
	Bets            []betRow
}

// decisionCard is one agent's revealed decision with its signed receipt.
type decisionCard struct {
	ID           string // the element id, the receipt's link target
	Agent        int
	Move         string
	Fallback     string // why the move fell back to defend, in words; "" when it did not
	Commitment   string
	Salt         string
	ReceiptHash  string
	Sig          string
	Signer       string // the address the signature recovers to; "" when it recovers to none
	ByOperator   bool
	PromptHash   string
	ResponseHash string
	Called       string // when the model call started, by the operator's clock
	Took         string // how long it took: "850 ms"
	Prompt       string
	PromptLen    int // in characters
	Response     string
	ResponseLen  int
}

// eventLine is one event the operator reported for the turn, in words.
type eventLine struct {
	Kind, Text, HP string
}

// poolLine is the parimutuel pool on one agent's move in the turn.
type poolLine struct {
	Agent int
	Says  string
}

// betRow is one bet on the turn.
type betRow struct {
	ID     ledger.BetID
	Bettor string
	Agent  int
	Move   string
	Stake  string
	Placed string
	State  string
	Payout string // "" while open
	Won    bool
}

func (v *views) turn(m *ledger.MatchView, t *ledger.MatchTurnView) turnCard {
	sym := v.snap.Arena.Terms.Symbol
	tc := turnCard{Match: m.ID, N: t.Turn, Committed: stamp(t.CommittedAt), CommittedHeight: t.CommittedHeight,
		Revealed: stamp(t.RevealedAt), RevealedHeight: t.RevealedHeight}
	tc.Status, tc.Says = turnStatus(m, t)
	tc.Class = strings.TrimPrefix(tc.Status, "betting ")
	if t.Committed && !t.Revealed {
		tc.Commitments = t.Commitments
	}
	if t.Revealed {
		for i := range t.Decisions {
			tc.Decisions = append(tc.Decisions, v.decision(m, t.Turn, &t.Decisions[i]))
		}
		for _, e := range t.Events {
			tc.Events = append(tc.Events, eventLine{Kind: e.Kind, Text: eventText(e), HP: hp(e.HP)})
			tc.HP = hp(e.HP)
		}
	}
	for i := range t.Pools {
		if p := &t.Pools[i]; p.Bets > 0 {
			tc.Pools = append(tc.Pools, poolLine{Agent: p.Agent, Says: poolSays(p, t, settled(m), sym)})
		}
	}
	for _, b := range t.Bets {
		row := betRow{ID: b.ID, Bettor: v.name(b.Bettor), Agent: b.Agent, Move: b.Move, Stake: money(b.Stake, sym),
			Placed: stamp(b.PlacedAt), State: b.State, Won: b.State == match.BetWon}
		if b.State != match.BetOpen {
			row.Payout = money(b.Payout, sym)
		}
		tc.Bets = append(tc.Bets, row)
	}
	return tc
}

// turnStatus names a turn's status and says what it means for bettors.
func turnStatus(m *ledger.MatchView, t *ledger.MatchTurnView) (string, string) {
	switch {
	case t.Revealed:
		return "revealed", "Betting closed with the commit; the reveal opened both commitments and settled the bets."
	case t.Committed:
		return "committed", "Betting closed with the commit. The moves are sealed in the commitments below until the operator reveals them."
	case t.BettingClosed && settled(m):
		return "betting closed", "The match settled before this turn was committed; its stakes went back."
	case t.BettingClosed:
		return "betting closed", "The game ended before this turn; its stakes go back when the match settles."
	}
	return "betting open", "Not committed yet: anyone may bet on either agent's move until the operator commits the turn."
}

func (v *views) decision(m *ledger.MatchView, turn int, d *ledger.DecisionView) decisionCard {
	r := d.Receipt
	dc := decisionCard{ID: "match-" + utoa(uint64(m.ID)) + "-turn-" + strconv.Itoa(turn) + "-agent-" + strconv.Itoa(d.Agent),
		Agent: d.Agent, Move: d.Move, Commitment: d.Commitment, Salt: d.Salt, ReceiptHash: d.ReceiptHash, Sig: d.Sig,
		PromptHash: receipt.Hex(r.PromptHash), ResponseHash: receipt.Hex(r.ResponseHash),
		Called: stamp(int64(r.StartedAt / 1000)), Took: took(r.StartedAt, r.FinishedAt),
		Prompt: d.Prompt, PromptLen: utf8.RuneCountInString(d.Prompt), Response: d.Response, ResponseLen: utf8.RuneCountInString(d.Response)}
	if d.Fallback {
		dc.Fallback = reasonWords(r.Reason)
	}
	if a, ok := v.signer(&r, d.Sig); ok {
		dc.Signer, dc.ByOperator = a.String(), a == m.Operator
	}
	return dc
}

// signer recovers the address that signed r, so the page shows the signer it
// computed rather than one it was told.
func (v *views) signer(r *receipt.Receipt, sig string) (ledger.Address, bool) {
	b, err := hex.DecodeString(strings.TrimPrefix(sig, "0x"))
	if err != nil {
		return ledger.Address{}, false
	}
	a, err := receipt.Recover(v.snap.Arena.Terms.GenesisHash(), *r, b)
	if err != nil {
		return ledger.Address{}, false
	}
	return ledger.Address(a), true
}

// took says how long a model call took, from its receipt's Unix milliseconds.
func took(started, finished uint64) string {
	if finished < started {
		return "an end before its start"
	}
	ms := finished - started
	if ms < 10_000 {
		return utoa(ms) + " ms"
	}
	return strconv.FormatFloat(float64(ms)/1000, 'f', 1, 64) + " s"
}

// reasonWords says why a decision fell back to defend.
func reasonWords(r receipt.Reason) string {
	switch r {
	case receipt.InvalidJSON:
		return "the answer was not the JSON object {\"move\": ...}"
	case receipt.IllegalMove:
		return "the answer named no move"
	case receipt.Timeout:
		return "the model did not answer in time"
	case receipt.ProviderError:
		return "the model's provider failed"
	}
	return r.String()
}

// eventText says what one event did.
func eventText(e battle.Event) string {
	who := "agent " + strconv.Itoa(e.Agent)
	switch e.Kind {
	case battle.KindMove:
		return who + " plays " + moveName(e.Value)
	case battle.KindCharge:
		return who + " stores a charge (" + plural(e.Value, "charge", "charges") + " stored)"
	case battle.KindHeal:
		return who + " heals " + strconv.Itoa(e.Value) + " HP"
	case battle.KindDamage:
		return who + " takes " + strconv.Itoa(e.Value) + " damage"
	case battle.KindEnd:
		if e.Agent < 0 {
			return "the game ends in a draw"
		}
		return "the game ends: " + who + " wins"
	}
	return who + ": " + e.Kind + " " + strconv.Itoa(e.Value)
}

// poolSays says what the bets on one agent's move in a turn staked and how they settled.
func poolSays(p *ledger.BetPoolView, t *ledger.MatchTurnView, over bool, sym string) string {
	s := "On agent " + strconv.Itoa(p.Agent) + "'s move: " + plural(p.Bets, "bet", "bets") + ", " + money(p.Staked, sym) + " staked"
	switch {
	case !p.Settled && over && t.Revealed:
		return s + "; the match was void, so every stake went back in full: a turn pays only when the match's replay holds"
	case !p.Settled && over:
		return s + "; the match settled before the turn was revealed, so every stake went back in full"
	case !p.Settled && t.Revealed:
		return s + "; decided by the revealed move " + t.Moves[p.Agent] + ", paid when the match finishes with its replay holding"
	case !p.Settled:
		return s + "; not settled yet"
	case p.Returned:
		return s + "; no stake was on the revealed move " + t.Moves[p.Agent] + ", so every stake went back in full"
	}
	return s + "; " + money(p.Winning, sym) + " on the revealed move " + t.Moves[p.Agent] + " shared " + money(p.Paid, sym) +
		" after " + money(p.Fee, sym) + " to the treasury"
}
