package solo

import (
	"context"
	"fmt"
	"slices"
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
