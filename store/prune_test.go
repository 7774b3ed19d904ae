package store

import (
	"bytes"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestPruningMovesTheLogsBeginningForward: Prune deletes the blocks, transactions and
// events at or below the snapshot's height, records it as the base (marked pruned) and
// as the checkpoint when the kept one is older; the blocks after it read back as they
// were, the next block still follows the last, and a reopened file holds the same.
func TestPruningMovesTheLogsBeginningForward(t *testing.T) {
	db, path := openTemp(t)
	s := newSigner(t)
	var all []CommittedBlock
	nonce := uint64(1)
	for h := uint64(1); h <= 6; h++ {
		b := s.block(t, h, nonce, 2)
		if h == 2 {
			b.Checkpoint = []byte("state at 2")
		}
		nonce += 2
		commit(t, db, b)
		all = append(all, b)
	}
	at := Base{Height: 4, Time: all[3].Time, Hash: all[3].Hash}
	if err := db.Prune(at, []byte("state at 4")); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`SELECT COUNT(*) FROM blocks WHERE height <= 4`, `SELECT COUNT(*) FROM txs WHERE height <= 4`, `SELECT COUNT(*) FROM events WHERE height <= 4`} {
		if n := count(t, db, q); n != 0 {
			t.Fatalf("%s: %d after pruning to 4", q, n)
		}
	}
	commit(t, db, s.block(t, 7, nonce, 1))
	db.Close()
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	base, state, ok, err := db.Base()
	if err != nil || !ok {
		t.Fatalf("base: %v %v", ok, err)
	}
	if want := (Base{Height: 4, Time: all[3].Time, Hash: all[3].Hash, Pruned: true}); base != want || string(state) != "state at 4" {
		t.Fatalf("base %+v %q, want %+v", base, state, want)
	}
	if h, st, _, err := db.Checkpoint(); err != nil || h != 4 || !bytes.Equal(st, []byte("state at 4")) {
		t.Fatalf("checkpoint at %d %q, %v; want the base's", h, st, err)
	}
	var got []StoredBlock
	for b, err := range db.Blocks(1, 6) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, b)
	}
	if diff := cmp.Diff([]StoredBlock{stored(all[4]), stored(all[5])}, got, sameRecord); diff != "" {
		t.Fatalf("blocks after pruning (-want +got):\n%s", diff)
	}
	if _, found, err := db.Tx(all[1].Txs[0].ID); err != nil || found {
		t.Fatalf("a pruned transaction: found %v, %v", found, err)
	}
}

// TestAPruneTheLogCannotTakeIsRefused: pruning at or below the log's beginning, past
// its end, or with a state hash other than the one the log recorded is refused, with
// the message, and changes nothing.
func TestAPruneTheLogCannotTakeIsRefused(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	var all []CommittedBlock
	for h := uint64(1); h <= 3; h++ {
		b := s.block(t, h, h, 1)
		commit(t, db, b)
		all = append(all, b)
	}
	if err := db.Prune(Base{Height: 2, Time: all[1].Time, Hash: all[1].Hash}, []byte("s")); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		b    Base
		want string
	}{
		{Base{Height: 2, Hash: all[1].Hash}, "prune the log to height 2: cannot prune the log: the log already begins after height 2"},
		{Base{Height: 1, Hash: all[0].Hash}, "prune the log to height 1: cannot prune the log: the log already begins after height 2"},
		{Base{Height: 9}, "prune the log to height 9: cannot prune the log: the log holds no block 9"},
		{Base{Height: 3, Hash: [32]byte{1}}, "prune the log to height 3: cannot prune the log: block 3 recorded state hash " + HexID(all[2].Hash) +
			", the snapshot's is " + HexID([32]byte{1})},
	}
	for _, c := range cases {
		err := db.Prune(c.b, []byte("other"))
		if !errors.Is(err, ErrPrune) || err.Error() != c.want {
			t.Errorf("prune to %d: %v, want %s", c.b.Height, err, c.want)
		}
	}
	if n := count(t, db, `SELECT COUNT(*) FROM blocks`); n != 1 {
		t.Fatalf("%d blocks after refused prunes, want 1", n)
	}
	if base, _, _, _ := db.Base(); base.Height != 2 {
		t.Fatalf("base moved to %d", base.Height)
	}
}

// TestPruningDeletesManyBlocksInChunks: a prune past more blocks than one delete
// transaction takes still deletes every one of them, and the blocks after the base stay.
func TestPruningDeletesManyBlocksInChunks(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	const n = 3*pruneChunk + 10
	var at CommittedBlock
	for h := uint64(1); h <= n; h++ {
		b := s.block(t, h, h, 1)
		commit(t, db, b)
		if h == n-5 {
			at = b
		}
	}
	if err := db.Prune(Base{Height: at.Height, Time: at.Time, Hash: at.Hash}, []byte("s")); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`SELECT COUNT(*) FROM blocks`, `SELECT COUNT(*) FROM txs`, `SELECT COUNT(*) FROM events`} {
		if got := count(t, db, q); got != 5 {
			t.Errorf("%s: %d after pruning to %d of %d, want 5", q, got, at.Height, n)
		}
	}
}
