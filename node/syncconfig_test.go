package node

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/chain/comet"
)

// TestSyncTablesBecomeTheEngineOptions: [snapshots] and [statesync] reach the comet
// engine as its snapshot and state-sync options; snapshots are kept in the CometBFT
// home unless dir says otherwise, and no [statesync] means no state sync.
func TestSyncTablesBecomeTheEngineOptions(t *testing.T) {
	hash := strings.Repeat("0f", 32)
	c, err := ParseConfig("arena.toml", []byte(`engine = "comet"
[snapshots]
interval = 250
[statesync]
enable = true
rpc_servers = ["tcp://10.0.0.1:26657", "tcp://10.0.0.2:26657"]
trust_height = 1000
trust_hash = "`+hash+`"
trust_period = "24h"
`))
	if err != nil {
		t.Fatal(err)
	}
	snaps, sync := c.cometSync("/op", "/op/comet")
	if diff := cmp.Diff(comet.SnapshotConfig{Every: 250, Dir: filepath.Join("/op/comet", comet.SnapshotsDir)}, snaps); diff != "" {
		t.Errorf("snapshots (-want +got):\n%s", diff)
	}
	want := &comet.StateSync{RPCServers: []string{"tcp://10.0.0.1:26657", "tcp://10.0.0.2:26657"},
		TrustHeight: 1000, TrustHash: hash, TrustPeriod: 24 * time.Hour}
	if diff := cmp.Diff(want, sync); diff != "" {
		t.Errorf("state sync (-want +got):\n%s", diff)
	}
	c.Snapshots.Dir, c.StateSync.Enable = "snaps", false
	snaps, sync = c.cometSync("/op", "/op/comet")
	if snaps.Dir != "/op/snaps" || sync != nil {
		t.Errorf("dir %q, state sync %+v; want /op/snaps and none", snaps.Dir, sync)
	}
}
