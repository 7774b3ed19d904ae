package node

import (
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/arena/arena/chain/comet"
)

// SnapshotsConfig is the [snapshots] table: the state-sync snapshots a comet node
// makes and offers to nodes that join later.
type SnapshotsConfig struct {
	Interval int    `toml:"interval"` // blocks between snapshots; 0 makes none
	Dir      string `toml:"dir"`      // where they are kept; empty means the CometBFT home's data/snapshots
}

// StateSyncConfig is the [statesync] table: how a new comet node joins from a snapshot
// its peers offer rather than replaying every block. It is used only while the node
// has no state.
type StateSyncConfig struct {
	Enable      bool          `toml:"enable"`
	RPCServers  []string      `toml:"rpc_servers"`  // two RPC servers of the network, e.g. "tcp://10.0.0.1:26657"; one twice is accepted
	TrustHeight int64         `toml:"trust_height"` // a height of the chain the operator trusts
	TrustHash   string        `toml:"trust_hash"`   // the header hash at trust_height, hex, from an existing node's /commit
	TrustPeriod time.Duration `toml:"trust_period"` // how long that header stays trusted; 0 means 168h
}

func (c Config) validateSync() error {
	s := c.StateSync
	switch {
	case c.Snapshots.Interval < 0:
		return errors.New(`key "snapshots.interval": cannot be negative`)
	case c.Snapshots.Interval > 0 && c.Engine != EngineComet:
		return errors.New(`key "snapshots.interval": only engine = "comet" makes snapshots`)
	case !s.Enable:
		return nil
	case c.Engine != EngineComet:
		return errors.New(`key "statesync.enable": only engine = "comet" syncs state`)
	case len(s.RPCServers) < 2:
		return errors.New(`key "statesync.rpc_servers": must name at least two RPC servers (the same one twice is accepted)`)
	case s.TrustHeight <= 0:
		return errors.New(`key "statesync.trust_height": must be a positive height`)
	case s.TrustPeriod < 0:
		return errors.New(`key "statesync.trust_period": cannot be negative`)
	}
	if b, err := hex.DecodeString(s.TrustHash); err != nil || len(b) != 32 {
		return fmt.Errorf(`key "statesync.trust_hash": %q is not a header hash of 64 hex digits`, s.TrustHash)
	}
	return nil
}

// cometSync returns the engine's snapshot and state-sync options; the CometBFT home is
// home.
func (c Config) cometSync(dir, home string) (comet.SnapshotConfig, *comet.StateSync) {
	snaps := comet.SnapshotConfig{Every: uint64(c.Snapshots.Interval), Dir: filepath.Join(home, comet.SnapshotsDir)}
	if c.Snapshots.Dir != "" {
		snaps.Dir = path(dir, c.Snapshots.Dir)
	}
	if !c.StateSync.Enable {
		return snaps, nil
	}
	s := c.StateSync
	return snaps, &comet.StateSync{RPCServers: s.RPCServers, TrustHeight: s.TrustHeight, TrustHash: s.TrustHash, TrustPeriod: s.TrustPeriod}
}

// encodeSync writes the [snapshots] table, and the [statesync] table when any of it is
// set.
func (c Config) encodeSync(b *strings.Builder, kv func(key, value, comment string)) {
	b.WriteString("\n[snapshots] # state-sync snapshots this comet node makes and offers\n")
	kv("interval", fmt.Sprint(c.Snapshots.Interval), "blocks between snapshots; 0 makes none")
	kv("dir", quote(c.Snapshots.Dir), `where they are kept; "" means the CometBFT home's data/snapshots`)
	s := c.StateSync
	if !s.Enable && len(s.RPCServers) == 0 && s.TrustHeight == 0 && s.TrustHash == "" && s.TrustPeriod == 0 {
		return
	}
	b.WriteString("\n[statesync] # a new comet node joins from a peer's snapshot instead of replaying every block\n")
	kv("enable", fmt.Sprint(s.Enable), "used only while the node has no state")
	servers := make([]string, len(s.RPCServers))
	for i, r := range s.RPCServers {
		servers[i] = quote(r)
	}
	kv("rpc_servers", "["+strings.Join(servers, ", ")+"]", "two RPC servers of the network (one twice is accepted)")
	kv("trust_height", fmt.Sprint(s.TrustHeight), "a height the operator trusts")
	kv("trust_hash", quote(s.TrustHash), "its header hash, hex, from an existing node's /commit")
	kv("trust_period", duration(s.TrustPeriod), "how long that header stays trusted; 0s means 168h")
}
