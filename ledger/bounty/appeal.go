package bounty

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// Appeal files an appeal against an entry's grade in force; the transaction's value is
// exactly the appeal bond, held in the bond pool until the regrade settles. It opens the
// regrade round.
func (s *State) Appeal(env round.Env, b Appeal) (book.Outcome, *book.Error) {
	at := env.At
	e := s.entry(b.Entry)
	if e == nil {
		return book.Outcome{}, errNoEntry
	}
	if e.gone() {
		return book.Outcome{}, errWithdrawn
	}
	if !at.Value.Eq(s.terms.AppealBond) {
		return book.Outcome{}, errAppealBond
	}
	if !text(b.Argument, 1, MaxArgumentLen) {
		return book.Outcome{}, errArgument
	}
	if e.pendingAppeal() != nil {
		return book.Outcome{}, errAppealedTwice
	}
	if !s.canPay(env, at.Value) {
		return book.Outcome{}, errGradingFee
	}
	if e.Grade == 0 || (e.State != EntryGraded && e.State != EntryFailed) {
		return book.Outcome{}, errNoGrade
	}
	if at.Now >= s.appealUntil(s.task(e.Task), env.Rounds.Get(e.Grade).SettledAt) {
		return book.Outcome{}, errAppealClosed
	}
	env.Book.Escrow(at.From, BondPool, at.Value)
	env.Book.Escrow(at.From, GradePool, s.terms.GradingFee)
	ap := &appeal{Appellant: at.From, Argument: b.Argument, Bond: at.Value, Fee: s.terms.GradingFee, FiledAt: at.Now, Against: e.Grade}
	e.Appeals = append(e.Appeals, ap)
	r := s.openRound(env, e, ap)
	return book.Outcome{Created: uint64(r.ID), Events: []book.Event{
		{Type: "appeal_filed", Height: at.Height, Task: uint64(e.Task), Entry: uint64(e.ID), Round: uint64(e.Grade), Address: book.AddrPtr(at.From), Amount: book.AmountPtr(ap.Bond)},
		{Type: "round_opened", Height: at.Height, Task: uint64(e.Task), Entry: uint64(e.ID), Round: uint64(r.ID), Attempt: 1, Note: "regrade"},
	}}, nil
}

// appealUntil returns when the appeal window of a grade on task t settled at settledAt
// closes.
func (s *State) appealUntil(t *task, settledAt int64) int64 { return settledAt + s.appealWindow(t) }
