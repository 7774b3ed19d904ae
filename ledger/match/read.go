package match

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
)

// Match returns match id as readers see it.
func (s *State) Match(id MatchID) (MatchView, bool) {
	m := s.match(id)
	if m == nil {
		return MatchView{}, false
	}
	return s.matchView(m), true
}

// Matches returns every match by id.
func (s *State) Matches() []MatchView {
	out := make([]MatchView, len(s.matches))
	for i, m := range s.matches {
		out[i] = s.matchView(m)
	}
	return out
}

// BetOf returns one bet.
func (s *State) BetOf(id BetID) (BetView, bool) {
	x := s.bet(id)
	if x == nil {
		return BetView{}, false
	}
	return x.view(), true
}

// Seed returns the battle seed of a match whose secret is published.
func (m *match) seed() (string, bool) {
	secret, ok := ParseHex32(m.Secret)
	if !ok {
		return "", false
	}
	anchor, _ := ParseHex32(m.Anchor)
	return Hex32(battle.Seed(secret, anchor)), true
}

func (s *State) matchView(m *match) MatchView {
	v := MatchView{
		ID: m.ID, Operator: m.Operator, Entrants: m.Entrants, Agents: m.Agents, EntryFee: m.EntryFee, FeeBps: m.FeeBps,
		Bond: m.Bond, SeedCommitment: m.SeedCommitment, Secret: m.Secret, Anchor: m.Anchor, CreatedAt: m.CreatedAt,
		CreatedHeight: m.CreatedHeight, Joined: m.Joined, JoinedAt: m.JoinedAt, StartedAt: m.StartedAt, State: m.State,
		ReportedOver: m.reportedOver(), LastActive: m.LastActive, StallAt: m.LastActive + StallS, ResultHash: m.ResultHash,
		VoidReason: m.VoidReason, SettledAt: m.SettledAt, Fee: m.Fee, Payout: m.Payout, Slashed: m.Slashed,
		Turns: []TurnView{}, Bets: make([]BetView, len(m.Bets)),
	}
	if m.Anchor != "" {
		v.AnchorHeight = m.CreatedHeight
	}
	if seed, ok := m.seed(); ok {
		v.Seed = seed
	}
	if h := m.hidden(); h != nil {
		v.Hidden = h.Turn
	} else if m.State == StatePlaying && !v.ReportedOver && len(m.Turns) < battle.MaxTurns {
		v.NextTurn = len(m.Turns) + 1
	}
	if m.State == StateFinished {
		w := m.Winner
		v.Winner = &w
		if w >= 0 {
			v.WinnerAddress = book.AddrPtr(m.Entrants[w])
		}
	}
	last := len(m.Turns)
	for i, id := range m.Bets {
		x := s.bet(id)
		v.Bets[i] = x.view()
		if x.State == BetOpen {
			v.OpenStakes = mustAdd(v.OpenStakes, x.Stake)
		}
		last = max(last, x.Turn)
	}
	for n := 1; n <= last; n++ {
		v.Turns = append(v.Turns, s.turnView(m, n))
	}
	return v
}

// turnView returns turn n of m's timeline, committed or only bet on.
func (s *State) turnView(m *match, n int) TurnView {
	v := TurnView{Turn: n, BettingClosed: m.settled() || m.reportedOver(), Decisions: []DecisionView{}, Events: []battle.Event{}, Bets: []BetView{}}
	for i := range v.Pools {
		v.Pools[i].Agent = i
	}
	if n <= len(m.Turns) {
		t := m.Turns[n-1]
		v.Committed, v.CommittedAt, v.CommittedHeight, v.BettingClosed = true, t.CommittedAt, t.CommittedHeight, true
		v.Commitments = t.Commitments
		if t.Revealed {
			v.Revealed, v.RevealedAt, v.RevealedHeight = true, t.RevealedAt, t.RevealedHeight
			v.Events = append(v.Events, t.Events...)
			for i, d := range t.Decisions {
				r := d.Receipt
				v.Moves[i], v.Fallbacks[i] = d.Move, r.Fallback
				v.Decisions = append(v.Decisions, DecisionView{
					Agent: i, Move: d.Move, Fallback: r.Fallback, Reason: ReasonName(r.Reason), Commitment: t.Commitments[i],
					Receipt: r, ReceiptHash: t.ReceiptHashes[i], Sig: d.Sig, Prompt: d.Prompt, Response: d.Response, Salt: d.Salt,
				})
			}
			for i, p := range t.Pools {
				v.Pools[i].Settled, v.Pools[i].Winning, v.Pools[i].Fee, v.Pools[i].Paid, v.Pools[i].Returned = p.Settled, p.Winning, p.Fee, p.Paid, p.Returned
			}
		}
	}
	for _, id := range m.Bets {
		x := s.bet(id)
		if x.Turn != n {
			continue
		}
		v.Bets = append(v.Bets, x.view())
		p := &v.Pools[x.Agent]
		p.Bets++
		p.Staked = mustAdd(p.Staked, x.Stake)
	}
	return v
}

func (x *bet) view() BetView {
	return BetView{
		ID: x.ID, Match: x.Match, Turn: x.Turn, Agent: x.Agent, Move: x.Move, Bettor: x.Bettor, Stake: x.Stake,
		PlacedAt: x.PlacedAt, PlacedHeight: x.PlacedHeight, State: x.State, Payout: x.Payout, SettledAt: x.SettledAt,
	}
}

// ReasonName returns the name of a receipt's fallback reason as views show it: "" for
// none, then "invalid_json", "illegal_move", "timeout", "provider_error".
func ReasonName(r receipt.Reason) string {
	if r == receipt.NoFallback {
		return ""
	}
	return r.String()
}
