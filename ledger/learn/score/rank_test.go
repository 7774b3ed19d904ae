package score

import (
	"slices"
	"testing"
)

func entries(rows []Row) []uint64 {
	var out []uint64
	for _, r := range rows {
		out = append(out, r.Entry)
	}
	return out
}

// TestRankingTiesGoToTheEarlierCommitThenTheSmallerID: three rows at 500,000 micros
// rank by commit order (2 before 5), then by id when the commit order ties (7 before
// 9); a higher final (600,000, committed last) ranks first.
func TestRankingTiesGoToTheEarlierCommitThenTheSmallerID(t *testing.T) {
	rows := []Row{
		{Entry: 9, Submitter: "a", Commit: 5, Final: 500_000},
		{Entry: 3, Submitter: "b", Commit: 2, Final: 500_000},
		{Entry: 7, Submitter: "c", Commit: 5, Final: 500_000},
		{Entry: 11, Submitter: "d", Commit: 9, Final: 600_000},
	}
	if got, want := entries(Rank(rows)), []uint64{11, 3, 7, 9}; !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

// TestOneRowPerSubmitter: a submitter's best row stands for it (its 700,000 over its
// 200,000; between its two 400,000s, the earlier commit), and its other rows are gone.
func TestOneRowPerSubmitter(t *testing.T) {
	rows := []Row{
		{Entry: 1, Submitter: "a", Commit: 1, Final: 200_000},
		{Entry: 2, Submitter: "b", Commit: 2, Final: 400_000},
		{Entry: 3, Submitter: "a", Commit: 3, Final: 700_000},
		{Entry: 4, Submitter: "b", Commit: 1, Final: 400_000},
		{Entry: 5, Submitter: "c", Commit: 4, Final: 0},
	}
	if got, want := entries(Rank(rows)), []uint64{3, 4, 5}; !slices.Equal(got, want) {
		t.Errorf("board %v, want %v", got, want)
	}
	if rows[0].Entry != 1 || rows[3].Entry != 4 {
		t.Error("Rank modified its input")
	}
}

// TestRankingIsIndependentOfInputOrder: every permutation of the rows ranks the same.
func TestRankingIsIndependentOfInputOrder(t *testing.T) {
	rows := []Row{
		{Entry: 1, Submitter: "a", Commit: 1, Final: 5}, {Entry: 2, Submitter: "b", Commit: 1, Final: 5},
		{Entry: 3, Submitter: "a", Commit: 2, Final: 5}, {Entry: 4, Submitter: "c", Commit: 0, Final: 4},
	}
	want := entries(Rank(rows))
	var perm func(k int)
	perm = func(k int) {
		if k == len(rows) {
			if got := entries(Rank(rows)); !slices.Equal(got, want) {
				t.Errorf("%v ranks %v, want %v", rows, got, want)
			}
			return
		}
		for i := k; i < len(rows); i++ {
			rows[k], rows[i] = rows[i], rows[k]
			perm(k + 1)
			rows[k], rows[i] = rows[i], rows[k]
		}
	}
	perm(0)
}

// TestAnEmptyBoardIsEmpty: no rows, no board.
func TestAnEmptyBoardIsEmpty(t *testing.T) {
	if got := Rank(nil); len(got) != 0 {
		t.Errorf("Rank(nil) = %v", got)
	}
}
