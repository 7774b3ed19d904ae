package ledger

import "github.com/arena/arena/ledger/tender"

// The tender's names on the ledger's surface.
type (
	// TenderID is tender.TenderID.
	TenderID = tender.TenderID
	// BidID is tender.BidID.
	BidID = tender.BidID
	// CheckID is tender.CheckID.
	CheckID = tender.CheckID
	// TenderView is tender.TenderView.
	TenderView = tender.TenderView
	// BidView is tender.BidView.
	BidView = tender.BidView
	// CheckView is tender.CheckView.
	CheckView = tender.CheckView
	// TenderRoundView is tender.TenderRoundView.
	TenderRoundView = tender.TenderRoundView
	// BuyerRecord is tender.BuyerRecord.
	BuyerRecord = tender.BuyerRecord
	// BidderRecord is tender.BidderRecord.
	BidderRecord = tender.BidderRecord
)

// Tender returns tender id as readers see it.
func (s *State) Tender(id TenderID) (TenderView, bool) { return s.tender.Tender(s.rounds, id, s.Now()) }

// Tenders returns every tender by id, with its bids and questions.
func (s *State) Tenders() []TenderView { return s.tender.Tenders(s.rounds, s.Now()) }

// Bid returns one tender bid.
func (s *State) Bid(id BidID) (BidView, bool) { return s.tender.Bid(s.rounds, id, s.Now()) }

// TenderCheck returns the latest scorability check of the criteria digest d (see
// tender.Digest).
func (s *State) TenderCheck(d string) (CheckView, bool) { return s.tender.CheckOf(d) }

// TenderChecks returns every scorability check by id.
func (s *State) TenderChecks() []CheckView { return s.tender.Checks() }

// Buyer returns a's record as a tender buyer.
func (s *State) Buyer(a Address) BuyerRecord { return s.tender.Buyer(a) }

// Bidder returns a's record as a tender bidder.
func (s *State) Bidder(a Address) BidderRecord { return s.tender.Bidder(a) }

// TenderRound returns a tender round (scoring or scorability) with the inputs frozen
// when it opened.
func (s *State) TenderRound(id RoundID) (TenderRoundView, bool) {
	r := s.rounds.Get(id)
	if r == nil {
		return TenderRoundView{}, false
	}
	return s.tender.RoundView(r)
}
