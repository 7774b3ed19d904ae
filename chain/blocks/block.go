package blocks

import (
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Receipt acknowledges a transaction: it is in a durably committed block.
type Receipt struct {
	TxID    string // 0x hex of the transaction's SigningHash
	Height  uint64
	Index   int // position among the block's recorded transactions, from 0
	Outcome ledger.Outcome
}

// Block is a committed block as subscribers see it.
type Block struct {
	Height uint64     `json:"height"`
	Time   int64      `json:"time"`       // unix seconds
	Hash   string     `json:"state_hash"` // 0x hex of the state hash after the block
	Txs    []TxResult `json:"txs"`
}

// TxResult is one recorded transaction of a committed block and what it did.
type TxResult struct {
	ID      string         `json:"id"` // 0x hex of the SigningHash
	Index   int            `json:"index"`
	From    ledger.Address `json:"from"`
	Kind    ledger.Kind    `json:"kind"`
	Outcome ledger.Outcome `json:"outcome"`
}

// Events returns every event of the block, in order.
func (b *Block) Events() []ledger.Event {
	var out []ledger.Event
	for _, t := range b.Txs {
		out = append(out, t.Outcome.Events...)
	}
	return out
}

// Of returns the block subscribers see for the block cb commits.
func Of(cb *store.CommittedBlock) Block {
	b := Block{Height: cb.Height, Time: cb.Time, Hash: store.HexID(cb.Hash), Txs: make([]TxResult, len(cb.Txs))}
	for i, t := range cb.Txs {
		b.Txs[i] = TxResult{ID: store.HexID(t.ID), Index: t.Index, From: t.Tx.From, Kind: t.Tx.Body.Kind(), Outcome: t.Outcome}
	}
	return b
}

// ReceiptOf returns the receipt of cb's i-th recorded transaction.
func ReceiptOf(cb *store.CommittedBlock, i int) Receipt {
	t := &cb.Txs[i]
	return Receipt{TxID: store.HexID(t.ID), Height: cb.Height, Index: t.Index, Outcome: t.Outcome}
}
