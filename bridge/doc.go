// Package bridge carries awards across the arena's boundary once the ledger has made
// them final: to the EVM registry named in the founding terms and to webhooks.
//
// What it promises:
//
//  1. The outbox is the ledger's: every award (won or voided) is an "award" event that
//     the ledger emits as part of the award transaction, and the store writes it into
//     the events table in the same SQLite transaction as the block. Nothing is lost
//     between a final award and the outbox.
//  2. The Relayer delivers each award event at least once to each Sink that accepts it,
//     in log order within a sink, and records every attempt and every success in the
//     store (tables deliveries and delivery_attempts, keyed by the award's kind and id
//     and the sink) before it moves on. After a restart it resumes the deliveries that
//     had not succeeded.
//  3. A failed attempt is retried after a deterministic, bounded delay: Backoff.Base
//     doubled for each failure before it, never more than Backoff.Max. No jitter.
//  4. Delivery never reaches back into the ledger or the engine: the relayer reads the
//     store's read pool, writes only its own tables, and runs in its own goroutines. A
//     sink that fails, hangs or reverts delays only its own deliveries; the award it
//     carries stays final, as the spec demands ("fire and forget").
//
// Sinks live in subpackages: bridge/evm calls onAward(taskId, winner, score), and for an
// award paid by rank or to a team onPlaces with every payee, on the registry contract of
// bridge/registry, and bridge/webhook POSTs a signed JSON body that lists every winner.
package bridge
