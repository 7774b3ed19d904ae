// Package learn is the learning-challenge contest kind (issue 14): a sponsor publishes a
// challenge on a pinned text dataset, commits the digest of a held-out split and funds
// an emission pool; agents commit two WebAssembly modules by digest, an architecture and
// a training program; a committee of the challenge's quorum runs the pair over the
// dataset, arithmetic-coding each byte with the architecture's prediction before the
// training program learns it, and attests the exact code length; after close_at the
// sponsor reveals the held-out split and a second round per scored run measures the
// trained model and its fresh-init twin on it; and the benchmark challenge's
// challenge_fold, with "kind":"learning", pays 0.60 of each epoch's emission to the
// owner of the best architecture family and 0.40 to the owner of the best training
// variant on it.
//
// Runs: a commit creates a run "anchoring"; at the next block the ledger hands it the
// state hash at the end of the block that committed it, its seed becomes
// keccak256("arena learn run" ‖ anchor ‖ run id as 8 bytes big-endian) (InitSeed keys
// the parameter fill from it), and its learn_run round opens ("running"). Settled on a
// result the run is "waiting" for the reveal; revealed, its learn_heldout round opens
// ("heldout"); settled there, it is "final" with held-out terms. A run scored after
// reveal_by passed without a reveal is "final" at once without them (penalty 1, tie 0),
// and every waiting run becomes final when a block passes reveal_by. Settled on an
// agreed [EXPECTED] or [EXTERNAL] failure a run is "refused" (it costs only the run: the
// deposit goes back); exhausted, "unscored"; closed by learn_close first, "abandoned".
// Timed-out attempts of both round kinds move on at each new block.
//
// Decisions this package makes where the brief leaves them open:
//   - A learn_attest carries its learn_run result in "result" and its learn_heldout
//     measurement in "heldout"; exactly one, by the round's kind.
//   - A run's seed is anchored under its own domain ("arena learn run"), and its init
//     seed is sha256("arena learn init\n" + the seed in lowercase hex).
//   - The grading fee paid with a commit is shared by the learn_run round's agreeing
//     members; the held-out round carries no fee of its own.
//   - A held-out measurement whose train bits differ from the run's kept bits is refused
//     at attestation. A held-out round that settles on an agreed [EXPECTED] failure (the
//     pair's own fault on the held-out bytes) refuses the run; one that runs out of
//     attempts or agrees on an [EXTERNAL] failure leaves the run final without held-out
//     terms ("unmeasured"), as if the sponsor had not revealed.
//   - A learn_run round that runs out of attempts leaves the run "unscored"; a learning
//     run is deterministic, so there is no provisional median.
//   - A pair (architecture, training program) enters a challenge once; the same
//     architecture with another training program is a new variant of its family.
//   - Architecture families and training variants are formed by final runs only.
package learn
