package koth

import (
	"math/big"
	"slices"
)

// Beats reports whether challenger c dethrones champion ch under p (FACTS §3.4 item 4).
// Paired, when z > 0 and they share at least two seeds with valid composites: over the
// common seeds, the mean difference must exceed both champ_ref·margin and z·se_diff.
// Otherwise unpaired: eff(c) − eff(ch) must exceed eff(ch)·margin and, when z > 0 and
// both carry a standard error, z·√(se_c² + se_ch²). Both comparisons are strict.
func Beats(c, ch *Entry, p Params) bool {
	if p.ZMilli > 0 {
		if common := commonSeeds(c, ch); len(common) >= 2 {
			return pairedBeats(common, p)
		}
	}
	lead := new(big.Rat).Sub(Eff(c), Eff(ch))
	if lead.Cmp(new(big.Rat).Mul(Eff(ch), margin(p))) <= 0 {
		return false
	}
	if S := statVar(c, ch, p); S != nil {
		return exceeds(lead, zRat(p), S)
	}
	return true
}

// pair is one common seed's composites: the challenger's and the champion's.
type pair struct{ c, ch int64 }

// pairedBeats is the paired comparison over the common seeds: mean_diff must exceed
// max(champ_ref·margin, z·se_diff), with se_diff² = var_sample(d)/n.
func pairedBeats(common []pair, p Params) bool {
	n := big.NewRat(int64(len(common)), 1)
	var sumD, sumCh big.Rat
	for _, x := range common {
		sumD.Add(&sumD, big.NewRat(x.c-x.ch, 1))
		sumCh.Add(&sumCh, big.NewRat(x.ch, 1))
	}
	mean := new(big.Rat).Quo(&sumD, n)
	ref := new(big.Rat).Quo(&sumCh, n)
	if mean.Cmp(new(big.Rat).Mul(ref, margin(p))) <= 0 {
		return false
	}
	var ss big.Rat // Σ (d − mean)²
	for _, x := range common {
		dev := new(big.Rat).Sub(big.NewRat(x.c-x.ch, 1), mean)
		ss.Add(&ss, dev.Mul(dev, dev))
	}
	// se_diff² = ss / (n−1) / n
	se2 := new(big.Rat).Quo(&ss, new(big.Rat).Mul(n, new(big.Rat).Sub(n, big.NewRat(1, 1))))
	return exceeds(mean, zRat(p), se2)
}

// inBand reports whether |eff(c) − eff(ch)| lies inside the unpaired band
// max(eff(ch)·margin, z·√(se_c² + se_ch²)) (the second only when z > 0 and both carry
// a standard error).
func inBand(c, ch *Entry, p Params) bool {
	lead := new(big.Rat).Sub(Eff(c), Eff(ch))
	lead.Abs(lead)
	if lead.Cmp(new(big.Rat).Mul(Eff(ch), margin(p))) <= 0 {
		return true
	}
	S := statVar(c, ch, p)
	return S != nil && !exceeds(lead, zRat(p), S)
}

// statVar returns se_c² + se_ch² in micros², or nil when the statistical band does not
// apply (z = 0, or either entry lacks a standard error).
func statVar(c, ch *Entry, p Params) *big.Rat {
	if p.ZMilli == 0 || !validSE(c) || !validSE(ch) {
		return nil
	}
	s := new(big.Rat).SetInt64(c.SE)
	s.Mul(s, s)
	t := new(big.Rat).SetInt64(ch.SE)
	return s.Add(s, t.Mul(t, t))
}

// validSE reports whether e carries a standard error that is present and ≥ 0.
func validSE(e *Entry) bool { return e.HasSE && e.SE >= 0 }

// exceeds reports whether lead > z·√S, as lead > 0 ∧ lead² > z²·S.
func exceeds(lead, z, S *big.Rat) bool {
	if lead.Sign() <= 0 {
		return false
	}
	l2 := new(big.Rat).Mul(lead, lead)
	r := new(big.Rat).Mul(z, z)
	return l2.Cmp(r.Mul(r, S)) > 0
}

func margin(p Params) *big.Rat { return new(big.Rat).SetFrac64(int64(p.MarginPPM), Micros) }
func zRat(p Params) *big.Rat   { return new(big.Rat).SetFrac64(int64(p.ZMilli), 1000) }

// Eff returns e's effective composite in micros: the median of its confirmation
// composites when it has at least two valid ones, else its raw composite.
func Eff(e *Entry) *big.Rat {
	if cs, ok := confirmations(e); ok && len(cs) >= 2 {
		vals := make([]int64, len(cs))
		for i, c := range cs {
			vals[i] = c.Composite
		}
		return Median(vals)
	}
	return new(big.Rat).SetInt64(e.Composite)
}

// Median returns the median of vals: the middle value of an odd count, the mean of the
// two middle values of an even one. vals is not changed; it must not be empty.
func Median(vals []int64) *big.Rat {
	s := slices.Clone(vals)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return new(big.Rat).SetInt64(s[n/2])
	}
	return new(big.Rat).SetFrac64(s[n/2-1]+s[n/2], 2)
}

// confirmations returns e's confirmation composites when they are valid: unique seeds
// (at most 2^63−1) and composites in [0, 1]; ok is false otherwise, which counts as none.
func confirmations(e *Entry) ([]Confirmation, bool) {
	seen := make(map[uint64]bool, len(e.Confirmations))
	for _, c := range e.Confirmations {
		if seen[c.Seed] || c.Seed >= 1<<63 || c.Composite < 0 || c.Composite > Micros {
			return nil, false
		}
		seen[c.Seed] = true
	}
	return e.Confirmations, true
}

// commonSeeds returns the composites of c and ch on their common seeds with valid
// composites, by ascending seed.
func commonSeeds(c, ch *Entry) []pair {
	cc, ok1 := confirmations(c)
	hc, ok2 := confirmations(ch)
	if !ok1 || !ok2 {
		return nil
	}
	by := make(map[uint64]int64, len(hc))
	for _, x := range hc {
		by[x.Seed] = x.Composite
	}
	type seeded struct {
		seed uint64
		p    pair
	}
	var out []seeded
	for _, x := range cc {
		if v, ok := by[x.Seed]; ok {
			out = append(out, seeded{x.Seed, pair{x.Composite, v}})
		}
	}
	slices.SortFunc(out, func(a, b seeded) int { return cmpU(a.seed, b.seed) })
	ps := make([]pair, len(out))
	for i, x := range out {
		ps[i] = x.p
	}
	return ps
}

func cmpU(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
