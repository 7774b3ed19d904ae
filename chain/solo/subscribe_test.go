package solo

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger"
)

// TestSubscribersSeeCommittedBlocks: a subscriber receives each committed block, in
// order, with its transaction ids, outcomes and events, the same as the receipts.
func TestSubscribersSeeCommittedBlocks(t *testing.T) {
	e := openEngine(t, Config{Path: tempPath(t)}, testTerms(t))
	blocks, cancel := e.Subscribe(8)
	defer cancel()
	s := newSigner(t)
	r1 := submit(t, e, s.faucet(t, 1, 5))
	r2 := submit(t, e, s.faucet(t, 2, 6))
	for _, r := range []Receipt{r1, r2} {
		b := receive(t, blocks)
		want := []TxResult{{ID: r.TxID, From: s.addr, Kind: ledger.KindFaucet, Outcome: r.Outcome}}
		if diff := cmp.Diff(want, b.Txs, amountEq); diff != "" || b.Height != r.Height {
			t.Errorf("block %d (-want +got):\n%s", b.Height, diff)
		}
		if ev := b.Events(); len(ev) != 1 || ev[0].Type != "faucet" {
			t.Errorf("block %d events = %+v", b.Height, ev)
		}
	}
}

// TestASlowSubscriberIsDropped: "slow subscribers are dropped, never block the
// sequencer". A subscriber that never reads gets the block its buffer holds, then its
// channel is closed, while every submission is still acknowledged.
func TestASlowSubscriberIsDropped(t *testing.T) {
	e := openEngine(t, Config{Path: tempPath(t)}, testTerms(t))
	slow, cancel := e.Subscribe(1)
	defer cancel()
	s := newSigner(t)
	for n := uint64(1); n <= 4; n++ {
		submit(t, e, s.faucet(t, n, n))
	}
	if b := receive(t, slow); b.Height != 1 {
		t.Errorf("first block = %d, want 1", b.Height)
	}
	select {
	case b, ok := <-slow:
		if ok {
			t.Errorf("dropped subscriber received block %d", b.Height)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("dropped subscriber's channel was not closed")
	}
}

// TestCloseEndsSubscriptions: Close closes every subscriber's channel.
func TestCloseEndsSubscriptions(t *testing.T) {
	e := openEngine(t, Config{Path: tempPath(t)}, testTerms(t))
	c, _ := e.Subscribe(1)
	e.Close()
	if _, ok := <-c; ok {
		t.Error("channel open after Close")
	}
}

func receive(t *testing.T, c <-chan Block) Block {
	t.Helper()
	select {
	case b, ok := <-c:
		if !ok {
			t.Fatal("subscription closed")
		}
		return b
	case <-time.After(5 * time.Second):
		t.Fatal("no block within 5s")
	}
	return Block{}
}
