package comet

import (
	"testing"

	cfg "github.com/cometbft/cometbft/config"
	"github.com/cometbft/cometbft/store"
)

// A block store read after the node closed its database finds nothing instead of
// panicking with "leveldb: closed", as CometBFT's consensus reactor may read it while
// the node stops; before the close, reads and writes go through.
func TestABlockStoreReadAfterCloseFindsNothing(t *testing.T) {
	c := cfg.TestConfig().SetRoot(t.TempDir())
	db, err := storeDBProvider(&cfg.DBContext{ID: "blockstore", Config: c})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Set([]byte("k"), []byte("v")); err != nil {
		t.Fatal(err)
	}
	if v, err := db.Get([]byte("k")); err != nil || string(v) != "v" {
		t.Fatalf("open: Get = %q, %v; want v", v, err)
	}
	bs := store.NewBlockStore(db)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if c := bs.LoadSeenCommit(7); c != nil {
		t.Fatalf("closed: LoadSeenCommit = %v, want nil", c)
	}
	if v, err := db.Get([]byte("k")); v != nil || err != nil {
		t.Errorf("closed: Get = %q, %v; want nothing", v, err)
	}
	if ok, err := db.Has([]byte("k")); ok || err != nil {
		t.Errorf("closed: Has = %v, %v; want false", ok, err)
	}
	if err := db.Close(); err != nil {
		t.Errorf("a second Close: %v", err)
	}
}
