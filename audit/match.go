package audit

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
)

// Match re-derives agent match id from snap alone, with the engine and nothing the
// operator says: the seed from the published secret and the anchor; each revealed
// decision's receipt (its EIP-712 digest, the keccak256 of the raw prompt and response,
// the operator's signature, the fallback rule and the answer's reading) and its
// commitment; each prompt against the public template for the replayed state; each
// turn's events against the replay; the result hash; the settlement (winner, fee,
// payout, or void with its reason and the bond slashed); and each settled bet pool to
// the atto. A match not yet finished is audited as far as its published data goes: its
// receipts and commitments. A prompt or an event that is not the replay's is a cheat
// the ledger catches at finish: when the match is void for it and the bond slashed, the
// steps that found it are caught, not failed. So is an operator that stalled, when a
// reclaim voided the match and slashed the bond.
func Match(snap *ledger.Snapshot, id ledger.MatchID) (*Report, error) {
	i := slices.IndexFunc(snap.Matches, func(m ledger.MatchView) bool { return m.ID == id })
	if i < 0 {
		return nil, fmt.Errorf("no match %d in the snapshot", id)
	}
	m := snap.Matches[i]
	r := &Report{Subject: fmt.Sprintf("agent match %d (%d turns revealed, %s)", id, revealedTurns(m), m.State), Number: "the match's settlement"}
	arena := snap.Arena.Terms.GenesisHash()
	g := r.seed(m)
	a := &matchAudit{r: r}
	var replayed []battle.Event
	diverged := ""
	for _, t := range m.Turns {
		if !t.Revealed {
			continue
		}
		var views [2]*battle.View
		if g != nil && diverged == "" && !g.Over() {
			for a := range views {
				v := g.View(a)
				views[a] = &v
			}
		}
		for _, d := range t.Decisions {
			a.decision(arena, m, t.Turn, d, views[d.Agent])
		}
		r.pools(m, t)
		if g == nil || diverged != "" {
			continue
		}
		// As the ledger's replay does: the prompts first, then the events.
		why := promptMismatch(m, t, views)
		if why == "" {
			var evs []battle.Event
			evs, why = a.turnEvents(g, t)
			replayed = append(replayed, evs...)
		}
		diverged = why
	}
	switch {
	case g != nil:
		a.settlement(m, g, replayed, diverged)
	case m.State == match.StateVoid && m.Secret == "":
		a.reclaimed(m)
	}
	return r, nil
}

// matchAudit is one match's audit under way: the report, and the steps that found a
// prompt or an event that is not the replay's, which a void settlement catches.
type matchAudit struct {
	r      *Report
	replay []int // indexes into r.Steps
}

// replayStep marks the last step as one that found the replay's mismatch.
func (a *matchAudit) replayStep() { a.replay = append(a.replay, len(a.r.Steps)-1) }

// revealedTurns counts m's revealed turns.
func revealedTurns(m ledger.MatchView) int {
	n := 0
	for _, t := range m.Turns {
		if t.Revealed {
			n++
		}
	}
	return n
}

// seed checks the published secret against the commitment made at creation and
// returns a fresh game seeded from it and the anchor, or nil before the secret is
// published.
func (r *Report) seed(m ledger.MatchView) *battle.Game {
	if m.Secret == "" {
		r.Steps = append(r.Steps, Step{Name: "seed", Want: m.SeedCommitment, Got: "-", OK: true,
			Note: "the secret is published at finish; until then receipts and commitments are checked, not the replay"})
		return nil
	}
	secret, ok := match.ParseHex32(m.Secret)
	anchor, ok2 := match.ParseHex32(m.Anchor)
	if !ok || !ok2 {
		r.fail("seed", "the published secret or the anchor is not 32 bytes of hex")
		return nil
	}
	r.check("seed commitment", m.SeedCommitment, match.SeedCommitment(secret), "keccak256 of the published secret")
	seed := battle.Seed(secret, anchor)
	r.check("seed", m.Seed, match.Hex32(seed), "keccak256(secret || anchor), anchor the state hash after block "+fmt.Sprint(m.AnchorHeight))
	return battle.New(seed)
}

// decision checks one revealed decision: its receipt's digest, text hashes, signer,
// fallback rule, the answer's reading and the commitment, which the ledger checked at
// reveal; and, when the replayed view is known, that its prompt is the template's,
// which only the replay at finish can check.
func (a *matchAudit) decision(arena [32]byte, m ledger.MatchView, turn int, d ledger.DecisionView, v *battle.View) {
	r := a.r
	name := fmt.Sprintf("turn %d agent %d", turn, d.Agent)
	rc := d.Receipt
	digest, err := receipt.Digest(arena, rc)
	if err != nil {
		r.fail(name, err.Error())
		return
	}
	var bad []string
	note := func(ok bool, what string) {
		if !ok {
			bad = append(bad, what)
		}
	}
	note(rc.Match == uint64(m.ID) && rc.Turn == uint32(turn) && rc.Agent == uint32(d.Agent), "the receipt names another match, turn or agent")
	note(rc.PromptHash == receipt.TextHash(d.Prompt), "the prompt hash is not keccak256 of the prompt")
	note(rc.ResponseHash == receipt.TextHash(d.Response), "the response hash is not keccak256 of the response")
	note(signedBy(arena, rc, d.Sig, m.Operator), "not signed by the operator")
	note(rc.Validate() == nil, "the receipt breaks the fallback rule")
	note(battle.Move(rc.Move).String() == d.Move, "the receipt's move is not the revealed move")
	note(answerAgrees(rc, d.Response), "the answer does not read as the receipt says")
	salt, ok := match.ParseHex32(d.Salt)
	note(ok && match.Hex32(receipt.Commitment(uint64(m.ID), uint32(turn), uint32(d.Agent), rc.Move, digest, salt)) == d.Commitment,
		"the move, receipt hash and salt do not open the commitment")
	offTemplate := v != nil && d.Prompt != battle.Prompt(m.Agents[d.Agent].SystemPrompt, *v)
	what := d.Move
	if rc.Fallback {
		what += " (fallback: " + rc.Reason.String() + ")"
	}
	n := "receipt hash, texts, signer, commitment; " + what
	if v != nil {
		n = "receipt hash, texts, signer, commitment, the template's prompt; " + what
	}
	switch {
	case len(bad) > 0:
		if offTemplate {
			bad = append(bad, "the prompt is not the template's for the replayed state")
		}
		n = strings.Join(bad, "; ")
	case offTemplate:
		n = "the prompt is not the template's for the replayed state"
	}
	sound := len(bad) == 0 && d.ReceiptHash == match.Hex32(digest)
	r.Steps = append(r.Steps, Step{Name: name, Want: d.ReceiptHash, Got: match.Hex32(digest), OK: sound && !offTemplate, Note: n})
	if sound && offTemplate {
		a.replayStep()
	}
}

// signedBy reports whether sig is op's signature of rc in the domain of arena, the
// arena's genesis hash.
func signedBy(arena [32]byte, rc receipt.Receipt, sig string, op ledger.Address) bool {
	b, err := hexutil.Decode(sig)
	if err != nil {
		return false
	}
	a, err := receipt.Recover(arena, rc, b)
	return err == nil && ledger.Address(a) == op
}

// answerAgrees reports whether the response reads as the receipt says: a move the
// model gave, or the invalid-JSON or illegal-move fallback battle.ParseAnswer finds. A
// timeout or provider error has no answer to read.
func answerAgrees(rc receipt.Receipt, response string) bool {
	if rc.Reason == receipt.Timeout || rc.Reason == receipt.ProviderError {
		return true
	}
	mv, fb := battle.ParseAnswer(response)
	reason, _ := receipt.ParseReason(string(fb))
	return reason == rc.Reason && uint8(mv) == rc.Move
}

// turnEvents plays turn t on g and compares the replay's events with the reported
// ones, returning the replayed events and why the turn diverged ("" when it did not).
func (a *matchAudit) turnEvents(g *battle.Game, t ledger.MatchTurnView) ([]battle.Event, string) {
	r := a.r
	name := fmt.Sprintf("turn %d events", t.Turn)
	if g.Over() {
		r.check(name, "played", "the game was already over", "")
		a.replayStep()
		return nil, fmt.Sprintf("turn %d was played after the game ended", t.Turn)
	}
	var mv [2]battle.Move
	for i, s := range t.Moves {
		m, ok := battle.ParseMove(s)
		if !ok {
			r.fail(name, fmt.Sprintf("agent %d's move %q is not a move", i, s))
			return nil, fmt.Sprintf("turn %d: a move is not a move", t.Turn)
		}
		mv[i] = m
	}
	evs, err := g.Play(mv)
	if err != nil {
		r.fail(name, err.Error())
		return nil, fmt.Sprintf("turn %d: the engine refused the moves", t.Turn)
	}
	want, got := eventsJSON(t.Events), eventsJSON(evs)
	last := evs[len(evs)-1].HP
	if !r.check(name, match.Hex32(battle.ResultHash(t.Events)), match.Hex32(battle.ResultHash(evs)), fmt.Sprintf("replayed %s vs %s: HP %d/%d", t.Moves[0], t.Moves[1], last[0], last[1])) {
		r.Steps[len(r.Steps)-1].Note = "reported " + want + ", replayed " + got
		a.replayStep()
		return evs, fmt.Sprintf("turn %d: the reported events are not the replay's", t.Turn)
	}
	return evs, ""
}

// promptMismatch names the first agent of turn t whose prompt is not the template's,
// in the words of the ledger's void reason.
func promptMismatch(m ledger.MatchView, t ledger.MatchTurnView, views [2]*battle.View) string {
	for a := range 2 {
		for _, d := range t.Decisions {
			if v := views[a]; d.Agent == a && v != nil && d.Prompt != battle.Prompt(m.Agents[a].SystemPrompt, *v) {
				return fmt.Sprintf("turn %d: agent %d's prompt is not the one the template gives for the replayed state", t.Turn, a)
			}
		}
	}
	return ""
}

func eventsJSON(evs []battle.Event) string {
	b, _ := json.Marshal(evs) // ints and strings only
	return string(b)
}

// settlement checks the result hash and the settlement the replay implies: paid out
// when every turn replayed and the game is over; otherwise void for the first
// mismatch, with the operator's bond slashed, which catches the cheat.
func (a *matchAudit) settlement(m ledger.MatchView, g *battle.Game, replayed []battle.Event, diverged string) {
	r := a.r
	if diverged == "" && !g.Over() {
		diverged = "the game is not over at the last revealed turn"
	}
	r.check("result hash", m.ResultHash, match.Hex32(battle.ResultHash(replayed)), "keccak256 of the replayed event log, up to the first mismatch")
	want, got, note := settledWords(m), "void", "the replay does not hold: void, as the next step says why"
	if diverged == "" {
		got, note = winnerWords(g.Winner(), m), "every prompt and event is the replay's and the game is over"
		if m.State == match.StateVoid {
			note = "the ledger: " + m.VoidReason + "; " + note
		}
	}
	settled := r.check("settlement", want, got, note)
	if diverged != "" {
		reason := r.check("void reason", m.VoidReason, diverged, "the replay's first mismatch")
		slashed := r.check("slashed", m.Slashed.Units(), m.Bond.Units(), "the operator's bond, to the treasury")
		if settled && reason && slashed {
			r.caught(a.replay, fmt.Sprintf("%s; the match is void, the entry fees and stakes back and the operator's bond of %s slashed", diverged, m.Bond.Units()))
		}
		return
	}
	if m.State != match.StateFinished {
		return
	}
	total, _ := m.EntryFee.MulUint64(2)
	fee, payout := ledger.Amount{}, ledger.Amount{}
	if w := g.Winner(); w >= 0 {
		fee = match.Fee(total, m.FeeBps)
		payout, _ = total.Sub(fee)
	}
	r.check("fee", m.Fee.Units(), fee.Units(), fmt.Sprintf("%d bps of both entry fees, rounded down; nothing on a draw", m.FeeBps))
	r.check("payout", m.Payout.Units(), payout.Units(), "both entry fees less the fee, to the winner")
	r.check("slashed", m.Slashed.Units(), "0", "the bond goes back when the replay holds")
}

// reclaimed checks a match voided with its secret never published: by a reclaim, once
// the operator had been idle for the stall time. Both entrants in, the operator
// stalled and its bond is slashed, which catches the stall; otherwise the match was
// cancelled and the bond returned.
func (a *matchAudit) reclaimed(m ledger.MatchView) {
	r := a.r
	reason, slash := match.VoidCancelled, "0"
	if m.Joined[0] && m.Joined[1] {
		reason, slash = match.VoidStalled, m.Bond.Units()
	}
	got := "void (" + reason + ")"
	if m.SettledAt < m.StallAt {
		got = fmt.Sprintf("void at %d, before the stall time %d", m.SettledAt, m.StallAt)
	}
	settled := r.check("settlement", "void ("+m.VoidReason+")", got,
		fmt.Sprintf("no secret published; reclaimed at %d, the operator idle since %d; both entrants joined: %t", m.SettledAt, m.LastActive, m.Joined[0] && m.Joined[1]))
	slashed := r.check("slashed", m.Slashed.Units(), slash, "the bond is slashed when the operator stalled a started match")
	if settled && slashed && reason == match.VoidStalled {
		r.caught(nil, fmt.Sprintf("the operator stalled; the match is void, the entry fees and stakes back and the operator's bond of %s slashed", m.Bond.Units()))
	}
}

// settledWords says how the ledger settled m, in the words winnerWords derives.
func settledWords(m ledger.MatchView) string {
	switch {
	case m.State == match.StateVoid:
		return "void"
	case m.State == match.StateFinished && m.Winner != nil:
		return winnerWords(*m.Winner, m)
	}
	return m.State
}

func winnerWords(w int, m ledger.MatchView) string {
	if w < 0 {
		return "finished: a draw"
	}
	return fmt.Sprintf("finished: agent %d (%s) wins", w, m.Entrants[w])
}

// pools checks each settled bet pool of turn t: the fee and each bet's payout, from the
// stakes and the revealed move, to the atto.
func (r *Report) pools(m ledger.MatchView, t ledger.MatchTurnView) {
	for a, p := range t.Pools {
		if p.Bets == 0 || !p.Settled {
			continue
		}
		var bets []ledger.BetView
		for _, b := range t.Bets {
			if b.Agent == a {
				bets = append(bets, b)
			}
		}
		want, got := payouts(bets), parimutuel(bets, t.Moves[a], m.FeeBps)
		r.check(fmt.Sprintf("turn %d pool %d", t.Turn, a), want, got,
			fmt.Sprintf("%d bets staking %s on agent %d, which played %s; fee %s", p.Bets, p.Staked.Units(), a, t.Moves[a], p.Fee.Units()))
	}
}

// payouts lists what each bet was paid, in the order placed.
func payouts(bets []ledger.BetView) string {
	parts := make([]string, len(bets))
	for i, b := range bets {
		parts[i] = fmt.Sprintf("bet %d %s", b.ID, b.Payout.Units())
	}
	return strings.Join(parts, ", ")
}

// parimutuel derives each bet's payout: the pool less the fee (match.Fee) split pro rata
// among the stakes on move (match.Split); every stake back when none is on move.
func parimutuel(bets []ledger.BetView, move string, feeBps uint64) string {
	var pool ledger.Amount
	var won []int
	var stakes []ledger.Amount
	for i, b := range bets {
		pool, _ = pool.Add(b.Stake)
		if b.Move == move {
			won, stakes = append(won, i), append(stakes, b.Stake)
		}
	}
	out := slices.Clone(bets)
	for i := range out {
		out[i].Payout = ledger.Amount{}
	}
	if len(won) == 0 {
		for i := range out {
			out[i].Payout = out[i].Stake
		}
		return payouts(out)
	}
	paid, _ := pool.Sub(match.Fee(pool, feeBps))
	for k, share := range match.Split(paid, stakes) {
		out[won[k]].Payout = share
	}
	return payouts(out)
}
