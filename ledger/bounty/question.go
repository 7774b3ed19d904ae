package bounty

import (
	"strconv"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/clarify"
	"github.com/arena/arena/ledger/round"
)

// closing names the refusals of a task's questions that speak of the task itself; the
// rest are clarify's, the tender's own.
var closing = clarify.Closing{Asks: errAskClosed, Answers: errAnswerClosed, Full: errQuestionsFull}

// open reports whether the task still takes questions and answers: until it closes, an
// extension's close included, and never once settled.
func (t *task) open(now int64) bool { return t.Settled == "" && now < t.ClosesAt }

// Ask puts a public question to a task's sponsor before the task closes. Anyone may
// ask, the sponsor too; the text is stored verbatim with the block time. Nothing else of
// the task changes: not its spec, rubric, prize or windows.
func (s *State) Ask(env round.Env, b AskQuestion) (book.Outcome, *book.Error) {
	at := env.At
	t := s.task(b.Task)
	if t == nil {
		return book.Outcome{}, errNoTask
	}
	qs, err := clarify.Ask(t.Questions, closing, t.open(at.Now), at.From, b.Question, at.Now)
	if err != nil {
		return book.Outcome{}, err
	}
	t.Questions = qs
	s.markTask(t.ID)
	n := len(t.Questions)
	return book.Outcome{Created: uint64(n), Events: []book.Event{{
		Type: "question_asked", Height: at.Height, Task: uint64(t.ID), Address: book.AddrPtr(at.From), Note: "question " + strconv.Itoa(n),
	}}}, nil
}

// Answer records the sponsor's one answer to a task's question before the task closes.
// It is written once and never revised; the rubric stays as posted.
func (s *State) Answer(env round.Env, b AnswerQuestion) (book.Outcome, *book.Error) {
	at := env.At
	t := s.task(b.Task)
	switch {
	case t == nil:
		return book.Outcome{}, errNoTask
	case at.From != t.Sponsor:
		return book.Outcome{}, errAnswerSponsor
	}
	if err := clarify.Answer(t.Questions, closing, t.open(at.Now), b.Question, b.Reply, at.Now); err != nil {
		return book.Outcome{}, err
	}
	s.markTask(t.ID)
	return book.Outcome{Events: []book.Event{{
		Type: "question_answered", Height: at.Height, Task: uint64(t.ID), Address: book.AddrPtr(at.From), Note: "question " + strconv.Itoa(b.Question),
	}}}, nil
}
