// Package koth is the king-of-the-hill fold of a benchmark challenge (FACTS §3.4): which
// entries are eligible, who holds the crown, who forms the tail, how an epoch's payment
// is shared, which pairs are sent to confirmation and who must be re-scored on a newer
// bench version. It is pure: no state, no I/O, and no floating point. Scores are
// integer micros (1.0 = 1_000_000); every comparison is made on exact rationals
// (math/big), and every statistical band is compared squared, so no square root decides
// an outcome: lead > z·√S ⇔ lead > 0 ∧ lead² > z²·S.
package koth

import (
	"cmp"
	"math/big"
	"slices"
)

// Micros is 1.0 in micros.
const Micros = 1_000_000

// Confirmation is one confirmation run's composite on a CRN seed.
type Confirmation struct {
	Seed      uint64
	Composite int64 // micros
}

// Entry is one agent's standing as the fold reads it.
type Entry struct {
	ID            string // the agent id (its canonical program digest: custom sections removed)
	Submitter     string // who entered it; the tail takes one entry per submitter
	FirstSeen     uint64 // earlier wins ties and holds the crown
	N             int    // cases of its ranked run; negative: unknown, which counts as eligible
	Composite     int64  // micros
	SE            int64  // micros; meaningful only when HasSE
	HasSE         bool
	Final         bool   // its run reached the full quorum
	Full          bool   // its run administered the full profile
	Version       uint32 // the bench version of its run
	Confirmations []Confirmation
}

// Params are a fold's frozen parameters.
type Params struct {
	MarginPPM   uint64 // relative margin, ppm of the champion's effective composite
	Tail        int
	ChampionPPM uint64
	ZMilli      uint64 // dethrone z in thousandths; 0 disables the statistical band
	MinCases    int
	Version     uint32 // the active bench version
}

// Result is a fold's outcome, as indexes into the entries it was given.
type Result struct {
	Champion  int   // -1 when no entry is eligible
	Tail      []int // best first
	Contested []int // the champion then each challenger to confirm, or empty
}

// Eligible reports whether e counts in a fold under p: n ≥ min cases (an unknown n
// counts), composite > 0, final, the full profile, on the active version.
func Eligible(e *Entry, p Params) bool {
	return (e.N < 0 || e.N >= p.MinCases) && e.Composite > 0 && e.Final && e.Full && e.Version == p.Version
}

// Fold ranks the entries under p: the champion by first-seen order with Beats, the tail
// of other submitters, and the contested confirmation set.
func Fold(es []Entry, p Params) Result {
	res := Result{Champion: -1}
	var el []int
	for i := range es {
		if Eligible(&es[i], p) {
			el = append(el, i)
		}
	}
	if len(el) == 0 {
		return res
	}
	slices.SortStableFunc(el, func(a, b int) int {
		return cmp.Or(cmp.Compare(es[a].FirstSeen, es[b].FirstSeen), cmp.Compare(es[a].ID, es[b].ID))
	})
	ch := el[0]
	for _, i := range el[1:] {
		if Beats(&es[i], &es[ch], p) {
			ch = i
		}
	}
	res.Champion = ch
	res.Tail = tail(es, el, ch, p.Tail)
	res.Contested = contested(es, el, ch, p)
	return res
}

// byComposite orders entries by (−composite, first_seen, id).
func byComposite(es []Entry) func(a, b int) int {
	return func(a, b int) int {
		return cmp.Or(cmp.Compare(es[b].Composite, es[a].Composite), cmp.Compare(es[a].FirstSeen, es[b].FirstSeen), cmp.Compare(es[a].ID, es[b].ID))
	}
}

// tail returns the best entry of each submitter other than the champion's, by
// (−composite, first_seen, id), the top n of them.
func tail(es []Entry, el []int, ch, n int) []int {
	order := byComposite(es)
	best := map[string]int{}
	var subs []string
	for _, i := range el {
		s := es[i].Submitter
		if s == es[ch].Submitter {
			continue
		}
		j, ok := best[s]
		if !ok {
			subs = append(subs, s)
		}
		if !ok || order(i, j) < 0 {
			best[s] = i
		}
	}
	out := make([]int, 0, len(subs))
	for _, s := range subs {
		out = append(out, best[s])
	}
	slices.SortFunc(out, order)
	return out[:min(n, len(out))]
}

// contested returns the champion and every eligible challenger on the champion's
// version whose effective lead either way lies inside the unpaired band and which does
// not yet share two valid seeds with the champion; empty when there is none.
func contested(es []Entry, el []int, ch int, p Params) []int {
	var out []int
	for _, i := range el {
		if i == ch || es[i].Version != es[ch].Version || len(commonSeeds(&es[i], &es[ch])) >= 2 {
			continue
		}
		if inBand(&es[i], &es[ch], p) {
			out = append(out, i)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return append([]int{ch}, out...)
}

// NeedsRescore returns the champion and tail of r whose runs are on a version older
// than target: they must be re-scored there before the ledger can flip to it.
func NeedsRescore(es []Entry, r Result, target uint32) []int {
	if r.Champion < 0 {
		return nil
	}
	var out []int
	for _, i := range append([]int{r.Champion}, r.Tail...) {
		if es[i].Version < target {
			out = append(out, i)
		}
	}
	return out
}

// Shares splits amount (atto) between the champion and n tail entries: the champion
// takes championPPM of it, the tail equal shares of the rest, and the remainder of the
// division goes to the champion; with no tail the champion takes it all.
func Shares(amount *big.Int, n int, championPPM uint64) (champion, each *big.Int) {
	if n <= 0 {
		return new(big.Int).Set(amount), new(big.Int)
	}
	champion = new(big.Int).Mul(amount, new(big.Int).SetUint64(championPPM))
	champion.Quo(champion, big.NewInt(Micros))
	rest := new(big.Int).Sub(amount, champion)
	each, rem := new(big.Int).QuoRem(rest, big.NewInt(int64(n)), new(big.Int))
	return champion.Add(champion, rem), each
}
