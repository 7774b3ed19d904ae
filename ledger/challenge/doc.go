// Package challenge is the benchmark-challenge contest kind: a sponsor publishes a
// challenge on an accepted, frozen bench and funds an emission pool; agents commit a
// WebAssembly program by digest; a committee of the bench's quorum runs each program on a
// dataset generated from a seed nobody knew at commit and attests the composite; and a
// permissionless fold, once per epoch, pays the king of the hill and a tail from the pool
// by the rules of package koth.
//
// Benches: bench_register freezes a bench version's identity (module digest, limits,
// platform, fold parameters) and opens a bench_check round whose committee generates the
// check seed's dataset. Settled with a result the version is accepted (when the full
// profile has at least min_cases cases and exactly the declared kinds); settled on an
// [EXPECTED] or [EXTERNAL] failure it is refused, with the reason kept; exhausted it
// lapses and the version may be registered again. Registration takes the arena's
// grading fee from the wallet beside it, shared by the members who agree, and returned
// when the round exhausts or agrees only on a failure.
//
// Runs: every run is created "anchoring"; at the next block the ledger hands it the
// state hash at the end of the block that created it (the anchor) and its challenge_run
// round opens ("running"). An entry or rescore run's seed is keccak256("arena challenge
// run" ‖ anchor ‖ run id as 8 bytes big-endian); a confirmation run's is
// sha256(koth's CRN seed of the pair over their canonical program digests, written as 24
// zero bytes then the uint63 big-endian ‖ 0x00 ‖ anchor) (ConfirmSeed), so both sides of
// a pair, opened by one fold, share it and nobody knew it at commit. A round settled on a result makes the run
// "final"; settled on an agreed [EXPECTED] or [EXTERNAL] failure, "refused"; exhausted
// with at least one scored attestation, "provisional" (feedback only: the median of what
// exists is shown, never ranked); exhausted otherwise, "unscored"; closed by
// challenge_close, "abandoned". Timed-out attempts of challenge rounds are moved on at
// each new block, so no run waits on a transaction nobody has a reason to send.
//
// Decisions this package makes where the brief leaves them open:
//   - bench_register takes the grading fee from the wallet, like tender_check.
//   - A bench version is accepted only if the check's full profile has at least
//     min_cases cases and its kinds equal the declared kinds; otherwise it is refused
//     with that reason.
//   - The kept result of a run whose bench pins a model is the median row, by composite
//     then validator address, of the settled attempt's agreeing attestations (the lower
//     middle of an even count); with no model it is the leader's (all agree exactly).
//   - The fold flips the active version first (when rollout_agents entries hold a final,
//     full, ranked run on the newest accepted version), then ranks on the active version
//     with the active version's fold parameters.
//   - A confirmation or rescore run that ended unscored or abandoned may be opened again
//     by a later fold; one in any other state is never opened twice.
package challenge
