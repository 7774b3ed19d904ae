package ledger_test

import (
	"fmt"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/match"
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
	last := expireLearnRun(a, id)
	if types := eventTypes(last); types != "[attempt_timed_out round_exhausted learn_run_unscored deposit_returned]" ||
		last[0].Round != uint64(r.Round) || last[3].Amount == nil || !last[3].Amount.Eq(Ether(1)) || *last[3].Address != a.Addr("alice") {
		t.Fatalf("the block that exhausted the run's round carries %+v; want its last attempt's expiry, the round's end and alice's 1 ether deposit returned (a zero grading fee releases nothing to tell)", last)
	}
}

// expireLearnRun lets run id's attempts time out, one block past each deadline, until
// its round is exhausted, and returns the events of the block that exhausted it.
func expireLearnRun(a *arena, id LearnRunID) []Event {
	var last []Event
	for i := 0; i < 3*attempts && a.LearnRun(id).State == learn.RunRunning; i++ {
		a.Wait(timeout + 1)
		a.Tick()
		last = a.s.BlockEvents()
	}
	return last
}

// eventTypes lists the types of evs in order.
func eventTypes(evs []Event) string {
	var types []string
	for _, e := range evs {
		types = append(types, e.Type)
	}
	return fmt.Sprint(types)
}

// A learning run whose round runs out returns its grading fee, and the block that
// exhausted the round says so, beside the deposit it returns, in the deposit's shape:
// the entry, the committer and the amount released, before the run's end.
func TestBlockEventsTellTheGradingFeeAnExpiredLearningRunReleases(t *testing.T) {
	a := newArena(t, 3, func(t *Terms) { t.GradingFee = Ether(2) })
	cid := a.PublishLearn(Ether(10), ledgertest.LearnBody(a.Now(), 600, Ether(1), Ether(3)))
	id := a.CommitPair("alice", cid, "order2", "count")
	before := a.owed("alice")
	a.Tick()
	last := expireLearnRun(a, id)
	if types := eventTypes(last); types != "[attempt_timed_out round_exhausted fee_returned learn_run_unscored deposit_returned]" {
		t.Fatalf("the block that exhausted the run's round carries %s", types)
	}
	fee := last[2]
	if fee.Height != a.s.Height() || fee.Entry != uint64(id) || fee.Round != 0 || fee.Address == nil || *fee.Address != a.Addr("alice") ||
		fee.Amount == nil || !fee.Amount.Eq(Ether(2)) {
		t.Fatalf("the fee an expiry releases is told as %+v, want entry %d, alice and 2 ether", fee, id)
	}
	if g := a.gained("alice", before); !g.Eq(Ether(3)) {
		t.Fatalf("alice gained %s, want the 2 ether fee and the 1 ether deposit the events tell", g)
	}
}

// A match's anchor is begin-block work too: the block after the match's creation
// anchors it, and that block's events name the match and the anchor its view shows,
// the state hash at the end of the creating block. Anchoring adds no event to the
// state hash's inputs: the block's events are not hashed.
func TestBlockEventsCarryAMatchsAnchor(t *testing.T) {
	a := matchArena(t, nil)
	r := a.NewMatch("operator", [2]string{"alice", "bob"}, Ether(10), 250)
	if ev := a.s.BlockEvents(); len(ev) != 0 {
		t.Fatalf("the creating block has begin-block events %+v, want none", ev)
	}
	end := a.s.Hash()
	a.Tick()
	v := r.View()
	want := []Event{{Type: "match_anchored", Height: a.s.Height(), Match: uint64(r.ID), Note: match.Hex32(end)}}
	if got := a.s.BlockEvents(); fmt.Sprint(got) != fmt.Sprint(want) || v.Anchor != want[0].Note {
		t.Fatalf("the anchoring block's events %+v, want %+v naming the view's anchor %q", got, want, v.Anchor)
	}
	a.Tick()
	if ev := a.s.BlockEvents(); len(ev) != 0 {
		t.Fatalf("the next block's events %+v, want none", ev)
	}
}
