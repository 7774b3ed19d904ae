// Package store keeps an arena in one SQLite file: the transaction log, block by block,
// the events it emitted, a checkpoint of the ledger's state, the bridge's record of
// award deliveries, and the work bytes URL entries committed by sha256 at filing. It is
// the only package that imports SQLite. The ledger's views are
// served from the ledger's state, never from tables.
//
// What it promises:
//
//  1. CommitBlock writes a whole block (its transactions and outcomes, the events, the
//     block row and an optional checkpoint) in one SQLite transaction, and returns only
//     once that transaction is durable (WAL with synchronous=FULL). A crash at any point
//     leaves either the whole block or none of it.
//  2. Blocks are numbered from 1 without gaps; CommitBlock refuses any other height.
//  3. The log is the truth. The events and the checkpoint are derived from it;
//     `arena verify` rebuilds the state from the log alone.
//  4. Amounts are stored as canonical decimal TEXT and addresses as lower-case 0x hex.
//     No arithmetic on money is done in SQL.
//
// One *sql.DB with a single connection does every write; a separate read-only pool of
// several connections serves reads, so a reader never holds the writer's connection.
// Every *sql.Rows is closed before the function that opened it returns.
package store
