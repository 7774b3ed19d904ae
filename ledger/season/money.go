package season

import (
	"fmt"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// Pools are the three pools a kind holds a season's money in.
type Pools struct {
	Pool    book.Pool // unspent emission pools of open challenges
	Deposit book.Pool // deposits of entries not yet returned
	Grade   book.Pool // grading fees not yet paid to graders or returned
}

// Funds are a challenge's money as its record keeps it: the pool escrowed at
// publication, what is left of it, what folds paid and what close returned. A kind
// embeds Funds in its challenge record, where the four fields encode in place.
type Funds struct {
	Funded   book.Amount `json:"funded"`   // the pool at publication
	Pool     book.Amount `json:"pool"`     // what is left of it in Pools.Pool
	Paid     book.Amount `json:"paid"`     // paid out by folds
	Returned book.Amount `json:"returned"` // returned to the sponsor at close
}

// Fund escrows the emission pool v from sponsor's wallet into p.Pool, as a publication
// does, and returns the new challenge's funds.
func (p Pools) Fund(bk *book.Book, sponsor book.Address, v book.Amount) Funds {
	bk.Escrow(sponsor, p.Pool, v)
	return Funds{Funded: v, Pool: v}
}

// Emission returns what a fold may pay: per_epoch, or what is left of the pool when
// that is less.
func (f *Funds) Emission(perEpoch book.Amount) book.Amount { return perEpoch.Min(f.Pool) }

// Pay pays v of f's pool to a, claimable at once, as a fold does; v is at most what is
// left of the pool.
func (p Pools) Pay(bk *book.Book, f *Funds, a book.Address, v book.Amount) {
	bk.Release(p.Pool, a, v)
	f.Pool, _ = f.Pool.Sub(v)
	f.Paid = add(f.Paid, v)
}

// Return returns what is left of f's pool to the sponsor, as a close does, and says how
// much that was.
func (p Pools) Return(bk *book.Book, f *Funds, sponsor book.Address) book.Amount {
	back := f.Pool
	bk.Release(p.Pool, sponsor, back)
	f.Returned, f.Pool = add(f.Returned, back), book.Amount{}
	return back
}

// Stake escrows an entry's deposit and grading fee from a's wallet, as a commit does.
// The caller has checked that the value is exactly their sum (Staked).
func (p Pools) Stake(bk *book.Book, a book.Address, deposit, fee book.Amount) {
	bk.Escrow(a, p.Deposit, deposit)
	bk.Escrow(a, p.Grade, fee)
}

// Staked reports whether a commit's value is exactly the deposit plus the grading fee.
func Staked(value, deposit, fee book.Amount) bool {
	need, over := deposit.Add(fee)
	return !over && value.Eq(need)
}

// ReturnDeposit makes an entry's deposit claimable by a and returns the event that says
// so; entry is the entry's id in its kind.
func (p Pools) ReturnDeposit(env round.Env, entry uint64, a book.Address, deposit book.Amount) book.Event {
	env.Book.Release(p.Deposit, a, deposit)
	return book.Event{Type: "deposit_returned", Height: env.At.Height, Entry: entry, Address: book.AddrPtr(a), Amount: book.AmountPtr(deposit)}
}

// ReturnFee makes a grading fee that no grader earned claimable by payer, who paid it.
func (p Pools) ReturnFee(bk *book.Book, payer book.Address, fee book.Amount) {
	bk.Release(p.Grade, payer, fee)
}

// ReturnEntryFee returns an entry's grading fee that no grader earned to a, who paid
// it, and returns the event that says so, none for a zero fee, which releases nothing;
// entry is the entry's id in its kind.
func (p Pools) ReturnEntryFee(env round.Env, entry uint64, a book.Address, fee book.Amount) []book.Event {
	p.ReturnFee(env.Book, a, fee)
	if fee.IsZero() {
		return nil
	}
	return []book.Event{{Type: "fee_returned", Height: env.At.Height, Entry: entry, Address: book.AddrPtr(a), Amount: book.AmountPtr(fee)}}
}

// PayGraders shares the grading fee of settled round rd among the members who agreed,
// returning the event that says so, or returns the fee to payer when none can be paid
// (round.PayAgreeing).
func (p Pools) PayGraders(env round.Env, rd *round.Round, fee book.Amount, payer book.Address) []book.Event {
	if a, ok := round.PayAgreeing(env.Book, p.Grade, rd, fee); ok {
		return []book.Event{{Type: "graders_paid", Height: env.At.Height, Round: uint64(rd.ID), Attempt: a, Amount: book.AmountPtr(fee), Note: "shared by the members who agreed"}}
	}
	p.ReturnFee(env.Book, payer, fee)
	return nil
}

// add adds two amounts that are bounded by the money that exists.
func add(a, b book.Amount) book.Amount {
	sum, _ := a.Add(b)
	return sum
}

// Check states that f balances: what is left, paid and returned sum to what was
// funded, and a closed challenge (open false) holds nothing.
func (f *Funds) Check(open bool) error {
	if !open && !f.Pool.IsZero() {
		return fmt.Errorf("closed but holds %s", f.Pool)
	}
	if !add(add(f.Pool, f.Paid), f.Returned).Eq(f.Funded) {
		return fmt.Errorf("pool %s + paid %s + returned %s is not the %s funded", f.Pool, f.Paid, f.Returned, f.Funded)
	}
	return nil
}
