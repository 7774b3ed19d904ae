package learn

import (
	"cmp"
	"slices"

	"github.com/arena/arena/ledger/book"
)

// rankRuns ranks final runs by (−final, commit order, id) — a run's id is its commit
// order — keeping one row per submitter, its best.
func rankRuns(rs []*run) []*run {
	rs = slices.Clone(rs)
	slices.SortFunc(rs, func(a, b *run) int {
		if c := cmp.Compare(b.Score.Final, a.Score.Final); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	seen := map[book.Address]bool{}
	out := rs[:0]
	for _, r := range rs {
		if !seen[r.Committer] {
			seen[r.Committer] = true
			out = append(out, r)
		}
	}
	return out
}
