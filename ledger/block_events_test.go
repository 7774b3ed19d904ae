package ledger_test

import (
	"fmt"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
)

// "Blocks carry the events their begin-block work produced": the block after a
// learning run's commit anchors its seed, and BlockEvents says so with the seed the
// run's view shows; a later block in which the run's attempt times out carries that
// expiry. Each block's events are its own: a block with no begin-block work has none.
func TestBlockEventsAreWhatTheBlocksBeginBlockWorkProduced(t *testing.T) {
	a, cid := learnArena(t, 3)
	id := a.CommitPair("alice", cid, "order2", "count")
	if ev := a.s.BlockEvents(); len(ev) != 0 {
		t.Fatalf("the commit's block has begin-block events %+v, want none", ev)
	}
	a.Tick()
	r := a.LearnRun(id)
	want := []Event{{Type: "learn_run_anchored", Height: a.s.Height(), Round: uint64(r.Round), Entry: uint64(id), Note: r.Seed}}
	if got := a.s.BlockEvents(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("the anchoring block's events %+v, want %+v", got, want)
	}
	a.Tick()
	if ev := a.s.BlockEvents(); len(ev) != 0 {
		t.Fatalf("the next block's events %+v, want none", ev)
	}
	var last []Event
	for i := 0; i < 3*attempts && a.LearnRun(id).State == learn.RunRunning; i++ {
		a.Wait(timeout + 1)
		a.Tick()
		last = a.s.BlockEvents()
	}
	var types []string
	for _, e := range last {
		types = append(types, e.Type)
	}
	if fmt.Sprint(types) != "[attempt_timed_out round_exhausted learn_run_unscored deposit_returned]" ||
		last[0].Round != uint64(r.Round) || last[3].Amount == nil || !last[3].Amount.Eq(Ether(1)) || *last[3].Address != a.Addr("alice") {
		t.Fatalf("the block that exhausted the run's round carries %+v; want its last attempt's expiry, the round's end and alice's 1 ether deposit returned", last)
	}
}
