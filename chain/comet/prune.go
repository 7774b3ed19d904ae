package comet

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Pruning is how much history a node keeps: an archive node (KeepBlocks 0) keeps
// every block; a pruning one has CometBFT keep at least its last KeepBlocks blocks
// (ResponseCommit.RetainHeight) and the app's own log begin at the oldest snapshot it
// keeps. Nothing older than the oldest snapshot kept is ever dropped by either, so a
// joiner restoring any snapshot this node offers finds the headers and blocks after it,
// and this node restarts from its file's base and the blocks after it.
type Pruning struct {
	KeepBlocks uint64 // blocks CometBFT keeps at least; 0 keeps every block
}

// ErrKeepBlocks reports a Pruning.KeepBlocks below what the node needs.
var ErrKeepBlocks = errors.New("keep_blocks below the minimum")

// ErrPruneWithoutSnapshots reports pruning asked of a node that makes no snapshots.
var ErrPruneWithoutSnapshots = errors.New("pruning needs snapshots")

// MinKeepBlocks is the least KeepBlocks a node may keep: the blocks within which
// evidence of misbehaviour is still valid (the genesis's
// consensus_params.evidence.max_age_num_blocks), and at least one snapshot interval.
func MinKeepBlocks(evidenceBlocks int64, every uint64) uint64 {
	return max(uint64(max(evidenceBlocks, 0)), every, 1)
}

// checkPruning refuses p when it keeps fewer blocks than evidence and snapshots need,
// or when the node makes no snapshots to prune to.
func checkPruning(p Pruning, evidenceBlocks int64, snaps SnapshotConfig) error {
	if p.KeepBlocks == 0 {
		return nil
	}
	if snaps.Every == 0 {
		return fmt.Errorf("%w: keep_blocks = %d with no snapshots ([snapshots] interval = 0): a pruned node restarts from its own snapshot, and a new node can join it only by state sync",
			ErrPruneWithoutSnapshots, p.KeepBlocks)
	}
	if low := MinKeepBlocks(evidenceBlocks, snaps.Every); p.KeepBlocks < low {
		return fmt.Errorf("%w: keep_blocks = %d, the least is %d: evidence stays valid for %d blocks (genesis consensus_params.evidence.max_age_num_blocks) and snapshots come every %d",
			ErrKeepBlocks, p.KeepBlocks, low, evidenceBlocks, snaps.Every)
	}
	return nil
}

// SetPruning makes the app prune as p says. Call it after SetSnapshots and before
// CometBFT starts.
func (a *App) SetPruning(p Pruning) { a.keep = p.KeepBlocks }

// retainHeight is the RetainHeight Commit returns after block height: the oldest of
// the last KeepBlocks blocks, never above the oldest snapshot kept; 0 (keep all) for an
// archive node and before the node keeps a snapshot.
func (a *App) retainHeight(height uint64) int64 {
	if a.keep == 0 || height < a.keep {
		return 0
	}
	oldest, ok := a.snaps.oldest()
	if !ok {
		return 0
	}
	return int64(min(height-a.keep+1, oldest))
}

// oldest returns the height of the oldest snapshot kept.
func (s *snapshots) oldest() (uint64, bool) {
	if s == nil {
		return 0, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.list) == 0 {
		return 0, false
	}
	return s.list[0].Height, true
}

// pruneLog moves the beginning of the app's log forward to the oldest snapshot kept,
// if it is past where the log begins: it reads the snapshot back, checks its chunks,
// its hash, its state's height and the app hash it names, and hands it to store.Prune,
// which checks that hash against the one the log recorded for the block. It runs on
// the snapshot writer's goroutine, after a snapshot was written.
func (a *App) pruneLog() error {
	if a.keep == 0 {
		return nil
	}
	oldest, ok := a.snaps.oldest()
	if !ok {
		return nil
	}
	base, _, _, err := a.db.Base()
	if err != nil {
		return err
	}
	if oldest <= base.Height {
		return nil
	}
	s, enc, err := a.snaps.load(oldest)
	if err != nil {
		return err
	}
	return a.db.Prune(store.Base{Height: oldest, Time: s.BlockTime(), Hash: s.Hash()}, enc)
}

// load reads back the kept snapshot at height and checks it: every chunk against its
// metadata, the whole against the snapshot's hash, and the decoded state's height and
// hash against the snapshot's height and app hash.
func (s *snapshots) load(height uint64) (*ledger.State, []byte, error) {
	dir := filepath.Join(s.cfg.Dir, strconv.FormatUint(height, 10))
	snap, err := readSnapshot(dir)
	if err != nil {
		return nil, nil, err
	}
	enc, err := readChunks(dir, snap)
	if err != nil {
		return nil, nil, fmt.Errorf("snapshot at height %d: %w", height, err)
	}
	st, err := ledger.Decode(enc)
	if err != nil {
		return nil, nil, fmt.Errorf("snapshot at height %d: state: %w", height, err)
	}
	var meta snapshotMeta
	if err := json.Unmarshal(snap.Metadata, &meta); err != nil {
		return nil, nil, fmt.Errorf("snapshot at height %d: metadata: %w", height, err)
	}
	h := st.Hash()
	if st.Height() != height || hex.EncodeToString(h[:]) != meta.AppHash {
		return nil, nil, fmt.Errorf("snapshot at height %d holds the state at height %d hashing to %s, its metadata names app hash %s",
			height, st.Height(), store.HexID(h), meta.AppHash)
	}
	return st, enc, nil
}

// readChunks reads snap's chunks from dir and checks their sha256 against snap's hash.
func readChunks(dir string, snap *abci.Snapshot) ([]byte, error) {
	var enc []byte
	for i := range snap.Chunks {
		c, err := os.ReadFile(filepath.Join(dir, strconv.FormatUint(uint64(i), 10)))
		if err != nil {
			return nil, err
		}
		enc = append(enc, c...)
	}
	if sum := sha256.Sum256(enc); !bytes.Equal(sum[:], snap.Hash) {
		return nil, fmt.Errorf("the chunks hash to %x, the snapshot's hash is %x", sum, snap.Hash)
	}
	return enc, nil
}
