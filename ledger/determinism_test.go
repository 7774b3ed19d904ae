package ledger_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// liveArena plays the seed's contest and returns the arena that played it.
func liveArena(t testing.TB) *arena {
	t.Helper()
	a := newArena(t, 5, func(t *Terms) { t.Committee = 4 })
	t1 := a.Post(Ether(200))
	t2 := a.Post(Ether(150))
	e1 := a.Enter(t1, "alice", "strong")
	e2 := a.Enter(t1, "bob", "long")
	e3 := a.Enter(t2, "carol", "original")
	e4 := a.Enter(t2, "dave", "copy")
	a.GradeAs(e1, ledgertest.Reading(4, 0, false))
	a.GradeAs(e2, ledgertest.Reading(0, 0, true))
	a.GradeAs(e3, ledgertest.Reading(4, 0, false))
	dup := ledgertest.Reading(0, 0, true)
	dup.DuplicateOf = e3
	a.GradeAs(e4, dup)
	a.Regrade(e2, ledgertest.Reading(0, 0, true))
	a.Settle(t1)
	a.Do("alice", Amount{}, Withdraw{})
	a.Do("dave", Amount{}, Faucet{To: a.Addr("newcomer"), Amount: Ether(3)})
	return a
}

// replay applies a's log to a fresh state under the same terms.
func replay(t *testing.T, a *arena) *State {
	t.Helper()
	s, err := New(a.s.Terms())
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range a.bare.Log() {
		if _, err := s.Apply(l.Tx, l.Block); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// "Two nodes that apply the same transactions hold byte-identical state and the same
// state hash."
func TestDeterminismTwoReplaysAreByteIdentical(t *testing.T) {
	a := liveArena(t)
	x, y := replay(t, a), replay(t, a)
	bx, err := x.Encode()
	if err != nil {
		t.Fatal(err)
	}
	by, _ := y.Encode()
	ba, _ := a.s.Encode()
	if !bytes.Equal(bx, by) || !bytes.Equal(bx, ba) {
		t.Fatal("replays encode differently")
	}
	if x.Hash() != y.Hash() || x.Hash() != a.s.Hash() {
		t.Fatal("replays hash differently")
	}
	if diff := cmp.Diff(x.Snapshot(), y.Snapshot(), cmp.Comparer(Amount.Eq)); diff != "" {
		t.Fatalf("snapshots differ (-x +y):\n%s", diff)
	}
}

// Decode(Encode(s)) has the same hash and views, and keeps applying transactions to the
// same state as s: the indexes it rebuilds are the ones s kept.
func TestDeterminismDecodeRoundTrips(t *testing.T) {
	a := liveArena(t)
	b, _ := a.s.Encode()
	d, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if d.Hash() != a.s.Hash() {
		t.Fatal("decoded state hashes differently")
	}
	if diff := cmp.Diff(a.s.Snapshot(), d.Snapshot(), cmp.Comparer(Amount.Eq)); diff != "" {
		t.Fatalf("views differ (-original +decoded):\n%s", diff)
	}
	n := len(a.bare.Log())
	task := a.Post(Ether(10))
	e := a.Enter(task, "alice", "after the restart")
	a.GradeAs(e, ledgertest.Reading(3, 0, false))
	a.Refused(errEnteredTwice, "alice", entryBond, Submit{Task: task, Work: "again"})
	for _, l := range a.bare.Log()[n:] {
		if _, err := d.Apply(l.Tx, l.Block); err != nil {
			t.Fatal(err)
		}
	}
	if d.Hash() != a.s.Hash() {
		t.Fatal("decoded state diverged after more transactions")
	}
	if _, err := Decode(append(b, ' ')); err == nil {
		t.Fatal("Decode accepted trailing bytes")
	}
	if _, err := Decode(bytes.Replace(b, []byte(`"version":4`), []byte(`"version":5`), 1)); err == nil {
		t.Fatal("Decode accepted another version")
	}
	bad := bytes.Replace(b, []byte(`"paid_in":"`), []byte(`"paid_in":"1`), 1)
	if _, err := Decode(bad); err == nil {
		t.Fatal("Decode accepted a state whose money does not add up")
	}
}

// Nothing that could leak map order does: accounts created in any order, by independent
// senders, give the same bytes and the same hash.
func TestDeterminismInsertionOrderDoesNotLeak(t *testing.T) {
	base := newArena(t, 5, nil)
	var txs []*Tx
	names := []string{"alice", "bob", "carol", "dave", "erin", "sponsor", "appellant", "stranger"}
	for i, n := range names {
		txs = append(txs, base.Tx(n, Amount{}, Faucet{To: Address{byte(i + 1), 0xee}, Amount: Ether(uint64(i + 1))}))
	}
	var want []byte
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := range 20 {
		s, err := New(base.s.Terms())
		if err != nil {
			t.Fatal(err)
		}
		for i, j := range rng.Perm(len(txs)) {
			if out, err := s.Apply(txs[j], Block{Height: uint64(i + 1), Time: ledgertest.GenesisTime}); err != nil || !out.OK() {
				t.Fatalf("apply: %v %q", err, out.Err)
			}
		}
		got, _ := s.Encode()
		if trial == 0 {
			want = got
			continue
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("trial %d: the order of independent transactions leaked into the encoding", trial)
		}
	}
}
