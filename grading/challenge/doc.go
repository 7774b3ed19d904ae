// Package challenge is what one committee member runs on a round of a benchmark
// challenge: a program's run (Runner, rounds of RunKind) and a bench version's check
// (Checker, rounds of CheckKind). Both run on a Host: one sandbox runtime per validator
// process (so each module is compiled once, with the compilation cache under the arena
// directory), the node's blob store and the URL client artifacts are fetched with, and
// the models the validator can serve.
//
// A run (Host.Run):
//
//  1. The bench's platform must be this validator's (sandbox.Local); otherwise it
//     abstains, [TRANSIENT] this validator runs <p>; the bench pins <q>. A bench that
//     pins a model needs Models to serve exactly that name, or the validator abstains.
//  2. The bench module and the program are fetched by digest (blobs.Await: the node's
//     store, then Host.Nodes, then the https URL the registration or commit named,
//     asked again with backoff until the attempt's deadline while none holds it yet),
//     kept in the store, and compiled through the gates (sandbox.Compile): the bench
//     offered WASI alone, the program WASI and the arena host module (with the model
//     channel only when the bench pins a model).
//  3. The dataset is the stdout of op generate for the run's seed and profile, exactly;
//     its digest is their sha256.
//  4. The program runs the probe and then every case in order, each under the bench's
//     case gas, on one instance until a case traps or runs out of gas, after which the
//     next case gets a fresh instance. The mock tool endpoint answers from the case's
//     Mocks (abi.UnknownTool otherwise) and the host records every call it served: the
//     transcript is what the host observed, never what the program reports. A probe
//     without a tool call fails [TRANSIENT] The program never reached the tool endpoint.
//  5. The canonical transcript is graded by op grade, the grades scored by
//     composite.Score, the transcript published (the node's store and Host.Publish), and
//     the result is the dataset and transcript digests, the composite and the gas.
//
// A check (Host.Check) fetches and gates the bench, generates the check seed's full
// dataset twice under different WASI random keys and clock starts (two generations
// that differ: [EXPECTED] The bench is not deterministic: two generations of one seed
// differ), checks that it names the bench, version, seed and profile and holds at least
// min_cases cases, grades an empty transcript (every case answered with nothing) to one
// grade per case that the composite accepts, of exactly the registered kinds, and
// generates every other registered profile once to check that it names itself.
//
// Regrade re-derives a run's result offline from the bench, the seed and the published
// transcript, without running the program: what `arena audit run` needs.
//
// Failures. The gates' refusals are package sandbox's, a fetched artifact's package
// blobs'; the rest are written in failures.go. Decisions the brief left open, each the
// same on every validator:
//   - WASI entropy is derived from the run's seed per use: sha256("arena challenge
//     entropy\n" + use + "\n" + seed) with use "generate", "grade" or "agent" (every
//     agent instance of a run gets the same key); the check's second generation uses
//     "check" and a clock starting at 1,000,000,000 instead of 1,767,225,600.
//   - The gas of a result is the gas the probe's and every case's handle call used
//     (what sandbox.Agent.Handle reports), summed; _initialize is not counted.
//   - A bench that fails on its own inputs in a run (a trap, out of gas, a non-zero
//     exit, output that is not a dataset or grades, grades that are not one per case in
//     the dataset's order, grades the composite refuses) is [EXPECTED]: it depends only
//     on the bench, the seed and the transcript, so every member meets it. A program
//     whose _initialize fails is [EXPECTED] too (sandbox's message).
//   - A model request is the JSON object ModelRequest; any other bytes are sent whole as
//     the user message. The model's text is the response. A call the model cannot
//     answer makes the validator abstain ([TRANSIENT] The bench's model <m> did not
//     answer). The calls' receipts are kept (Outcome.Calls) and signed by the validator,
//     but the kind's RunResult carries none yet.
//   - The transcript records every response, request and answer as text: an invalid
//     UTF-8 sequence is recorded as U+FFFD, and a response is cut at abi.MaxResponse
//     bytes on a character boundary. abi.Transcript.Canonical alone would write an
//     invalid byte as the escape \ufffd, which does not survive being read back, so a
//     published transcript holding garbage would not regrade to its own digest.
//   - A transcript whose canonical bytes exceed the blob cap (blobs.MaxBytes) is cut
//     before grading (fit): every record over an even share of the cap has its response
//     and calls' requests and answers cut, on character boundaries, to equal shares of
//     what its other fields leave; what still does not fit fails [EXPECTED] The
//     transcript exceeds <cap> bytes. The bench grades the cut transcript.
//   - Grades whose composite the ledger would refuse in a run result (over
//     challenge.MaxCategories categories, a kind over MaxKindLen bytes, a category name
//     over MaxCategoryLen bytes or not UTF-8) fail the check and every run [EXPECTED]
//     The bench's grades cannot be scored: <what>.
//   - A result names the program's canonical digest (gas.Canonical: sha256 of the module
//     without custom sections); Regrade fetches the program to name it too.
//   - A transcript that cannot be published makes the validator abstain
//     ([TRANSIENT] The transcript could not be published): an unpublished transcript
//     cannot be re-checked.
//   - Wall time is the attempt's deadline (the context; the ledger sets it long enough
//     for the whole budget at the terms' gas rate, and the validator abstains when it
//     cuts a run) and sandbox's own safety net, longer than any deadline; either is
//     [TRANSIENT], never a case outcome.
package challenge
