package clarify

import (
	"testing"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/book/booktest"
)

// "Every refusal has an exact message, and a test that pins it": the questions' part of
// the protocol surface, met on a tender and on a bounty task alike. A change here is a
// protocol change.
func TestRefusalsArePinned(t *testing.T) {
	got := map[string]*book.Error{
		"errQuestionLen": errQuestionLen,
		"errAskerFull":   errAskerFull,
		"errNoQuestion":  errNoQuestion,
		"errAnswered":    errAnswered,
		"errAnswerLen":   errAnswerLen,
	}
	want := map[string]string{
		"errQuestionLen": "[EXPECTED] A question is 10 to 400 characters",
		"errAskerFull":   "[EXPECTED] This address has asked its maximum of 3 questions here",
		"errNoQuestion":  "[EXPECTED] No question with that number",
		"errAnswered":    "[EXPECTED] That question has already been answered",
		"errAnswerLen":   "[EXPECTED] An answer is 1 to 800 characters",
	}
	booktest.PinRefusals(t, got, want)
}
