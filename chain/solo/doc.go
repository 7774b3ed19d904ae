// Package solo is the embedded ordering engine (a chain.Engine): one sequencer orders
// transactions into blocks and keeps them, with their events and checkpoints of the
// ledger's state, in one SQLite file (package store).
//
// The life of a transaction:
//
//  1. Submit verifies its signature and encodes it in the caller's goroutine, outside
//     every lock, and queues it: signatures are checked on every core, and the
//     sequencer only ever takes a request Submit made after the check.
//  2. The sequencer takes whatever is queued (up to Config.MaxBatch) and builds one
//     block of it with blocks.Builder, the builder comet shares: it admits each
//     transaction with State.Check, and a refused one is answered at once with its
//     *ledger.Error and never enters a block.
//  3. The admitted ones are applied in order in one block whose time is the wall clock
//     in unix seconds, never earlier than the previous block's, and each one's rows are
//     encoded for the store as it is applied. While the block before is still being
//     committed, the block goes on taking what is queued; it is handed to the committer
//     the moment that one is free, with what the submitters already running queue
//     meanwhile, and at once when it is idle: a block never waits for more
//     transactions than arrive during the commit before it.
//  4. The committer writes the block (transactions, outcomes, events, and every
//     Config.CheckpointEvery blocks a full checkpoint) in one SQLite transaction, while
//     the sequencer builds the next. Only once that commit is durable is each of its
//     transactions acknowledged, and only then do subscribers see the block.
//     Acknowledged means durable. The state stays locked from a block's apply to its
//     commit, so View sees only committed blocks; a waiting View is let in before the
//     sequencer applies more.
//
// Blocks come only with transactions, but for one: when the last block started a match
// or a run whose seed waits for the next block (State.AwaitsAnchor), the sequencer makes
// that block itself, empty if no transaction arrives within Config.MaxWait. So a commit
// sent by any client is anchored without anyone sending another transaction.
//
// Failure: if Apply reports a corrupt state or CommitBlock fails, the engine halts. From
// then on Submit returns an error wrapping ErrHalted and nothing more is written, so the
// file never diverges from what the ledger applied: the last committed block stays the
// truth, and reopening the file resumes from it. View still answers, with the state the
// engine reached, which may include the block whose commit failed.
//
// Restart: Open decodes the latest checkpoint and replays the blocks after it, checking
// every recorded outcome and every block's state hash, so it resumes exactly where the
// engine stopped. Verify replays the whole log from genesis and checks the same, and
// every signature too.
package solo
