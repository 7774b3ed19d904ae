// Package validator is the grading worker of one validator key: it watches committed
// blocks for open grading attempts whose committee includes its key, runs the grading
// pipeline on each attempt's frozen inputs, signs every model-call receipt and the
// attestation, and sends it. It also moves on attempts that outlived their deadline, so
// a silent leader never stalls a round.
//
// All of the concurrency lives here, at the edge: the ledger it reads is only ever
// touched inside Chain.View, and everything a run needs is copied out into plain values
// before any IO starts. Runs are bounded by Config.Concurrency and each by
// Config.RunTimeout, so a model server that is down or slow delays only its own rounds.
// Submissions from one key are serialised, one in flight at a time, so nonces are read
// from the committed state and never guessed.
package validator
