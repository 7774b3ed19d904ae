package blocks

import (
	"github.com/arena/arena/chain"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Of returns the block subscribers see for the block cb commits.
func Of(cb *store.CommittedBlock) chain.Block {
	return of(cb.Height, cb.Time, cb.Hash, cb.Events, cb.Txs)
}

func of(height uint64, time int64, hash [32]byte, events []ledger.Event, txs []store.TxRecord) chain.Block {
	b := chain.Block{Height: height, Time: time, Hash: store.HexID(hash), Begin: events, Txs: make([]chain.TxResult, len(txs))}
	for i, t := range txs {
		b.Txs[i] = chain.TxResult{ID: store.HexID(t.ID), Index: t.Index, From: t.Tx.From, Kind: t.Tx.Body.Kind(), Outcome: t.Outcome}
	}
	return b
}

// ReceiptOf returns the receipt of cb's i-th recorded transaction.
func ReceiptOf(cb *store.CommittedBlock, i int) chain.Receipt {
	t := &cb.Txs[i]
	return chain.Receipt{TxID: store.HexID(t.ID), Height: cb.Height, Index: t.Index, Outcome: t.Outcome}
}

// The shape subscribers see, declared in package chain.
type (
	// Block is a committed block as subscribers see it.
	Block = chain.Block
	// TxResult is one recorded transaction of a committed block and what it did.
	TxResult = chain.TxResult
)
