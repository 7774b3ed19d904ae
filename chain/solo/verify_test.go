package solo

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

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
