package tender

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// payGraders shares fee from the grading pool among the committee members whose
// attestation agreed with the verdict round r kept, in equal parts to the atto; the
// leader, whose verdict was kept, takes the remainder. Members who disagreed, failed,
// attested late or not at all get nothing from it.
func payGraders(env round.Env, r *round.Round, t TenderID, b BidID, fee book.Amount) []book.Event {
	a, leader, ok := r.Kept()
	if !ok || fee.IsZero() {
		return nil
	}
	var agreed []book.Address
	for _, at := range a.Attestations {
		if at.Agrees && !at.Late {
			agreed = append(agreed, at.Validator)
		}
	}
	share, rem := fee.DivMod(uint64(len(agreed)))
	for _, v := range agreed {
		pay := share
		if v == leader.Validator {
			pay = mustAdd(share, rem)
		}
		env.Book.Reward(GradePool, v, pay)
	}
	return []book.Event{{
		Type: "graders_paid", Height: env.At.Height, Tender: uint64(t), Bid: uint64(b), Round: uint64(r.ID), Attempt: a.Attempt,
		Amount: book.AmountPtr(fee), Note: "shared by the members who agreed",
	}}
}

// release makes v in pool p claimable by a, touching nothing when v is zero.
func release(bk *book.Book, p book.Pool, a book.Address, v book.Amount) {
	if !v.IsZero() {
		bk.Release(p, a, v)
	}
}

// mustAdd adds two amounts that are bounded by the money that exists.
func mustAdd(a, b book.Amount) book.Amount {
	s, _ := a.Add(b)
	return s
}
