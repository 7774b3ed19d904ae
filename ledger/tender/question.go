package tender

import (
	"strconv"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/clarify"
	"github.com/arena/arena/ledger/round"
)

// closing names the refusals of a tender's questions that speak of the tender itself;
// the rest are clarify's.
var closing = clarify.Closing{Asks: errAskClosed, Answers: errAnswerClosed, Full: errQuestionsFull}

// Ask puts a public question to the buyer while the commit window is open. Anyone may
// ask, the buyer too; the text is stored verbatim and timestamped.
func (s *State) Ask(env round.Env, b Ask) (book.Outcome, *book.Error) {
	at := env.At
	if err := s.Runs(); err != nil {
		return book.Outcome{}, err
	}
	t := s.tender(b.Tender)
	if t == nil {
		return book.Outcome{}, errNoTender
	}
	if t.State != TenderOpen {
		return book.Outcome{}, errSettled
	}
	qs, err := clarify.Ask(t.Questions, closing, at.Now <= t.CommitCloses, at.From, b.Question, at.Now)
	if err != nil {
		return book.Outcome{}, err
	}
	t.Questions = qs
	s.markTender(t.ID)
	n := len(t.Questions)
	return book.Outcome{Created: uint64(n), Events: []book.Event{{
		Type: "question_asked", Height: at.Height, Tender: uint64(t.ID), Address: book.AddrPtr(at.From), Note: "question " + strconv.Itoa(n),
	}}}, nil
}

// Answer records the buyer's one answer to a question while the commit window is
// open. It is written once and never revised.
func (s *State) Answer(env round.Env, b Answer) (book.Outcome, *book.Error) {
	at := env.At
	if err := s.Runs(); err != nil {
		return book.Outcome{}, err
	}
	t := s.tender(b.Tender)
	if t == nil {
		return book.Outcome{}, errNoTender
	}
	switch {
	case t.State != TenderOpen:
		return book.Outcome{}, errSettled
	case at.From != t.Buyer:
		return book.Outcome{}, errNotBuyer
	}
	if err := clarify.Answer(t.Questions, closing, at.Now <= t.CommitCloses, b.Question, b.Reply, at.Now); err != nil {
		return book.Outcome{}, err
	}
	s.markTender(t.ID)
	return book.Outcome{Events: []book.Event{{
		Type: "question_answered", Height: at.Height, Tender: uint64(t.ID), Address: book.AddrPtr(at.From), Note: "question " + strconv.Itoa(b.Question),
	}}}, nil
}
