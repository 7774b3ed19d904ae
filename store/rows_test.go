package store

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBlockRowsAreBlocksUndecoded: BlockRows yields the blocks Blocks yields, across
// pages, with each transaction's row undecoded: decoding a row (Record) gives the
// record Blocks gives, and DecodeID, DecodeTx and DecodeOutcome give its parts.
func TestBlockRowsAreBlocksUndecoded(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	const n = blockPage + 3
	nonce := uint64(0)
	for h := uint64(1); h <= n; h++ {
		txs := int(h % 3) // some blocks hold none
		commit(t, db, s.block(t, h, nonce, txs))
		nonce += uint64(txs)
	}
	want := readAll(t, db)
	var got []StoredBlock
	for b, err := range db.BlockRows(1, n) {
		if err != nil {
			t.Fatal(err)
		}
		sb := b.Stored()
		if b.BlockInfo.Txs != len(b.Rows) {
			t.Fatalf("block %d records %d txs, has %d rows", b.Height, b.BlockInfo.Txs, len(b.Rows))
		}
		for i := range b.Rows {
			r := &b.Rows[i]
			rec, err := r.Record()
			if err != nil {
				t.Fatal(err)
			}
			id, errID := r.DecodeID()
			tx, errTx := r.DecodeTx()
			out, errOut := r.DecodeOutcome()
			if errID != nil || errTx != nil || errOut != nil {
				t.Fatalf("block %d row %d: %v, %v, %v", b.Height, i, errID, errTx, errOut)
			}
			if diff := cmp.Diff(rec, TxRecord{Index: r.Index, ID: id, Tx: tx, Outcome: out}, sameRecord); diff != "" {
				t.Fatalf("block %d row %d: Record and its parts differ (-record +parts):\n%s", b.Height, i, diff)
			}
			sb.Txs = append(sb.Txs, rec)
		}
		got = append(got, sb)
	}
	if diff := cmp.Diff(want, got, sameRecord); diff != "" {
		t.Errorf("BlockRows decoded (-Blocks +BlockRows):\n%s", diff)
	}
}

// TestACorruptRowIsRefusedAlikeByBothReads: a row whose transaction, id or outcome does
// not decode fails Blocks with ErrCorrupt, and decoding the same row from BlockRows
// fails with the same message, while the rows' shape is read without error.
func TestACorruptRowIsRefusedAlikeByBothReads(t *testing.T) {
	for _, tc := range []struct{ name, query, want string }{
		{"wire", `UPDATE txs SET wire = '{"chain":' WHERE height = 2 AND idx = 1`,
			"read txs of blocks 1-3: corrupt log: tx 2.1: malformed transaction: unexpected EOF"},
		{"id", `UPDATE txs SET id = '0x12' WHERE height = 2 AND idx = 1`,
			`read txs of blocks 1-3: corrupt log: tx 2.1 id: id "0x12" is not 0x followed by 64 hex digits`},
		{"outcome", `UPDATE txs SET outcome = '[' WHERE height = 2 AND idx = 1`,
			"read txs of blocks 1-3: corrupt log: tx 2.1 outcome: unexpected end of JSON input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db, _ := openTemp(t)
			s := newSigner(t)
			for h := uint64(1); h <= 3; h++ {
				commit(t, db, s.block(t, h, 2*(h-1), 2))
			}
			if _, err := db.w.Exec(tc.query); err != nil {
				t.Fatal(err)
			}
			var blocksErr error
			for _, err := range db.Blocks(1, 3) {
				if err != nil {
					blocksErr = err
				}
			}
			if !errors.Is(blocksErr, ErrCorrupt) || blocksErr.Error() != tc.want {
				t.Errorf("Blocks: %v, want %q", blocksErr, tc.want)
			}
			var rowErr error
			for b, err := range db.BlockRows(1, 3) {
				if err != nil {
					t.Fatal(err)
				}
				for i := range b.Rows {
					if _, err := b.Rows[i].Record(); err != nil && rowErr == nil {
						rowErr = err
					}
				}
			}
			if !errors.Is(rowErr, ErrCorrupt) || rowErr.Error() != tc.want {
				t.Errorf("BlockRows' Record: %v, want %q", rowErr, tc.want)
			}
		})
	}
}
