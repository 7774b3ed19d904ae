package comet

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"

	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// SnapshotFormat is the one format of the app's state-sync snapshots: the ledger's
// canonical state encoding (ledger.State.Encode) at the snapshot height, cut into
// chunks, with snapshotMeta as the snapshot's metadata.
const SnapshotFormat uint32 = 1

// DefaultChunkSize is the largest snapshot chunk by default, in bytes.
const DefaultChunkSize = 10 << 20

// SnapshotsKept is how many snapshots a node keeps and offers: the newest ones.
const SnapshotsKept = 2

// SnapshotConfig sets up the app's snapshots.
//
// A snapshot is made at the first block that records a transaction at or after each
// multiple of Every: only such a block's state hash is the app hash CometBFT's light
// client vouches for at that height (an empty block keeps the app hash of the block
// before it), so a joining node can check the whole state it receives against it.
type SnapshotConfig struct {
	Dir       string // where snapshots are kept, one directory per height
	Every     uint64 // the interval in blocks; 0 makes none (restoring still works)
	ChunkSize int    // the largest chunk in bytes; 0 means DefaultChunkSize
}

// snapshotMeta is a snapshot's metadata: the app hash it was made at (the state hash of
// its height) and the sha256 of every chunk in order, as hex. The snapshot's hash is
// the sha256 of the whole encoding.
type snapshotMeta struct {
	AppHash string   `json:"app_hash"`
	Chunks  []string `json:"chunks"`
}

// snapshotFile is a snapshot as its directory's snapshot.json holds it.
type snapshotFile struct {
	Height   uint64          `json:"height"`
	Format   uint32          `json:"format"`
	Chunks   uint32          `json:"chunks"`
	Hash     string          `json:"hash"`
	Metadata json.RawMessage `json:"metadata"`
}

// snapshots is the app's store of snapshots on disk. Writing happens on its own
// goroutine, one snapshot at a time, so Commit only pays for the state's encoding.
type snapshots struct {
	cfg  SnapshotConfig
	mu   sync.Mutex // guards list
	list []*abci.Snapshot
	busy sync.Mutex // held while a snapshot is written
	wg   sync.WaitGroup
}

// restoring is a snapshot OfferSnapshot accepted, with the chunks applied so far.
type restoring struct {
	snap    *abci.Snapshot
	meta    snapshotMeta
	trusted [32]byte // the app hash the light client verified
	chunks  [][]byte
	got     int
}

// SetSnapshots makes the app keep snapshots in c.Dir every c.Every blocks and offer
// the ones already there. Call it before CometBFT starts.
func (a *App) SetSnapshots(c SnapshotConfig) error {
	if c.ChunkSize <= 0 {
		c.ChunkSize = DefaultChunkSize
	}
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return fmt.Errorf("snapshots: %w", err)
	}
	s := &snapshots{cfg: c}
	ents, err := os.ReadDir(c.Dir)
	if err != nil {
		return fmt.Errorf("snapshots: %w", err)
	}
	for _, e := range ents {
		if _, err := strconv.ParseUint(e.Name(), 10, 64); err != nil || !e.IsDir() {
			continue // a snapshot cut short by a crash, or not one of ours
		}
		snap, err := readSnapshot(filepath.Join(c.Dir, e.Name()))
		if err != nil {
			return err
		}
		s.list = append(s.list, snap)
	}
	slices.SortFunc(s.list, func(x, y *abci.Snapshot) int { return cmpHeight(x.Height, y.Height) })
	a.snaps = s
	return nil
}

func cmpHeight(x, y uint64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// WaitSnapshots waits until every snapshot started has been written.
func (a *App) WaitSnapshots() {
	if a.snaps != nil {
		a.snaps.wg.Wait()
	}
}

func readSnapshot(dir string) (*abci.Snapshot, error) {
	b, err := os.ReadFile(filepath.Join(dir, "snapshot.json"))
	if err != nil {
		return nil, fmt.Errorf("snapshots: %w", err)
	}
	var f snapshotFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("snapshots: %s: %w", dir, err)
	}
	h, err := hex.DecodeString(f.Hash)
	if err != nil {
		return nil, fmt.Errorf("snapshots: %s: hash: %w", dir, err)
	}
	return &abci.Snapshot{Height: f.Height, Format: f.Format, Chunks: f.Chunks, Hash: h, Metadata: f.Metadata}, nil
}

// due reports whether the block at height, which recorded a transaction, is a snapshot
// height, given prev, the height of the block before it that last recorded one.
func (s *snapshots) due(height, prev uint64) bool {
	return s != nil && s.cfg.Every > 0 && height/s.cfg.Every > prev/s.cfg.Every
}

// makeSnapshot writes a snapshot of enc, the state at height with hash appHash, in the
// background, then drops all but the newest SnapshotsKept.
func (a *App) makeSnapshot(height uint64, appHash [32]byte, enc []byte) {
	s := a.snaps
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.busy.Lock()
		defer s.busy.Unlock()
		if err := s.write(height, appHash, enc); err != nil {
			a.log.Error("snapshot not written", "height", height, "err", err)
			return
		}
		a.log.Info("snapshot written", "height", height, "app_hash", store.HexID(appHash), "bytes", len(enc))
		if err := a.pruneLog(); err != nil {
			a.log.Error("log not pruned", "height", height, "err", err)
		}
	}()
}

func (s *snapshots) write(height uint64, appHash [32]byte, enc []byte) error {
	dir := filepath.Join(s.cfg.Dir, strconv.FormatUint(height, 10))
	tmp := dir + ".tmp"
	if err := os.RemoveAll(tmp); err != nil {
		return err
	}
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return err
	}
	meta := snapshotMeta{AppHash: hex.EncodeToString(appHash[:])}
	for i, c := range chunk(enc, s.cfg.ChunkSize) {
		sum := sha256.Sum256(c)
		meta.Chunks = append(meta.Chunks, hex.EncodeToString(sum[:]))
		if err := os.WriteFile(filepath.Join(tmp, strconv.Itoa(i)), c, 0o644); err != nil {
			return err
		}
	}
	mb, err := json.Marshal(meta)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(enc)
	snap := &abci.Snapshot{Height: height, Format: SnapshotFormat, Chunks: uint32(len(meta.Chunks)), Hash: sum[:], Metadata: mb}
	fb, err := json.Marshal(snapshotFile{Height: height, Format: SnapshotFormat, Chunks: snap.Chunks, Hash: hex.EncodeToString(sum[:]), Metadata: mb})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(tmp, "snapshot.json"), fb, 0o644); err != nil {
		return err
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := os.Rename(tmp, dir); err != nil {
		return err
	}
	s.mu.Lock()
	// Snapshots are written in the background one at a time, not necessarily in height
	// order when two are pending: the list stays sorted, and the oldest are dropped.
	s.list = append(s.list, snap)
	slices.SortFunc(s.list, func(x, y *abci.Snapshot) int { return cmpHeight(x.Height, y.Height) })
	var drop []*abci.Snapshot
	if n := len(s.list) - SnapshotsKept; n > 0 {
		drop = slices.Clone(s.list[:n])
		s.list = slices.Delete(s.list, 0, n)
	}
	s.mu.Unlock()
	for _, d := range drop {
		if err := os.RemoveAll(filepath.Join(s.cfg.Dir, strconv.FormatUint(d.Height, 10))); err != nil {
			return err
		}
	}
	return nil
}

// chunk cuts b into pieces of at most size bytes; an empty b is one empty chunk.
func chunk(b []byte, size int) [][]byte {
	var out [][]byte
	for len(b) > size {
		out = append(out, b[:size])
		b = b[size:]
	}
	return append(out, b)
}

// ListSnapshots returns the snapshots the node keeps, oldest first.
func (a *App) ListSnapshots(context.Context, *abci.RequestListSnapshots) (*abci.ResponseListSnapshots, error) {
	res := &abci.ResponseListSnapshots{}
	if a.snaps == nil {
		return res, nil
	}
	a.snaps.mu.Lock()
	defer a.snaps.mu.Unlock()
	res.Snapshots = slices.Clone(a.snaps.list)
	return res, nil
}

// LoadSnapshotChunk returns one chunk of a kept snapshot; nothing for one not kept.
func (a *App) LoadSnapshotChunk(_ context.Context, req *abci.RequestLoadSnapshotChunk) (*abci.ResponseLoadSnapshotChunk, error) {
	if a.snaps == nil || req.Format != SnapshotFormat {
		return &abci.ResponseLoadSnapshotChunk{}, nil
	}
	p := filepath.Join(a.snaps.cfg.Dir, strconv.FormatUint(req.Height, 10), strconv.FormatUint(uint64(req.Chunk), 10))
	b, err := os.ReadFile(p)
	if err != nil {
		a.log.Warn("snapshot chunk not served", "height", req.Height, "chunk", req.Chunk, "err", err)
		return &abci.ResponseLoadSnapshotChunk{}, nil
	}
	return &abci.ResponseLoadSnapshotChunk{Chunk: b}, nil
}

// refuse logs why a snapshot or chunk was refused.
func (a *App) refuse(height uint64, reason string) {
	a.log.Warn("snapshot refused", "height", height, "reason", reason)
}

// OfferSnapshot accepts a snapshot of format SnapshotFormat whose metadata lists its
// chunks and names appHash, the app hash CometBFT's light client verified at its
// height. Nothing is applied until every chunk is in and checked.
func (a *App) OfferSnapshot(_ context.Context, req *abci.RequestOfferSnapshot) (*abci.ResponseOfferSnapshot, error) {
	res := func(r abci.ResponseOfferSnapshot_Result) (*abci.ResponseOfferSnapshot, error) {
		return &abci.ResponseOfferSnapshot{Result: r}, nil
	}
	snap := req.Snapshot
	if snap == nil {
		return res(abci.ResponseOfferSnapshot_REJECT)
	}
	last, _ := a.Committed()
	if last.Height > 0 {
		a.refuse(snap.Height, fmt.Sprintf("this node already holds the ledger at height %d", last.Height))
		return res(abci.ResponseOfferSnapshot_ABORT)
	}
	if snap.Format != SnapshotFormat {
		a.refuse(snap.Height, fmt.Sprintf("format %d, this node restores format %d", snap.Format, SnapshotFormat))
		return res(abci.ResponseOfferSnapshot_REJECT_FORMAT)
	}
	var meta snapshotMeta
	d := json.NewDecoder(bytes.NewReader(snap.Metadata))
	d.DisallowUnknownFields()
	if err := d.Decode(&meta); err != nil {
		a.refuse(snap.Height, fmt.Sprintf("metadata: %v", err))
		return res(abci.ResponseOfferSnapshot_REJECT)
	}
	if len(meta.Chunks) == 0 || len(meta.Chunks) != int(snap.Chunks) {
		a.refuse(snap.Height, fmt.Sprintf("the snapshot has %d chunks, its metadata lists %d", snap.Chunks, len(meta.Chunks)))
		return res(abci.ResponseOfferSnapshot_REJECT)
	}
	if want := hex.EncodeToString(req.AppHash); meta.AppHash != want {
		a.refuse(snap.Height, fmt.Sprintf("made at app hash %s, the light client verified %s", meta.AppHash, want))
		return res(abci.ResponseOfferSnapshot_REJECT)
	}
	r := &restoring{snap: snap, meta: meta, chunks: make([][]byte, len(meta.Chunks))}
	copy(r.trusted[:], req.AppHash)
	a.restoring = r
	return res(abci.ResponseOfferSnapshot_ACCEPT)
}

// ApplySnapshotChunk checks a chunk against the sha256 the snapshot's metadata lists
// for it (a mismatch is refetched from another peer, its sender rejected) and, once
// every chunk is in, decodes the state and checks its hash against the app hash the
// light client verified before anything is stored.
func (a *App) ApplySnapshotChunk(_ context.Context, req *abci.RequestApplySnapshotChunk) (*abci.ResponseApplySnapshotChunk, error) {
	res := func(r abci.ResponseApplySnapshotChunk_Result) (*abci.ResponseApplySnapshotChunk, error) {
		return &abci.ResponseApplySnapshotChunk{Result: r}, nil
	}
	r := a.restoring
	if r == nil {
		return res(abci.ResponseApplySnapshotChunk_ABORT)
	}
	h := r.snap.Height
	i := int(req.Index)
	if i >= len(r.chunks) {
		a.refuse(h, fmt.Sprintf("chunk %d of a snapshot of %d chunks", i, len(r.chunks)))
		a.restoring = nil
		return res(abci.ResponseApplySnapshotChunk_REJECT_SNAPSHOT)
	}
	if sum := sha256.Sum256(req.Chunk); hex.EncodeToString(sum[:]) != r.meta.Chunks[i] {
		a.refuse(h, fmt.Sprintf("chunk %d hashes to %x, the snapshot's metadata lists %s", i, sum, r.meta.Chunks[i]))
		out := &abci.ResponseApplySnapshotChunk{Result: abci.ResponseApplySnapshotChunk_RETRY, RefetchChunks: []uint32{req.Index}}
		if req.Sender != "" {
			out.RejectSenders = []string{req.Sender}
		}
		return out, nil
	}
	if r.chunks[i] == nil {
		r.got++
	}
	r.chunks[i] = bytes.Clone(req.Chunk)
	if r.got < len(r.chunks) {
		return res(abci.ResponseApplySnapshotChunk_ACCEPT)
	}
	a.restoring = nil
	if err := a.applySnapshot(r); err != nil {
		a.refuse(h, err.Error())
		return res(abci.ResponseApplySnapshotChunk_REJECT_SNAPSHOT)
	}
	a.log.Info("state restored from snapshot", "height", h, "app_hash", store.HexID(r.trusted))
	return res(abci.ResponseApplySnapshotChunk_ACCEPT)
}

// applySnapshot checks the whole snapshot r and, if it holds, records it as the file's
// base and makes it the app's state. It returns why not otherwise, having changed
// nothing.
func (a *App) applySnapshot(r *restoring) error {
	enc := bytes.Join(r.chunks, nil)
	if sum := sha256.Sum256(enc); !bytes.Equal(sum[:], r.snap.Hash) {
		return fmt.Errorf("the chunks hash to %x, the snapshot's hash is %x", sum, r.snap.Hash)
	}
	s, err := ledger.Decode(enc)
	if err != nil {
		return fmt.Errorf("state: %v", err)
	}
	h := r.snap.Height
	switch {
	case s.Height() != h:
		return fmt.Errorf("the state is at height %d", s.Height())
	case s.Hash() != r.trusted:
		return fmt.Errorf("the state hashes to %s, the light client verified app hash %s", store.HexID(s.Hash()), store.HexID(r.trusted))
	case a.terms != nil && !blocks.SameTerms(s.Terms(), *a.terms):
		return fmt.Errorf("the state's founding terms differ from the genesis file's")
	}
	deliver, err := ledger.Decode(enc) // an independent copy for FinalizeBlock
	if err != nil {
		return fmt.Errorf("state: %v", err)
	}
	base := store.Base{Height: h, Time: s.BlockTime(), Hash: r.trusted}
	if err := a.db.SetBase(s.Terms(), base, enc); err != nil {
		return err
	}
	s.Hash() // memoised before views see the state, so that they only read it
	a.mu.Lock()
	a.committed, a.appHash = s, r.trusted
	a.last = store.BlockInfo{Height: h, Time: base.Time, Hash: r.trusted}
	a.mu.Unlock()
	a.deliver, a.pending, a.hashHeight = deliver, nil, h
	a.check.reset()
	return nil
}
