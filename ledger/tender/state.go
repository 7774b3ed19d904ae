package tender

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/clarify"
	"github.com/arena/arena/ledger/digest"
)

// Kind is the kind of a bid's scoring rounds; CheckKind the kind of a criteria
// digest's scorability rounds.
const (
	Kind      = "tender"
	CheckKind = "tender_check"
)

// The pools a tender holds money in.
const (
	BudgetPool  book.Pool = "tender/budget"   // budgets of tenders not yet settled
	DepositPool book.Pool = "tender/deposits" // deposits of bids not yet settled, and open appeal bonds
	GradePool   book.Pool = "tender/grading"  // grading fees of checks, bids and appeals not yet paid or returned
)

// TenderID, BidID and CheckID number tenders, bids and scorability checks from 1 in
// the order the ledger created them, across every tender. 0 means none.
type (
	TenderID uint64
	BidID    uint64
	CheckID  uint64
)

// Terms are the founding terms tenders run under.
type Terms struct {
	Treasury   *book.Address // receives fees and forfeits as claimable balance; nil: the arena runs no tenders
	GradingFee book.Amount   // paid with each check, bid and appeal beside its value, shared by the graders who agree
}

// Limits and constants of the tender, in characters (runes) unless named otherwise.
const (
	ScoreMax        = 5
	WeightMin       = 1
	WeightMax       = 10
	CriteriaMin     = 1
	CriteriaMax     = 8
	MaxCriterionLen = 160
	MaxTitleLen     = 120
	MaxSummaryLen   = 600
	MinProposalLen  = 40
	MaxProposalLen  = 6000
	MinReasonLen    = 3
	MaxReasonLen    = 120
	MinArgumentLen  = 20
	MaxArgumentLen  = 600
	MaxDeclineLen   = 300
	MaxBids         = 64
	MaxQuestions    = clarify.MaxQuestions
	AsksPerAddress  = clarify.AsksPerAddress
	MinQuestionLen  = clarify.MinQuestionLen
	MaxQuestionLen  = clarify.MaxQuestionLen
	MaxAnswerLen    = clarify.MaxAnswerLen
	MinSaltLen      = 8
	MaxSaltLen      = 64
	MaxFeeBps       = 1000
	BpsDenominator  = 10000
	MaxWindowS      = 365 * 24 * 3600 // the longest any one window may be
	AwardWaitS      = 3600            // award waits this long after the last scoring, so it can be appealed
	MaxCalls        = 4               // model-call receipts per attestation
	MaxCallText     = 64 << 10        // bytes of each of a call's prompt and response
)

// Eligibility rules a tender may name, checked at commit only.
const (
	RuleNoPriorAward = "no_prior_award" // the bidder has never won a tender
)

// Rules lists every eligibility rule, in the order they are documented.
func Rules() []string { return []string{RuleNoPriorAward} }

// Tender states.
const (
	TenderOpen      = "open"
	TenderAwarded   = "awarded"
	TenderDeclined  = "declined"
	TenderAbandoned = "abandoned" // closed after the decision window because it could not be completed
)

// Bid states.
const (
	BidSealed    = "sealed"
	BidRevealed  = "revealed"
	BidScored    = "scored"
	BidExpired   = "expired"
	BidWithdrawn = "withdrawn"
)

// Appeal states.
const (
	AppealOpen     = "open"
	AppealUpheld   = "upheld"   // the weighted total went up: the bond is returned
	AppealRejected = "rejected" // it did not: the bond is forfeited to the treasury
	AppealLapsed   = "lapsed"   // the rescoring ended without a scorecard: the bond and fee are returned, the scorecard stands
)

// Check states.
const (
	CheckRunning     = "checking"
	CheckScorable    = "scorable"
	CheckNotScorable = "not_scorable"
	CheckFailed      = "failed" // the round ran out of attempts; the fee was returned and the digest may be checked again
)

// Bid outcomes after settlement.
const (
	OutcomeWon      = "won"
	OutcomeReturned = "returned"  // the deposit was owed back
	OutcomeForfeit  = "forfeited" // expired unrevealed: the deposit went to the treasury
)

// State is every tender of an arena: its tenders, bids, scorability checks and the
// buyers' and bidders' records. It is not safe for concurrent use.
type State struct {
	terms   Terms
	tenders []*tender // tenders[id-1]
	bids    []*bid    // bids[id-1]
	checks  []*check  // checks[id-1]
	buyers  []*buyer  // in the order each address first published
	bidders []*bidder // in the order each address first committed

	// Indexes derived from the above; rebuilt on decode, never encoded.
	latest   map[string]CheckID // each criteria digest's latest check
	buyerOf  map[book.Address]int
	bidderOf map[book.Address]int
	settled  int // tenders awarded, declined or abandoned

	sums struct{ tenders, bids, checks, buyers, bidders digest.List }
}

// New returns an empty tender state under t.
func New(t Terms) *State {
	return &State{terms: t, latest: map[string]CheckID{}, buyerOf: map[book.Address]int{}, bidderOf: map[book.Address]int{}}
}

// Runs returns the refusal every tender transaction meets when the founding terms name
// no treasury, and nil when they name one.
func (s *State) Runs() *book.Error {
	if s.terms.Treasury == nil {
		return errNoTreasury
	}
	return nil
}

// treasury returns the address that receives fees and forfeits.
func (s *State) treasury() book.Address { return *s.terms.Treasury }

func (s *State) tender(id TenderID) *tender {
	if id == 0 || id > TenderID(len(s.tenders)) {
		return nil
	}
	return s.tenders[id-1]
}

func (s *State) bid(id BidID) *bid {
	if id == 0 || id > BidID(len(s.bids)) {
		return nil
	}
	return s.bids[id-1]
}

func (s *State) check(id CheckID) *check {
	if id == 0 || id > CheckID(len(s.checks)) {
		return nil
	}
	return s.checks[id-1]
}

func (s *State) markTender(id TenderID) { s.sums.tenders.Mark(uint64(id)) }
func (s *State) markBid(id BidID)       { s.sums.bids.Mark(uint64(id)) }
func (s *State) markCheck(id CheckID)   { s.sums.checks.Mark(uint64(id)) }

// Hash returns the combined hash of every tender, bid, check and record, recomputing
// only those that changed.
func (s *State) Hash() [32]byte {
	return digest.Combine(Kind,
		digest.Refresh(&s.sums.tenders, s.tenders),
		digest.Refresh(&s.sums.bids, s.bids),
		digest.Refresh(&s.sums.checks, s.checks),
		digest.Refresh(&s.sums.buyers, s.buyers),
		digest.Refresh(&s.sums.bidders, s.bidders))
}

// Counts are the tender's headline numbers.
type Counts struct {
	Tenders int // every tender published
	Open    int // not yet awarded, declined or abandoned
	Bids    int // every bid sealed
	Checks  int // every scorability check asked
}

// Counts returns the tender's headline numbers.
func (s *State) Counts() Counts {
	return Counts{Tenders: len(s.tenders), Open: len(s.tenders) - s.settled, Bids: len(s.bids), Checks: len(s.checks)}
}

// Retune puts the terms t in force from now on; what a tender already took stays as taken.
func (s *State) Retune(t Terms) { s.terms = t }
