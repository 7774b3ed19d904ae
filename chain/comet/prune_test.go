package comet_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	rpchttp "github.com/cometbft/cometbft/rpc/client/http"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/store"
)

// The pruning tests' settings: a snapshot every pruneEvery blocks, evidence valid for
// pruneEvidence blocks, and a pruning node keeping pruneKeep, the least it may.
const (
	pruneEvery    = 5
	pruneEvidence = 4
	pruneKeep     = 5
)

// lone is a one-validator network of a real CometBFT node in this process, with a
// funded key and an RPC client.
type lone struct {
	t      testing.TB
	net    comet.Network
	opts   comet.Options
	e      *comet.Engine
	rpc    *rpchttp.HTTP
	funded *account.Key
	nonce  uint64
	ids    []string // the ids of the transactions committed, in order
}

func newLone(t testing.TB, p comet.Pruning) *lone {
	return newLoneEvery(t, p, pruneEvery, pruneEvidence)
}

// newLoneEvery is newLone with a snapshot every every blocks and evidence valid for
// evidence blocks.
func newLoneEvery(t testing.TB, p comet.Pruning, every uint64, evidence int64) *lone {
	t.Helper()
	l := &lone{t: t, funded: mustKey(t)}
	terms := ledger.Terms{
		Chain: "arena-prune-test", Name: "prune test", Symbol: "GEN",
		EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20), AppealWindowS: 60, GradingWindowS: 86400,
		Attempts: 3, RoundTimeoutS: 30, DevMode: true,
		Genesis: []ledger.Allocation{{Address: l.funded.Address(), Amount: ledger.Ether(10)}},
	}
	net, err := comet.Testnet(t.TempDir(), comet.TestnetOptions{Nodes: 1, Terms: terms, BasePort: freeBase(t, 1),
		TimeoutCommit: 50 * time.Millisecond, EvidenceBlocks: evidence})
	if err != nil {
		t.Fatal(err)
	}
	l.net = net
	l.opts = comet.Options{Snapshots: comet.SnapshotConfig{Every: every}, Pruning: p}
	if l.rpc, err = rpchttp.New("tcp://"+net.Nodes[0].RPC, "/websocket"); err != nil {
		t.Fatal(err)
	}
	l.open()
	return l
}

func (l *lone) open() {
	l.t.Helper()
	e, err := comet.Open(l.net.Nodes[0].Home, l.opts)
	if err != nil {
		l.t.Fatal(err)
	}
	l.e = e
	l.t.Cleanup(func() { e.Close() })
}

func (l *lone) close() {
	l.t.Helper()
	if err := l.e.Close(); err != nil {
		l.t.Fatal(err)
	}
}

// faucet commits one faucet transaction and returns its height.
func (l *lone) faucet() uint64 {
	l.t.Helper()
	l.nonce++
	tx := ledgertest.Stamped(l.net.Terms, &ledger.Tx{Nonce: l.nonce, Body: ledger.Faucet{To: l.funded.Address(), Amount: ledger.Ether(1)}})
	if err := l.funded.SignTx(tx); err != nil {
		l.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	r, err := l.e.Submit(ctx, tx)
	if err != nil || !r.Outcome.OK() {
		l.t.Fatalf("faucet %d: %+v, %v", l.nonce, r, err)
	}
	l.ids = append(l.ids, r.TxID)
	return r.Height
}

// earliest returns the lowest height CometBFT's block store holds.
func (l *lone) earliest() int64 {
	l.t.Helper()
	st, err := l.rpc.Status(context.Background())
	if err != nil {
		l.t.Fatal(err)
	}
	return st.SyncInfo.EarliestBlockHeight
}

// base returns where the app's log begins.
func (l *lone) base() store.Base {
	l.t.Helper()
	b, _, _, err := l.e.DB().Base()
	if err != nil {
		l.t.Fatal(err)
	}
	return b
}

// events asks the API at url for the event stream after height since, and returns its
// status and, for a refusal, its body; a stream is closed unread.
func (l *lone) events(url string, since uint64) (int, api.ErrorBody) {
	l.t.Helper()
	return l.get(fmt.Sprintf("%s/v1/events?since=%d", url, since))
}

// get asks for url and returns the status and, for a refusal, its body.
func (l *lone) get(url string) (int, api.ErrorBody) {
	l.t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		l.t.Fatal(err)
	}
	defer resp.Body.Close()
	var b api.ErrorBody
	if resp.StatusCode != http.StatusOK {
		if err := json.NewDecoder(resp.Body).Decode(&b); err != nil {
			l.t.Fatal(err)
		}
	}
	return resp.StatusCode, b
}

func (l *lone) dbPath() string { return filepath.Join(l.net.Nodes[0].Home, comet.DBFile) }

// TestAPruningNodeKeepsItsLastBlocksAndRestarts: a node keeping 5 blocks, with a
// snapshot every 5, runs transactions until CometBFT's block store no longer begins at
// height 1 and its own log begins at a snapshot. CometBFT answers for height 1 that it
// is not available; the log begins at the oldest snapshot kept, and CometBFT's store no
// later. Verify starts at that snapshot and says the blocks before it were pruned.
// Restarted, the node restores from its file's snapshot and the log kept, reaches the
// same height and app hash, and commits on.
func TestAPruningNodeKeepsItsLastBlocksAndRestarts(t *testing.T) {
	l := newLone(t, comet.Pruning{KeepBlocks: pruneKeep})
	sent := 0
	for ; sent < 120 && (l.earliest() <= 1 || l.base().Height == 0 || l.base().Height < 3*pruneEvery); sent++ {
		l.faucet()
	}
	earliest, base := l.earliest(), l.base()
	if earliest <= 1 || base.Height == 0 || !base.Pruned {
		t.Fatalf("after %d transactions CometBFT's store begins at %d, the log after %+v", sent, earliest, base)
	}
	if uint64(earliest) > base.Height {
		t.Fatalf("CometBFT's store begins at %d, above the oldest snapshot kept, %d", earliest, base.Height)
	}
	_, err := l.rpc.Block(context.Background(), ptr(int64(1)))
	if want := "height 1 is not available, lowest height is "; err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("block 1 from a pruned node: %v, want %q", err, want)
	}
	if first, err := l.e.FirstBlock(); err != nil || first != base.Height+1 {
		t.Fatalf("first block %d, %v; want %d", first, err, base.Height+1)
	}
	// The API's event stream answers a resume from before the log with the lowest
	// height kept, and one from the log's beginning with its blocks.
	srv := httptest.NewServer(api.New(api.Config{Chain: l.e, Works: l.e.DB()}))
	defer srv.Close()
	status, body := l.events(srv.URL, 0)
	wantBody := api.ErrorBody{Error: api.ErrorDetail{Class: "EXPECTED", Message: fmt.Sprintf("height 1 is not available, lowest height is %d: "+
		"this node keeps no blocks before it (pruned, or joined by state sync); fetch GET /v1/snapshot, then follow the stream, or ask an archive node", base.Height+1)}}
	if got, _ := json.Marshal(body); status != http.StatusGone || body != wantBody {
		t.Fatalf("events since 0 from a pruned node: %d %s, want 410 %+v", status, got, wantBody)
	}
	if status, _ := l.events(srv.URL, base.Height); status != http.StatusOK {
		t.Fatalf("events since the log's base: %d, want 200", status)
	}
	id := l.ids[0]
	status, body = l.get(srv.URL + "/v1/tx/" + id)
	wantBody = api.ErrorBody{Error: api.ErrorDetail{Class: "EXPECTED", Message: fmt.Sprintf("no transaction %s in the blocks this node keeps, from height %d on; ask an archive node for earlier ones", id, base.Height+1)}}
	if status != http.StatusNotFound || body != wantBody {
		t.Fatalf("a pruned transaction: %d %+v, want 404 %+v", status, body, wantBody)
	}
	last, hash := l.e.App().Committed()
	t.Logf("after %d transactions: height %d, CometBFT keeps from %d, the log from %d", sent, last.Height, earliest, base.Height+1)
	l.close()

	rep, err := blocks.Verify(l.dbPath())
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("history starts at snapshot height %d (state hash %s): blocks before it were pruned", base.Height, store.HexID(base.Hash))
	if rep.Start() != want || rep.From != base.Height || !rep.Pruned || rep.Hash != store.HexID(hash) {
		t.Fatalf("verify: %+v (%s), want %s and state hash %s", rep, rep.Start(), want, store.HexID(hash))
	}

	l.open()
	again, hashAgain := l.e.App().Committed()
	if again.Height != last.Height || hashAgain != hash {
		t.Fatalf("restarted at height %d app hash %s, was %d %s", again.Height, store.HexID(hashAgain), last.Height, store.HexID(hash))
	}
	if h := l.faucet(); h <= last.Height {
		t.Fatalf("a transaction after the restart committed at %d, not after %d", h, last.Height)
	}
}

// TestAnArchiveNodeKeepsEveryBlock: with snapshots but no pruning, CometBFT's store
// and the app's log keep block 1 however many snapshots were made, and verify starts
// at genesis.
func TestAnArchiveNodeKeepsEveryBlock(t *testing.T) {
	l := newLone(t, comet.Pruning{})
	for range 3 * pruneEvery {
		l.faucet()
	}
	if _, err := l.rpc.Block(context.Background(), ptr(int64(1))); err != nil || l.earliest() != 1 || l.base().Height != 0 {
		t.Fatalf("archive node: block 1 %v, earliest %d, log base %+v", err, l.earliest(), l.base())
	}
	srv := httptest.NewServer(api.New(api.Config{Chain: l.e, Works: l.e.DB()}))
	defer srv.Close()
	if status, body := l.events(srv.URL, 0); status != http.StatusOK {
		t.Fatalf("events since 0 from an archive node: %d %+v", status, body)
	}
	l.close()
	rep, err := blocks.Verify(l.dbPath())
	if err != nil || rep.Start() != "history starts at genesis" || rep.Txs != 3*pruneEvery {
		t.Fatalf("verify: %+v, %v", rep, err)
	}
}

// TestPruningBelowWhatTheNodeNeedsIsRefused: a node keeping fewer blocks than
// evidence and its snapshot interval need, or pruning with no snapshots, does not
// start, with the message.
func TestPruningBelowWhatTheNodeNeedsIsRefused(t *testing.T) {
	l := newLone(t, comet.Pruning{})
	l.close()
	cases := []struct {
		o    comet.Options
		is   error
		want string
	}{
		{comet.Options{Snapshots: comet.SnapshotConfig{Every: pruneEvery}, Pruning: comet.Pruning{KeepBlocks: 3}}, comet.ErrKeepBlocks,
			"keep_blocks below the minimum: keep_blocks = 3, the least is 5: evidence stays valid for 4 blocks (genesis consensus_params.evidence.max_age_num_blocks) and snapshots come every 5"},
		{comet.Options{Snapshots: comet.SnapshotConfig{Every: 2}, Pruning: comet.Pruning{KeepBlocks: 3}}, comet.ErrKeepBlocks,
			"keep_blocks below the minimum: keep_blocks = 3, the least is 4: evidence stays valid for 4 blocks (genesis consensus_params.evidence.max_age_num_blocks) and snapshots come every 2"},
		{comet.Options{Pruning: comet.Pruning{KeepBlocks: 100}}, comet.ErrPruneWithoutSnapshots,
			"pruning needs snapshots: keep_blocks = 100 with no snapshots ([snapshots] interval = 0): a pruned node restarts from its own snapshot, and a new node can join it only by state sync"},
	}
	home := l.net.Nodes[0].Home
	for _, c := range cases {
		e, err := comet.Open(home, c.o)
		if err == nil {
			e.Close()
		}
		if want := "open node " + home + ": " + c.want; !errors.Is(err, c.is) || err.Error() != want {
			t.Errorf("open with %+v: %v\nwant %s", c.o.Pruning, err, want)
		}
	}
}
