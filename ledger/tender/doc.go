// Package tender is the sealed-bid tender contest kind. A buyer publishes a tender with
// a budget in escrow and 1 to 8 frozen criteria, each with a whole-number weight, after
// the criteria passed a scorability check under consensus. Bidders seal a commitment to
// a proposal with an entry deposit while the commit window is open, and may amend or
// withdraw it; anyone may ask a public question, which the buyer answers once. In the
// reveal window each bidder opens its commitment; committees then score every revealed
// proposal 0 to 5 per criterion, agreeing when each score is within one step of the
// leader's, and the ledger computes the weighted total. A bidder may appeal its
// scorecard once with a bond; anyone may resolve the appeal with a rescoring round. The
// buyer awards the best total (then the primary criterion, then commit order) or
// declines; after the decision window anyone may award, or close a tender that cannot
// be completed, so the budget is never locked.
//
// Its transactions are Check, Publish, Commit, Amend, Withdraw, Ask, Answer, Reveal,
// Score, Attest, CheckAttest, Appeal, Resolve, Expire, Award and Decline. Its rounds are
// of two kinds: Kind ("tender", a bid's scoring, Ref 1 for an appeal's rescoring) and
// CheckKind ("tender_check", a criteria digest's scorability). It moves money only
// through book.Book, in BudgetPool, DepositPool and GradePool; the fee and forfeits go
// to the treasury named in the founding terms, as claimable balance.
//
// Its own rules, checked by Check after every transaction: the budget pool is the sum
// of the budgets of unsettled tenders, the deposit pool the sum of the deposits held and
// open appeal bonds, the grading pool the grading fees not yet paid or returned, and
// every scored bid's total is the sum of its agreed scores times the published weights.
package tender
