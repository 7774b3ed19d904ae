package audit

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/bounty"
)

// place is a rank an entry took and what it was paid for it.
type place struct {
	rank   int
	amount ledger.Amount
}

// sharesOf returns a task's prize shares by rank: one whole share for a single winner.
func sharesOf(t ledger.TaskView) []int {
	if len(t.Shares) == 0 {
		return []int{ledger.TotalBasis}
	}
	return t.Shares
}

// rank orders the eligible entries by the award's total order and keeps the first n.
func rank(es []ledger.EntryView, n int) []ledger.EntryView {
	slices.SortStableFunc(es, func(a, b ledger.EntryView) int {
		if entryStanding(a).Outranks(entryStanding(b)) {
			return -1
		}
		return 1
	})
	return es[:min(n, len(es))]
}

func add(x, y ledger.Amount) ledger.Amount {
	s, _ := x.Add(y)
	return s
}

func sub(x, y ledger.Amount) ledger.Amount {
	s, _ := x.Sub(y)
	return s
}

// tiers re-derives a task's prize by rank: each later rank's share of the prize rounded
// down, first place the rest; the entry that took each; and the prize no rank took (all
// of it, for a voided task, which places no rank), sent back to the funders in
// proportion to what each added (refunds). It returns the places paid, by entry.
func (r *Report) tiers(t ledger.TaskView, ranked []ledger.EntryView) map[ledger.EntryID]place {
	plain := len(t.Shares) == 0 && len(t.TopUps) == 0
	if len(ranked) == 0 {
		if len(t.Shares) > 0 {
			r.check("places", len(t.Podium), 0, "a voided task places no rank")
		}
		if !plain {
			r.refunds(t, t.Prize)
		}
		return nil
	}
	shares := sharesOf(t)
	amounts := bounty.SplitPrize(t.Prize, shares)
	places := map[ledger.EntryID]place{}
	var back ledger.Amount
	for i, amt := range amounts {
		var want ledger.EntryID
		if i < len(ranked) {
			want = ranked[i].ID
			places[want] = place{rank: i + 1, amount: amt}
		} else {
			back = add(back, amt)
		}
		if len(t.Shares) == 0 {
			continue
		}
		if i >= len(t.Podium) {
			r.fail(fmt.Sprintf("rank %d", i+1), "the task records no such place")
			continue
		}
		r.check(fmt.Sprintf("rank %d entry", i+1), t.Podium[i].Entry, want, fmt.Sprintf("%d of 10000 of the prize", shares[i]))
		r.check(fmt.Sprintf("rank %d prize", i+1), t.Podium[i].Amount, amt, "")
	}
	if plain {
		return places // a plain task: the prize went whole to the winner
	}
	r.refunds(t, back)
	return places
}

// refunds re-derives what of the prize went back to each funder, from the task's
// published fundings alone. Under protocol version 2 (the task's refunds_per_funder):
// one row per funder in the order of their first funding (the sponsor's posting first),
// each funder after the sponsor back times all they added over the prize, rounded down
// once, and the sponsor the rest; under version 1, the same per funding. It is the
// audit's own arithmetic, not the ledger's, so that a wrong rule there shows as a
// mismatch here.
func (r *Report) refunds(t ledger.TaskView, back ledger.Amount) {
	posted := t.Prize
	for _, f := range t.TopUps {
		posted = sub(posted, f.Amount)
	}
	split, rule := splitBack, "the prize no rank took, in proportion to what each funder added in all, rounded down once each, the rest to the sponsor"
	if !t.RefundsPerFunder {
		split, rule = splitBackPerFunding, "the prize no rank took, in proportion to what each funding added, rounded down each (protocol version 1), the rest to the sponsor"
	}
	var want []string
	for _, p := range split(back, t.Prize, t.Sponsor, posted, t.TopUps) {
		if p.amount.Sign() != 0 {
			want = append(want, fmt.Sprintf("%s %s", p.from, p.amount))
		}
	}
	var got []string
	for _, p := range t.Refunds {
		got = append(got, fmt.Sprintf("%s %s", p.Address, p.Prize))
	}
	r.check("returned to funders", got, want, rule)
}

// splitBackPerFunding is splitBack as protocol version 1 splits: each funding apart.
func splitBackPerFunding(back, prize ledger.Amount, sponsor ledger.Address, posted ledger.Amount, topUps []ledger.Funding) []funder {
	b, p := bigOf(back), bigOf(prize)
	fs := []funder{{from: sponsor}}
	rest := new(big.Int).Set(b)
	for _, f := range topUps {
		part := new(big.Int)
		if p.Sign() != 0 {
			part.Quo(part.Mul(bigOf(f.Amount), b), p)
		}
		rest.Sub(rest, part)
		fs = append(fs, funder{from: f.From, amount: part})
	}
	fs[0].amount = rest
	return fs
}

// funder is what one funder added to a prize in all, or what they get back of it.
type funder struct {
	from   ledger.Address
	amount *big.Int
}

// splitBack returns each funder's part of back, out of a prize that the sponsor's
// posting and the top-ups make up.
func splitBack(back, prize ledger.Amount, sponsor ledger.Address, posted ledger.Amount, topUps []ledger.Funding) []funder {
	fs := []funder{{from: sponsor, amount: bigOf(posted)}}
	for _, f := range topUps {
		i := slices.IndexFunc(fs, func(x funder) bool { return x.from == f.From })
		if i < 0 {
			i = len(fs)
			fs = append(fs, funder{from: f.From, amount: new(big.Int)})
		}
		fs[i].amount.Add(fs[i].amount, bigOf(f.Amount))
	}
	b, p := bigOf(back), bigOf(prize)
	rest := new(big.Int).Set(b)
	for i := 1; i < len(fs); i++ {
		if p.Sign() == 0 {
			fs[i].amount.SetInt64(0)
			continue
		}
		fs[i].amount.Quo(fs[i].amount.Mul(fs[i].amount, b), p)
		rest.Sub(rest, fs[i].amount)
	}
	fs[0].amount = rest
	return fs
}

// bigOf is a as a big integer.
func bigOf(a ledger.Amount) *big.Int {
	n, _ := new(big.Int).SetString(a.String(), 10) // an amount prints in decimal digits
	return n
}

// team re-derives each member's part of a team entry's prize and bond: its share rounded
// down, the atto left over to the member named first.
func (r *Report) team(e ledger.EntryView, places map[ledger.EntryID]place) {
	if len(e.Team) == 0 {
		return
	}
	prize := places[e.ID].amount
	bond := e.Bond
	if e.Outcome == bounty.BondSlashed || e.Outcome == bounty.BondForfeited || e.Outcome == ledger.EntryReplaced {
		bond = ledger.Amount{}
	}
	ps, bs := bounty.SplitTeam(prize, e.Team), bounty.SplitTeam(bond, e.Team)
	var want, got []string
	for i, m := range e.Team {
		if !prize.IsZero() || !bond.IsZero() {
			want = append(want, fmt.Sprintf("%s %s+%s", m.Address, ps[i], bs[i]))
		}
	}
	for _, p := range e.Payouts {
		got = append(got, fmt.Sprintf("%s %s+%s", p.Address, p.Prize, p.Bond))
	}
	r.check(fmt.Sprintf("entry %d team", e.ID), got, want, "each member's share of prize+bond, the rest to the first named")
}
