package clarify

import (
	"fmt"

	"github.com/arena/arena/ledger/book"
)

// Refusals of a question or an answer, whichever kind's round it is on. The messages are
// part of the protocol; every one is pinned by a test.
var (
	// ask
	errQuestionLen = refusef("A question is %d to %d characters", MinQuestionLen, MaxQuestionLen)
	errAskerFull   = refusef("This address has asked its maximum of %d questions here", AsksPerAddress)

	// answer
	errNoQuestion = book.Refuse("No question with that number")
	errAnswered   = book.Refuse("That question has already been answered")
	errAnswerLen  = refusef("An answer is 1 to %d characters", MaxAnswerLen)
)

func refusef(format string, args ...any) *book.Error {
	return book.Refuse(fmt.Sprintf(format, args...))
}
