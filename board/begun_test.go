package board

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
)

// TestRunsShowWhatTheirBlocksBeginBlockWorkDid: given the log's begin-block events,
// each learning run lists those of its rounds: its anchored seed, its attempts' expiry,
// the round's end and the deposit that end returned, which names no round and is filed
// after the expiry that caused it. An event after a reveal's lapse is filed under no
// run, and a page rendered without the option lists none.
func TestRunsShowWhatTheirBlocksBeginBlockWorkDid(t *testing.T) {
	s := learnSnapshot(t)
	s.Learning[0].Runs[0].Round, s.Learning[0].Runs[2].Round = 5, 7
	seed := strings.Repeat("5e", 32)
	alice := ledger.Address{0xa1}
	one := ledger.Ether(1)
	evs := []ledger.Event{
		{Type: "learn_run_anchored", Height: 11, Round: 7, Entry: 3, Note: seed},
		{Type: "attempt_timed_out", Height: 12, Round: 5, Entry: 1, Attempt: 3},
		{Type: "round_exhausted", Height: 12, Round: 5, Entry: 1},
		{Type: "deposit_returned", Height: 12, Entry: 1, Address: &alice, Amount: &one},
		{Type: "learn_reveal_lapsed", Height: 12, Address: &alice},
		{Type: "deposit_returned", Height: 12, Entry: 2, Address: &alice, Amount: &one},
	}
	checkPage(t, render(t, s, WithBlockEvents(evs)),
		In("#learn-run-3 ul.begun", HasText("block 11: seed anchored to the previous block's state hash: "+seed)),
		In("#learn-run-1 ul.begun", HasText("block 12: attempt 3 timed out block 12: round exhausted: every attempt timed out "+
			"block 12: deposit_returned: "+money(one, s.Arena.Terms.Symbol)+" to "+alice.String())),
		NotIn("#learn-run-2 ul.begun"),
	)
	checkPage(t, render(t, s), NotIn("ul.begun"))
}

// TestAChallengeRunShowsItsAnchoredSeed: a benchmark challenge's run section lists the
// begin-block events of its round: the block that anchored its seed.
func TestAChallengeRunShowsItsAnchoredSeed(t *testing.T) {
	_, s := challenges(t)
	r := s.Challenges[0].Runs[0]
	evs := []ledger.Event{{Type: "run_anchored", Height: 4, Round: uint64(r.Round), Entry: uint64(r.Entry), Note: r.Seed}}
	checkPage(t, render(t, s, WithBlockEvents(evs)),
		In(sel("#challenge-run-%d ul.begun", r.ID), HasText("block 4: seed anchored to the previous block's state hash: "+r.Seed)))
}

// TestAnExpiredRunsReturnedFeeIsFiledUnderItsRoundAndAMatchsAnchorUnderNone: the
// grading fee a round's end returns names no round and is filed, like the deposit,
// after the expiry that caused it; a match's anchor names a match, which has no run
// page, so it is filed under no round and ends what the expiry before it started.
func TestAnExpiredRunsReturnedFeeIsFiledUnderItsRoundAndAMatchsAnchorUnderNone(t *testing.T) {
	alice := ledger.Address{0xa1}
	two := ledger.Ether(2)
	evs := []ledger.Event{
		{Type: "attempt_timed_out", Height: 12, Round: 5, Entry: 1, Attempt: 3},
		{Type: "round_exhausted", Height: 12, Round: 5, Entry: 1},
		{Type: "fee_returned", Height: 12, Entry: 1, Address: &alice, Amount: &two},
		{Type: "match_anchored", Height: 12, Match: 1, Note: strings.Repeat("ab", 32)},
		{Type: "deposit_returned", Height: 12, Entry: 4, Address: &alice, Amount: &two},
	}
	got := byRound(evs, "ETH")
	var words []string
	for _, l := range got[5] {
		words = append(words, l.Words)
	}
	want := []string{"attempt 3 timed out", "round exhausted: every attempt timed out", "fee_returned: " + money(two, "ETH") + " to " + alice.String()}
	if len(got) != 1 || strings.Join(words, "|") != strings.Join(want, "|") {
		t.Fatalf("filed %+v, want only round 5 with %q", got, want)
	}
}
