package blocks

import (
	"fmt"
	"iter"

	"github.com/arena/arena/chain"
	"github.com/arena/arena/store"
)

// The reads every engine answers from its store, for chain.Engine's Head, Blocks and Tx.
// Both engines write a block to the store before they publish it, which is what lets a
// subscriber read the blocks before its subscription from the store with no gap.

// Head returns the height of the last block db holds, 0 before the first; a log that
// begins at a snapshot is at least at its base.
func Head(db *store.DB) (uint64, error) {
	b, err := Last(db)
	if err != nil {
		return 0, fmt.Errorf("head: %w", err)
	}
	return b.Height, nil
}

// First returns the lowest height db's blocks begin at: 1, or the height after the
// base of a log that begins at a snapshot (restored by state sync, or pruned).
func First(db *store.DB) (uint64, error) {
	base, _, ok, err := db.Base()
	if err != nil || !ok {
		return 1, err
	}
	return base.Height + 1, nil
}

// Last returns the row of the last block db holds. A log that begins at a snapshot
// and holds no block after it answers its base, with Txs 0: the base's own
// transactions are not in the file. Before block 1 it is the zero row.
func Last(db *store.DB) (store.BlockInfo, error) {
	b, ok, err := db.LastBlock()
	if err != nil || ok {
		return b, err
	}
	base, _, ok, err := db.Base()
	if err != nil || !ok {
		return store.BlockInfo{}, err
	}
	return store.BlockInfo{Height: base.Height, Time: base.Time, Hash: base.Hash}, nil
}

// Stored iterates over db's blocks from height from to height to inclusive, in the
// shape subscribers see them; iteration stops after an error.
func Stored(db *store.DB, from, to uint64) iter.Seq2[chain.Block, error] {
	return func(yield func(chain.Block, error) bool) {
		for sb, err := range db.Blocks(from, to) {
			if err != nil {
				yield(chain.Block{}, fmt.Errorf("read blocks %d-%d: %w", from, to, err))
				return
			}
			if !yield(of(sb.Height, sb.Time, sb.Hash, sb.Events, sb.Txs), nil) {
				return
			}
		}
	}
}

// TxAt returns the committed transaction whose id is id, with its receipt, and false
// when db holds none.
func TxAt(db *store.DB, id [32]byte) (chain.TxAt, bool, error) {
	t, ok, err := db.Tx(id)
	if err != nil || !ok {
		return chain.TxAt{}, ok, err
	}
	rc := chain.Receipt{TxID: store.HexID(t.ID), Height: t.Height, Index: t.Index, Outcome: t.Outcome}
	return chain.TxAt{Receipt: rc, Tx: t.Tx}, true, nil
}
