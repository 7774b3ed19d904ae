package solo

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// applier drives the engine with ledgertest's named keys.
type applier struct{ e *Engine }

func (a applier) View(fn func(*ledger.State)) { a.e.View(fn) }

func (a applier) Apply(tx *ledger.Tx) (ledger.Outcome, error) {
	r, err := a.e.Submit(context.Background(), tx)
	return r.Outcome, err
}

// A match just created waits for the next block's anchor: the engine makes that block
// itself, empty, with no other transaction sent, and makes none after it.
func TestTheEngineMakesTheBlockAnAnchoredSeedWaitsFor(t *testing.T) {
	terms := ledger.Terms{
		Chain: chain, Name: "Test arena", Symbol: "GEN",
		EntryBond: ledger.Ether(1), AppealBond: ledger.Ether(2), AppealWindowS: 3600, GradingWindowS: 86400,
		Validators: []ledger.Address{ledgertest.Addr("v1")}, Attempts: 3, RoundTimeoutS: 600,
	}
	treasury := ledgertest.Addr("treasury")
	terms.Treasury = &treasury
	ledgertest.MatchTerms(&terms)
	e := openEngine(t, Config{Path: tempPath(t)}, &terms)
	m := ledgertest.Drive(t, applier{e}).NewMatch("operator", [2]string{"a", "b"}, ledger.Amount{}, 0)
	deadline := time.Now().Add(time.Minute)
	for m.View().AnchorHeight == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the match still waits for its anchor with no other transaction sent")
		}
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * DefaultMaxWait) // bounded: time for a block that must not come
	head, err := e.Head()
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	for b, err := range e.Blocks(head-1, head) {
		if err != nil {
			t.Fatal(err)
		}
		var kinds []string
		for _, x := range b.Txs {
			kinds = append(kinds, string(x.Kind))
		}
		blocks = append(blocks, fmt.Sprintf("%d: %v", b.Height, kinds))
	}
	want := []string{fmt.Sprintf("%d: [match_create]", head-1), fmt.Sprintf("%d: []", head)}
	if !slices.Equal(blocks, want) || m.View().AnchorHeight != head-1 {
		t.Fatalf("the last two blocks: %q, want %q; anchored at %d", blocks, want, m.View().AnchorHeight)
	}
}

// The block that anchors a learning run's seed keeps what its begin-block work
// produced: its stored row carries learn_run_anchored with the run's seed, Verify
// replays the log and gets the same events, and a log whose row lost them does not
// replay.
func TestTheBlockThatAnchorsARunKeepsItsEventsAndVerifyReplaysThem(t *testing.T) {
	terms := ledgertest.Terms(3)
	path := tempPath(t)
	e := openEngine(t, Config{Path: path}, &terms)
	c := ledgertest.Drive(t, applier{e})
	cid := c.PublishLearn(ledger.Ether(10), ledgertest.LearnBody(time.Now().Unix(), 600, ledger.Ether(1), ledger.Ether(3)))
	id := c.CommitPair("alice", cid, "order2", "count")
	deadline := time.Now().Add(time.Minute)
	for c.LearnRun(id).Seed == "" {
		if time.Now().After(deadline) {
			t.Fatal("the run was never anchored")
		}
		time.Sleep(time.Millisecond)
	}
	r := c.LearnRun(id)
	head, err := e.Head()
	if err != nil {
		t.Fatal(err)
	}
	var at uint64
	var got []ledger.Event
	for b, err := range e.Blocks(1, head) {
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Begin) > 0 {
			at, got = b.Height, append(got, b.Begin...)
		}
	}
	want := []ledger.Event{{Type: "learn_run_anchored", Height: at, Round: uint64(r.Round), Entry: uint64(id), Note: r.Seed}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("the stored blocks' begin-block events %+v, want %+v", got, want)
	}
	e.Close()
	if _, err := Verify(path); err != nil {
		t.Fatalf("Verify = %v", err)
	}
	tamper(t, path, `UPDATE blocks SET events = '[]' WHERE height = ?`, at)
	_, err = Verify(path)
	prefix := fmt.Sprintf("verify %s: log does not replay: block %d records begin-block events [], replay gives [{\"type\":\"learn_run_anchored\",\"height\":%d,", path, at, at)
	if err == nil || !strings.HasPrefix(err.Error(), prefix) {
		t.Fatalf("Verify(a row without its events) = %v, want %s...", err, prefix)
	}
}
