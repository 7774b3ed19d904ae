package tender

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// payGraders pays fee from the grading pool to the graders who agreed with round r's
// kept verdict (round.PayAgreeing) and says so in an event.
func payGraders(env round.Env, r *round.Round, t TenderID, b BidID, fee book.Amount) []book.Event {
	a, ok := round.PayAgreeing(env.Book, GradePool, r, fee)
	if !ok {
		return nil
	}
	return []book.Event{{
		Type: "graders_paid", Height: env.At.Height, Tender: uint64(t), Bid: uint64(b), Round: uint64(r.ID), Attempt: a,
		Amount: book.AmountPtr(fee), Note: "shared by the members who agreed",
	}}
}

// mustAdd adds two amounts that are bounded by the money that exists.
func mustAdd(a, b book.Amount) book.Amount {
	s, _ := a.Add(b)
	return s
}
