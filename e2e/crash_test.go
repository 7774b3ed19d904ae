package e2e

import (
	"context"
	"encoding/json"
	"flag"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
	"github.com/arena/arena/store"
)

var (
	crashCycles = flag.Int("crash.cycles", 20, "kill-and-restart cycles of the crash test")
	crashSeed   = flag.Uint64("crash.seed", 1, "seed of the crash test's kill moments and transaction mix")
)

// Bounds of the moment, into each cycle, at which the node is killed.
const (
	minKillDelay = 50 * time.Millisecond
	maxKillDelay = 400 * time.Millisecond
	crashClients = 8
)

// TestAcknowledgedTransactionsSurviveSIGKILL: DESIGN.md, "Persistence and operation":
// "written in one database transaction per applied block, so a crash loses nothing that
// was acknowledged and a restart resumes exactly". Eight clients, each with its own key,
// send signed faucet, post_task, submit, grade and withdraw transactions to a real
// `arena node` process, which is killed with SIGKILL at a random moment of every cycle
// and restarted. After every kill, every transaction whose receipt was answered is in
// the log at its height and index with the outcome it was answered with, no
// acknowledged nonce was reused, the state rebuilt from the file holds the ledger's
// invariants and `arena verify` replays the log to the same state hash; after every
// restart the node resumes each sender's nonce where the log left it.
func TestAcknowledgedTransactionsSurviveSIGKILL(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "arena")
	arena(t, "init", "--dev", "--dir", dir, "--name", "crash")
	cfg, err := node.LoadConfig(dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg.API.Rate = 0 // the clients are the load under test, not strangers to keep out
	writeConfig(t, dir, cfg)
	db := filepath.Join(dir, "arena.db")
	rng := rand.New(rand.NewPCG(*crashSeed, 0x5eed))
	t.Logf("seed %d, %d cycles", *crashSeed, *crashCycles)
	workers := newWorkers(t, rng)
	var b book
	var want map[ledger.Address]uint64 // next nonces the last check read from the file
	for cycle := range *crashCycles {
		p := startNode(t, dir)
		checkResumed(t, p, want, b.maxHeight())
		delay := minKillDelay + time.Duration(rng.Int64N(int64(maxKillDelay-minKillDelay)))
		drive(t, p, workers, &b, delay)
		want = checkAfterCrash(t, dir, db, workers, b.all())
		if t.Failed() {
			t.Fatalf("cycle %d of %d (killed %s in) failed; node log:\n%s", cycle+1, *crashCycles, delay, tail(filepath.Join(dir, "node.log")))
		}
	}
	st := b.stats()
	t.Logf("%d transactions acknowledged (%v), %d sends cut off by a kill", st.acked, st.kinds, st.cut)
	if st.acked < *crashCycles || st.cut == 0 {
		t.Errorf("acknowledged %d transactions, %d cut off: the clients did not load the node across its kills", st.acked, st.cut)
	}
	for _, k := range []ledger.Kind{ledger.KindFaucet, ledger.KindPostTask, ledger.KindSubmit, ledger.KindGrade} {
		if st.kinds[k] == 0 {
			t.Errorf("no %s transaction was acknowledged; the mix must cover it", k)
		}
	}
}

// drive runs the clients against p and kills the node after delay; it returns once
// every client has stopped.
func drive(t *testing.T, p *proc, workers []*worker, b *book, delay time.Duration) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var wg sync.WaitGroup
	for _, w := range workers {
		wg.Go(func() { w.run(ctx, p.c, b) })
	}
	time.Sleep(delay)
	p.kill()
	cancel()
	wg.Wait()
}

// checkAfterCrash checks the file a killed node left, and returns each client's next
// nonce as the state rebuilt from it holds.
func checkAfterCrash(t *testing.T, dir, db string, workers []*worker, acks []ack) map[ledger.Address]uint64 {
	t.Helper()
	checkAcknowledged(t, db, acks)
	next, hash := checkRestored(t, db, workers, acks)
	var rep solo.Report
	if err := json.Unmarshal([]byte(arena(t, "verify", "--dir", dir, "--json")), &rep); err != nil {
		t.Fatalf("arena verify --json: %v", err)
	}
	if rep.Hash != hash {
		t.Errorf("arena verify replays to state hash %s, the restored state has %s", rep.Hash, hash)
	}
	return next
}

// checkAcknowledged opens the log (the node is dead) and looks up every acknowledged
// transaction by id.
func checkAcknowledged(t *testing.T, path string, acks []ack) {
	t.Helper()
	db, err := store.Open(path)
	if err != nil {
		t.Fatalf("open the killed node's log: %v", err)
	}
	defer db.Close()
	byNonce := map[ledger.Address]map[uint64]string{}
	for _, a := range acks {
		if byNonce[a.from] == nil {
			byNonce[a.from] = map[uint64]string{}
		}
		if prev, ok := byNonce[a.from][a.nonce]; ok && prev != a.rc.TxID {
			t.Errorf("nonce %d of %s acknowledged twice: tx %s and tx %s", a.nonce, a.from, prev, a.rc.TxID)
		}
		byNonce[a.from][a.nonce] = a.rc.TxID
		checkInLog(t, db, a)
	}
}

// checkInLog checks that the log holds a exactly as its receipt said.
func checkInLog(t *testing.T, db *store.DB, a ack) {
	t.Helper()
	id, err := store.ParseID(a.rc.TxID)
	if err != nil {
		t.Fatalf("receipt tx id %q: %v", a.rc.TxID, err)
	}
	got, ok, err := db.Tx(id)
	switch {
	case err != nil:
		t.Fatalf("read tx %s: %v", a.rc.TxID, err)
	case !ok:
		t.Errorf("acknowledged %s tx %s (%s nonce %d, block %d) is not in the log", a.kind, a.rc.TxID, a.from, a.nonce, a.rc.Height)
		return
	case got.Height != a.rc.Height || got.Index != a.rc.Index:
		t.Errorf("tx %s is at block %d index %d, its receipt said block %d index %d", a.rc.TxID, got.Height, got.Index, a.rc.Height, a.rc.Index)
	case got.Tx.From != a.from || got.Tx.Nonce != a.nonce:
		t.Errorf("tx %s is from %s nonce %d in the log, %s nonce %d when sent", a.rc.TxID, got.Tx.From, got.Tx.Nonce, a.from, a.nonce)
	}
	if w, g := outcomeJSON(t, a.rc.Outcome), outcomeJSON(t, got.Outcome); w != g {
		t.Errorf("tx %s: the log records outcome %s, the receipt said %s", a.rc.TxID, g, w)
	}
}

func outcomeJSON(t *testing.T, o ledger.Outcome) string {
	t.Helper()
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// checkRestored rebuilds the state from the file as a restarting node does, checks its
// invariants and that every client's next nonce follows its last acknowledged one, and
// returns those next nonces and the state hash.
func checkRestored(t *testing.T, path string, workers []*worker, acks []ack) (map[ledger.Address]uint64, string) {
	t.Helper()
	e, err := solo.Open(solo.Config{Path: path}, nil)
	if err != nil {
		t.Fatalf("reopen the killed node's log: %v", err)
	}
	defer e.Close()
	last := map[ledger.Address]uint64{}
	for _, a := range acks {
		last[a.from] = max(last[a.from], a.nonce)
	}
	next := map[ledger.Address]uint64{}
	var hash string
	e.View(func(s *ledger.State) {
		if err := s.CheckInvariants(); err != nil {
			t.Errorf("restored state at height %d: %v", s.Height(), err)
		}
		hash = store.HexID(s.Hash())
		for _, w := range workers {
			a := w.key.Address()
			next[a] = s.NextNonce(a)
			if l, ok := last[a]; ok && next[a] <= l {
				t.Errorf("%s: next nonce %d after a restart, but nonce %d was acknowledged", a, next[a], l)
			}
		}
	})
	return next, hash
}

// checkResumed checks that a restarted node answers with the height and the nonces the
// log holds.
func checkResumed(t *testing.T, p *proc, want map[ledger.Address]uint64, height uint64) {
	t.Helper()
	h, err := p.c.Health(t.Context())
	if err != nil {
		t.Fatalf("GET /healthz after restart: %v", err)
	}
	if h.Height < height {
		t.Errorf("restarted at height %d, below the last acknowledged block %d", h.Height, height)
	}
	for a, n := range want {
		acc, err := p.c.Account(t.Context(), a)
		if err != nil {
			t.Fatalf("GET account %s after restart: %v", a, err)
		}
		if acc.NextNonce != n {
			t.Errorf("%s: the restarted node expects nonce %d, the log says %d", a, acc.NextNonce, n)
		}
	}
}

// newWorkers makes the clients, each with its own key and random source.
func newWorkers(t *testing.T, rng *rand.Rand) []*worker {
	t.Helper()
	ws := make([]*worker, crashClients)
	ts := &tasks{latest: map[ledger.Address]ledger.TaskID{}}
	for i := range ws {
		k, err := account.Generate()
		if err != nil {
			t.Fatal(err)
		}
		ws[i] = &worker{key: k, tasks: ts, rng: rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64()))}
	}
	return ws
}
