package clarify

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger/book"
)

var (
	errClosed  = book.Refuse("closed to questions")
	errAnswers = book.Refuse("closed to answers")
	errFull    = book.Refuse("full")
	closing    = Closing{Asks: errClosed, Answers: errAnswers, Full: errFull}
	alice      = book.Address{1}
)

func addr(i int) book.Address { return book.Address{byte(i >> 8), byte(i), 7} }

// The tender seed's constants: 32 questions a round, 3 an address, 10 to 400
// characters a question, 800 an answer.
func TestTheLimitsAreTheSeeds(t *testing.T) {
	if MaxQuestions != 32 || AsksPerAddress != 3 || MinQuestionLen != 10 || MaxQuestionLen != 400 || MaxAnswerLen != 800 {
		t.Fatalf("limits %d %d %d %d %d", MaxQuestions, AsksPerAddress, MinQuestionLen, MaxQuestionLen, MaxAnswerLen)
	}
}

// A question is refused, in order, when the round is closed, when its text is out of
// bounds (whitespace padding does not count toward the minimum), when the round is full
// and when the asker has asked its share; a refusal leaves the list as it was.
func TestAskRefusesInOrder(t *testing.T) {
	q := "What counts as done here?"
	var qs []*Question
	check := func(want *book.Error, open bool, from book.Address, text string) {
		t.Helper()
		got, err := Ask(qs, closing, open, from, text, 5)
		if err != want || len(got) != len(qs) {
			t.Fatalf("Ask(%q) = %d questions, %v; want %v", text, len(got), err, want)
		}
	}
	check(errClosed, false, alice, "x")
	check(errQuestionLen, true, alice, "  why     ")
	check(errQuestionLen, true, alice, strings.Repeat("é", MaxQuestionLen+1))
	check(errQuestionLen, true, alice, "\xff"+q)
	var err *book.Error
	if qs, err = Ask(qs, closing, true, alice, strings.Repeat("é", MaxQuestionLen), 5); err != nil {
		t.Fatalf("400 characters of two bytes each: %v", err)
	}
	for range AsksPerAddress - 1 {
		if qs, err = Ask(qs, closing, true, alice, q, 6); err != nil {
			t.Fatal(err)
		}
	}
	check(errAskerFull, true, alice, q)
	for i := len(qs); i < MaxQuestions; i++ {
		if qs, err = Ask(qs, closing, true, addr(i), q, 7); err != nil {
			t.Fatal(err)
		}
	}
	check(errFull, true, addr(999), q)
	check(errQuestionLen, true, addr(999), "short")
	if qs[0].Asker != alice || qs[0].AskedAt != 5 || qs[1].Text != q || qs[1].Answered() {
		t.Fatalf("first questions %+v %+v", qs[0], qs[1])
	}
	if err := Check(qs); err != nil {
		t.Fatal(err)
	}
}

// The owner answers each question once, within bounds, while the round is open; the
// answer and its time are written and never revised.
func TestAnswerOnce(t *testing.T) {
	qs, _ := Ask(nil, closing, true, alice, "Is Go 1.24 acceptable?", 3)
	for _, c := range []struct {
		want  *book.Error
		open  bool
		n     int
		reply string
	}{
		{errAnswers, false, 1, "Yes."},
		{errNoQuestion, true, 0, "Yes."},
		{errNoQuestion, true, 2, "Yes."},
		{errAnswerLen, true, 1, " \n "},
		{errAnswerLen, true, 1, strings.Repeat("a", MaxAnswerLen+1)},
	} {
		if err := Answer(qs, closing, c.open, c.n, c.reply, 9); err != c.want || qs[0].Answered() {
			t.Fatalf("Answer(%d, %q) = %v; want %v and no answer", c.n, c.reply, err, c.want)
		}
	}
	if err := Answer(qs, closing, true, 1, "Yes.", 9); err != nil {
		t.Fatal(err)
	}
	if err := Answer(qs, closing, true, 1, "No.", 10); err != errAnswered {
		t.Fatalf("second answer: %v", err)
	}
	if v := Views(qs); len(v) != 1 || v[0] != (View{Index: 1, Asker: alice, Text: "Is Go 1.24 acceptable?", AskedAt: 3, Answer: "Yes.", AnsweredAt: 9}) {
		t.Fatalf("views %+v", v)
	}
}

// A decoded list is held to the same rules: a missing question, an over-long or
// padded text, an answer time with no answer and an asker over its share are malformed.
func TestCheckRefusesMalformedLists(t *testing.T) {
	ok := func() *Question { return &Question{Asker: alice, Text: "A fair question?", AskedAt: 1} }
	for name, qs := range map[string][]*Question{
		"nil":        {ok(), nil},
		"short":      {{Asker: alice, Text: "  a  b  "}},
		"timed":      {{Asker: alice, Text: "A fair question?", AnsweredAt: 4}},
		"long reply": {{Asker: alice, Text: "A fair question?", Answer: strings.Repeat("a", MaxAnswerLen+1), AnsweredAt: 4}},
		"asker":      {ok(), ok(), ok(), ok()},
	} {
		if Check(qs) == nil {
			t.Errorf("%s: Check passed a malformed list", name)
		}
	}
	if Views(nil) == nil {
		t.Fatal("Views(nil) is nil; a view lists none as []")
	}
}
