// Package validator is the grading worker of one validator key: it watches committed
// blocks for open grading attempts, of every contest kind, whose committee includes its
// key, runs the grader of the round's kind (Config.Graders: grading/bounty's Pipeline,
// grading/tender's Scorer and Checker, grading/challenge's Runner and Checker, grading/learn's Runner and Measurer) on each attempt's frozen inputs, signs every
// model-call receipt and the attestation, and sends the kind's attest transaction. A run that finishes after its attempt ended (the others settled or
// discarded it first) is still sent while the attempt's deadline has not passed, so the
// ledger records it late and every member who answered in time is on the record; past
// the deadline, or once this key has attested, nothing is sent. It also moves on
// attempts that outlived their deadline, with the transaction the round's Grader names
// (a bounty's grade, a tender's score or resolve, a check of the same criteria), so a
// silent leader never stalls a round.
//
// All of the concurrency lives here, at the edge: the ledger it reads is only ever
// touched inside Chain.View, where each kind's Grader freezes what a run needs into a
// Job of plain values, and every fetch and model call happens in Job.Run, after View
// has returned. Runs are bounded by Config.Concurrency and each by
// Config.RunTimeout, so a model server that is down or slow delays only its own rounds;
// a program run (grading.Metered), whose outcome gas decides, runs instead until its
// attempt's deadline and is abstained from when that cuts it, and a worker that meters
// slower than the terms' gas rate (Config.GasRate) does not sit on program runs: it
// attests a [TRANSIENT] failure saying so instead of running them.
// Submissions from one key are serialised, one in flight at a time, so nonces are read
// from the committed state and never guessed.
package validator
