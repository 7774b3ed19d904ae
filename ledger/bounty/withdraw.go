package bounty

import (
	"fmt"
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// withdrawable returns the sender's entry e of an open task that may leave it now, or
// the refusal: only its filer, only before close, and only while no round or appeal is
// open on it.
func (s *State) withdrawable(env round.Env, id EntryID) (*entry, *task, *book.Error) {
	e := s.entry(id)
	if e == nil {
		return nil, nil, errNoEntry
	}
	t := s.task(e.Task)
	switch {
	case e.gone():
		return nil, nil, errWithdrawn
	case e.Solver != env.At.From:
		return nil, nil, errWithdrawOwn
	case t.Settled != "" || env.At.Now >= t.ClosesAt:
		return nil, nil, errWithdrawClosed
	case e.State == EntryGrading || e.State == EntryAppealed:
		return nil, nil, errWithdrawBusy
	}
	return e, t, nil
}

// leave takes e off its task's filing index, marking it withdrawn or replaced now.
func (s *State) leave(env round.Env, t *task, e *entry, state string) {
	for _, a := range e.members() {
		delete(s.filed, filing{t.ID, a})
	}
	e.State, e.Outcome, e.WithdrawnAt = state, state, env.At.Now
	s.markEntry(e.ID)
	s.markTask(t.ID)
}

// Withdraw takes the sender's entry back before close: its bond, split as a team's
// would be, and its grading fee if no grade earned it, are returned in full.
func (s *State) Withdraw(env round.Env, b WithdrawEntry) (book.Outcome, *book.Error) {
	e, t, err := s.withdrawable(env, b.Entry)
	if err != nil {
		return book.Outcome{}, err
	}
	s.leave(env, t, e, EntryWithdrawn)
	s.returnBond(env, e)
	if e.Grade == 0 {
		env.Book.Release(GradePool, e.Solver, e.Fee)
	}
	return book.Outcome{Events: []book.Event{{
		Type: "entry_withdrawn", Height: env.At.Height, Task: uint64(t.ID), Entry: uint64(e.ID), Address: book.AddrPtr(e.Solver), Amount: book.AmountPtr(e.Bond),
	}}}, nil
}

// returnBond releases e's bond to its filer, or to its team by the split, recording a
// team's parts.
func (s *State) returnBond(env round.Env, e *entry) {
	if len(e.Team) == 0 {
		env.Book.Release(BondPool, e.Solver, e.Bond)
		return
	}
	parts := SplitTeam(e.Bond, e.Team)
	if len(e.Payouts) != len(e.Team) {
		e.Payouts = make([]Payout, len(e.Team))
	}
	for i, m := range e.Team {
		release(env, BondPool, m.Address, parts[i])
		e.Payouts[i].Address, e.Payouts[i].Bond = m.Address, parts[i]
	}
}

// release is Book.Release for an amount that may be zero, which it skips.
func release(env round.Env, p book.Pool, a book.Address, v book.Amount) {
	if !v.IsZero() {
		env.Book.Release(p, a, v)
	}
}

// Replace files new work, or a new commitment, in place of the sender's entry before
// close. The replacement is a new entry filed now, last on the task: the copy check and
// the tie rule read its filing, never the replaced entry's. It takes over the bond and
// the team; the grading fee carries over if no grade earned it, and is paid afresh
// otherwise.
func (s *State) Replace(env round.Env, b Replace) (book.Outcome, *book.Error) {
	at := env.At
	old, t, err := s.withdrawable(env, b.Entry)
	if err != nil {
		return book.Outcome{}, err
	}
	if err := checkWork(t, b.Work, b.WorkURL, b.WorkSHA256, b.Commitment); err != nil {
		return book.Outcome{}, err
	}
	if !t.sealed() && badWorkDigest(b.WorkURL, b.WorkSHA256) {
		return book.Outcome{}, errWorkDigest
	}
	fresh := old.Grade != 0 // the old fee was earned: the replacement pays its own
	if fresh && env.Book.Account(at.From).Wallet.Cmp(s.terms.GradingFee) < 0 {
		return book.Outcome{}, errReplaceFee
	}
	s.leave(env, t, old, EntryReplaced)
	e := &entry{
		ID: EntryID(len(s.entries) + 1), Task: t.ID, Solver: at.From, Seq: len(t.Entries) + 1,
		Work: b.Work, WorkURL: b.WorkURL, WorkSHA: b.WorkSHA256, Bond: old.Bond, Fee: old.Fee, FiledAt: at.Now, State: EntryPending,
		Commitment: b.Commitment, Team: slices.Clone(old.Team), Replaces: old.ID,
	}
	if fresh {
		env.Book.Escrow(at.From, GradePool, s.terms.GradingFee)
		e.Fee = s.terms.GradingFee
	}
	if t.sealed() {
		e.State = EntrySealed
	}
	old.ReplacedBy = e.ID
	s.file(t, e)
	return book.Outcome{Created: uint64(e.ID), Events: []book.Event{{
		Type: "entry_replaced", Height: at.Height, Task: uint64(t.ID), Entry: uint64(e.ID), Address: book.AddrPtr(at.From), Note: fmt.Sprintf("replaces entry %d", old.ID),
	}}}, nil
}
