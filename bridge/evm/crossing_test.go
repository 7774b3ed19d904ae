package evm_test

import (
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/bridge"
	"github.com/arena/arena/bridge/evm"
	"github.com/arena/arena/bridge/internal/solotest"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// TestAWonAwardCrossesToTheRegistryAndAVoidedOneCrossesNothing: spec, "When a task is
// awarded, the contract calls onAward(uint256 taskId, address winner, uint256 score)"
// and the suite asserts "that an award really crossed the boundary, and only when a task
// was actually won". The contests' award events, relayed to a registry deployed on a
// real EVM, leave the registry holding each win; the voided task has no delivery and
// nothing in the registry; the recorded hash is a successful transaction.
func TestAWonAwardCrossesToTheRegistryAndAVoidedOneCrossesNothing(t *testing.T) {
	operator := newKey(t)
	c := newChain(t, operator)
	reg := c.deploy(t, operator, addrOf(operator))
	a := solotest.Open(t, &reg)
	sink := c.sink(t, reg, operator)
	r, err := bridge.New(a.DB(), bridge.Config{Sinks: []bridge.Sink{sink}, Blocks: a.Blocks(), Poll: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	runRelayer(t, r)
	won1, _ := a.Won("alice", 4)
	voided := a.Voided()
	won2, _ := a.Won("alice", 5)
	waitFor(t, "both wins delivered", func() bool {
		ds, err := a.DB().Deliveries()
		return err == nil && len(ds) == 2 && ds[0].Delivered() && ds[1].Delivered()
	})
	winner := a.Addr("alice")
	for task, score := range map[ledger.TaskID]int64{won1: 80, won2: 100} {
		w, err := sink.TaskWin(ctx(t), task)
		if err != nil {
			t.Fatal(err)
		}
		if w.Winner != common.Address(winner) || w.Score.Int64() != score || w.RecordedAt.Sign() == 0 {
			t.Errorf("registry holds task %d as %+v, want %s with %d", task, w, winner, score)
		}
	}
	if w, err := sink.TaskWin(ctx(t), voided); err != nil || w.Winner != (common.Address{}) {
		t.Errorf("registry holds voided task %d as %+v, %v; want nothing", voided, w, err)
	}
	if n, err := sink.WinsOf(ctx(t), winner); err != nil || n.Int64() != 2 {
		t.Errorf("winsOf(winner) = %v, %v; want 2", n, err)
	}
	checkCrossed(t, c, a.DB(), sink.Name(), []ledger.TaskID{won1, won2})
}

// checkCrossed: the deliveries are exactly the given tasks, each with a mined
// transaction hash.
func checkCrossed(t *testing.T, c *chain, db *store.DB, sink string, tasks []ledger.TaskID) {
	t.Helper()
	ds, err := db.Deliveries()
	if err != nil {
		t.Fatal(err)
	}
	var got []ledger.TaskID
	for _, d := range ds {
		if store.KeyOf(d) != store.BountyKey(d.Task) {
			t.Errorf("delivery %+v keyed %v", d, store.KeyOf(d))
		}
		got = append(got, d.Task)
		if d.Sink != sink || d.Attempts != 1 || d.TxHash == "" {
			t.Errorf("delivery %+v", d)
			continue
		}
		rc, err := c.client.TransactionReceipt(ctx(t), common.HexToHash(d.TxHash))
		if err != nil || rc.Status != types.ReceiptStatusSuccessful {
			t.Errorf("task %d: transaction %s: %+v, %v", d.Task, d.TxHash, rc, err)
		}
	}
	if diff := cmp.Diff(tasks, got); diff != "" {
		t.Errorf("tasks that crossed (-want +got):\n%s", diff)
	}
}

// TestARevertingRegistryIsRetriedAndNeverUnwindsTheAward: spec, "fire and forget: the
// award is already final on the GenLayer side, so a failure over there must not be able
// to unwind it". A registry whose operator is another key reverts every call: each
// attempt is recorded as failed with the contract's reason and retried on the backoff
// schedule, the award and the winner's claim stand, and once the relayer restarts with
// the operator's key the same delivery succeeds.
func TestARevertingRegistryIsRetriedAndNeverUnwindsTheAward(t *testing.T) {
	operator, stranger := newKey(t), newKey(t)
	c := newChain(t, operator, stranger)
	reg := c.deploy(t, operator, addrOf(operator))
	a := solotest.Open(t, &reg)
	task, _ := a.Won("bob", 4)
	before := a.Snapshot()
	backoff := bridge.Backoff{Base: 5 * time.Millisecond, Max: 20 * time.Millisecond}
	wrong := c.sink(t, reg, stranger)
	r, err := bridge.New(a.DB(), bridge.Config{Sinks: []bridge.Sink{wrong}, Backoff: backoff, Poll: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	stop := runRelayer(t, r)
	id := bridge.EventID(solotest.Chain, store.BountyKey(task))
	waitFor(t, "four failed attempts", func() bool {
		at, err := a.DB().Attempts(id, wrong.Name())
		return err == nil && len(at) >= 4
	})
	stop()
	at, err := a.DB().Attempts(id, wrong.Name())
	if err != nil {
		t.Fatal(err)
	}
	reason := "reverted: NotOperator(" + addrOf(stranger).Hex() + ")"
	for _, x := range at {
		if !strings.Contains(x.Err, reason) || x.Next.Sub(x.At) != backoff.Delay(x.N) {
			t.Errorf("attempt %d: %+v; want %q and a retry after %s", x.N, x, reason, backoff.Delay(x.N))
		}
	}
	if diff := cmp.Diff(before, a.Snapshot(), cmp.Comparer(func(x, y ledger.Amount) bool { return x.Eq(y) })); diff != "" {
		t.Errorf("failed deliveries changed the ledger (-before +after):\n%s", diff)
	}
	if v := a.Task(task); v.State != ledger.TaskAwarded || *v.WinnerAddr != a.Addr("bob") {
		t.Errorf("task after failed deliveries: %+v", v)
	}

	right := c.sink(t, reg, operator)
	if right.Name() != wrong.Name() {
		t.Fatalf("one registry, two sink names: %q, %q", right.Name(), wrong.Name())
	}
	r2, err := bridge.New(a.DB(), bridge.Config{Sinks: []bridge.Sink{right}, Backoff: backoff, Poll: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	runRelayer(t, r2)
	waitFor(t, "the delivery succeeded after the restart", func() bool {
		ds, err := a.DB().Deliveries()
		return err == nil && len(ds) == 1 && ds[0].Delivered()
	})
	if w, err := right.TaskWin(ctx(t), task); err != nil || w.Winner != common.Address(a.Addr("bob")) {
		t.Errorf("registry after the restart: %+v, %v", w, err)
	}
}

// TestTheRegistryRecordsEachTaskOnce: the relayer delivers at least once, so the
// registry must not count a repeat. A repeated identical call is mined and changes
// nothing; a different winner for a recorded task, or the zero address, reverts with
// the contract's reason; the sink refuses a voided award, and an award of any kind but
// a bounty, without sending anything.
func TestTheRegistryRecordsEachTaskOnce(t *testing.T) {
	operator := newKey(t)
	c := newChain(t, operator)
	reg := c.deploy(t, operator, addrOf(operator))
	s := c.sink(t, reg, operator)
	w, other := ledger.Address(addrOf(newKey(t))), ledger.Address(addrOf(newKey(t)))
	award := bridge.Award{ID: "c/award/9", Kind: store.Bounty, Task: 9, Entry: 1, Winner: &w, Score: 60}
	for i := range 2 {
		if rec, err := s.Deliver(ctx(t), award); err != nil || rec.TxHash == "" {
			t.Fatalf("delivery %d: %+v, %v", i+1, rec, err)
		}
	}
	if n, err := s.WinsOf(ctx(t), w); err != nil || n.Cmp(big.NewInt(1)) != 0 {
		t.Errorf("winsOf after two identical deliveries = %v, %v; want 1", n, err)
	}
	changed := award
	changed.Winner = &other
	want := "onAward task 9: estimate gas: reverted: AlreadyRecorded(9, " + common.Address(w).Hex() + ", 60)"
	if _, err := s.Deliver(ctx(t), changed); err == nil || err.Error() != want {
		t.Errorf("another winner: got %v, want %q", err, want)
	}
	zero := ledger.Address{}
	changed = bridge.Award{ID: "c/award/10", Kind: store.Bounty, Task: 10, Entry: 1, Winner: &zero, Score: 60}
	if _, err := s.Deliver(ctx(t), changed); err == nil || err.Error() != "onAward task 10: estimate gas: reverted: ZeroWinner()" {
		t.Errorf("zero winner: %v", err)
	}
	voided := bridge.Award{ID: "c/award/11", Kind: store.Bounty, Task: 11, Voided: true, RefundedTo: &w}
	if s.Accepts(voided) {
		t.Error("the EVM sink accepts a voided award")
	}
	if _, err := s.Deliver(ctx(t), voided); err == nil || err.Error() != "onAward c/award/11: a voided task crosses nothing" {
		t.Errorf("voided: %v", err)
	}
	tender := bridge.Award{ID: "c/award/tender/12", Kind: "tender", Task: 12, Entry: 1, Winner: &w, Score: 60}
	if s.Accepts(tender) {
		t.Error("the EVM sink accepts an award that is not a bounty's")
	}
	if _, err := s.Deliver(ctx(t), tender); err == nil ||
		err.Error() != `onAward c/award/tender/12: the registry records bounty awards, not "tender"` {
		t.Errorf("not a bounty: %v", err)
	}
}

// TestNewRefusesASinkThatCannotSend: a sink without a backend, a key or a registry is
// refused by its exact message.
func TestNewRefusesASinkThatCannotSend(t *testing.T) {
	k := newKey(t)
	c := newChain(t)
	reg := ledger.MustAddress("0x00000000000000000000000000000000000000a1")
	for _, tc := range []struct {
		cfg  evm.Config
		want string
	}{
		{evm.Config{Registry: reg, Key: k}, "evm sink: no backend"},
		{evm.Config{Backend: c.client, Registry: reg}, "evm sink: no operator key"},
		{evm.Config{Backend: c.client, Key: k}, "evm sink: the founding terms name no registry"},
	} {
		if _, err := evm.New(tc.cfg); err == nil || err.Error() != tc.want {
			t.Errorf("New: got %v, want %q", err, tc.want)
		}
	}
	s, err := evm.New(evm.Config{Backend: c.client, Registry: reg, Key: k})
	if err != nil || s.Name() != "evm:0x00000000000000000000000000000000000000a1" || s.Operator() != addrOf(k) {
		t.Errorf("New: %v, name %q", err, s.Name())
	}
}
