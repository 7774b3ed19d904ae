package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger"
)

// TestACommittedBlockReadsBackWhole: DESIGN, "the transaction log and the state tables,
// written in one database transaction per applied block". Every block reads back, after
// a reopen, with its row, its transactions in order, their signatures and outcomes.
func TestACommittedBlockReadsBackWhole(t *testing.T) {
	db, path := openTemp(t)
	s := newSigner(t)
	want := []CommittedBlock{s.block(t, 1, 0, 3), s.block(t, 2, 3, 1), s.block(t, 3, 4, 600)}
	for _, b := range want {
		commit(t, db, b)
	}
	db.Close()
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var wantStored []StoredBlock
	for _, b := range want {
		wantStored = append(wantStored, stored(b))
	}
	if diff := cmp.Diff(wantStored, readAll(t, db), sameRecord); diff != "" {
		t.Errorf("blocks after reopen (-want +got):\n%s", diff)
	}
	last, ok, err := db.LastBlock()
	if err != nil || !ok || last != want[2].Info() {
		t.Errorf("LastBlock() = %+v, %v, %v; want %+v", last, ok, err, want[2].Info())
	}
}

// TestATxIsStoredAsItsBlockCarriedIt: a record's Wire is stored byte for byte, not
// encoded again; without one, the transaction's own encoding is stored. Both read back
// as the same transaction.
func TestATxIsStoredAsItsBlockCarriedIt(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	b := s.block(t, 1, 0, 2)
	canonical, err := json.Marshal(b.Txs[0].Tx)
	if err != nil {
		t.Fatal(err)
	}
	carried := append([]byte("  "), bytes.ReplaceAll(canonical, []byte(","), []byte(", "))...)
	b.Txs[0].Wire = carried
	commit(t, db, b)
	var wires []string
	rows, err := db.r.Query(`SELECT wire FROM txs WHERE height = 1 ORDER BY idx`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var w string
		if err := rows.Scan(&w); err != nil {
			t.Fatal(err)
		}
		wires = append(wires, w)
	}
	if want, _ := json.Marshal(b.Txs[1].Tx); len(wires) != 2 || wires[0] != string(carried) || wires[1] != string(want) {
		t.Errorf("stored wires = %q; want %q and %q", wires, carried, want)
	}
	b.Txs[0].Wire = nil // reading back leaves it nil
	if diff := cmp.Diff([]StoredBlock{stored(b)}, readAll(t, db), sameRecord); diff != "" {
		t.Errorf("block read back (-want +got):\n%s", diff)
	}
}

// TestBlocksIteratesARange: Blocks yields exactly the heights asked for, across pages.
func TestBlocksIteratesARange(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	const n = blockPage + 10
	for h := uint64(1); h <= n; h++ {
		commit(t, db, s.block(t, h, h-1, 1))
	}
	var got []uint64
	for b, err := range db.Blocks(5, blockPage+7) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, b.Height)
	}
	if len(got) != blockPage+3 || got[0] != 5 || got[len(got)-1] != blockPage+7 {
		t.Errorf("Blocks(5, %d) yielded %d blocks, %v .. %v", blockPage+7, len(got), got[0], got[len(got)-1])
	}
	for range db.Blocks(1, n) {
		break // stopping early must not leak rows: the writer below would block
	}
	commit(t, db, s.block(t, n+1, n, 1))
}

// TestATxIsFoundByID: a transaction is found by its id with its height, index and outcome.
func TestATxIsFoundByID(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	commit(t, db, s.block(t, 1, 0, 2))
	b := s.block(t, 2, 2, 4)
	commit(t, db, b)
	got, ok, err := db.Tx(b.Txs[3].ID)
	if err != nil || !ok {
		t.Fatalf("Tx(%s) = %v, %v", HexID(b.Txs[3].ID), ok, err)
	}
	if diff := cmp.Diff(TxAt{Height: 2, TxRecord: b.Txs[3]}, got, sameRecord); diff != "" {
		t.Errorf("Tx (-want +got):\n%s", diff)
	}
	if _, ok, err := db.Tx([32]byte{1}); ok || err != nil {
		t.Errorf("Tx(unknown) = %v, %v; want false, nil", ok, err)
	}
}

// TestHeightsFollowWithoutGaps: a block whose height does not follow the last one is
// refused with ErrHeight and writes nothing.
func TestHeightsFollowWithoutGaps(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	commit(t, db, s.block(t, 1, 0, 1))
	for _, h := range []uint64{1, 3, 0} {
		err := db.CommitBlock(s.block(t, h, 1, 2))
		if !errors.Is(err, ErrHeight) {
			t.Errorf("CommitBlock(height %d) = %v, want ErrHeight", h, err)
		}
	}
	if n := count(t, db, `SELECT COUNT(*) FROM txs`); n != 1 {
		t.Errorf("txs rows = %d, want 1", n)
	}
}

// TestAFailedCommitWritesNothing: "one database transaction per applied block". A block
// that fails partway (here, a transaction id already in the log, refused by the unique
// index after the block's other rows were written) leaves no row of it behind, and the
// same height commits once the block is right.
func TestAFailedCommitWritesNothing(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	b1 := s.block(t, 1, 0, 2)
	commit(t, db, b1)
	b2 := s.block(t, 2, 2, 5)
	b2.Txs[4].ID = b1.Txs[0].ID
	b2.Checkpoint = []byte("state")
	if err := db.CommitBlock(b2); err == nil {
		t.Fatal("CommitBlock with a duplicate tx id succeeded")
	}
	for _, q := range []string{
		`SELECT COUNT(*) FROM txs WHERE height = 2`, `SELECT COUNT(*) FROM blocks WHERE height = 2`,
		`SELECT COUNT(*) FROM events WHERE height = 2`, `SELECT COUNT(*) FROM checkpoint`,
	} {
		if n := count(t, db, q); n != 0 {
			t.Errorf("%s = %d after a failed commit, want 0", q, n)
		}
	}
	if got, want := readAll(t, db), []StoredBlock{stored(b1)}; !cmp.Equal(want, got, sameRecord) {
		t.Errorf("log after a failed commit:\n%s", cmp.Diff(want, got, sameRecord))
	}
	b2 = s.block(t, 2, 2, 5) // the writer takes the block once it is right
	commit(t, db, b2)
	if got, want := readAll(t, db), []StoredBlock{stored(b1), stored(b2)}; !cmp.Equal(want, got, sameRecord) {
		t.Errorf("log after the retried commit:\n%s", cmp.Diff(want, got, sameRecord))
	}
}

// TestOnlyTheLatestCheckpointIsKept: the checkpoint table holds the newest encoding only.
func TestOnlyTheLatestCheckpointIsKept(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	if _, _, ok, err := db.Checkpoint(); ok || err != nil {
		t.Fatalf("Checkpoint() on a new file = %v, %v", ok, err)
	}
	for h := uint64(1); h <= 5; h++ {
		b := s.block(t, h, h-1, 1)
		if h%2 == 0 {
			b.Checkpoint = []byte{byte(h), 0, 1}
		}
		commit(t, db, b)
	}
	h, state, ok, err := db.Checkpoint()
	if err != nil || !ok || h != 4 || !cmp.Equal(state, []byte{4, 0, 1}) {
		t.Errorf("Checkpoint() = %d, %v, %v, %v; want 4, [4 0 1]", h, state, ok, err)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM checkpoint`); n != 1 {
		t.Errorf("checkpoint rows = %d, want 1", n)
	}
}

// TestGenesisIsFixed: DESIGN, "The founding terms ... are fixed when an arena is opened.
// Nothing edits them later." The same terms may be recorded again; different ones are
// refused with ErrGenesis.
func TestGenesisIsFixed(t *testing.T) {
	db, path := openTemp(t)
	if _, ok, err := db.Genesis(); ok || err != nil {
		t.Fatalf("Genesis() on a new file = %v, %v", ok, err)
	}
	terms := ledger.Terms{Chain: "test", Name: "Arena", Symbol: "GEN", EntryBond: ledger.Ether(1),
		AppealBond: ledger.Ether(2), AppealWindowS: 3600, GradingWindowS: 86400, Attempts: 3, RoundTimeoutS: 600,
		Validators: []ledger.Address{newSigner(t).addr}}
	if err := db.SetGenesis(terms); err != nil {
		t.Fatal(err)
	}
	if err := db.SetGenesis(terms); err != nil {
		t.Errorf("SetGenesis(same terms) = %v, want nil", err)
	}
	other := terms
	other.Name = "Other"
	if err := db.SetGenesis(other); !errors.Is(err, ErrGenesis) {
		t.Errorf("SetGenesis(other terms) = %v, want ErrGenesis", err)
	}
	db.Close()
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, ok, err := db.Genesis()
	if err != nil || !ok {
		t.Fatalf("Genesis() after reopen = %v, %v", ok, err)
	}
	if diff := cmp.Diff(terms, got, sameRecord); diff != "" {
		t.Errorf("Genesis (-want +got):\n%s", diff)
	}
}

// TestAnUnknownSchemaVersionIsRefused: Open refuses a file written by another version.
func TestAnUnknownSchemaVersionIsRefused(t *testing.T) {
	db, path := openTemp(t)
	if _, err := db.w.Exec(`UPDATE meta SET value = '99' WHERE key = 'schema_version'`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err := Open(path)
	if !errors.Is(err, ErrSchema) {
		t.Fatalf("Open(version 99) = %v, want ErrSchema", err)
	}
	if want := "open store " + path + ": unsupported schema version 99, want 4"; err.Error() != want {
		t.Errorf("Open error = %q, want %q", err, want)
	}
}

// TestABlockEncodedAheadCommitsAsCommitBlockWould: a block whose transactions were
// encoded one by one as they were applied (EncodeTx, then EncodeBlock and Commit) reads
// back as the same block committed whole; transactions encoded for another block, or
// too few of them, are refused before anything is written.
func TestABlockEncodedAheadCommitsAsCommitBlockWould(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	b1, b2 := s.block(t, 1, 0, 3), s.block(t, 2, 3, 2)
	var txs []EncodedTx
	for i := range b1.Txs {
		e, err := EncodeTx(&b1.Txs[i])
		if err != nil {
			t.Fatal(err)
		}
		txs = append(txs, e)
	}
	for _, tc := range []struct {
		txs  []EncodedTx
		want string
	}{
		{txs[:2], "commit block 1: 2 transactions encoded for 3 in the block"},
		{[]EncodedTx{txs[1], txs[0], txs[2]}, fmt.Sprintf("commit block 1: tx 0 encoded as %s, is %s", HexID(b1.Txs[1].ID), HexID(b1.Txs[0].ID))},
	} {
		if _, err := EncodeBlock(&b1, tc.txs); err == nil || err.Error() != tc.want {
			t.Errorf("EncodeBlock = %v, want %q", err, tc.want)
		}
	}
	enc, err := EncodeBlock(&b1, txs)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Commit(enc); err != nil {
		t.Fatal(err)
	}
	commit(t, db, b2)
	if got, want := readAll(t, db), []StoredBlock{stored(b1), stored(b2)}; !cmp.Equal(want, got, sameRecord) {
		t.Errorf("log:\n%s", cmp.Diff(want, got, sameRecord))
	}
}
