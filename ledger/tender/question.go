package tender

import (
	"strconv"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

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
	asked := 0
	for _, q := range t.Questions {
		if q.Asker == at.From {
			asked++
		}
	}
	switch {
	case t.State != TenderOpen:
		return book.Outcome{}, errSettled
	case at.Now > t.CommitCloses:
		return book.Outcome{}, errAskClosed
	case !words(b.Question, MinQuestionLen, MaxQuestionLen):
		return book.Outcome{}, errQuestionLen
	case len(t.Questions) >= MaxQuestions:
		return book.Outcome{}, errQuestionsFull
	case asked >= AsksPerAddress:
		return book.Outcome{}, errAskerFull
	}
	t.Questions = append(t.Questions, &question{Asker: at.From, Text: b.Question, AskedAt: at.Now})
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
	case at.Now > t.CommitCloses:
		return book.Outcome{}, errAnswerClosed
	case b.Question < 1 || b.Question > len(t.Questions):
		return book.Outcome{}, errNoQuestion
	case t.Questions[b.Question-1].AnsweredAt != 0:
		return book.Outcome{}, errAnswered
	case !words(b.Reply, 1, MaxAnswerLen):
		return book.Outcome{}, errAnswerLen
	}
	q := t.Questions[b.Question-1]
	q.Answer, q.AnsweredAt = b.Reply, at.Now
	s.markTender(t.ID)
	return book.Outcome{Events: []book.Event{{
		Type: "question_answered", Height: at.Height, Tender: uint64(t.ID), Address: book.AddrPtr(at.From), Note: "question " + strconv.Itoa(b.Question),
	}}}, nil
}
