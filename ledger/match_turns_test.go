package ledger_test

import (
	"encoding/hex"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
)

// matchArena opens the test arena with "operator" as its one match operator
// (ledgertest.MatchTerms), and lets edit change the terms first.
func matchArena(t testing.TB, edit func(*Terms)) *arena {
	return newArena(t, 3, func(t *Terms) {
		ledgertest.MatchTerms(t)
		if edit != nil {
			edit(t)
		}
	})
}

// started creates a match between alice and bob with a 10 GEN entry fee and a 5% fee,
// has both join, and lets the block pass that anchors it.
func started(a *arena) *ledgertest.MatchRun {
	r := a.NewMatch("operator", [2]string{"alice", "bob"}, Ether(10), 500)
	r.Start()
	return r
}

// The responses that play each move.
var (
	attack = ledgertest.Answer(battle.Attack)
	defend = ledgertest.Answer(battle.Defend)
	charge = ledgertest.Answer(battle.Charge)
	heal   = ledgertest.Answer(battle.Heal)
)

// "A move cannot change after bets close (a reveal with another move is refused)":
// once the turn is committed, a reveal naming another move than the one committed is
// refused, whether the receipt still names the committed move, names the new one under
// a fresh signature, or the salt is changed too; nothing is stored, the bets stay open,
// and the committed move reveals.
func TestMatchAMoveCannotChangeAfterBetsClose(t *testing.T) {
	a := matchArena(t, nil)
	r := started(a)
	a.Do("carol", Ether(3), match.Bet{Match: r.ID, Turn: 1, Agent: 0, Move: "attack"})
	ds := r.Decisions([2]string{attack, defend})
	r.Commit(ds)
	before := r.View()

	moved := ds
	moved[0].Move = "heal" // the receipt still says attack
	a.Refused(errMatchReceiptFields, "operator", Amount{}, r.RevealBody(moved))

	resigned := ds
	resigned[0] = r.Decide(0, heal, receipt.NoFallback) // a whole new decision for heal, signed
	a.Refused(errMatchRevealNoMatch, "operator", Amount{}, r.RevealBody(resigned))

	resalted := resigned
	resalted[0].Salt = match.Hex32([32]byte{1})
	a.Refused(errMatchRevealNoMatch, "operator", Amount{}, r.RevealBody(resalted))

	after := r.View()
	if after.Hidden != 1 || after.Turns[0].Revealed || after.Bets[0].State != match.BetOpen || after.LastActive != before.LastActive {
		t.Fatalf("a refused reveal changed the match: %+v", after.Turns[0])
	}
	r.Reveal(r.RevealBody(ds))
	if tv := r.View().Turns[0]; tv.Moves != [2]string{"attack", "defend"} || !tv.Revealed {
		t.Fatalf("turn 1 revealed %v", tv.Moves)
	}
}

// "A bet after commit is refused": the commit closes betting on its turn in the same
// transaction; bets on later turns stay open until theirs is committed, and a reveal
// reporting the game's end closes every later turn.
func TestMatchABetAfterCommitIsRefused(t *testing.T) {
	a := matchArena(t, nil)
	r := started(a)
	a.Do("carol", Ether(1), match.Bet{Match: r.ID, Turn: 1, Agent: 1, Move: "defend"})
	ds := r.Decisions([2]string{attack, defend})
	r.Commit(ds)
	if tv := r.View().Turns[0]; !tv.BettingClosed || tv.CommittedAt != a.Now() {
		t.Fatalf("turn 1 after its commit: %+v", tv)
	}
	a.Refused(errMatchBettingClosed, "dave", Ether(1), match.Bet{Match: r.ID, Turn: 1, Agent: 1, Move: "defend"})
	a.Do("dave", Ether(1), match.Bet{Match: r.ID, Turn: 2, Agent: 1, Move: "defend"})
	r.Reveal(r.RevealBody(ds))
	a.Refused(errMatchBettingClosed, "dave", Ether(1), match.Bet{Match: r.ID, Turn: 1, Agent: 0, Move: "attack"})
	r.Commit(r.Decisions([2]string{attack, attack}))
	a.Refused(errMatchBettingClosed, "erin", Ether(1), match.Bet{Match: r.ID, Turn: 2, Agent: 0, Move: "attack"})

	// the other refusals of a bet, in order
	a.Refused(errMatchNoMatch, "erin", Ether(1), match.Bet{Match: 9, Turn: 3, Agent: 0, Move: "attack"})
	a.Refused(errMatchStake, "erin", Amount{}, match.Bet{Match: r.ID, Turn: 3, Agent: 0, Move: "attack"})
	a.Refused(errMatchBetTarget, "erin", Ether(1), match.Bet{Match: r.ID, Turn: 21, Agent: 0, Move: "attack"})
	a.Refused(errMatchBetTarget, "erin", Ether(1), match.Bet{Match: r.ID, Turn: 3, Agent: 2, Move: "attack"})
	a.Refused(errMatchMove, "erin", Ether(1), match.Bet{Match: r.ID, Turn: 3, Agent: 0, Move: "Attack"})
}

// "Turn t+1 cannot be committed before turn t is revealed": the operator never holds
// more than one hidden turn; nor can it commit before the anchor, skip a turn, or
// commit once the reported game is over. Only the match's operator commits.
func TestMatchTurnsAreCommittedInOrder(t *testing.T) {
	a := matchArena(t, nil)
	r := a.NewMatch("operator", [2]string{"alice", "bob"}, Ether(10), 500)
	a.Do("alice", Ether(10), match.Join{Match: r.ID})
	ds := r.Decisions([2]string{attack, defend})
	a.Refused(errMatchNotStarted, "operator", Amount{}, r.CommitBody(ds))
	a.Do("bob", Ether(10), match.Join{Match: r.ID})
	if v := r.View(); v.State != match.StatePlaying {
		t.Fatalf("after both joined the match is %s", v.State)
	}
	a.Refused(errMatchNotMatchOperator, "alice", Amount{}, r.CommitBody(ds))
	skip := r.CommitBody(ds)
	skip.Turn = 2
	a.Refused(errMatchTurnOrder, "operator", Amount{}, skip)
	r.Commit(ds)
	next := r.CommitBody(ds)
	next.Turn = 2
	a.Refused(errMatchTurnOrder, "operator", Amount{}, next)
	again := r.CommitBody(ds)
	a.Refused(errMatchTurnOrder, "operator", Amount{}, again)
	bad := next
	bad.Commitments[0] = "0xABC"
	r.Reveal(r.RevealBody(ds))
	bad.Turn = 2
	a.Refused(errMatchCommitment, "operator", Amount{}, bad)
	r.Play([2]string{attack, attack})
	if v := r.View(); v.NextTurn != 3 || v.Hidden != 0 || len(v.Turns) != 2 {
		t.Fatalf("after two turns: next %d hidden %d turns %d", v.NextTurn, v.Hidden, len(v.Turns))
	}
	r.PlayOut([2]string{attack, attack})
	over := r.View()
	if !over.ReportedOver || over.NextTurn != 0 {
		t.Fatalf("after the game ended: %+v", over)
	}
	a.Refused(errMatchGameOver, "operator", Amount{}, match.Commit{Match: r.ID, Turn: len(over.Turns) + 1, Commitments: next.Commitments})
}

// Before the anchor nothing can be committed: the seed is not yet fixed.
func TestMatchNothingIsCommittedBeforeTheAnchor(t *testing.T) {
	a := matchArena(t, nil)
	r := a.NewMatch("operator", [2]string{"alice", "bob"}, Ether(10), 500)
	c := match.Commit{Match: r.ID, Turn: 1, Commitments: [2]string{match.Hex32([32]byte{1}), match.Hex32([32]byte{2})}}
	a.Refused(errMatchNotStarted, "operator", Amount{}, c)
	a.Do("alice", Ether(10), match.Join{Match: r.ID})
	a.Refused(errMatchNotStarted, "operator", Amount{}, c)
}

// "the ledger recomputes the commitment, the receipt's hashes and its signature, and
// refuses any mismatch": a tampered receipt is refused at reveal, field by field, and
// nothing is stored.
func TestMatchATamperedReceiptIsRefusedAtReveal(t *testing.T) {
	a := matchArena(t, nil)
	r := started(a)
	ds := r.Decisions([2]string{attack, defend})
	r.Commit(ds)
	for _, c := range []struct {
		name   string
		tamper func(d *match.Decision)
		want   *Error
	}{
		{"a sentence added to the prompt", func(d *match.Decision) { d.Prompt += " Always attack." }, errMatchReceiptHashes},
		{"another response", func(d *match.Decision) { d.Response = `{"move": "attack"}` }, errMatchReceiptHashes},
		{"a later finish time, unsigned", func(d *match.Decision) { d.Receipt.FinishedAt++ }, errMatchReceiptSig},
		{"a signature by another key", func(d *match.Decision) {
			sig, _ := receipt.Sign(a.Terms().GenesisHash(), d.Receipt, ledgertest.ECDSA("stranger"))
			d.Sig = "0x" + hexOf(sig)
		}, errMatchReceiptSig},
		{"a signature for another arena", func(d *match.Decision) {
			sig, _ := receipt.Sign([32]byte{1}, d.Receipt, ledgertest.ECDSA("operator"))
			d.Sig = "0x" + hexOf(sig)
		}, errMatchReceiptSig},
		{"another signature chain id, unsigned", func(d *match.Decision) { d.Receipt.ChainID = 8453 }, errMatchReceiptSig},
		{"signature chain id 0", func(d *match.Decision) { d.Receipt.ChainID = 0 }, errMatchReceiptChain},
		{"the operator's signature in its high-S twin", func(d *match.Decision) { d.Sig = highS(t, d.Sig) }, errMatchReceiptSig},
		{"a flipped signature byte", func(d *match.Decision) { d.Sig = d.Sig[:10] + flip(d.Sig[10]) + d.Sig[11:] }, errMatchReceiptSig},
		{"a short signature", func(d *match.Decision) { d.Sig = d.Sig[:130] }, errMatchSig},
		{"another turn", func(d *match.Decision) { d.Receipt.Turn = 2 }, errMatchReceiptFields},
		{"another agent", func(d *match.Decision) { d.Receipt.Agent = 1 }, errMatchReceiptFields},
		{"another match", func(d *match.Decision) { d.Receipt.Match = 7 }, errMatchReceiptFields},
		{"a finish time past 2^53, which a JSON reader would round", func(d *match.Decision) { d.Receipt.FinishedAt = 1 << 53 }, errMatchReceiptFields},
		{"a salt that is not hex", func(d *match.Decision) { d.Salt = "salt" }, errMatchSalt},
		{"an unknown move", func(d *match.Decision) { d.Move = "dodge" }, errMatchMove},
		{"an oversized prompt", func(d *match.Decision) { d.Prompt = string(make([]byte, match.MaxTextBytes+1)) }, errMatchText},
	} {
		d := ds
		c.tamper(&d[0])
		a.In(t).Refused(c.want, "operator", Amount{}, r.RevealBody(d))
		if v := r.View(); v.Hidden != 1 || v.Turns[0].Revealed {
			t.Fatalf("%s: a refused reveal stored something", c.name)
		}
	}
	body := r.RevealBody(ds)
	body.Events = nil
	a.Refused(errMatchEvents, "operator", Amount{}, body)
	body = r.RevealBody(ds)
	body.Events[0].Turn = 2
	a.Refused(errMatchEvents, "operator", Amount{}, body)
	body = r.RevealBody(ds)
	body.Turn = 2
	a.Refused(errMatchNotHidden, "operator", Amount{}, body)
	a.Refused(errMatchNotMatchOperator, "alice", Amount{}, r.RevealBody(ds))
	r.Reveal(r.RevealBody(ds))
	tv := r.View().Turns[0]
	d := tv.Decisions[0]
	digest, _ := receipt.Digest(a.Terms().GenesisHash(), d.Receipt)
	if d.Prompt != ds[0].Prompt || d.Response != attack || d.ReceiptHash != match.Hex32(digest) || d.Sig != ds[0].Sig || d.Commitment != tv.Commitments[0] {
		t.Fatalf("the revealed decision reads %+v", d)
	}
}

// "every fallback reason produces defend with its reason": an answer that is not the
// JSON object, one naming no move, a timeout and a provider error each reveal as defend
// marked with its reason; a fallback naming another move, a reason the response does
// not bear out, or a move the response does not name is refused.
func TestMatchEveryFallbackReasonPlaysDefend(t *testing.T) {
	a := matchArena(t, nil)
	r := started(a)
	for _, c := range []struct {
		response string
		reason   receipt.Reason
		name     string
	}{
		{"I will attack!", receipt.NoFallback, "invalid_json"},
		{`{"move":"fireball"}`, receipt.NoFallback, "illegal_move"},
		{"", receipt.Timeout, "timeout"},
		{"upstream 502", receipt.ProviderError, "provider_error"},
	} {
		ds := [2]match.Decision{r.Decide(0, c.response, c.reason), r.Decide(1, attack, receipt.NoFallback)}
		r.Commit(ds)
		r.Reveal(r.RevealBody(ds))
		tv := r.View().Turns[r.Turn()-2]
		d := tv.Decisions[0]
		if tv.Moves[0] != "defend" || !tv.Fallbacks[0] || !d.Fallback || d.Reason != c.name || d.Receipt.Move != uint8(battle.Defend) {
			t.Fatalf("%q: turn %d reads move %s fallback %v reason %q", c.response, tv.Turn, tv.Moves[0], tv.Fallbacks[0], d.Reason)
		}
		if tv.Fallbacks[1] || tv.Decisions[1].Reason != "" {
			t.Fatalf("agent 1's model answer is marked a fallback")
		}
	}
	for _, c := range []struct {
		name   string
		decide func() match.Decision
	}{
		{"a fallback that attacks", func() match.Decision {
			d := r.Decide(0, "", receipt.Timeout)
			d.Move, d.Receipt.Move = "attack", uint8(battle.Attack)
			return r.Signed(d)
		}},
		{"invalid JSON claimed of a valid answer", func() match.Decision {
			d := r.Decide(0, heal, receipt.NoFallback)
			d.Move, d.Receipt.Move, d.Receipt.Fallback, d.Receipt.Reason = "defend", uint8(battle.Defend), true, receipt.InvalidJSON
			return r.Signed(d)
		}},
		{"a move the answer does not name", func() match.Decision {
			d := r.Decide(0, heal, receipt.NoFallback)
			d.Move, d.Receipt.Move = "attack", uint8(battle.Attack)
			return r.Signed(d)
		}},
		{"a reason without the fallback mark", func() match.Decision {
			d := r.Decide(0, "", receipt.Timeout)
			d.Receipt.Fallback = false
			return r.Signed(d)
		}},
	} {
		ds := [2]match.Decision{c.decide(), r.Decide(1, attack, receipt.NoFallback)}
		r.Commit(ds)
		a.In(t).Refused(errMatchFallback, "operator", Amount{}, r.RevealBody(ds))
		r = started(a) // the refused turn stays hidden: the next case plays a fresh match
	}
}

func hexOf(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 2*len(b))
	for i, c := range b {
		out[2*i], out[2*i+1] = digits[c>>4], digits[c&15]
	}
	return string(out)
}

func flip(c byte) string {
	if c == '0' {
		return "1"
	}
	return "0"
}

// highS returns the 0x-hex signature sig in its high-S twin: s replaced by n - s and v
// flipped, a signature that recovers the same key and that the ledger refuses.
func highS(t *testing.T, sig string) string {
	t.Helper()
	b, err := hex.DecodeString(strings.TrimPrefix(sig, "0x"))
	if err != nil || len(b) != 65 {
		t.Fatalf("signature %q", sig)
	}
	s := new(big.Int).Sub(crypto.S256().Params().N, new(big.Int).SetBytes(b[32:64]))
	s.FillBytes(b[32:64])
	b[64] ^= 1
	return "0x" + hexOf(b)
}
