package solo

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// goodLog writes 4 blocks of faucet transactions from two senders (one block holding
// two) and returns the file, the block-2 receipt and the final state hash.
func goodLog(t *testing.T) (path string, r2 Receipt, hash string) {
	t.Helper()
	path = tempPath(t)
	e := openEngine(t, Config{Path: path, CheckpointEvery: 3}, testTerms(t))
	s := newSigner(t)
	submit(t, e, s.faucet(t, 1, 1))
	r2 = submit(t, e, s.faucet(t, 2, 2))
	submit(t, e, s.faucet(t, 3, 3))
	submit(t, e, newSigner(t).faucet(t, 1, 4))
	hash, _ = hashOf(e)
	e.Close()
	return path, r2, hash
}

// TestVerifyPassesOnAGoodLog: DESIGN, "`arena verify` replays the log from genesis and
// checks the state hash". On an untouched log it reports every block and transaction and
// the engine's own final hash.
func TestVerifyPassesOnAGoodLog(t *testing.T) {
	path, _, hash := goodLog(t)
	rep, err := Verify(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := (Report{Blocks: 4, Txs: 4, Hash: hash}); rep != want {
		t.Errorf("Verify = %+v, want %+v", rep, want)
	}
}

// TestVerifyFailsOnATamperedLog: a log edited in SQLite (an outcome, a block's state
// hash, a transaction's body, a signature, a block's begin-block events, a checkpoint)
// fails Verify with ErrDiverged and a message that names the block and what differs. The
// signatures and ids of later blocks are checked ahead of the replay, on every core, yet
// the failure reported is the first in the log's order.
func TestVerifyFailsOnATamperedLog(t *testing.T) {
	forged := `{"error":"[EXPECTED] No such task"}`
	forgedEvents := `[{"type":"run_anchored","height":2,"round":1,"note":"00"}]`
	for _, tc := range []struct {
		name   string
		tamper func(t *testing.T, path string, r2 Receipt)
		want   func(r2 Receipt) string
	}{
		{"outcome", func(t *testing.T, path string, _ Receipt) {
			tamper(t, path, `UPDATE txs SET outcome = ? WHERE height = 2 AND idx = 0`, forged)
		}, func(r2 Receipt) string {
			return fmt.Sprintf("log does not replay: block 2 tx 0 (%s) records outcome %s, replay gives %s",
				r2.TxID, forged, mustJSON(r2.Outcome))
		}},
		{"block hash", func(t *testing.T, path string, _ Receipt) {
			tamper(t, path, `UPDATE blocks SET hash = ? WHERE height = 2`, store.HexID([32]byte{0xde, 0xad}))
		}, func(Receipt) string {
			return "log does not replay: block 2 records state hash " + store.HexID([32]byte{0xde, 0xad}) + ", replay gives "
		}},
		{"tx body", func(t *testing.T, path string, _ Receipt) {
			tamper(t, path, `UPDATE txs SET wire = replace(wire, '"amount":"2"', '"amount":"2000"') WHERE height = 2`)
		}, func(r2 Receipt) string {
			return "log does not replay: block 2 tx 0 records id " + r2.TxID + ", its body hashes to "
		}},
		{"signature", func(t *testing.T, path string, _ Receipt) {
			tamper(t, path, `UPDATE txs SET wire = json_set(wire, '$.sig', (SELECT json_extract(wire, '$.sig') FROM txs WHERE height = 3)) WHERE height = 2`)
		}, func(Receipt) string {
			return "log does not replay: block 2 tx 0: bad signature: signed by "
		}},
		{"a signature and a later block's hash", func(t *testing.T, path string, _ Receipt) {
			tamper(t, path, `UPDATE blocks SET hash = ? WHERE height = 4`, store.HexID([32]byte{0xde, 0xad}))
			tamper(t, path, `UPDATE txs SET wire = json_set(wire, '$.sig', (SELECT json_extract(wire, '$.sig') FROM txs WHERE height = 3)) WHERE height = 2`)
		}, func(Receipt) string {
			return "log does not replay: block 2 tx 0: bad signature: signed by "
		}},
		{"a later block's body and an earlier block's hash", func(t *testing.T, path string, _ Receipt) {
			tamper(t, path, `UPDATE txs SET wire = replace(wire, '"amount":"4"', '"amount":"4000"') WHERE height = 4`)
			tamper(t, path, `UPDATE blocks SET hash = ? WHERE height = 1`, store.HexID([32]byte{0xde, 0xad}))
		}, func(Receipt) string {
			return "log does not replay: block 1 records state hash " + store.HexID([32]byte{0xde, 0xad}) + ", replay gives "
		}},
		{"begin-block events", func(t *testing.T, path string, _ Receipt) {
			tamper(t, path, `UPDATE blocks SET events = ? WHERE height = 2`, forgedEvents)
		}, func(Receipt) string {
			return "log does not replay: block 2 records begin-block events " + forgedEvents + ", replay gives []"
		}},
		{"checkpoint", func(t *testing.T, path string, _ Receipt) {
			tamper(t, path, `UPDATE checkpoint SET state = x'00'`)
		}, func(Receipt) string { return "log does not replay: checkpoint at height 3 is not the replayed state" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path, r2, _ := goodLog(t)
			tc.tamper(t, path, r2)
			_, err := Verify(path)
			if !errors.Is(err, ErrDiverged) {
				t.Fatalf("Verify(tampered %s) = %v, want ErrDiverged", tc.name, err)
			}
			want := "verify " + path + ": " + tc.want(r2)
			if got := err.Error(); len(got) < len(want) || got[:len(want)] != want {
				t.Errorf("Verify error:\n got %s\nwant %s...", got, want)
			}
		})
	}
}

// TestOpenRefusesATamperedLog: reopening checks the blocks it replays the same way, so a
// tampered block after the checkpoint stops Open rather than being served.
func TestOpenRefusesATamperedLog(t *testing.T) {
	path, _, _ := goodLog(t)
	tamper(t, path, `UPDATE blocks SET hash = ? WHERE height = 4`, store.HexID([32]byte{1}))
	_, err := Open(Config{Path: path}, nil)
	if !errors.Is(err, ErrDiverged) {
		t.Fatalf("Open(tampered) = %v, want ErrDiverged", err)
	}
}

func mustJSON(o ledger.Outcome) string {
	b, err := json.Marshal(o)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// deepLog writes a log of about 160 blocks, most holding several faucet transactions
// from four senders, and returns its file.
func deepLog(t *testing.T) string {
	t.Helper()
	path := tempPath(t)
	e := openEngine(t, Config{Path: path, CheckpointEvery: 50}, testTerms(t))
	var wg sync.WaitGroup
	for range 4 {
		s := newSigner(t)
		wg.Go(func() {
			for n := uint64(1); n <= 160; n++ {
				submit(t, e, s.faucet(t, n, n))
			}
		})
	}
	wg.Wait()
	e.Close()
	return path
}

// copyFile copies the closed log at from, with its write-ahead log if any, to to.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	for _, suffix := range []string{"", "-wal"} {
		b, err := os.ReadFile(from + suffix)
		if errors.Is(err, os.ErrNotExist) && suffix != "" {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to+suffix, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// verifyOneAtATime is Verify as it was before its checks ran ahead: every block read in
// order and replayed by blocks.Replay with its signatures, then the checkpoint compared.
// It returns the first failure.
func verifyOneAtATime(t *testing.T, path string) error {
	t.Helper()
	db := openStore(t, path)
	terms, _, err := db.Genesis()
	if err != nil {
		t.Fatal(err)
	}
	s, err := ledger.New(terms)
	if err != nil {
		t.Fatal(err)
	}
	ckptHeight, ckpt, _, err := db.Checkpoint()
	if err != nil {
		t.Fatal(err)
	}
	last, _, err := db.LastBlock()
	if err != nil {
		t.Fatal(err)
	}
	var prev int64
	for b, err := range db.Blocks(1, last.Height) {
		if err != nil {
			return err
		}
		if err := blocks.Replay(s, b, prev, true); err != nil {
			return err
		}
		if b.Height == ckptHeight {
			if enc, err := s.Encode(); err != nil || !bytes.Equal(enc, ckpt) {
				return fmt.Errorf("checkpoint at height %d differs: %v", ckptHeight, err)
			}
		}
		prev = b.Time
	}
	return nil
}

// blockWith returns the first height from from whose block holds at least min
// transactions.
func blockWith(t *testing.T, path string, from uint64, min int) uint64 {
	t.Helper()
	var h uint64
	err := rawDB(t, path).QueryRow(`SELECT height FROM blocks WHERE height >= ? AND txs >= ? ORDER BY height LIMIT 1`, from, min).Scan(&h)
	if err != nil {
		t.Fatalf("no block at or after %d with %d transactions: %v", from, min, err)
	}
	return h
}

// TestVerifyReportsTheFirstFailureOfADeepLog: with the transactions of a long log
// decoded and their signatures checked on every core well ahead of the replay, Verify
// reports what the replay of one block at a time reports, with the same message: the
// first failure in the log's order, whichever checker meets which failure first. Within
// a block a wrong id comes before a bad signature, as it did.
func TestVerifyReportsTheFirstFailureOfADeepLog(t *testing.T) {
	path := deepLog(t)
	last := rowCount(t, path, `SELECT MAX(height) FROM blocks`)
	if last < 120 { // many more blocks than are checked ahead of the replay
		t.Fatalf("the log has %d blocks, want at least 120", last)
	}
	forgeSig := func(h uint64, idx int) string { // another transaction's signature over this one
		return fmt.Sprintf(`UPDATE txs SET wire = json_set(wire, '$.sig', (SELECT json_extract(wire, '$.sig') FROM txs WHERE height = 1 AND idx = 0)) WHERE height = %d AND idx = %d`, h, idx)
	}
	forgeBody := func(h uint64, idx int) string {
		return fmt.Sprintf(`UPDATE txs SET wire = json_set(wire, '$.body.amount', '999999') WHERE height = %d AND idx = %d`, h, idx)
	}
	deep := blockWith(t, path, uint64(last)/2, 2)
	later := blockWith(t, path, deep+10, 1)
	for _, tc := range []struct {
		name    string
		tampers []string
		want    string // the start of the message
		has     string // and what it says further on
	}{
		{"a signature deep in the log", []string{forgeSig(deep, 1)},
			fmt.Sprintf("log does not replay: block %d tx 1: bad signature: signed by ", deep), ""},
		{"two signatures, the earlier reported", []string{forgeSig(later, 0), forgeSig(deep, 1)},
			fmt.Sprintf("log does not replay: block %d tx 1: bad signature: signed by ", deep), ""},
		{"a signature after an earlier block's state hash", []string{forgeSig(later, 0),
			fmt.Sprintf(`UPDATE blocks SET hash = '%s' WHERE height = %d`, store.HexID([32]byte{0xde, 0xad}), deep)},
			fmt.Sprintf("log does not replay: block %d records state hash %s, replay gives ", deep, store.HexID([32]byte{0xde, 0xad})), ""},
		{"a signature and a later id in one block", []string{forgeSig(deep, 0), forgeBody(deep, 1)},
			fmt.Sprintf("log does not replay: block %d tx 1 records id ", deep), ""},
		{"an outcome deep in the log", []string{fmt.Sprintf(`UPDATE txs SET outcome = '{}' WHERE height = %d AND idx = 1`, deep)},
			fmt.Sprintf("log does not replay: block %d tx 1 (", deep), " records outcome {}, replay gives "},
		{"a row that does not decode", []string{fmt.Sprintf(`UPDATE txs SET wire = '{' WHERE height = %d AND idx = 1`, deep)},
			"read txs of blocks ", fmt.Sprintf(": corrupt log: tx %d.1: malformed transaction: unexpected EOF", deep)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "arena.db")
			copyFile(t, path, p)
			for _, q := range tc.tampers {
				tamper(t, p, q)
			}
			want := verifyOneAtATime(t, p)
			if want == nil || !strings.HasPrefix(want.Error(), tc.want) || !strings.Contains(want.Error(), tc.has) {
				t.Fatalf("one block at a time: %v, want %s...%s", want, tc.want, tc.has)
			}
			_, err := Verify(p)
			if err == nil || err.Error() != "verify "+p+": "+want.Error() {
				t.Errorf("Verify:\n got %v\nwant verify %s: %v", err, p, want)
			}
			if errors.Is(want, ErrDiverged) != errors.Is(err, ErrDiverged) {
				t.Errorf("Verify's error is ErrDiverged: %v, one block at a time's: %v", errors.Is(err, ErrDiverged), errors.Is(want, ErrDiverged))
			}
		})
	}
}

// TestVerifyReportsABadSignatureBeforeALaterCorruptRow: a row that does not decode is
// reported at its own block, so a bad signature in an earlier block of the same page is
// the failure reported, with the message the replay of one block at a time gives it.
func TestVerifyReportsABadSignatureBeforeALaterCorruptRow(t *testing.T) {
	path := deepLog(t)
	last := uint64(rowCount(t, path, `SELECT MAX(height) FROM blocks`))
	deep := blockWith(t, path, last/2, 1)
	tamper(t, path, fmt.Sprintf(`UPDATE txs SET wire = json_set(wire, '$.sig', (SELECT json_extract(wire, '$.sig') FROM txs WHERE height = 1 AND idx = 0)) WHERE height = %d AND idx = 0`, deep))
	want := verifyOneAtATime(t, path)
	tamper(t, path, fmt.Sprintf(`UPDATE txs SET wire = '{' WHERE height = %d AND idx = 0`, last))
	_, err := Verify(path)
	if want == nil || err == nil || err.Error() != "verify "+path+": "+want.Error() {
		t.Errorf("Verify:\n got %v\nwant verify %s: %v", err, path, want)
	}
}
