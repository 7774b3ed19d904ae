package score

import (
	"cmp"
	"math/big"
)

// Shares of an epoch's emission, in micros.
const (
	ArchitectureShare = 600_000
	TrainingShare     = 400_000
)

// Roles a Payment is made for.
const (
	RoleArchitecture = "architecture"
	RoleTraining     = "training"
	RoleBoth         = "architecture+training" // one owner holds both
)

// Entry is one scored entry as Weights reads it.
type Entry struct {
	ID        uint64
	Submitter string
	Commit    uint64 // commit order
	Arch      string // the architecture's digest: its family
	Train     string // the training program's digest ("" when there is none)
	Final     int64  // micros
}

// Payment is what one owner is paid by Weights.
type Payment struct {
	Submitter string
	Entry     uint64   // the owner's first entry of the family or variant it is paid for
	Role      string   // RoleArchitecture, RoleTraining or RoleBoth
	Amount    *big.Int // atto
}

// group is a family (keyed by arch) or a variant (keyed by arch and train): its first
// entry (the owner's) and its best final.
type group struct {
	first Entry
	best  int64
}

// earlier orders entries by commit order, then id.
func earlier(a, b Entry) bool {
	return cmp.Or(cmp.Compare(a.Commit, b.Commit), cmp.Compare(a.ID, b.ID)) < 0
}

// better orders groups by (best final desc, first commit, first id).
func better(a, b *group) bool {
	if a.best != b.best {
		return a.best > b.best
	}
	return earlier(a.first, b.first)
}

// top groups es by key and returns the best group, or nil when there is none.
func top(es []Entry, key func(Entry) string) *group {
	gs := map[string]*group{}
	var best *group
	for _, e := range es {
		k := key(e)
		g := gs[k]
		if g == nil {
			g = &group{first: e, best: e.Final}
			gs[k] = g
		}
		if earlier(e, g.first) {
			g.first = e
		}
		g.best = max(g.best, e.Final)
	}
	for _, g := range gs {
		if best == nil || better(g, best) {
			best = g
		}
	}
	return best
}

// Weights splits amount (atto) between the owner of the best architecture family
// (ArchitectureShare) and the owner of the best training variant on it
// (TrainingShare). A family's owner is the submitter of its first entry, and its score
// the best final in it; best is by (score desc, first commit, first id); variants
// (architecture, training) likewise. Shares to the same owner add up (one payment,
// RoleBoth); without a variant with a positive score the architecture's owner gets
// it all; with no family with a positive score nothing is paid (nil). The atto left
// by the integer division goes to the architecture's owner. es is not modified.
// es holds the entries whose final score stands (a refused or unscored run is left
// out by the caller, so it can neither found nor own a family).
func Weights(es []Entry, amount *big.Int) []Payment {
	fam := top(es, func(e Entry) string { return e.Arch })
	if fam == nil || fam.best <= 0 || amount.Sign() <= 0 {
		return nil
	}
	var on []Entry
	for _, e := range es {
		if e.Arch == fam.first.Arch && e.Train != "" {
			on = append(on, e)
		}
	}
	arch := Payment{Submitter: fam.first.Submitter, Entry: fam.first.ID, Role: RoleArchitecture, Amount: new(big.Int).Set(amount)}
	v := top(on, func(e Entry) string { return e.Train })
	if v == nil || v.best <= 0 {
		return []Payment{arch}
	}
	train := new(big.Int).Mul(amount, big.NewInt(TrainingShare))
	train.Quo(train, bigMicros)
	arch.Amount.Sub(arch.Amount, train) // 0.60 plus the remainder
	if v.first.Submitter == arch.Submitter {
		arch.Role, arch.Amount = RoleBoth, new(big.Int).Set(amount)
		return []Payment{arch}
	}
	return []Payment{arch, {Submitter: v.first.Submitter, Entry: v.first.ID, Role: RoleTraining, Amount: train}}
}
