package match

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
	"github.com/arena/arena/ledger/round"
)

// checked is one agent's decision once the ledger has verified it.
type checked struct {
	move        battle.Move
	receiptHash [32]byte
}

// Reveal opens the hidden turn: every decision is checked against its commitment, its
// receipt and the receipt's signature before anything changes. The revealed moves decide
// the turn's bets, which are paid when the match finishes with its replay holding, and
// returned in full if it is void: a turn a replay later refutes pays nobody.
func (s *State) Reveal(env round.Env, b Reveal) (book.Outcome, *book.Error) {
	m, err := s.open(b.Match)
	if err != nil {
		return book.Outcome{}, err
	}
	at := env.At
	if at.From != m.Operator {
		return book.Outcome{}, errNotMatchOperator
	}
	t := m.hidden()
	if t == nil || t.Turn != b.Turn {
		return book.Outcome{}, errNotHidden
	}
	var ok [2]checked
	for i, d := range b.Agents {
		c, err := s.decision(m, t, i, d)
		if err != nil {
			return book.Outcome{}, err
		}
		ok[i] = c
	}
	if len(b.Events) < 1 || len(b.Events) > MaxEvents {
		return book.Outcome{}, errEvents
	}
	for _, ev := range b.Events {
		if ev.Turn != b.Turn || ev.Agent < -1 || ev.Agent > 1 {
			return book.Outcome{}, errEvents
		}
	}
	t.Revealed, t.RevealedAt, t.RevealedHeight = true, at.Now, at.Height
	t.Decisions = b.Agents
	t.ReceiptHashes = [2]string{Hex32(ok[0].receiptHash), Hex32(ok[1].receiptHash)}
	t.Events = append([]battle.Event{}, b.Events...)
	m.LastActive = at.Now
	s.markMatch(m.ID)
	return book.Outcome{Events: []book.Event{{Type: "match_revealed", Height: at.Height, Match: uint64(m.ID), Turn: t.Turn,
		Note: "agent 0 plays " + ok[0].move.String() + ", agent 1 plays " + ok[1].move.String()}}}, nil
}

// decision checks agent i's revealed decision in turn t and returns its move and
// receipt digest, or the first refusal, in the order the refusals are listed.
func (s *State) decision(m *match, t *turn, i int, d Decision) (checked, *book.Error) {
	mv, ok := parseMove(d.Move)
	if !ok {
		return checked{}, errMove
	}
	if len(d.Prompt) > MaxTextBytes || len(d.Response) > MaxTextBytes {
		return checked{}, errText
	}
	salt, ok := ParseHex32(d.Salt)
	if !ok {
		return checked{}, errSalt
	}
	sig, ok := parseSig(d.Sig)
	if !ok {
		return checked{}, errSig
	}
	r := d.Receipt
	if r.Match != uint64(m.ID) || uint64(r.Turn) != uint64(t.Turn) || uint64(r.Agent) != uint64(i) || r.Move != uint8(mv) ||
		r.StartedAt > book.MaxExact || r.FinishedAt > book.MaxExact {
		return checked{}, errReceiptFields
	}
	if r.ChainID == 0 {
		return checked{}, errReceiptChain
	}
	if !fallbackHolds(r, mv, d.Response) {
		return checked{}, errFallback
	}
	if r.PromptHash != receipt.TextHash(d.Prompt) || r.ResponseHash != receipt.TextHash(d.Response) {
		return checked{}, errReceiptHashes
	}
	digest, err := receipt.Digest(s.terms.Arena, r)
	if err != nil {
		return checked{}, errReceiptFields
	}
	if signer, err := receipt.Recover(s.terms.Arena, r, sig); err != nil || book.Address(signer) != m.Operator {
		return checked{}, errReceiptSig
	}
	want, _ := ParseHex32(t.Commitments[i])
	if Commitment(m.ID, t.Turn, i, mv, digest, salt) != want {
		return checked{}, errRevealNoMatch
	}
	return checked{move: mv, receiptHash: digest}, nil
}

// fallbackHolds states the fallback rule on a receipt: a fallback plays defend and names
// one of the four reasons; any other receipt names none. When the reason is about the
// answer's text (invalid JSON, an illegal move), or there is no fallback, the response
// text must read that way under battle.ParseAnswer, so the move follows from the text.
func fallbackHolds(r receipt.Receipt, mv battle.Move, response string) bool {
	parsed, why := battle.ParseAnswer(response)
	switch r.Reason {
	case receipt.NoFallback:
		return !r.Fallback && why == battle.NoFallback && parsed == mv
	case receipt.InvalidJSON:
		return r.Fallback && mv == battle.Defend && why == battle.InvalidJSON
	case receipt.IllegalMove:
		return r.Fallback && mv == battle.Defend && why == battle.IllegalMove
	case receipt.Timeout, receipt.ProviderError:
		return r.Fallback && mv == battle.Defend
	}
	return false
}

// settlePool settles the bets on agent i's move in turn t against the revealed move mv,
// parimutuel: the pool less the fee goes to the stakes on mv pro rata, rounded down, the
// remainder to the largest of them (the earliest among equals); when no stake is on mv,
// every stake goes back in full and no fee is taken.
func (s *State) settlePool(env round.Env, m *match, t *turn, i int, mv battle.Move) []book.Event {
	var all, won []*bet
	p := pool{Settled: true}
	for _, id := range m.Bets {
		x := s.bet(id)
		if x.Turn != t.Turn || x.Agent != i || x.State != BetOpen {
			continue
		}
		all = append(all, x)
		p.Staked = mustAdd(p.Staked, x.Stake)
		if x.Move == mv.String() {
			won = append(won, x)
			p.Winning = mustAdd(p.Winning, x.Stake)
		}
	}
	if len(all) == 0 {
		t.Pools[i] = p
		return nil
	}
	now := env.At.Now
	if len(won) == 0 {
		p.Returned, p.Paid = true, p.Staked
		for _, x := range all {
			s.close(env.Book, x, BetReturned, x.Stake, now)
		}
		t.Pools[i] = p
		return []book.Event{{Type: "match_bets_returned", Height: env.At.Height, Match: uint64(m.ID), Turn: t.Turn, Amount: book.AmountPtr(p.Staked),
			Note: "no stake on agent " + itoa(i) + "'s move " + mv.String()}}
	}
	p.Fee = Fee(p.Staked, m.FeeBps)
	p.Paid = mustSub(p.Staked, p.Fee)
	shares := Split(p.Paid, stakes(won))
	for _, x := range all {
		if x.Move != mv.String() {
			s.close(env.Book, x, BetLost, book.Amount{}, now)
		}
	}
	for k, x := range won {
		s.close(env.Book, x, BetWon, shares[k], now)
	}
	env.Book.Release(StakePool, s.treasury(), p.Fee)
	t.Pools[i] = p
	return []book.Event{{Type: "match_bets_settled", Height: env.At.Height, Match: uint64(m.ID), Turn: t.Turn, Amount: book.AmountPtr(p.Paid),
		Note: "agent " + itoa(i) + " played " + mv.String() + "; fee " + p.Fee.String()}}
}

// close settles bet x with payout paid from the stake pool.
func (s *State) close(bk *book.Book, x *bet, state string, paid book.Amount, now int64) {
	x.State, x.Payout, x.SettledAt = state, paid, now
	bk.Release(StakePool, x.Bettor, paid)
	s.markBet(x.ID)
}

func stakes(xs []*bet) []book.Amount {
	out := make([]book.Amount, len(xs))
	for i, x := range xs {
		out[i] = x.Stake
	}
	return out
}

// Split divides total among stakes pro rata, each share rounded down to the atto, and
// gives the remainder to the largest stake, the earliest among equals. The shares sum
// to total exactly. stakes must hold at least one nonzero stake.
func Split(total book.Amount, stakes []book.Amount) []book.Amount {
	var sum, given book.Amount
	for _, x := range stakes {
		sum = mustAdd(sum, x)
	}
	out := make([]book.Amount, len(stakes))
	largest := 0
	for k, x := range stakes {
		out[k], _ = total.MulDiv(x, sum)
		given = mustAdd(given, out[k])
		if x.Cmp(stakes[largest]) > 0 {
			largest = k
		}
	}
	out[largest] = mustAdd(out[largest], mustSub(total, given))
	return out
}
