// Package blocks holds what both ordering engines do with a committed block once the
// ledger has applied it: the shape subscribers see (Block, TxResult, Receipt), the feed
// that hands blocks to subscribers without ever waiting on one, the view rows a block
// writes (FillViews), and the replay that rebuilds and checks a log (Replay, Restore,
// Verify). chain/solo and chain/comet import it; it holds no rules of its own.
package blocks
