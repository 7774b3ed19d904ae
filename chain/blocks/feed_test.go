package blocks_test

import (
	"testing"

	"github.com/arena/arena/chain/blocks"
)

// TestAFullSubscriberIsDroppedNotWaitedOn: "Commit never waits": Publish hands a block
// to every subscriber with room and closes the channel of one whose buffer is full, so
// a slow reader can never stall an engine; after Close a new subscription starts closed.
func TestAFullSubscriberIsDroppedNotWaitedOn(t *testing.T) {
	var f blocks.Feed
	fast, stopFast := f.Subscribe(2)
	defer stopFast()
	slow, _ := f.Subscribe(1)
	for h := uint64(1); h <= 2; h++ {
		f.Publish(blocks.Block{Height: h})
	}
	if b := <-fast; b.Height != 1 {
		t.Fatalf("first block to the fast subscriber: %d", b.Height)
	}
	if b, ok := <-slow; !ok || b.Height != 1 {
		t.Fatalf("the slow subscriber's buffered block: %d, %v", b.Height, ok)
	}
	if _, ok := <-slow; ok {
		t.Fatal("the slow subscriber was not dropped when its buffer was full")
	}
	f.Close()
	if b, ok := <-fast; !ok || b.Height != 2 {
		t.Fatalf("the fast subscriber's second block: %d, %v", b.Height, ok)
	}
	if _, ok := <-fast; ok {
		t.Fatal("Close left a subscription open")
	}
	late, _ := f.Subscribe(1)
	if _, ok := <-late; ok {
		t.Fatal("a subscription after Close is open")
	}
}
