package ledger_test

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// The refusals of a task's questions, by their exact text: the task's own, and those the
// bounty shares with the tender's clarifications.
var (
	errAskClosed     = expected("Questions close when the task closes")
	errQuestionsFull = expected("A task takes at most 32 questions")
	errAnswerSponsor = expected("Only the sponsor answers a task's questions")
	errAnswerClosed  = expected("Answers close when the task closes")
	errQuestionLen   = expected("A question is 10 to 400 characters")
	errAskerFull     = expected("This address has asked its maximum of 3 questions here")
	errNoQuestion    = expected("No question with that number")
	errAnswered      = expected("That question has already been answered")
	errAnswerLen     = expected("An answer is 1 to 800 characters")
)

// ask has from put text to task's sponsor and returns the question's number.
func (a *arena) ask(task TaskID, from, text string) int {
	return int(a.Do(from, Amount{}, AskQuestion{Task: task, Question: text}).Created)
}

// questions returns task's questions, failing if the task does not exist.
func (a *arena) questions(t *testing.T, task TaskID) []QuestionView {
	t.Helper()
	qs, ok := a.s.Questions(task)
	if !ok {
		t.Fatalf("task %d has no questions view", task)
	}
	return qs
}

// "Questions. The tender's clarification rules, for tasks: anyone asks, the sponsor
// answers once, public and timestamped ... never changing the rubric." Each refusal is
// met with its exact message and leaves the questions as they were; the answer is
// written once with its time, and the task otherwise reads as posted.
func TestAnyoneAsksTheSponsorAnswersOnce(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.postTiered(Ether(100))
	posted, _ := a.s.Task(task)
	asked := a.Now()
	if n := a.ask(task, "alice", "Does the note need a title?"); n != 1 {
		t.Fatalf("first question numbered %d", n)
	}
	a.Wait(30)
	a.ask(task, "sponsor", "A question from the sponsor itself.")
	for _, c := range []struct {
		want *Error
		from string
		body Body
	}{
		{errNoTask, "bob", AskQuestion{Task: task + 1, Question: "Is this the right task?"}},
		{errQuestionLen, "bob", AskQuestion{Task: task, Question: "  why     "}},
		{errQuestionLen, "bob", AskQuestion{Task: task, Question: strings.Repeat("a", MaxQuestionLen+1)}},
		{errNoTask, "sponsor", AnswerQuestion{Task: task + 1, Question: 1, Reply: "Yes."}},
		{errAnswerSponsor, "alice", AnswerQuestion{Task: task, Question: 1, Reply: "Yes."}},
		{errNoQuestion, "sponsor", AnswerQuestion{Task: task, Question: 0, Reply: "Yes."}},
		{errNoQuestion, "sponsor", AnswerQuestion{Task: task, Question: 3, Reply: "Yes."}},
		{errAnswerLen, "sponsor", AnswerQuestion{Task: task, Question: 1, Reply: " \t "}},
		{errAnswerLen, "sponsor", AnswerQuestion{Task: task, Question: 1, Reply: strings.Repeat("a", MaxAnswerLen+1)}},
	} {
		a.Refused(c.want, c.from, Amount{}, c.body)
		if qs := a.questions(t, task); len(qs) != 2 || qs[0].Answer != "" {
			t.Fatalf("after a refused %s: %+v", c.body.Kind(), qs)
		}
	}
	for i := range AsksPerAddress {
		a.ask(task, "bob", "Bob's question number "+strconv.Itoa(i+1))
	}
	a.Refused(errAskerFull, "bob", Amount{}, AskQuestion{Task: task, Question: "One question too many."})
	a.Wait(60)
	answered := a.Now()
	a.Do("sponsor", Amount{}, AnswerQuestion{Task: task, Question: 1, Reply: "Yes, one line."})
	a.Refused(errAnswered, "sponsor", Amount{}, AnswerQuestion{Task: task, Question: 1, Reply: "No."})

	qs := a.questions(t, task)
	want := QuestionView{Index: 1, Asker: a.Addr("alice"), Text: "Does the note need a title?", AskedAt: asked, Answer: "Yes, one line.", AnsweredAt: answered}
	if len(qs) != 5 || qs[0] != want || qs[1].Asker != a.Addr("sponsor") || qs[1].AskedAt != asked+30 || qs[4].Text != "Bob's question number 3" || qs[4].Answer != "" {
		t.Fatalf("questions %+v", qs)
	}
	tv, _ := a.s.Task(task)
	if diff := cmp.Diff(qs, tv.Questions); diff != "" {
		t.Fatalf("get_task's questions differ from the questions view: %s", diff)
	}
	tv.Questions = nil
	if diff := cmp.Diff(posted, tv, amountEq); diff != "" {
		t.Fatalf("questions changed the task (rubric, spec, prize or windows): %s", diff)
	}
	for _, lv := range a.s.Tasks() {
		if lv.Questions != nil {
			t.Fatalf("get_tasks lists questions: %+v", lv.Questions)
		}
	}
}

// "capped per task and per address": a task takes 32 questions, however many askers.
func TestATaskTakesAtMost32Questions(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.postTiered(Ether(100))
	for i := range MaxQuestions {
		a.ask(task, "asker"+strconv.Itoa(i/AsksPerAddress), "Question number "+strconv.Itoa(i+1))
	}
	a.Refused(errQuestionsFull, "stranger", Amount{}, AskQuestion{Task: task, Question: "Room for one more?"})
	a.Refused(errQuestionLen, "stranger", Amount{}, AskQuestion{Task: task, Question: "short"})
	if qs := a.questions(t, task); len(qs) != MaxQuestions {
		t.Fatalf("%d questions", len(qs))
	}
}

// "closing at the task's close": questions and answers are taken until the close an
// extension set, and refused from it on, and on a settled task.
func TestQuestionsCloseWithTheExtendedClose(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.postTiered(Ether(100))
	a.ask(task, "alice", "Can the deadline move?")
	a.Do("sponsor", Amount{}, Extend{Task: task, ByS: 600})
	a.Wait(ledgertest.ClosesInS)
	a.ask(task, "bob", "Asked after the first close.")
	a.Do("sponsor", Amount{}, AnswerQuestion{Task: task, Question: 1, Reply: "It did."})
	a.Wait(600)
	a.Refused(errAskClosed, "carol", Amount{}, AskQuestion{Task: task, Question: "Asked at the extended close."})
	a.Refused(errAnswerClosed, "sponsor", Amount{}, AnswerQuestion{Task: task, Question: 2, Reply: "Too late."})
	a.Refused(errAnswerSponsor, "alice", Amount{}, AnswerQuestion{Task: task, Question: 2, Reply: "Too late."})
	a.Wait(gradingWindow + window)
	a.Do("stranger", Amount{}, Award{Task: task})
	a.Refused(errAskClosed, "carol", Amount{}, AskQuestion{Task: task, Question: "Asked on a settled task."})
	qs := a.questions(t, task)
	if len(qs) != 2 || qs[0].Answer != "It did." || qs[1].Answer != "" {
		t.Fatalf("questions %+v", qs)
	}
	if _, ok := a.s.Questions(task + 1); ok {
		t.Fatal("a task that does not exist has questions")
	}
}

// A state's questions are held to the same rules when it is decoded: a question cut
// below its minimum in the encoding is refused, and the untouched encoding decodes to
// the same hash.
func TestADecodedTaskKeepsTheQuestionRules(t *testing.T) {
	a := newArena(t, 3, nil)
	task := a.postTiered(Ether(10))
	a.ask(task, "alice", "Does the note need a title?")
	enc, err := a.s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := Decode(enc)
	if err != nil || fresh.Hash() != a.s.Hash() {
		t.Fatalf("the encoding decodes to %v, %v", fresh, err)
	}
	bad := bytes.Replace(enc, []byte(`"text":"Does the note need a title?"`), []byte(`"text":"short"`), 1)
	if bytes.Equal(bad, enc) {
		t.Fatal("the encoding does not hold the question's text")
	}
	if _, err := Decode(bad); err == nil || !strings.Contains(err.Error(), "question 1 is outside 10 to 400 characters") {
		t.Fatalf("a question of 5 characters decoded: %v", err)
	}
}
