package api_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/arena/arena/api"
	"github.com/arena/arena/ledger"
)

// Questions on a task through the API: POST /v1/tx takes a question and its answer,
// GET /v1/tasks/{id}/questions and GET /v1/tasks/{id} show both with their asker and
// times, a task that does not exist is a 404, and a question too short is refused with
// its exact message.
func TestQuestionsThroughTheAPI(t *testing.T) {
	f := newFixture(t)
	txs := []*ledger.Tx{
		f.tx(1, ledger.Ether(100), ledger.PostTask{Title: "Write a haiku", Spec: "A haiku about ledgers.", Rubric: "At most 100 characters.", ClosesInS: 3600}),
		f.tx(2, ledger.Amount{}, ledger.AskQuestion{Task: 1, Question: "Is a senryu acceptable?"}),
		f.tx(3, ledger.Amount{}, ledger.AnswerQuestion{Task: 1, Question: 1, Reply: "No, a haiku."}),
	}
	for _, tx := range txs {
		if st, b := f.post(f.encode(tx)); st != http.StatusOK {
			t.Fatalf("POST %s: %d %s", tx.Body.Kind(), st, b)
		}
	}
	var qs []ledger.QuestionView
	if st := f.get("/v1/tasks/1/questions", &qs); st != http.StatusOK {
		t.Fatalf("GET /v1/tasks/1/questions = %d", st)
	}
	if len(qs) != 1 || qs[0].Index != 1 || qs[0].Asker != f.sender.Address() || qs[0].Text != "Is a senryu acceptable?" || qs[0].Answer != "No, a haiku." || qs[0].AskedAt == 0 || qs[0].AnsweredAt < qs[0].AskedAt {
		t.Fatalf("questions %+v", qs)
	}
	var tv ledger.TaskView
	f.get("/v1/tasks/1", &tv)
	if len(tv.Questions) != 1 || tv.Questions[0] != qs[0] || tv.Rubric != "At most 100 characters." {
		t.Fatalf("task %+v", tv)
	}
	var none json.RawMessage
	if st := f.get("/v1/tasks/2/questions", &none); st != http.StatusNotFound {
		t.Fatalf("GET /v1/tasks/2/questions = %d %s", st, none)
	}
	_, b := f.post(f.encode(f.tx(4, ledger.Amount{}, ledger.AskQuestion{Task: 1, Question: "why?"})))
	var eb api.ErrorBody
	if err := json.Unmarshal(b, &eb); err != nil || eb.Error.Message != "A question is 10 to 400 characters" || eb.Error.Class != "EXPECTED" {
		t.Fatalf("a short question answered %s", b)
	}
}
