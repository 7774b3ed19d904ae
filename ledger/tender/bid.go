package tender

import (
	"encoding/hex"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/digest"
	"github.com/arena/arena/ledger/round"
)

// bid is a sealed bid as the ledger keeps it. Its proposal and salt are empty until it
// is revealed.
type bid struct {
	ID          BidID        `json:"id"`
	Tender      TenderID     `json:"tender"`
	Bidder      book.Address `json:"bidder"`
	Seq         int          `json:"seq"` // commit order on the tender, from 1
	Commitment  string       `json:"commitment"`
	Status      string       `json:"status"`
	Proposal    string       `json:"proposal"`
	Salt        string       `json:"salt"`
	Deposit     book.Amount  `json:"deposit"`
	Fee         book.Amount  `json:"grading_fee"` // paid with the commit; to the graders of its first scorecard
	CommittedAt int64        `json:"committed_at"`
	Amendments  int          `json:"amendments"`
	AmendedAt   int64        `json:"amended_at"`
	WithdrawnAt int64        `json:"withdrawn_at"`
	RevealedAt  int64        `json:"revealed_at"`
	ExpiredAt   int64        `json:"expired_at"`
	ScoredAt    int64        `json:"scored_at"`
	Score       round.ID     `json:"score"` // the round whose scorecard is in force; 0 for none
	Total       uint64       `json:"total"` // the scorecard's weighted total, computed by the ledger
	Rescored    bool         `json:"rescored"`
	Rounds      []round.ID   `json:"rounds"` // every scoring round, oldest first
	Appeal      *appeal      `json:"appeal"`
	Outcome     string       `json:"outcome"` // "" while its deposit is held, then OutcomeWon, OutcomeReturned or OutcomeForfeit
}

// appeal is a bid's one appeal against its scorecard.
type appeal struct {
	Argument    string      `json:"argument"`
	Bond        book.Amount `json:"bond"`
	Fee         book.Amount `json:"grading_fee"` // paid with the appeal; to the graders of its rescoring
	FiledAt     int64       `json:"filed_at"`
	Status      string      `json:"status"`
	TotalBefore uint64      `json:"total_before"`
	TotalAfter  uint64      `json:"total_after"`
	Round       round.ID    `json:"round"` // the latest rescoring round opened for it
	ResolvedAt  int64       `json:"resolved_at"`
}

// live reports whether the bid holds a slot on its tender: it was not withdrawn.
func (b *bid) live() bool { return b.Status != BidWithdrawn }

// held reports whether the bid's deposit is still in the deposit pool.
func (b *bid) held() bool { return b.Outcome == "" }

// feeHeld reports whether the bid's grading fee is still in the grading pool: it was
// neither paid to the graders of its first scorecard nor returned.
func (b *bid) feeHeld() bool {
	return b.Outcome == "" && (b.Status == BidSealed || b.Status == BidRevealed)
}

// openAppeal returns the bid's appeal while it is open, or nil.
func (b *bid) openAppeal() *appeal {
	if b.Appeal != nil && b.Appeal.Status == AppealOpen {
		return b.Appeal
	}
	return nil
}

// lastRound returns the bid's latest scoring round, or nil.
func (b *bid) lastRound(rs *round.Set) *round.Round {
	if n := len(b.Rounds); n > 0 {
		return rs.Get(b.Rounds[n-1])
	}
	return nil
}

// lower returns an address as the commitment reads it: 0x and lowercase hex.
func lower(a book.Address) string { return "0x" + hex.EncodeToString(a[:]) }

// canPay reports whether the sender's wallet holds value and the grading fee beside it.
func (s *State) canPay(env round.Env, value book.Amount) bool {
	need, over := value.Add(s.terms.GradingFee)
	return !over && env.Book.Account(env.At.From).Wallet.Cmp(need) >= 0
}

// liveBids returns how many bids on t hold a slot, and whether a holds one of them.
func (s *State) liveBids(t *tender, a book.Address) (n int, mine bool) {
	for _, id := range t.Bids {
		if b := s.bid(id); b.live() {
			n++
			mine = mine || b.Bidder == a
		}
	}
	return n, mine
}

// Commit seals a bid on a tender: the value is exactly the tender's deposit, held in
// the deposit pool, and the grading fee is taken from the wallet beside it.
func (s *State) Commit(env round.Env, b Commit) (book.Outcome, *book.Error) {
	at := env.At
	if err := s.Runs(); err != nil {
		return book.Outcome{}, err
	}
	t := s.tender(b.Tender)
	if t == nil {
		return book.Outcome{}, errNoTender
	}
	n, mine := s.liveBids(t, at.From)
	switch {
	case t.State != TenderOpen:
		return book.Outcome{}, errSettled
	case at.Now > t.CommitCloses:
		return book.Outcome{}, errCommitClosed
	case !digest.IsSHA256Hex(b.Commitment):
		return book.Outcome{}, errCommitment
	case at.From == t.Buyer:
		return book.Outcome{}, errBuyerBid
	case !at.Value.Eq(t.Deposit):
		return book.Outcome{}, errDeposit
	case mine:
		return book.Outcome{}, errCommittedTwice
	case n >= t.MaxBids:
		return book.Outcome{}, errFull
	case !s.eligible(t, at.From):
		return book.Outcome{}, errIneligible
	case !s.canPay(env, at.Value):
		return book.Outcome{}, errGradingFee
	}
	env.Book.Escrow(at.From, DepositPool, at.Value)
	env.Book.Escrow(at.From, GradePool, s.terms.GradingFee)
	x := &bid{
		ID: BidID(len(s.bids) + 1), Tender: t.ID, Bidder: at.From, Seq: len(t.Bids) + 1, Commitment: b.Commitment,
		Status: BidSealed, Deposit: at.Value, Fee: s.terms.GradingFee, CommittedAt: at.Now, Rounds: []round.ID{},
	}
	s.bids = append(s.bids, x)
	t.Bids = append(t.Bids, x.ID)
	s.markTender(t.ID)
	s.bidder(at.From).Bids++
	return book.Outcome{Created: uint64(x.ID), Events: []book.Event{{
		Type: "bid_committed", Height: at.Height, Tender: uint64(t.ID), Bid: uint64(x.ID), Address: book.AddrPtr(at.From), Amount: book.AmountPtr(x.Deposit),
	}}}, nil
}

// eligible reports whether a meets every eligibility rule of t, checked at commit only.
func (s *State) eligible(t *tender, a book.Address) bool {
	for _, rule := range t.Eligibility {
		if rule == RuleNoPriorAward && s.won(a) {
			return false
		}
	}
	return true
}

// ownSealed refuses a change to bid id by the sender unless it is the sender's own
// sealed bid on an unsettled tender whose commit window is open.
func (s *State) ownSealed(at book.At, id BidID) (*bid, *book.Error) {
	if err := s.Runs(); err != nil {
		return nil, err
	}
	x := s.bid(id)
	if x == nil {
		return nil, errNoBid
	}
	t := s.tender(x.Tender)
	switch {
	case t.State != TenderOpen:
		return nil, errSettled
	case at.Now > t.CommitCloses:
		return nil, errAmendClosed
	case x.Bidder != at.From:
		return nil, errNotBidder
	case x.Status != BidSealed:
		return nil, errHandled
	}
	return x, nil
}

// Amend replaces the sender's sealed commitment while the commit window is open; the
// deposit stays as it was.
func (s *State) Amend(env round.Env, b Amend) (book.Outcome, *book.Error) {
	x, err := s.ownSealed(env.At, b.Bid)
	if err != nil {
		return book.Outcome{}, err
	}
	switch {
	case !digest.IsSHA256Hex(b.Commitment):
		return book.Outcome{}, errCommitment
	case b.Commitment == x.Commitment:
		return book.Outcome{}, errSameCommitment
	}
	x.Commitment, x.AmendedAt = b.Commitment, env.At.Now
	x.Amendments++
	s.markBid(x.ID)
	return book.Outcome{Events: []book.Event{{
		Type: "bid_amended", Height: env.At.Height, Tender: uint64(x.Tender), Bid: uint64(x.ID), Address: book.AddrPtr(x.Bidder),
	}}}, nil
}

// Withdraw withdraws the sender's sealed bid while the commit window is open: its
// deposit and grading fee are owed back at once, and the row is kept but holds no slot.
func (s *State) Withdraw(env round.Env, b Withdraw) (book.Outcome, *book.Error) {
	x, err := s.ownSealed(env.At, b.Bid)
	if err != nil {
		return book.Outcome{}, err
	}
	env.Book.Release(DepositPool, x.Bidder, x.Deposit)
	env.Book.Release(GradePool, x.Bidder, x.Fee)
	x.Status, x.WithdrawnAt, x.Outcome = BidWithdrawn, env.At.Now, OutcomeReturned
	s.markBid(x.ID)
	s.bidder(x.Bidder).Withdrawn++
	return book.Outcome{Events: []book.Event{{
		Type: "bid_withdrawn", Height: env.At.Height, Tender: uint64(x.Tender), Bid: uint64(x.ID), Address: book.AddrPtr(x.Bidder),
		Amount: book.AmountPtr(mustAdd(x.Deposit, x.Fee)),
	}}}, nil
}

// Reveal opens a sealed bid inside the reveal window. Anyone holding the bytes may send
// it: the salt and proposal must hash, with the bidder's address, to the commitment. A
// mismatch stores nothing and may be retried while the window is open.
func (s *State) Reveal(env round.Env, b Reveal) (book.Outcome, *book.Error) {
	at := env.At
	if err := s.Runs(); err != nil {
		return book.Outcome{}, err
	}
	x := s.bid(b.Bid)
	if x == nil {
		return book.Outcome{}, errNoBid
	}
	t := s.tender(x.Tender)
	switch {
	case x.Status != BidSealed:
		return book.Outcome{}, errHandled
	case at.Now <= t.CommitCloses:
		return book.Outcome{}, errRevealEarly
	case at.Now > t.RevealCloses:
		return book.Outcome{}, errRevealLate
	case !runes(b.Proposal, MinProposalLen, MaxProposalLen):
		return book.Outcome{}, errProposalLen
	case !runes(b.Salt, MinSaltLen, MaxSaltLen):
		return book.Outcome{}, errSalt
	case Commitment(b.Salt, lower(x.Bidder), b.Proposal) != x.Commitment:
		return book.Outcome{}, errRevealNoMatch
	}
	x.Status, x.Proposal, x.Salt, x.RevealedAt = BidRevealed, b.Proposal, b.Salt, at.Now
	s.markBid(x.ID)
	s.bidder(x.Bidder).Revealed++
	return book.Outcome{Events: []book.Event{{
		Type: "bid_revealed", Height: at.Height, Tender: uint64(t.ID), Bid: uint64(x.ID), Address: book.AddrPtr(x.Bidder),
	}}}, nil
}
