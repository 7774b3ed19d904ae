package match

import (
	"fmt"
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/round"
)

// Finish publishes the secret and settles the match on its replay: the winner is paid
// the entry fees less the fee (a draw returns them) and the bond goes back when every
// reported event and prompt is the replay's and the game is over at the last revealed
// turn; otherwise the match is void, the entry fees go back and the bond is slashed to
// the treasury. Open stakes go back either way.
func (s *State) Finish(env round.Env, b Finish) (book.Outcome, *book.Error) {
	m, err := s.open(b.Match)
	if err != nil {
		return book.Outcome{}, err
	}
	at := env.At
	switch {
	case at.From != m.Operator:
		return book.Outcome{}, errNotMatchOperator
	case m.State != StatePlaying:
		return book.Outcome{}, errNotStarted
	case m.hidden() != nil:
		return book.Outcome{}, errHidden
	}
	secret, ok := ParseHex32(b.Secret)
	if !ok {
		return book.Outcome{}, errSecret
	}
	if SeedCommitment(secret) != m.SeedCommitment {
		return book.Outcome{}, errSecretNoMatch
	}
	anchor, _ := ParseHex32(m.Anchor)
	rp := Replay(battle.Seed(secret, anchor), m.Agents, m.turnLog())
	m.Secret, m.ResultHash = b.Secret, Hex32(rp.ResultHash)
	if rp.Mismatch != "" {
		return book.Outcome{Events: s.void(env, m, rp.Mismatch, true)}, nil
	}
	return book.Outcome{Events: s.pay(env, m, rp.Winner)}, nil
}

// TurnLog is one revealed turn as Replay checks it: the moves, the prompts sent and the
// events reported.
type TurnLog struct {
	Moves   [2]battle.Move
	Prompts [2]string
	Events  []battle.Event
}

// Replayed is what a replay found: the replayed events, their result hash, the winner
// (0, 1, or -1 for a draw or an unfinished game), and the first mismatch, or "" when the
// log is the replay's.
type Replayed struct {
	Events     []battle.Event
	ResultHash [32]byte
	Winner     int
	Mismatch   string
}

// Replay plays the turns with the engine from seed and checks, turn by turn, that the
// game was not over before it, that each agent's prompt is battle.Prompt of its system
// prompt and the replayed view, and that the reported events are the replay's; and, at
// the end, that the game is over. It stops at the first mismatch. The ledger runs it at
// finish, and anyone may run it to audit a match.
func Replay(seed [32]byte, agents [2]Agent, turns []TurnLog) Replayed {
	g := battle.New(seed)
	out := Replayed{Events: []battle.Event{}, Winner: -1}
	for _, t := range turns {
		n := g.Turn()
		if g.Over() {
			out.Mismatch = fmt.Sprintf("turn %d was played after the game ended", n)
			break
		}
		for i := range 2 {
			if t.Prompts[i] != battle.Prompt(agents[i].SystemPrompt, g.View(i)) {
				out.Mismatch = fmt.Sprintf("turn %d: agent %d's prompt is not the one the template gives for the replayed state", n, i)
				break
			}
		}
		if out.Mismatch != "" {
			break
		}
		evs, err := g.Play(t.Moves)
		if err != nil {
			out.Mismatch = fmt.Sprintf("turn %d: the engine refused the moves", n)
			break
		}
		out.Events = append(out.Events, evs...)
		if !eventsEqual(evs, t.Events) {
			out.Mismatch = fmt.Sprintf("turn %d: the reported events are not the replay's", n)
			break
		}
	}
	if out.Mismatch == "" && !g.Over() {
		out.Mismatch = "the game is not over at the last revealed turn"
	}
	out.ResultHash = battle.ResultHash(out.Events)
	if out.Mismatch == "" {
		out.Winner = g.Winner()
	}
	return out
}

func eventsEqual(a, b []battle.Event) bool {
	return slices.EqualFunc(a, b, func(x, y battle.Event) bool { return x == y })
}

// turnLog returns the match's revealed turns as Replay reads them.
func (m *match) turnLog() []TurnLog {
	out := make([]TurnLog, 0, len(m.Turns))
	for _, t := range m.Turns {
		if !t.Revealed {
			continue
		}
		var l TurnLog
		for i, d := range t.Decisions {
			l.Moves[i], _ = parseMove(d.Move)
			l.Prompts[i] = d.Prompt
		}
		l.Events = t.Events
		out = append(out, l)
	}
	return out
}

// Reclaim settles a match its operator left idle for StallS seconds: void, with entry
// fees and open stakes back and the bond slashed. A match whose entrants did not both
// join within StallS of its creation is cancelled instead, the bond returned.
func (s *State) Reclaim(env round.Env, b Reclaim) (book.Outcome, *book.Error) {
	m, err := s.open(b.Match)
	if err != nil {
		return book.Outcome{}, err
	}
	if env.At.Now < m.LastActive+StallS {
		if m.State == StateWaiting {
			return book.Outcome{}, errJoinWait
		}
		return book.Outcome{}, errNotStalled
	}
	if m.State == StateWaiting {
		return book.Outcome{Events: s.void(env, m, VoidCancelled, false)}, nil
	}
	return book.Outcome{Events: s.void(env, m, VoidStalled, true)}, nil
}

// pay settles a match whose replay held: the winner takes both entry fees less the fee,
// a draw returns each, the bond goes back to the operator, every revealed turn's bets
// are paid against its revealed moves, and the stakes on turns never played go back.
func (s *State) pay(env round.Env, m *match, winner int) []book.Event {
	at := env.At
	m.Winner = winner
	if winner == 0 || winner == 1 {
		total, _ := m.EntryFee.MulUint64(2)
		m.Fee = Fee(total, m.FeeBps)
		m.Payout = mustSub(total, m.Fee)
		env.Book.Release(FeePool, s.treasury(), m.Fee)
		env.Book.Release(FeePool, m.Entrants[winner], m.Payout)
	} else {
		for _, e := range m.Entrants {
			env.Book.Release(FeePool, e, m.EntryFee)
		}
	}
	env.Book.Release(BondPool, m.Operator, m.Bond)
	evs := []book.Event{{Type: "match_finished", Height: at.Height, Time: at.Now, Match: uint64(m.ID), Amount: book.AmountPtr(m.Payout), Note: "result " + m.ResultHash}}
	if winner >= 0 {
		evs[0].Address = book.AddrPtr(m.Entrants[winner])
	} else {
		evs[0].Note = "a draw; result " + m.ResultHash
	}
	for _, t := range m.Turns {
		for i := range 2 {
			if mv, ok := parseMove(t.Decisions[i].Move); ok && t.Revealed {
				evs = append(evs, s.settlePool(env, m, t, i, mv)...)
			}
		}
	}
	s.settle(env, m, StateFinished)
	return append(evs, s.returnOpen(env, m)...)
}

// void settles a match as void for reason: the entry fees paid go back, every stake goes
// back (bets on revealed turns are paid only by a finish whose replay held), and the
// bond is slashed to the treasury when slash is set, returned otherwise.
func (s *State) void(env round.Env, m *match, reason string, slash bool) []book.Event {
	at := env.At
	m.VoidReason = reason
	for i, e := range m.Entrants {
		if m.Joined[i] {
			env.Book.Release(FeePool, e, m.EntryFee)
		}
	}
	to := m.Operator
	if slash {
		to, m.Slashed = s.treasury(), m.Bond
	}
	env.Book.Release(BondPool, to, m.Bond)
	ev := book.Event{Type: "match_void", Height: at.Height, Time: at.Now, Match: uint64(m.ID), Note: reason}
	if slash {
		ev.Address, ev.Amount = book.AddrPtr(m.Operator), book.AmountPtr(m.Slashed)
	}
	s.settle(env, m, StateVoid)
	return append([]book.Event{ev}, s.returnOpen(env, m)...)
}

// settle marks m settled now in state.
func (s *State) settle(env round.Env, m *match, state string) {
	m.State, m.SettledAt = state, env.At.Now
	s.settled++
	s.anchoring = slices.DeleteFunc(s.anchoring, func(id MatchID) bool { return id == m.ID })
	s.markMatch(m.ID)
}

// returnOpen returns every open stake on m in full.
func (s *State) returnOpen(env round.Env, m *match) []book.Event {
	var back book.Amount
	n := 0
	for _, id := range m.Bets {
		if x := s.bet(id); x.State == BetOpen {
			s.close(env.Book, x, BetReturned, x.Stake, env.At.Now)
			back = mustAdd(back, x.Stake)
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return []book.Event{{Type: "match_bets_returned", Height: env.At.Height, Match: uint64(m.ID), Amount: book.AmountPtr(back), Note: itoa(n) + " open stakes returned"}}
}
