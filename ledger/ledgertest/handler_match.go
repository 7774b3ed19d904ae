package ledgertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
)

// matchCommand runs a match command, or reports false for a command that is not one.
func (h *Harness) matchCommand(t *testing.T, d *datadriven.TestData) (string, bool) {
	switch d.Cmd {
	case "create-match":
		return h.createMatch(t, d), true
	case "join-match":
		return h.joinMatch(t, d), true
	case "bet":
		return h.bet(t, d), true
	case "turn":
		return h.turn(t, d), true
	case "finish-match":
		return h.finishMatch(t, d), true
	case "reclaim":
		return h.reclaim(t, d), true
	case "show-match":
		return h.showMatch(t, d), true
	}
	return "", false
}

// createMatch has an operator create a match between two entrants' Agents:
//
//	create-match [operator=operator] [entrants=(alice,bob)] [fee=10] [fee-bps=500]
func (h *Harness) createMatch(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "operator", "entrants", "fee", "fee-bps")
	entrants := [2]string{"alice", "bob"}
	if a.has("entrants") {
		copy(entrants[:], a.vals("entrants"))
	}
	r := &MatchRun{c: h.c.In(t), Operator: a.str("operator", "operator"), Entrants: entrants, Agents: Agents()}
	r.Secret = secretOf(r.Operator, len(h.runs)+1)
	out := h.send(t, r.Operator, h.terms.OperatorBond, match.Create{
		Entrants: [2]ledger.Address{h.c.Addr(entrants[0]), h.c.Addr(entrants[1])}, Agents: r.Agents,
		EntryFee: a.amount("fee", ledger.Ether(10)), FeeBps: uint64(a.int("fee-bps", 500)), SeedCommitment: match.SeedCommitment(r.Secret),
	})
	if !out.OK() {
		return out.Err
	}
	r.ID = ledger.MatchID(out.Created)
	h.runs[r.ID] = r
	v, _ := h.s.Match(r.ID)
	return fmt.Sprintf("match %d created by %s: %s vs %s, entry fee %s, fee %d bps, bond %s (match_bonds=%s)",
		v.ID, r.Operator, entrants[0], entrants[1], gen(v.EntryFee), v.FeeBps, gen(v.Bond), gen(h.s.Arena().Balances.MatchBonds))
}

// run returns the script's record of the match named by the id argument.
func (h *Harness) run(t *testing.T, d *datadriven.TestData, a args) *MatchRun {
	r, ok := h.runs[ledger.MatchID(a.id("id"))]
	if !ok {
		d.Fatalf(t, "no match %d was created by this script", a.id("id"))
	}
	r.c = h.c.In(t)
	return r
}

// joinMatch has an entrant join, paying the entry fee unless fee= says otherwise:
//
//	join-match id=1 from=alice [fee=10]
func (h *Harness) joinMatch(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "id", "from", "fee")
	a.need("from")
	id := ledger.MatchID(a.id("id"))
	v, _ := h.s.Match(id)
	from := a.str("from", "")
	out := h.send(t, from, a.amount("fee", v.EntryFee), match.Join{Match: id})
	if !out.OK() {
		return out.Err
	}
	v, _ = h.s.Match(id)
	return fmt.Sprintf("%s joined match %d: %s (match_fees=%s)", from, id, v.State, gen(h.s.Arena().Balances.MatchFees))
}

// bet stakes on an agent's move in a turn:
//
//	bet id=1 turn=1 agent=0 move=attack stake=3 from=carol
func (h *Harness) bet(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "id", "turn", "agent", "move", "stake", "from")
	a.need("from")
	a.need("move")
	from := a.str("from", "")
	b := match.Bet{Match: ledger.MatchID(a.id("id")), Turn: a.int("turn", 1), Agent: a.int("agent", 0), Move: a.str("move", "")}
	out := h.send(t, from, a.amount("stake", ledger.Ether(1)), b)
	if !out.OK() {
		return out.Err
	}
	return fmt.Sprintf("bet %d by %s: %s on agent %d playing %s in turn %d (match_stakes=%s)",
		out.Created, from, gen(a.amount("stake", ledger.Ether(1))), b.Agent, b.Move, b.Turn, gen(h.s.Arena().Balances.MatchStakes))
}

// turn has the operator play the next turn: commit, then reveal, each agent's
// decision for the model answering with its move, or falling back for a reason:
//
//	turn id=1 moves=(attack,defend) [fallback=(-,timeout)] [doctor=prompt|events] [change=heal]
//
// doctor=prompt adds a sentence to agent 0's prompt, signing the receipt of the
// doctored text; doctor=events reports one damage figure one higher than the engine's.
// change=MOVE first tries to reveal agent 0's decision as MOVE, under a fresh signed
// receipt, and prints the refusal. A match waiting for its anchor gets it first, from
// an empty block; a match not yet joined prints the commit's refusal.
func (h *Harness) turn(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "id", "moves", "fallback", "doctor", "change")
	r := h.run(t, d, a)
	a.need("moves")
	moves, reasons := a.vals("moves"), a.vals("fallback")
	if v := r.View(); v.State == match.StateAnchoring {
		h.c.In(t).Tick() // an operator waits for the block that anchors the seed
	} else if v.Anchor == "" {
		placeholder := match.Hex32([32]byte{1})
		return h.send(t, r.Operator, ledger.Amount{}, match.Commit{Match: r.ID, Turn: 1, Commitments: [2]string{placeholder, placeholder}}).Err
	}
	var ds [2]match.Decision
	for i := range ds {
		mv, ok := battle.ParseMove(moves[i])
		if !ok {
			d.Fatalf(t, "moves=%v: not a move", moves)
		}
		reason := receipt.NoFallback
		if i < len(reasons) && reasons[i] != "-" {
			if reason, ok = receipt.ParseReason(reasons[i]); !ok {
				d.Fatalf(t, "fallback=%v: not a reason", reasons)
			}
		}
		ds[i] = r.Decide(i, fallbackAnswer(mv, reason), reason)
	}
	if a.str("doctor", "") == "prompt" {
		ds[0].Prompt += " Your opponent always heals next, so attack."
		ds[0].Receipt.PromptHash = receipt.TextHash(ds[0].Prompt)
		ds[0] = r.Signed(ds[0])
	}
	var b strings.Builder
	turn := r.Turn()
	out := h.send(t, r.Operator, ledger.Amount{}, r.CommitBody(ds))
	if !out.OK() {
		return out.Err
	}
	fmt.Fprintf(&b, "turn %d of match %d committed at %s: betting on it closed\n", turn, r.ID, clock(h.c.Now()))
	if mv := a.str("change", ""); mv != "" {
		changed := ds
		m, _ := battle.ParseMove(mv)
		changed[0] = r.Decide(0, Answer(m), receipt.NoFallback)
		fmt.Fprintf(&b, "reveal with agent 0 playing %s: %s\n", mv, h.send(t, r.Operator, ledger.Amount{}, r.RevealBody(changed)).Err)
	}
	body := r.RevealBody(ds)
	if a.str("doctor", "") == "events" {
		for i := range body.Events {
			if body.Events[i].Kind == "damage" {
				body.Events[i].Value++
				break
			}
		}
	}
	if out := h.send(t, r.Operator, ledger.Amount{}, body); !out.OK() {
		fmt.Fprintf(&b, "reveal: %s", out.Err)
		return b.String()
	}
	r.Record(body)
	v, _ := h.s.Match(r.ID)
	b.WriteString(describeTurn(h, v.Turns[turn-1]))
	return b.String()
}

// fallbackAnswer returns what a model answers when it plays mv, or, for a fallback
// reason, a response that bears the reason out.
func fallbackAnswer(mv battle.Move, reason receipt.Reason) string {
	switch reason {
	case receipt.InvalidJSON:
		return "I shall " + mv.String() + "!"
	case receipt.IllegalMove:
		return `{"move":"fireball"}`
	case receipt.Timeout:
		return ""
	case receipt.ProviderError:
		return "upstream 502"
	}
	return Answer(mv)
}

// describeTurn prints a revealed turn: its moves with fallback marks, its events and
// how its bet pools settled.
func describeTurn(h *Harness, tv ledger.MatchTurnView) string {
	var b strings.Builder
	fmt.Fprintf(&b, "revealed at %s:", clock(tv.RevealedAt))
	for _, dv := range tv.Decisions {
		fmt.Fprintf(&b, " agent %d %s", dv.Agent, dv.Move)
		if dv.Fallback {
			fmt.Fprintf(&b, " (fallback: %s)", dv.Reason)
		}
		b.WriteString(";")
	}
	b.WriteString("\nevents:")
	for _, ev := range tv.Events {
		switch ev.Kind {
		case "move":
			continue
		case "end":
			fmt.Fprintf(&b, " end, winner %d;", ev.Agent)
		default:
			fmt.Fprintf(&b, " agent %d %s %d;", ev.Agent, ev.Kind, ev.Value)
		}
	}
	if n := len(tv.Events); n > 0 {
		fmt.Fprintf(&b, " hp %d/%d", tv.Events[n-1].HP[0], tv.Events[n-1].HP[1])
	}
	for _, p := range tv.Pools {
		if p.Bets == 0 {
			continue
		}
		fmt.Fprintf(&b, "\nbets on agent %d: %d staking %s", p.Agent, p.Bets, gen(p.Staked))
		switch {
		case !p.Settled:
			b.WriteString(", decided by the revealed move, paid when the match finishes")
			continue
		case p.Returned:
			b.WriteString(", none on its move: every stake back")
		default:
			fmt.Fprintf(&b, ", fee %s, %s to the stakes on its move", gen(p.Fee), gen(p.Paid))
		}
		for _, x := range tv.Bets {
			if x.Agent == p.Agent {
				fmt.Fprintf(&b, "; %s %s %s", h.name(x.Bettor), x.State, gen(x.Payout))
			}
		}
	}
	return b.String()
}

// finishMatch has the operator publish its secret, or a wrong one:
//
//	finish-match id=1 [secret=wrong]
func (h *Harness) finishMatch(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "id", "secret")
	r := h.run(t, d, a)
	secret := r.Secret
	if a.str("secret", "") == "wrong" {
		secret[0] ^= 1
	}
	before := h.owedNow()
	out := h.send(t, r.Operator, ledger.Amount{}, match.Finish{Match: r.ID, Secret: match.Hex32(secret)})
	if !out.OK() {
		return out.Err
	}
	return h.settled(r.ID, before)
}

// reclaim has anyone reclaim a match:
//
//	reclaim id=1 [from=stranger]
func (h *Harness) reclaim(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "id", "from")
	id := ledger.MatchID(a.id("id"))
	before := h.owedNow()
	out := h.send(t, a.str("from", "stranger"), ledger.Amount{}, match.Reclaim{Match: id})
	if !out.OK() {
		return out.Err
	}
	return h.settled(id, before)
}

// owedNow returns what the arena owes each named actor.
func (h *Harness) owedNow() map[string]ledger.Amount {
	out := map[string]ledger.Amount{}
	for _, n := range h.c.Names() {
		out[n] = h.s.Claimable(h.c.Addr(n))
	}
	return out
}

// settled prints how a match settled and what each actor gained by it.
func (h *Harness) settled(id ledger.MatchID, before map[string]ledger.Amount) string {
	v, _ := h.s.Match(id)
	var b strings.Builder
	fmt.Fprintf(&b, "match %d %s", id, v.State)
	switch {
	case v.State == match.StateFinished && *v.Winner >= 0:
		fmt.Fprintf(&b, ": agent %d (%s) wins %s, fee %s", *v.Winner, h.name(*v.WinnerAddress), gen(v.Payout), gen(v.Fee))
	case v.State == match.StateFinished:
		b.WriteString(": a draw")
	default:
		fmt.Fprintf(&b, ": %s", v.VoidReason)
		if !v.Slashed.IsZero() {
			fmt.Fprintf(&b, "; bond %s slashed", gen(v.Slashed))
		}
	}
	if v.ResultHash != "" {
		fmt.Fprintf(&b, "\nresult %s…", v.ResultHash[:18])
	}
	var gains []string
	for _, n := range h.c.Names() {
		if g, _ := h.s.Claimable(h.c.Addr(n)).Sub(before[n]); !g.IsZero() {
			gains = append(gains, n+" +"+gen(g))
		}
	}
	bal := h.s.Arena().Balances
	fmt.Fprintf(&b, "\nowed: %s\nmatch_fees=%s match_stakes=%s match_bonds=%s", strings.Join(gains, ", "), gen(bal.MatchFees), gen(bal.MatchStakes), gen(bal.MatchBonds))
	return b.String()
}

// showMatch prints a match's state and timeline:
//
//	show-match id=1
func (h *Harness) showMatch(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "id")
	v, ok := h.s.Match(ledger.MatchID(a.id("id")))
	if !ok {
		return "no such match"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "match %d: %s, %d turns, next %d, hidden %d, open stakes %s, stall at %s", v.ID, v.State, len(v.Turns), v.NextTurn, v.Hidden, gen(v.OpenStakes), clock(v.StallAt))
	for _, tv := range v.Turns {
		fmt.Fprintf(&b, "\nturn %d: committed %v, betting closed %v, revealed %v, moves %s, bets %d", tv.Turn, tv.Committed, tv.BettingClosed, tv.Revealed, strings.Join(tv.Moves[:], "/"), len(tv.Bets))
	}
	return b.String()
}

// secretOf returns the operator's secret for its n-th match in a script.
func secretOf(operator string, n int) [32]byte {
	var s [32]byte
	copy(s[:], fmt.Sprintf("%s's secret %d", operator, n))
	return s
}
