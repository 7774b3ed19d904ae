package main

import (
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/google/go-cmp/cmp"
)

func graded(id ledger.EntryID, filed int64, score int) ledger.EntryView {
	return ledger.EntryView{ID: id, FiledAt: filed, State: ledger.EntryGraded,
		Current: &ledger.GradeView{Score: score, Passed: true, Result: ledger.Result{Tier: score / 20, Passed: true, Score: score}}}
}

// TestATaskRanksAsAwardRanksIt: ledger/bounty/award.go, "the prize to the highest
// eligible score, then earliest filing, then lowest entry number". Eligible entries rank
// first in that order, the rest follow unranked in filing order: disqualified, failed,
// stalled, sealed and ungraded entries never rank, whatever their score.
func TestATaskRanksAsAwardRanksIt(t *testing.T) {
	dq := graded(1, 100, 0)
	dq.Current.Disqualified, dq.Current.Result.Disqualified = true, true
	failed := graded(2, 101, 0)
	failed.State, failed.Current.Error, failed.Current.Result.Error = ledger.EntryFailed, "[EXTERNAL] Work URL returned 404", "[EXTERNAL] Work URL returned 404"
	stalled := ledger.EntryView{ID: 3, FiledAt: 102, State: ledger.EntryStalled}
	appealed := graded(7, 106, 80)
	appealed.State = ledger.EntryAppealed
	es := []ledger.EntryView{
		dq, failed, stalled,
		graded(4, 103, 60),
		graded(5, 104, 80),
		graded(6, 104, 80), // same score and filing time as 5: the lower id first
		appealed,           // same score, filed later: its grade stands until the regrade
		{ID: 8, FiledAt: 107, State: ledger.EntryPending},
	}
	want := []ranked{
		{Rank: 1, Entry: 5, Score: 80, Eligible: true, Standing: `rung 4/5 "strong", score 80`},
		{Rank: 2, Entry: 6, Score: 80, Eligible: true, Standing: `rung 4/5 "strong", score 80`},
		{Rank: 3, Entry: 7, Score: 80, Eligible: true, Standing: `rung 4/5 "strong", score 80, a regrade open on appeal`},
		{Rank: 4, Entry: 4, Score: 60, Eligible: true, Standing: `rung 3/5 "adequate", score 60`},
		{Entry: 1, Standing: `rung 0/5 "fails the brief", score 0, disqualified`},
		{Entry: 2, Standing: "[EXTERNAL] Work URL returned 404"},
		{Entry: 3, Standing: "not graded: grading stalled"},
		{Entry: 8, Standing: "not graded yet"},
	}
	if diff := cmp.Diff(want, rank(es)); diff != "" {
		t.Errorf("rank (-want +got):\n%s", diff)
	}
}
