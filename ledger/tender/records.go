package tender

import "github.com/arena/arena/ledger/book"

// buyer is an address's record as a buyer, as the ledger keeps it.
type buyer struct {
	Address   book.Address `json:"address"`
	Tenders   int          `json:"tenders"`
	Awarded   int          `json:"awarded"`
	Declined  int          `json:"declined"`
	Abandoned int          `json:"abandoned"`
	Escrowed  book.Amount  `json:"escrowed"`
	Paid      book.Amount  `json:"paid"`
}

// bidder is an address's record as a bidder, as the ledger keeps it. Bids counts every
// bid it sealed, so that Bids == Revealed + Expired + Withdrawn + the bids still sealed.
type bidder struct {
	Address   book.Address `json:"address"`
	Bids      int          `json:"bids"`
	Revealed  int          `json:"revealed"`
	Scored    int          `json:"scored"`
	Expired   int          `json:"expired"`
	Withdrawn int          `json:"withdrawn"`
	Won       int          `json:"won"`
	WonValue  book.Amount  `json:"won_value"`
	Points    uint64       `json:"points"`
	PointsMax uint64       `json:"points_max"`
}

// buyer returns a's buyer record, creating it, and marks it changed.
func (s *State) buyer(a book.Address) *buyer {
	i, ok := s.buyerOf[a]
	if !ok {
		i = len(s.buyers)
		s.buyers = append(s.buyers, &buyer{Address: a})
		s.buyerOf[a] = i
	}
	s.sums.buyers.Mark(uint64(i + 1))
	return s.buyers[i]
}

// bidder returns a's bidder record, creating it, and marks it changed.
func (s *State) bidder(a book.Address) *bidder {
	i, ok := s.bidderOf[a]
	if !ok {
		i = len(s.bidders)
		s.bidders = append(s.bidders, &bidder{Address: a})
		s.bidderOf[a] = i
	}
	s.sums.bidders.Mark(uint64(i + 1))
	return s.bidders[i]
}

// won reports whether a has won any tender: the no_prior_award rule.
func (s *State) won(a book.Address) bool {
	i, ok := s.bidderOf[a]
	return ok && s.bidders[i].Won > 0
}

// Buyer returns a's record as a buyer; an address with none gets a zero record.
func (s *State) Buyer(a book.Address) BuyerRecord {
	i, ok := s.buyerOf[a]
	if !ok {
		return BuyerRecord{Address: a}
	}
	r := s.buyers[i]
	return BuyerRecord{Address: a, Tenders: r.Tenders, Awarded: r.Awarded, Declined: r.Declined, Abandoned: r.Abandoned, Escrowed: r.Escrowed, Paid: r.Paid}
}

// Bidder returns a's record as a bidder; an address with none gets a zero record.
func (s *State) Bidder(a book.Address) BidderRecord {
	i, ok := s.bidderOf[a]
	if !ok {
		return BidderRecord{Address: a}
	}
	r := s.bidders[i]
	return BidderRecord{
		Address: a, Bids: r.Bids, Revealed: r.Revealed, Scored: r.Scored, Expired: r.Expired, Withdrawn: r.Withdrawn,
		Won: r.Won, WonValue: r.WonValue, Points: r.Points, PointsMax: r.PointsMax,
	}
}
