package comet_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// snapshotted is a single app that makes a snapshot every two blocks in chunks of 512
// bytes, after blocks 1 to 8 of which 2, 6 and 7 record nothing.
func snapshotted(t *testing.T) *single {
	t.Helper()
	s := newSingle(t)
	if err := s.app.SetSnapshots(comet.SnapshotConfig{Dir: filepath.Join(t.TempDir(), "snapshots"), Every: 2, ChunkSize: 512}); err != nil {
		t.Fatal(err)
	}
	nonce := uint64(0)
	for h := 1; h <= 8; h++ {
		var txs [][]byte
		if h != 2 && h != 6 && h != 7 {
			nonce++
			txs = append(txs, s.tx(s.funded, nonce, ledger.Amount{}, ledger.Faucet{To: s.funded.Address(), Amount: ledger.Ether(1)}))
		}
		s.finalize(txs...)
		s.commit()
	}
	s.app.WaitSnapshots()
	return s
}

// joiner is a fresh app over an empty file, as a node started with state sync runs,
// its log in a buffer.
type joiner struct {
	t   *testing.T
	db  *store.DB
	app *comet.App
	log *bytes.Buffer
}

func newJoiner(t *testing.T) *joiner {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "arena.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	var buf bytes.Buffer
	app, err := comet.NewApp(db, 0, slog.New(slog.NewTextHandler(&buf, nil)))
	if err != nil {
		t.Fatal(err)
	}
	return &joiner{t: t, db: db, app: app, log: &buf}
}

func (j *joiner) offer(snap *abci.Snapshot, appHash []byte) abci.ResponseOfferSnapshot_Result {
	j.t.Helper()
	r, err := j.app.OfferSnapshot(context.Background(), &abci.RequestOfferSnapshot{Snapshot: snap, AppHash: appHash})
	if err != nil {
		j.t.Fatal(err)
	}
	return r.Result
}

func (j *joiner) apply(i int, chunk []byte) *abci.ResponseApplySnapshotChunk {
	j.t.Helper()
	r, err := j.app.ApplySnapshotChunk(context.Background(), &abci.RequestApplySnapshotChunk{Index: uint32(i), Chunk: chunk, Sender: "peer1"})
	if err != nil {
		j.t.Fatal(err)
	}
	return r
}

// untouched fails unless the joiner still has no state: Info at height 0 and no base
// and no founding terms in its file.
func (j *joiner) untouched() {
	j.t.Helper()
	info, err := j.app.Info(context.Background(), &abci.RequestInfo{})
	if err != nil {
		j.t.Fatal(err)
	}
	_, _, hasBase, err := j.db.Base()
	if err != nil {
		j.t.Fatal(err)
	}
	_, hasTerms, err := j.db.Genesis()
	if err != nil {
		j.t.Fatal(err)
	}
	if info.LastBlockHeight != 0 || info.LastBlockAppHash != nil || hasBase || hasTerms {
		j.t.Fatalf("applied: info at %d %x, base %v, terms %v", info.LastBlockHeight, info.LastBlockAppHash, hasBase, hasTerms)
	}
}

// refused fails unless the joiner logged reason as its refusal of the snapshot at height.
func (j *joiner) refused(height uint64, reason string) {
	j.t.Helper()
	want := "snapshot refused\" height=" + itoa(height) + " reason=" + quote(reason)
	if !strings.Contains(j.log.String(), want) {
		j.t.Fatalf("log lacks %s:\n%s", want, j.log.String())
	}
}

func itoa(h uint64) string { b, _ := json.Marshal(h); return string(b) }

// quote is how slog's text handler writes a string value.
func quote(s string) string {
	if strings.ContainsAny(s, " =\"") {
		b, _ := json.Marshal(s)
		return string(b)
	}
	return s
}

func (s *single) snapshots() []*abci.Snapshot {
	s.t.Helper()
	r, err := s.app.ListSnapshots(context.Background(), &abci.RequestListSnapshots{})
	if err != nil {
		s.t.Fatal(err)
	}
	return r.Snapshots
}

func (s *single) chunks(snap *abci.Snapshot) [][]byte {
	s.t.Helper()
	var out [][]byte
	for i := range snap.Chunks {
		r, err := s.app.LoadSnapshotChunk(context.Background(), &abci.RequestLoadSnapshotChunk{Height: snap.Height, Format: snap.Format, Chunk: i})
		if err != nil {
			s.t.Fatal(err)
		}
		out = append(out, r.Chunk)
	}
	return out
}

// appHashAt is the app hash the file records after height: the state hash of the last
// block up to it that recorded a transaction, what a light client verifies.
func (s *single) appHashAt(h uint64) []byte {
	s.t.Helper()
	var out []byte
	for b, err := range s.db.Blocks(1, h) {
		if err != nil {
			s.t.Fatal(err)
		}
		if len(b.Txs) > 0 {
			out = bytes.Clone(b.Hash[:])
		}
	}
	return out
}

// TestSnapshotsAtTheFirstTransactionOfEachIntervalAndTheLastTwoKept: with an interval of
// 2, blocks 3, 4 and 8 are snapshot heights (2, 6 and 7 recorded nothing); 4 and 8 are
// kept, each chunked at 512 bytes, its metadata naming its app hash.
func TestSnapshotsAtTheFirstTransactionOfEachIntervalAndTheLastTwoKept(t *testing.T) {
	s := snapshotted(t)
	snaps := s.snapshots()
	var heights []uint64
	for _, sn := range snaps {
		heights = append(heights, sn.Height)
	}
	if len(heights) != 2 || heights[0] != 4 || heights[1] != 8 {
		t.Fatalf("snapshot heights %v, want [4 8]", heights)
	}
	for _, sn := range snaps {
		var meta struct {
			AppHash string   `json:"app_hash"`
			Chunks  []string `json:"chunks"`
		}
		if err := json.Unmarshal(sn.Metadata, &meta); err != nil {
			t.Fatal(err)
		}
		if meta.AppHash != hex.EncodeToString(s.appHashAt(sn.Height)) {
			t.Errorf("snapshot %d made at app hash %s, the block records %x", sn.Height, meta.AppHash, s.appHashAt(sn.Height))
		}
		cs := s.chunks(sn)
		if sn.Format != comet.SnapshotFormat || int(sn.Chunks) != len(meta.Chunks) || len(cs) < 2 {
			t.Errorf("snapshot %d: format %d, %d chunks, metadata lists %d, %d loaded", sn.Height, sn.Format, sn.Chunks, len(meta.Chunks), len(cs))
		}
		for i, c := range cs {
			if len(c) == 0 || len(c) > 512 {
				t.Errorf("snapshot %d chunk %d is %d bytes", sn.Height, i, len(c))
			}
		}
	}
}

// TestASnapshotRestoresTheStateInfoAndLog: a fresh app offered the snapshot at height 8
// with the verified app hash accepts it and every chunk; Info then reports height 8 and
// that hash; the next block gives the same app hash on both apps; the file's log begins
// at 8 and verifies from there, and a restart resumes from it.
func TestASnapshotRestoresTheStateInfoAndLog(t *testing.T) {
	s := snapshotted(t)
	snap := s.snapshots()[1]
	trusted := s.appHashAt(8)
	j := newJoiner(t)
	if r := j.offer(snap, trusted); r != abci.ResponseOfferSnapshot_ACCEPT {
		t.Fatalf("offer: %s", r)
	}
	for i, c := range s.chunks(snap) {
		if r := j.apply(i, c); r.Result != abci.ResponseApplySnapshotChunk_ACCEPT {
			t.Fatalf("chunk %d: %s", i, r.Result)
		}
	}
	info, err := j.app.Info(context.Background(), &abci.RequestInfo{})
	if err != nil {
		t.Fatal(err)
	}
	if info.LastBlockHeight != 8 || !bytes.Equal(info.LastBlockAppHash, trusted) {
		t.Fatalf("info after restore: height %d app hash %x, want 8 %x", info.LastBlockHeight, info.LastBlockAppHash, trusted)
	}
	var want, got uint64
	s.app.View(func(st *ledger.State) { want = st.NextNonce(s.funded.Address()) })
	j.app.View(func(st *ledger.State) { got = st.NextNonce(s.funded.Address()) })
	if got != want || got != 6 {
		t.Fatalf("restored next nonce %d, the source's %d, want 6", got, want)
	}

	raw := s.tx(s.funded, 6, ledger.Amount{}, ledger.Faucet{To: s.funded.Address(), Amount: ledger.Ether(1)})
	req := &abci.RequestFinalizeBlock{Height: 9, Time: time.Unix(1_800_000_009, 0), Txs: [][]byte{raw}}
	a := s.finalize(raw)
	s.commit()
	b, err := j.app.FinalizeBlock(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := j.app.Commit(context.Background(), &abci.RequestCommit{}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.AppHash, b.AppHash) || b.TxResults[0].Code != 0 {
		t.Fatalf("block 9: joiner's app hash %x (code %d), the source's %x", b.AppHash, b.TxResults[0].Code, a.AppHash)
	}

	path := j.db.Path()
	j.db.Close()
	rep, err := blocks.Verify(path)
	if err != nil {
		t.Fatal(err)
	}
	if rep.From != 8 || rep.FromHash != "0x"+hex.EncodeToString(trusted) || rep.Blocks != 1 || rep.Txs != 1 || rep.Hash != "0x"+hex.EncodeToString(a.AppHash) {
		t.Fatalf("verify: %+v", rep)
	}
	if want := "history starts at snapshot height 8 (state hash 0x" + hex.EncodeToString(trusted) + "): the blocks before it are not in this log"; rep.Start() != want {
		t.Fatalf("verify says %q, want %q", rep.Start(), want)
	}
	db, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	again, err := comet.NewApp(db, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	info, err = again.Info(context.Background(), &abci.RequestInfo{})
	if err != nil {
		t.Fatal(err)
	}
	if info.LastBlockHeight != 9 || !bytes.Equal(info.LastBlockAppHash, a.AppHash) {
		t.Fatalf("info after restart: height %d app hash %x, want 9 %x", info.LastBlockHeight, info.LastBlockAppHash, a.AppHash)
	}
}

// TestAChunkThatDoesNotHashToItsSnapshotIsFetchedAgain: a chunk altered in transit is
// answered RETRY, to be fetched again and its sender rejected, with the reason logged;
// nothing is applied, and the right chunk then completes the restore.
func TestAChunkThatDoesNotHashToItsSnapshotIsFetchedAgain(t *testing.T) {
	s := snapshotted(t)
	snap := s.snapshots()[1]
	j := newJoiner(t)
	if r := j.offer(snap, s.appHashAt(8)); r != abci.ResponseOfferSnapshot_ACCEPT {
		t.Fatalf("offer: %s", r)
	}
	cs := s.chunks(snap)
	bad := bytes.Clone(cs[1])
	bad[0] ^= 1
	r := j.apply(1, bad)
	if r.Result != abci.ResponseApplySnapshotChunk_RETRY || len(r.RefetchChunks) != 1 || r.RefetchChunks[0] != 1 ||
		len(r.RejectSenders) != 1 || r.RejectSenders[0] != "peer1" {
		t.Fatalf("bad chunk: %+v", r)
	}
	var meta struct {
		Chunks []string `json:"chunks"`
	}
	if err := json.Unmarshal(snap.Metadata, &meta); err != nil {
		t.Fatal(err)
	}
	j.refused(8, "chunk 1 hashes to "+sha256hex(bad)+", the snapshot's metadata lists "+meta.Chunks[1])
	j.untouched()
	for i, c := range cs {
		if r := j.apply(i, c); r.Result != abci.ResponseApplySnapshotChunk_ACCEPT {
			t.Fatalf("chunk %d: %s", i, r.Result)
		}
	}
	if h, _ := j.app.Committed(); h.Height != 8 {
		t.Fatalf("restored at height %d, want 8", h.Height)
	}
}

// TestASnapshotWhoseStateIsNotTheVerifiedAppHashIsRejected: a snapshot made at another
// app hash than the light client verified is rejected when offered; one whose metadata
// names the verified hash but whose state (consistently chunked and hashed) is another
// is rejected after its last chunk. Nothing is applied either time.
func TestASnapshotWhoseStateIsNotTheVerifiedAppHashIsRejected(t *testing.T) {
	s := snapshotted(t)
	snaps := s.snapshots()
	at4, at8 := s.appHashAt(4), s.appHashAt(8)
	j := newJoiner(t)
	if r := j.offer(snaps[1], at4); r != abci.ResponseOfferSnapshot_REJECT {
		t.Fatalf("offer at the wrong app hash: %s", r)
	}
	j.refused(8, "made at app hash "+hex.EncodeToString(at8)+", the light client verified "+hex.EncodeToString(at4))
	j.untouched()

	// The snapshot at 4 relabelled as one at 8 with the app hash of 8.
	forged := relabel(t, snaps[0], s.chunks(snaps[0]), 8, at8)
	if r := j.offer(forged, at8); r != abci.ResponseOfferSnapshot_ACCEPT {
		t.Fatalf("offer: %s", r)
	}
	cs := s.chunks(snaps[0])
	for i, c := range cs {
		want := abci.ResponseApplySnapshotChunk_ACCEPT
		if i == len(cs)-1 {
			want = abci.ResponseApplySnapshotChunk_REJECT_SNAPSHOT
		}
		if r := j.apply(i, c); r.Result != want {
			t.Fatalf("chunk %d: %s, want %s", i, r.Result, want)
		}
	}
	j.refused(8, "the state is at height 4")
	j.untouched()

	// The state at 4 offered at 4 but with another app hash vouched for.
	forged = relabel(t, snaps[0], cs, 4, at8)
	if r := j.offer(forged, at8); r != abci.ResponseOfferSnapshot_ACCEPT {
		t.Fatalf("offer: %s", r)
	}
	for i, c := range cs {
		j.apply(i, c)
	}
	j.refused(4, "the state hashes to 0x"+hex.EncodeToString(at4)+", the light client verified app hash 0x"+hex.EncodeToString(at8))
	j.untouched()
}

// TestASnapshotOfAnotherFormatIsRejected: REJECT_FORMAT, logged, nothing applied.
func TestASnapshotOfAnotherFormatIsRejected(t *testing.T) {
	s := snapshotted(t)
	snap := *s.snapshots()[1]
	snap.Format = 2
	j := newJoiner(t)
	if r := j.offer(&snap, s.appHashAt(8)); r != abci.ResponseOfferSnapshot_REJECT_FORMAT {
		t.Fatalf("offer: %s", r)
	}
	j.refused(8, "format 2, this node restores format 1")
	j.untouched()
}

// relabel returns snap with height h and metadata naming appHash over chunks.
func relabel(t *testing.T, snap *abci.Snapshot, chunks [][]byte, h uint64, appHash []byte) *abci.Snapshot {
	t.Helper()
	meta := map[string]any{"app_hash": hex.EncodeToString(appHash)}
	var sums []string
	for _, c := range chunks {
		sums = append(sums, sha256hex(c))
	}
	meta["chunks"] = sums
	mb, err := json.Marshal(meta)
	if err != nil {
		t.Fatal(err)
	}
	out := *snap
	out.Height, out.Metadata = h, mb
	return &out
}

func sha256hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// TestANodeWithBlocksRefusesASnapshot: a node that already holds blocks aborts state
// sync rather than overwrite them.
func TestANodeWithBlocksRefusesASnapshot(t *testing.T) {
	s := snapshotted(t)
	var buf bytes.Buffer
	j := &joiner{t: t, db: s.db, app: reopenLogging(t, s, &buf), log: &buf}
	if r := j.offer(s.snapshots()[1], s.appHashAt(8)); r != abci.ResponseOfferSnapshot_ABORT {
		t.Fatalf("offer: %s", r)
	}
	j.refused(8, "this node already holds the ledger at height 8")
	if info := s.info(); info.LastBlockHeight != 8 {
		t.Fatalf("info at height %d, want 8", info.LastBlockHeight)
	}
}

// reopenLogging opens a new app over s's file, logging into buf.
func reopenLogging(t *testing.T, s *single, buf *bytes.Buffer) *comet.App {
	t.Helper()
	app, err := comet.NewApp(s.db, 0, slog.New(slog.NewTextHandler(buf, nil)))
	if err != nil {
		t.Fatal(err)
	}
	return app
}
