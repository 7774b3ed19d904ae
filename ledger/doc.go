// Package ledger is Arena's deterministic state machine: the transactions, the rules
// that apply them, the views and the money.
//
// The caller's duties, in order, for each block:
//
//  1. Verify every transaction's signature (tx.Verify), in parallel if it likes; Apply
//     does not verify.
//
//  2. Call Check at admission and keep out of blocks what it refuses: a wrong chain id, a
//     nonce that is not NextNonce, value on a kind that takes none, or a wallet that
//     cannot pay. Apply refuses those too, without consuming the nonce.
//
//  3. Apply each transaction in block order with the block's height and time (the
//     loop is below).
//
//  4. After the block, take s.Hash() (O(state), cached until the next change) and
//     s.TakeDirty() to rewrite the changed rows, and persist s.Encode() or the log.
//
// The loop of step 3:
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
//   - prize_escrow + bond_escrow + slash_pool + claimable_total == paid_in - paid_out
//   - sum(wallets) + (paid_in - paid_out) == genesis + faucet
//   - prize escrow is the sum of unsettled prizes; bond escrow the sum of unsettled entry
//     bonds and pending appeal bonds; claimable_total the sum of claimable balances
//   - every grade in force follows from its own rung, gate and counts, and every entry's
//     state matches its rounds and appeals
//
// Every refusal is an [EXPECTED] *Error listed once in refusals.go.
package ledger
