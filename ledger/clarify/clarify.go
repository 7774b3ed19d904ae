package clarify

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/arena/arena/ledger/book"
)

// Limits on questions and answers, in characters. A question's lower bound is counted
// after runs of whitespace collapse to one space, so padding cannot meet it.
const (
	MaxQuestions   = 32  // questions one round takes
	AsksPerAddress = 3   // questions one address may ask on one round
	MinQuestionLen = 10  // characters of a question
	MaxQuestionLen = 400 // characters of a question
	MaxAnswerLen   = 800 // characters of an answer
)

// Question is one public clarification: who asked, what, when, and the owner's one
// answer (empty until it is given).
type Question struct {
	Asker      book.Address `json:"asker"`
	Text       string       `json:"text"`
	AskedAt    int64        `json:"asked_at"`
	Answer     string       `json:"answer"`
	AnsweredAt int64        `json:"answered_at"`
}

// Answered reports whether the owner has answered q. An answer is never blank.
func (q *Question) Answered() bool { return q.Answer != "" }

// Closing names the refusals that speak of a kind's own rounds: a question or an answer
// after the round stopped taking them, and a round that has taken MaxQuestions.
type Closing struct {
	Asks    *book.Error
	Answers *book.Error
	Full    *book.Error
}

// Ask returns qs with from's question text appended at time now, or the refusal it meets,
// checked in this order: the round is closed (open false), the text's length, the
// round's cap, the asker's cap. On a refusal qs is returned unchanged.
func Ask(qs []*Question, c Closing, open bool, from book.Address, text string, now int64) ([]*Question, *book.Error) {
	asked := 0
	for _, q := range qs {
		if q.Asker == from {
			asked++
		}
	}
	switch {
	case !open:
		return qs, c.Asks
	case !words(text, MinQuestionLen, MaxQuestionLen):
		return qs, errQuestionLen
	case len(qs) >= MaxQuestions:
		return qs, c.Full
	case asked >= AsksPerAddress:
		return qs, errAskerFull
	}
	return append(qs, &Question{Asker: from, Text: text, AskedAt: now}), nil
}

// Answer records reply as the answer to question n (from 1) of qs at time now, or
// returns the refusal it meets, checked in this order: the round is closed (open false),
// no such question, already answered, the reply's length. The caller checks first that
// the sender is the round's owner. On a refusal nothing changes.
func Answer(qs []*Question, c Closing, open bool, n int, reply string, now int64) *book.Error {
	switch {
	case !open:
		return c.Answers
	case n < 1 || n > len(qs):
		return errNoQuestion
	case qs[n-1].Answered():
		return errAnswered
	case !words(reply, 1, MaxAnswerLen):
		return errAnswerLen
	}
	qs[n-1].Answer, qs[n-1].AnsweredAt = reply, now
	return nil
}

// Check reports the first way qs breaks this package's rules, for a decoded state: no
// question is missing, over a cap or unanswered with an answer time.
func Check(qs []*Question) error {
	if len(qs) > MaxQuestions {
		return fmt.Errorf("%d questions, over the cap of %d", len(qs), MaxQuestions)
	}
	if slices.Contains(qs, nil) {
		return fmt.Errorf("an empty question")
	}
	per := map[book.Address]int{}
	for i, q := range qs {
		per[q.Asker]++
		switch {
		case !words(q.Text, MinQuestionLen, MaxQuestionLen):
			return fmt.Errorf("question %d is outside %d to %d characters", i+1, MinQuestionLen, MaxQuestionLen)
		case per[q.Asker] > AsksPerAddress:
			return fmt.Errorf("question %d: %s asked more than %d", i+1, q.Asker, AsksPerAddress)
		case q.Answered() && !words(q.Answer, 1, MaxAnswerLen):
			return fmt.Errorf("question %d's answer is outside 1 to %d characters", i+1, MaxAnswerLen)
		case !q.Answered() && q.AnsweredAt != 0:
			return fmt.Errorf("question %d has an answer time and no answer", i+1)
		}
	}
	return nil
}

// words reports whether s is valid UTF-8 of at most max characters, and at least min
// once its runs of whitespace collapse to one space.
func words(s string, min, max int) bool {
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > max {
		return false
	}
	return utf8.RuneCountInString(strings.Join(strings.Fields(s), " ")) >= min
}

// View is one question as the views show it, numbered from 1.
type View struct {
	Index      int          `json:"index"` // from 1
	Asker      book.Address `json:"asker"`
	Text       string       `json:"text"`
	AskedAt    int64        `json:"asked_at"`
	Answer     string       `json:"answer,omitempty"`
	AnsweredAt int64        `json:"answered_at,omitempty"`
}

// Views returns qs as views, in the order they were asked; never nil.
func Views(qs []*Question) []View {
	out := make([]View, len(qs))
	for i, q := range qs {
		out[i] = View{Index: i + 1, Asker: q.Asker, Text: q.Text, AskedAt: q.AskedAt, Answer: q.Answer, AnsweredAt: q.AnsweredAt}
	}
	return out
}
