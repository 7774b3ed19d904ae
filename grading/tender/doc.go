// Package tender is what one validator runs on a round of the sealed-bid tender: it
// scores a revealed proposal 0 to 5 on every frozen criterion (Scorer, rounds of
// ledger/tender's Kind, a rescoring with the bidder's appeal attached as a claim), and
// says whether a set of criteria can be scored from a proposal's text alone (Checker,
// rounds of CheckKind).
//
// Each run makes one model call and reads its answer by the tender's coercion rules: a
// score may be written 3, "3", "3/5" or 3.0, a half rounds to even, and anything the
// rules cannot read (a score outside 0..5, a boolean, a criterion missing or scored
// twice) is an [LLM_ERROR], which never agrees, so the round rotates. The prompts hold
// the criteria, the proposal and an appeal's argument with every angle bracket turned
// into a parenthesis, so none can close its section, and never the weights: the ledger
// alone multiplies the agreed scores by them. No page is fetched. Failures are classed
// by grading's one classifier, so the messages a tender's verdict can carry are
// written in grading, not here.
package tender
