// Package comet runs an arena's ledger as a CometBFT ABCI 2.0 application, so that many
// machines order its transactions: App is the application, Engine (a chain.Engine) an
// in-process CometBFT node around it, and Testnet writes the homes of a loopback
// network. A network of independent operators is founded by ceremony instead:
// NewOperatorKeys and SignJoin make an operator's keys and bind its join statement to
// the consensus key, AssembleGenesis checks every statement and writes one genesis
// (pinned genesis_time, no CometBFT validators: InitChain returns them from the founding
// terms' joins) and InstallGenesis checks it against the operator's own statement and
// keys before configuring the node. It is the only package that imports CometBFT. What it shares with the solo
// engine (the block builder, the block shape, the subscriber feed, the store reads,
// replay) lives in chain/blocks; the adapter to grading workers lives in node.
//
// The life of a block:
//
//  1. CheckTx admits a transaction to the mempool: it decodes, verifies the signature
//     and runs State.Check against the committed state, counting the nonces, values
//     and fees of transactions already admitted but not yet committed, so a sender who
//     cannot pay is refused here and never reaches a block. A sender holds at most
//     MaxPendingPerSender transactions waiting. A recheck after a block keeps any nonce
//     not yet committed, whatever order the mempool lists them in.
//  2. PrepareProposal keeps the mempool's order except that each sender's transactions
//     go back into nonce order (CometBFT may list n+1 before n) and a nonce that does not
//     follow is left out; within MaxTxBytes. ProcessProposal accepts every block.
//  3. FinalizeBlock re-verifies every signature in parallel (a proposer may include
//     anything), then builds the block with blocks.Builder, applying the transactions
//     in order with the block's time in unix seconds. A transaction that fails
//     decoding, its signature or admission is answered with a non-zero code and never
//     reaches the ledger or the log. Nothing is persisted.
//  4. Commit writes the block (transactions, outcomes, events, height and state hash)
//     in one SQLite transaction through package store, the same file format the solo
//     engine writes, so blocks.Verify (arena verify) replays it. Only then is the block
//     visible to View, Query, Submit and subscribers.
//
// The app hash is the ledger's state hash after the last block that recorded a
// transaction: a block that changes nothing but the height and time, which its header
// already carries, keeps the hash of the block before it, so CometBFT never needs a
// proof block for it.
//
// Restart: the app rebuilds its state from the file's latest checkpoint and the blocks
// after it, and Info reports the last committed height and app hash; CometBFT then
// replays any block it holds that the file lacks. A crash between FinalizeBlock and
// Commit loses nothing, since nothing was written.
//
// State sync: with SnapshotConfig.Every set, Commit encodes the state (ledger.State.Encode,
// the canonical encoding checkpoints use) at the first block recording a transaction at
// or after each multiple of Every, whose state hash is the app hash, and a background
// goroutine cuts it into chunks of at most 10 MB and writes them; the newest two are
// kept and offered. A node started with [statesync] checks a snapshot's metadata against
// the app hash CometBFT's light client verified (OfferSnapshot), every chunk against the
// sha256 its metadata lists (ApplySnapshotChunk; a bad chunk is fetched again from
// another peer), then the decoded state's height and hash against that app hash, and only
// then records the state as the base of its file (store.SetBase) and follows blocks from
// there. Its log begins at the snapshot; blocks.Verify replays it from there. Without
// state sync a node joining late block-syncs from height 1.
//
// Pruning: with Options.Pruning.KeepBlocks set (at least MinKeepBlocks, and with
// snapshots), Commit returns a RetainHeight that keeps the last KeepBlocks blocks in
// CometBFT's stores and never goes above the oldest snapshot kept; after each snapshot
// is written the app moves its own log's beginning to that oldest snapshot
// (store.DB.Prune), read back and checked first. A restarted node rebuilds its state
// from that base and the blocks after it; blocks.Verify starts there and reports the
// blocks before it pruned. Without KeepBlocks the node keeps every block.
package comet
