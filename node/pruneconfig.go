package node

import (
	"errors"
	"fmt"
	"strings"

	"github.com/arena/arena/chain/comet"
)

// PruningConfig is the [pruning] table: how much history a comet node keeps. Absent,
// or keep_blocks = 0, the node is an archive: it keeps every block. A pruning node has
// CometBFT keep at least its last keep_blocks blocks, never above its oldest snapshot,
// and its own log begin at that snapshot (see comet.Pruning).
type PruningConfig struct {
	KeepBlocks int64 `toml:"keep_blocks"` // blocks CometBFT keeps at least; 0 keeps every block
}

func (c Config) validatePruning() error {
	switch k := c.Pruning.KeepBlocks; {
	case k < 0:
		return errors.New(`key "pruning.keep_blocks": cannot be negative`)
	case k > 0 && c.Engine != EngineComet:
		return errors.New(`key "pruning.keep_blocks": only engine = "comet" prunes: the solo engine's log is the arena's only record, which no peer holds`)
	case k > 0 && c.Snapshots.Interval == 0:
		return errors.New(`key "pruning.keep_blocks": needs [snapshots] interval > 0: a pruned node restarts from its own snapshot, and a new node can join it only by state sync`)
	}
	return nil
}

// cometPruning returns the engine's pruning option.
func (c Config) cometPruning() comet.Pruning {
	return comet.Pruning{KeepBlocks: uint64(c.Pruning.KeepBlocks)}
}

// encodePruning writes the [pruning] table.
func (c Config) encodePruning(b *strings.Builder, kv func(key, value, comment string)) {
	b.WriteString("\n[pruning] # how much history this comet node keeps\n")
	kv("keep_blocks", fmt.Sprint(c.Pruning.KeepBlocks), "blocks CometBFT keeps at least (never above the oldest snapshot); 0 keeps every block")
}
