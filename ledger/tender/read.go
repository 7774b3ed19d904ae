package tender

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// Tender returns tender id as readers see it at the arena's clock now.
func (s *State) Tender(rs *round.Set, id TenderID, now int64) (TenderView, bool) {
	return TenderView{}, false
}

// Tenders returns every tender by id, with bids and questions.
func (s *State) Tenders(rs *round.Set, now int64) []TenderView { return []TenderView{} }

// Bid returns one bid.
func (s *State) Bid(rs *round.Set, id BidID, now int64) (BidView, bool) { return BidView{}, false }

// CheckOf returns the latest scorability check of a criteria digest.
func (s *State) CheckOf(digest string) (CheckView, bool) { return CheckView{}, false }

// Checks returns every scorability check by id.
func (s *State) Checks() []CheckView { return []CheckView{} }

// Buyer returns a's record as a buyer; an address with none gets a zero record.
func (s *State) Buyer(a book.Address) BuyerRecord { return BuyerRecord{Address: a} }

// Bidder returns a's record as a bidder; an address with none gets a zero record.
func (s *State) Bidder(a book.Address) BidderRecord { return BidderRecord{Address: a} }

// RoundView returns a tender round with its frozen inputs; false when r is not a
// tender round.
func (s *State) RoundView(r *round.Round) (TenderRoundView, bool) { return TenderRoundView{}, false }
