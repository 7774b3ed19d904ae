package bounty

import (
	"fmt"
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// Funding is one addition to a task's prize: a top-up, or the sponsor's posting as the
// first.
type Funding struct {
	From   book.Address `json:"from"`
	Amount book.Amount  `json:"amount"`
	At     int64        `json:"at"`
}

// Place is one rank of a tiered task's award: its share, the entry that took it (0 for
// none: the amount went back to the funders) and the amount.
type Place struct {
	Rank   int         `json:"rank"`
	Share  int         `json:"share"`
	Entry  EntryID     `json:"entry,omitempty"`
	Amount book.Amount `json:"amount"`
}

// Payout is what one address received at award: its part of a prize and of a bond's
// return, or (in a task's refunds) of the prize sent back.
type Payout struct {
	Address book.Address `json:"address"`
	Prize   book.Amount  `json:"prize"`
	Bond    book.Amount  `json:"bond,omitempty"`
}

// basis reports whether parts are positive whole basis points summing to TotalBasis.
func basis(parts []int) bool {
	sum := 0
	for _, p := range parts {
		if p < 1 || p > TotalBasis {
			return false
		}
		sum += p
	}
	return sum == TotalBasis
}

// SplitPrize returns prize's amount for each rank of shares: every rank after the first
// gets prize*share/10000 rounded down, and the first gets the rest, so that the amounts
// sum to the prize to the atto. Award and audit both use it.
func SplitPrize(prize book.Amount, shares []int) []book.Amount {
	out := make([]book.Amount, len(shares))
	rest := prize
	for i := len(shares) - 1; i >= 1; i-- {
		out[i] = part(prize, shares[i])
		rest, _ = rest.Sub(out[i]) // the parts sum to at most the whole
	}
	out[0] = rest
	return out
}

// SplitTeam returns each member's part of amount: every member gets amount*share/10000
// rounded down, and the remainder, at most a few atto, goes to the first member named.
// Award and audit both use it.
func SplitTeam(amount book.Amount, team []Member) []book.Amount {
	out := make([]book.Amount, len(team))
	rest := amount
	for i, m := range team {
		out[i] = part(amount, m.Share)
		rest, _ = rest.Sub(out[i])
	}
	out[0], _ = out[0].Add(rest)
	return out
}

// SplitBackPerFunding is protocol version 1's rule for back, an amount of the prize sent
// back at award: one row per funding, in order (the sponsor's posting first), each
// funding after the first back times what it added over the prize, rounded down, the
// sponsor the rest. A funder who topped up twice is rounded twice and named twice;
// version 2 rounds once per funder (SplitBack). A row may be zero.
func SplitBackPerFunding(back book.Amount, funds []Funding) []Payout {
	out := make([]Payout, len(funds))
	var total book.Amount
	for i, f := range funds {
		total = mustAdd(total, f.Amount)
		out[i].Address = f.From
	}
	rest := back
	for i := len(funds) - 1; i >= 1; i-- {
		out[i].Prize, _ = back.MulDiv(funds[i].Amount, total)
		rest, _ = rest.Sub(out[i].Prize)
	}
	if len(out) > 0 {
		out[0].Prize = rest
	}
	return out
}

// SplitBack returns what each funder gets of back, an amount of the prize sent back at
// award: one row per funder, in the order of their first funding (the sponsor, whose
// posting is the first, leads). Each funder after the sponsor gets back times the sum of
// what they added over the prize, rounded down once; the sponsor gets the rest, so the
// rows sum to back to the atto. A row may be zero.
func SplitBack(back book.Amount, funds []Funding) []Payout {
	var out []Payout
	var total book.Amount
	for _, f := range funds {
		total = mustAdd(total, f.Amount)
		i := slices.IndexFunc(out, func(p Payout) bool { return p.Address == f.From })
		if i < 0 {
			i = len(out)
			out = append(out, Payout{Address: f.From})
		}
		out[i].Prize = mustAdd(out[i].Prize, f.Amount) // what the funder added, for now
	}
	if len(out) == 0 {
		return nil
	}
	rest := back
	for i := len(out) - 1; i >= 1; i-- {
		out[i].Prize, _ = back.MulDiv(out[i].Prize, total)
		rest, _ = rest.Sub(out[i].Prize) // the floors sum to at most back
	}
	out[0].Prize = rest
	return out
}

// part returns amount*bp/10000 rounded down.
func part(amount book.Amount, bp int) book.Amount {
	p, _ := amount.MulDiv(book.NewAmount(uint64(bp)), book.NewAmount(TotalBasis))
	return p
}

// shares returns the task's prize shares by rank: one whole share for a single winner.
func (t *task) shares() []int {
	if len(t.Shares) == 0 {
		return []int{TotalBasis}
	}
	return t.Shares
}

// funds returns every funding of the task's prize, the sponsor's posting first.
func (t *task) funds() []Funding {
	posted := t.Prize
	for _, f := range t.TopUps {
		posted, _ = posted.Sub(f.Amount) // the prize is the posting plus every top-up
	}
	return append([]Funding{{From: t.Sponsor, Amount: posted, At: t.PostedAt}}, t.TopUps...)
}

// plain reports whether the task uses none of the tiers and top-ups: it settles and
// records exactly as a single-winner task always has.
func (t *task) plain() bool { return len(t.Shares) == 0 && len(t.TopUps) == 0 }

// TopUp adds the transaction's value to an open task's prize, escrowed in the prize pool.
func (s *State) TopUp(env round.Env, b TopUp) (book.Outcome, *book.Error) {
	at := env.At
	t := s.task(b.Task)
	switch {
	case t == nil:
		return book.Outcome{}, errNoTask
	case at.Value.IsZero():
		return book.Outcome{}, errTopUpZero
	case t.Settled != "" || at.Now >= t.ClosesAt:
		return book.Outcome{}, errTopUpClosed
	case len(t.TopUps) >= MaxTopUps:
		return book.Outcome{}, errTopUps
	}
	env.Book.Escrow(at.From, PrizePool, at.Value)
	t.Prize, _ = t.Prize.Add(at.Value) // bounded by the money that exists
	t.TopUps = append(t.TopUps, Funding{From: at.From, Amount: at.Value, At: at.Now})
	s.markTask(t.ID)
	return book.Outcome{Events: []book.Event{{
		Type: "prize_topped_up", Height: at.Height, Task: uint64(t.ID), Address: book.AddrPtr(at.From), Amount: book.AmountPtr(at.Value),
	}}}, nil
}

// Extend moves an open task's close later. Every window counted from the close (the
// reveal and grading windows) moves with it; none is shortened.
func (s *State) Extend(env round.Env, b Extend) (book.Outcome, *book.Error) {
	at := env.At
	t := s.task(b.Task)
	switch {
	case t == nil:
		return book.Outcome{}, errNoTask
	case t.Sponsor != at.From:
		return book.Outcome{}, errExtendSponsor
	case t.Settled != "" || at.Now >= t.ClosesAt:
		return book.Outcome{}, errExtendClosed
	case len(t.Extensions) >= MaxExtensions:
		return book.Outcome{}, errExtensions
	case b.ByS < 1 || b.ByS > MaxCloseS:
		return book.Outcome{}, errExtendBy
	}
	t.ClosesAt += b.ByS
	t.Extensions = append(t.Extensions, t.ClosesAt)
	s.markTask(t.ID)
	return book.Outcome{Events: []book.Event{{
		Type: "task_extended", Height: at.Height, Task: uint64(t.ID), Address: book.AddrPtr(at.From),
		Note: fmt.Sprintf("closes at %d", t.ClosesAt),
	}}}, nil
}
