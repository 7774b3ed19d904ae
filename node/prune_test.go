package node

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/arena/arena/chain/comet"
)

// TestANodeKeepingTooFewBlocksDoesNotStart: a comet node whose [pruning] keeps fewer
// blocks than its genesis's evidence age is refused at start, naming the key and both
// figures; the same node with keep_blocks at that age opens.
func TestANodeKeepingTooFewBlocksDoesNotStart(t *testing.T) {
	net, err := Testnet(t.TempDir(), TestnetOptions{Nodes: 1, InitOptions: InitOptions{Terms: Terms{DevMode: true}, LightScrypt: true}})
	if err != nil {
		t.Fatal(err)
	}
	dir := net.Nodes[0].Home
	set := func(keep int64) {
		t.Helper()
		c, err := LoadConfig(dir)
		if err != nil {
			t.Fatal(err)
		}
		c.Snapshots.Interval, c.Pruning.KeepBlocks = 1000, keep
		if err := WriteConfig(dir, c); err != nil {
			t.Fatal(err)
		}
	}
	set(10)
	_, err = Open(dir, OpenOptions{Logger: quiet(), Env: noEnv})
	home, _ := filepath.Abs(dir)
	c, _ := LoadConfig(dir)
	want := `arena.toml: key "pruning.keep_blocks": open node ` + path(home, c.Comet.Home) + `: keep_blocks below the minimum: keep_blocks = 10, the least is 100000: ` +
		`evidence stays valid for 100000 blocks (genesis consensus_params.evidence.max_age_num_blocks) and snapshots come every 1000`
	if !errors.Is(err, comet.ErrKeepBlocks) || err.Error() != want {
		t.Fatalf("open keeping 10 blocks: %v\nwant %s", err, want)
	}
	set(100_000)
	n, err := Open(dir, OpenOptions{Logger: quiet(), Env: noEnv})
	if err != nil {
		t.Fatal(err)
	}
	n.Close()
}
