package score

import (
	"cmp"
	"slices"
)

// Row is one scored entry as the board ranks it.
type Row struct {
	Entry     uint64 // the entry id
	Submitter string // who committed it
	Commit    uint64 // its commit order (earlier is smaller)
	Final     int64  // its final score in micros
}

// before orders rows by (−final, commit order, entry id).
func before(a, b Row) int {
	return cmp.Or(cmp.Compare(b.Final, a.Final), cmp.Compare(a.Commit, b.Commit), cmp.Compare(a.Entry, b.Entry))
}

// Rank returns the board: rows ordered by (−final, commit order, entry id), keeping
// one row per submitter, its best by the same key. rows is not modified.
func Rank(rows []Row) []Row {
	out := slices.SortedStableFunc(slices.Values(rows), before)
	seen := map[string]bool{}
	return slices.DeleteFunc(out, func(r Row) bool {
		dup := seen[r.Submitter]
		seen[r.Submitter] = true
		return dup
	})
}
