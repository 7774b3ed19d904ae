// Package learn is what one committee member runs on the rounds of a learning challenge
// (issue 14): a pair's run over the challenge's dataset (Runner, rounds of RunKind) and a
// scored run's measurement on the revealed held-out split (Measurer, rounds of
// HeldoutKind). Both run on a Host: the validator process's one sandbox runtime (the
// benchmark challenge's, so each module is compiled once) and the node's blob store.
//
// A run (Host.Run):
//
//  1. The challenge's platform must be this validator's (sandbox.Local); otherwise it
//     abstains, [TRANSIENT] this validator runs <p>; the challenge pins <q>.
//  2. The architecture and the training program are fetched by digest (blobs.Await
//     through grading/host's Host.Fetch: the node's store, then Host.Nodes, then
//     the https URL the commit named, until the attempt's deadline while none holds
//     it yet), kept in the store, and compiled through the gates
//     (sandbox.CompileArch, sandbox.CompileTrain).
//  3. The train split is fetched by digest the same way (it has no URL: the sponsor
//     uploads it as a blob) and must be the committed number of bytes.
//  4. The learner is built on the run's seed (sandbox.Learner): both modules
//     instantiated and linked, the parameter region gated against param_cap and data_cap
//     and filled from ChaCha8 keyed by learn.InitSeed(seed).
//  5. Every byte i in order: predict, code byte i with the 256 frequencies
//     (ledger/learn/coder), then learn(byte). The result is the exact code length after
//     the flush, the bits of the first learn.Window bytes (the step-0 window), the loss
//     curve (learn.CurvePoints: per adjacent windows a point) and the gas the pair used.
//
// A held-out round (Host.Heldout) does steps 1 to 4, fetches the revealed held-out split
// by its committed digest (bytes that are not the commitment's are refused by the digest
// check, and no run ever asks for them), retrains on the train split exactly as the run
// did (its bits must equal the run's kept bits), then codes the held-out bytes with the
// trained learner without calling learn (trained bits), and with a fresh learner of the
// same seed that never trained (twin bits). A validator that ran the run itself keeps the
// learner it trained (the last KeptLearners, within KeptBytes, keyed by a digest of the
// modules, seed, train split and limits) and codes with it instead of retraining: the
// same learner in the same state, so the same bits (one use: coding moves it on).
//
// Rederive runs a run exactly as Run does and returns the coded stream with the result:
// what `arena audit run` needs to re-derive a run offline and to decode it back.
//
// Failures. The gates', the learner's and a fetched blob's are packages sandbox's and
// blobs' ([EXPECTED] The architecture ran out of gas at byte N, [EXPECTED] The training
// program trapped at byte N: …); the rest are written in failures.go. Decisions the brief
// left open, each the same on every validator:
//   - Coding without learning tells the architecture each coded byte through its optional
//     export observe(b i32) (sandbox.Learner.Observe), in place of learn: predict takes no
//     argument, so a stateful architecture's context would otherwise stay where training
//     stopped. A run calls predict and learn only, as pinned; the examples export observe
//     and advance their context on whichever comes first.
//   - The bits of a byte are the encoder's bits decided by the end of it (emitted or
//     pending, coder.Encoder.Bits); a window's or curve point's bits are the difference
//     at its ends, and the last one holds the flush, so the points sum to the run's bits.
//     A split of at most learn.Window bytes has the whole stream as its step-0 window.
//   - A failure while coding the held-out split is prefixed "Coding the held-out split: "
//     (or "… by the fresh-init twin: "), so its byte N counts held-out bytes.
//   - A retraining that codes the train split in other bits than the run kept is
//     [EXPECTED] The retrained pair coded the dataset in X bits; its run kept Y.
//   - A split whose length is not the committed one is [EXPECTED] (the challenge's terms
//     are wrong for everyone); a split no source holds is blobs' answer, as for a
//     module: [TRANSIENT] when the last source merely lacks it (a node's 404: it may
//     still be uploaded, as the held-out split is at the reveal).
//   - Each module's initialisation gets InitGas; memory is MaxPages per module; the
//     attempt's deadline (long enough for the whole budget at the terms' gas rate)
//     bounds the run, and the validator abstains when it cuts it; the learner's
//     wall-time safety net is sandbox's, longer than any deadline: both [TRANSIENT].
package learn
