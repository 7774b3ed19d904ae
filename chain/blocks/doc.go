// Package blocks holds what both ordering engines do with a block: build it on the
// ledger's state (Builder: check, apply, record each outcome, hash, checkpoint), give it
// the shape subscribers see (Of, ReceiptOf), hand it to subscribers without ever
// waiting on one (Feed), read it back from the store (Head, Stored, TxAt), and replay a
// log to rebuild or check a state (Replay, Restore, Verify). chain/solo and chain/comet
// import it; it holds no rules of its own.
package blocks
