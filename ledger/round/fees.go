package round

import "github.com/arena/arena/ledger/book"

// PayAgreeing shares fee from pool among the committee members whose attestation
// agreed with the verdict settled round r kept, in equal parts to the atto; the leader,
// whose verdict was kept, takes the remainder. Members who disagreed, failed, attested
// late or not at all get nothing from it. It returns the attempt that settled, and
// false (paying nothing) when r kept no verdict or fee is zero. Every graded kind pays
// its graders through it.
func PayAgreeing(bk *book.Book, pool book.Pool, r *Round, fee book.Amount) (attempt int, paid bool) {
	a, leader, ok := r.Kept()
	if !ok || fee.IsZero() {
		return 0, false
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
			pay, _ = share.Add(rem) // bounded by fee
		}
		bk.Reward(pool, v, pay)
	}
	return a.Attempt, true
}
