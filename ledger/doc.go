// Package ledger is Arena's deterministic state machine: the transactions, the rules
// that apply them, the views and the money.
//
// The caller's duties, in order, for each block:
//
//  0. Ask NeedsUpgrade(h) before applying the block at height h: a block whose protocol
//     version this binary does not know (version.go) must not be applied; the engine
//     stops there, saying which version and release it needs.
//
//  1. Verify every transaction's signature (tx.Verify), in parallel if it likes; Apply
//     does not verify.
//
//  2. Call Check at admission and keep out of blocks what it refuses: a wrong chain id, a
//     nonce that is not NextNonce, value on a kind that takes none, or a sender that
//     cannot pay the fee and the value from its wallet and what the arena owes it
//     (Spendable). Apply refuses those too, without consuming the nonce.
//
//  3. When consensus hands the block misbehaviour evidence, begin the block
//     (BeginBlock) and hand it to Misbehaved before any transaction; its events join
//     the block's, from which a replay reads it back (EvidenceIn).
//
//  4. Apply each transaction in block order with the block's height and time (the
//     loop is below).
//
//  5. After the block, take s.Hash() (O(changes), cached until the next change) and
//     persist s.Encode() or the log; a consensus engine returns ValidatorUpdates with
//     the block.
//
// The loop of step 4:
//
//	for _, tx := range txs {
//		out, err := s.Apply(tx, ledger.Block{Height: h, Time: t})
//		if err != nil {
//			return err // the state is corrupt: stop the node
//		}
//		record(tx, out) // out.Err is a refusal that consumed the nonce
//	}
//
// A State is not safe for concurrent use; it never starts a goroutine, reads a clock,
// touches IO or draws randomness. Time arrives with the block (plus a dev-mode offset),
// and what needs randomness (committees, leaders) hashes chain state.
//
// Invariants, checked by CheckInvariants and, the money identity, after every Apply:
//
//   - sum(every pool of every kind) + claimable_total == paid_in - paid_out
//   - sum(wallets) + (paid_in - paid_out) == genesis + faucet
//   - claimable_total is the sum of claimable balances
//   - each kind's own: for the bounty, the prize pool is the sum of unsettled prizes, the
//     bond pool the sum of unsettled entry bonds and pending appeal bonds, every grade in
//     force follows from its own rung, gate and counts, and every entry's state matches
//     its rounds and appeals; for the tender, the budget pool is the sum of unsettled
//     budgets, the deposit pool the held deposits and open appeal bonds, the grading
//     pool the grading fees not yet paid or returned, every scored total the sum of its
//     agreed scores times the published weights, and every bidder's bid count is the
//     sum of its revealed, expired, withdrawn and still sealed bids; for the match, the
//     fee pool is the entry fees paid into unsettled matches, the stake pool the open
//     stakes, the bond pool the unsettled matches' bonds, every match's state follows
//     from its joins, anchor and turns, and every settled bet pool paid out its stakes
//     less its fee; for the learning challenge, the pool is the unspent pools of open
//     challenges, the deposit pool the deposits of runs not yet ended, the grading pool
//     the fees of runs whose learn_run round is open or waits for its anchor, every
//     run's state follows from its rounds and its challenge's reveal, and every final
//     score is the one package learn/score gives its kept results; for the validator
//     set, the bond pool is the sum of the bonds of validators in the set, waiting to
//     join or unbonding
//
// Every refusal is an [EXPECTED] *Error listed once in its package's refusals.go and
// pinned by its exact message in that package's refusals_test.go.
//
// # The house
//
// The root composes small packages that never import it:
//
//   - book: amounts, addresses, the error class, events, accounts and nonces, named pools,
//     and the only functions that move money (Escrow, Move, Release, Withdraw; moving
//     zero touches nothing).
//   - round: committees, leader order, attempts, deadlines and the quorum tally over a
//     Verdict whose kind decides agreement.
//   - digest: incremental per-object hashes, and the one check of a sha256 digest in
//     lowercase hex.
//   - season: the funded season the benchmark and learning challenges both run (their
//     pools, a challenge's funds, epochs and folds, deposits, anchored seeds, the
//     pinned platform and a run's classed failure), written once for both.
//   - govern: the validators' proposals to upgrade the protocol at a height, cancel an
//     upgrade or change the terms that may change, and their votes; the root carries out
//     what an adopted proposal does when its height comes (governance.go), and derives
//     the version and the terms in force from the proposals that took effect.
//   - clarify: the public questions a tender and a bounty task both take (the caps per
//     round and per address, the lengths, the owner's one answer and their refusals),
//     written once for both.
//   - bounty, tender and match (and each later kind): its transactions, state, rules,
//     views and refusals. A kind imports book, round and the core packages, never the
//     root and never another kind: what two kinds share is lifted into a core package
//     both import; a kind's own subpackages (match/battle, match/receipt, learn/score,
//     learn/coder) are pure.
//
// # Adding a contest kind
//
// A kind named k is two packages and a few lines here; the fence in deps_test.go and
// the pinned refusals keep it honest.
//
//  1. ledger/k: its body types (each with Kind()), a State with New(Terms), handlers that
//     take a round.Env and return (book.Outcome, *book.Error), its pools (book.Pool
//     "k/..."), a Verdict type with DecodeVerdict if its rounds are graded, Settled and
//     Exhausted for its rounds, Check for its own sums, Hash, MarshalJSON and Restore,
//     refusals.go and refusals_test.go. Add "k" to kinds and ledgerDirs in deps_test.go.
//  2. bodies.go: one row per body in the body table (value or not).
//  3. apply.go: one case per body in dispatch; a graded kind's attestation goes through
//     s.attest with the kind's verdict reader.
//  4. state.go: the field (k *k.State), with its founding terms in terms.go.
//  5. kinds.go: one row at the end of contests, which the root builds everything else
//     from: its construction, its part of the encoding and the state hash (both in the
//     list's order), its Restore, its Check, its rounds' verdict decoders and
//     settlement, its begin-block work (a kind that needs the state hash at the end of
//     the previous block, as the match does for its seed's anchor, says it waits for one
//     and gets it there; what the work returns is the block's begin-block events), its
//     pools with their fields in Balances, its counts and its views in the snapshot.
//     kinds_test.go fails while the row leaves any of them out.
//  6. The surface: read.go (its views), then grading/k and a grader in validator, the
//     API routes and openapi.json, client views, CLI verbs, a board section, and its part
//     of arena audit.
package ledger
