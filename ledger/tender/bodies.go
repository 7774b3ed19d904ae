package tender

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// The tender's transaction kinds.
const (
	KindCheck       book.Kind = "tender_check"
	KindCheckAttest book.Kind = "tender_check_attest"
	KindPublish     book.Kind = "tender_publish"
	KindCommit      book.Kind = "tender_commit"
	KindAmend       book.Kind = "tender_amend"
	KindWithdraw    book.Kind = "tender_withdraw"
	KindAsk         book.Kind = "tender_ask"
	KindAnswer      book.Kind = "tender_answer"
	KindReveal      book.Kind = "tender_reveal"
	KindScore       book.Kind = "tender_score"
	KindAttest      book.Kind = "tender_attest"
	KindAppeal      book.Kind = "tender_appeal"
	KindResolve     book.Kind = "tender_resolve"
	KindExpire      book.Kind = "tender_expire"
	KindAward       book.Kind = "tender_award"
	KindDecline     book.Kind = "tender_decline"
)

// Check asks the committee whether Criteria can be scored from a proposal's text alone.
// It takes no value; the grading fee is taken from the sender's wallet beside it. A
// digest's verdict, once agreed, is final both ways. While a check of the same digest
// is running, or after one was agreed, another is refused; a check whose round ran out
// of attempts returns its fee and may be asked again.
type Check struct {
	Criteria []string `json:"criteria"`
}

// Criterion is one published criterion: its text, its weight (1 to 10) and whether it
// is the primary criterion that breaks ties. Exactly one criterion is primary.
type Criterion struct {
	Text    string `json:"text"`
	Weight  uint64 `json:"weight"`
	Primary bool   `json:"primary,omitempty"`
}

// Publish opens a tender; the transaction's value is the budget, escrowed until the
// tender settles. The windows are lengths in seconds, each at least 1: bids are sealed
// for CommitS from publication, revealed during the RevealS after that, and the buyer
// decides during the DecideS after that.
type Publish struct {
	Title       string      `json:"title"`
	Summary     string      `json:"summary"`
	Criteria    []Criterion `json:"criteria"`
	Deposit     book.Amount `json:"deposit"`     // exact value of every commit on this tender
	AppealBond  book.Amount `json:"appeal_bond"` // exact value of every appeal on this tender
	FeeBps      uint64      `json:"fee_bps"`     // the treasury's share of the budget at award, 0..MaxFeeBps
	CommitS     int64       `json:"commit_s"`
	RevealS     int64       `json:"reveal_s"`
	DecideS     int64       `json:"decide_s"`
	MaxBids     int         `json:"max_bids"`              // 1..MaxBids
	Eligibility []string    `json:"eligibility,omitempty"` // rules from Rules
}

// Commit seals a bid on a tender; the value is exactly the tender's deposit, and the
// grading fee is taken from the wallet beside it. Commitment is Commitment(salt,
// sender, proposal) in lowercase hex.
type Commit struct {
	Tender     TenderID `json:"tender"`
	Commitment string   `json:"commitment"`
}

// Amend replaces a sealed bid's commitment while the commit window is open.
type Amend struct {
	Bid        BidID  `json:"bid"`
	Commitment string `json:"commitment"`
}

// Withdraw withdraws a sealed bid while the commit window is open: its deposit and
// grading fee are owed back at once, and the row is kept.
type Withdraw struct {
	Bid BidID `json:"bid"`
}

// Ask puts a public question to the buyer while the commit window is open.
type Ask struct {
	Tender   TenderID `json:"tender"`
	Question string   `json:"question"`
}

// Answer is the buyer's one, immutable answer to question Question (from 1).
type Answer struct {
	Tender   TenderID `json:"tender"`
	Question int      `json:"question"`
	Reply    string   `json:"reply"`
}

// Reveal opens a sealed bid inside the reveal window: Salt and Proposal must hash,
// with the bidder's address, to the bid's commitment. Anyone holding the bytes may
// send it.
type Reveal struct {
	Bid      BidID  `json:"bid"`
	Salt     string `json:"salt"`
	Proposal string `json:"proposal"`
}

// Score opens a scoring round on a revealed bid, or the next attempt of a timed-out
// one. Anyone may send it.
type Score struct {
	Bid BidID `json:"bid"`
}

// Attest is a committee member's scorecard for the current attempt of a scoring round.
type Attest struct {
	Round   round.ID  `json:"round"`
	Attempt int       `json:"attempt"`
	Result  Scorecard `json:"result"`
}

// CheckAttest is a committee member's verdict for the current attempt of a
// scorability round.
type CheckAttest struct {
	Round   round.ID    `json:"round"`
	Attempt int         `json:"attempt"`
	Result  CheckResult `json:"result"`
}

// Appeal asks for a bid's scorecard to be rescored with Argument attached as a claim
// about the proposal's text; only the bidder, once per bid, while the tender is
// unsettled. The value is exactly the tender's appeal bond; the grading fee is taken
// from the wallet beside it.
type Appeal struct {
	Bid      BidID  `json:"bid"`
	Argument string `json:"argument"`
}

// Resolve opens the rescoring round of a bid's open appeal, or the next attempt of a
// timed-out one. Anyone may send it.
type Resolve struct {
	Bid BidID `json:"bid"`
}

// Expire marks a tender's unrevealed bids expired once the reveal window has closed,
// forfeiting their deposits to the treasury; after the decision window it also closes
// a tender that cannot be completed, returning the budget. Anyone may send it.
type Expire struct {
	Tender TenderID `json:"tender"`
}

// Award settles a tender on its best scored bid: the buyer after the reveal window,
// anyone after the decision window.
type Award struct {
	Tender TenderID `json:"tender"`
}

// Decline settles a tender with no winner, returning the budget and every deposit:
// the buyer only, after every revealed bid is scored, before the decision window
// closes.
type Decline struct {
	Tender TenderID `json:"tender"`
	Reason string   `json:"reason"`
}

// Kind implementations name each body on the wire.
func (Check) Kind() book.Kind       { return KindCheck }
func (CheckAttest) Kind() book.Kind { return KindCheckAttest }
func (Publish) Kind() book.Kind     { return KindPublish }
func (Commit) Kind() book.Kind      { return KindCommit }
func (Amend) Kind() book.Kind       { return KindAmend }
func (Withdraw) Kind() book.Kind    { return KindWithdraw }
func (Ask) Kind() book.Kind         { return KindAsk }
func (Answer) Kind() book.Kind      { return KindAnswer }
func (Reveal) Kind() book.Kind      { return KindReveal }
func (Score) Kind() book.Kind       { return KindScore }
func (Attest) Kind() book.Kind      { return KindAttest }
func (Appeal) Kind() book.Kind      { return KindAppeal }
func (Resolve) Kind() book.Kind     { return KindResolve }
func (Expire) Kind() book.Kind      { return KindExpire }
func (Award) Kind() book.Kind       { return KindAward }
func (Decline) Kind() book.Kind     { return KindDecline }

// Receipts returns the model-call receipts the attestation carries, which the sender
// must have signed.
func (a Attest) Receipts() []round.Call { return a.Result.Calls }

// Receipts returns the model-call receipts the attestation carries.
func (a CheckAttest) Receipts() []round.Call { return a.Result.Calls }
