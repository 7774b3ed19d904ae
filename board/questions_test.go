package board

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// "the board (... questions and answers)": a task's questions show in its brief, each
// with its asker, the block time it was asked at and the sponsor's answer with its
// time, or "unanswered"; a task with none shows no questions block.
func TestTheBoardShowsATasksQuestions(t *testing.T) {
	s, err := ledger.New(ledgertest.Terms(3))
	if err != nil {
		t.Fatal(err)
	}
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	plain := c.Post(ledger.Ether(10))
	task := c.Post(ledger.Ether(10))
	asked := stamp(c.Now())
	c.Do("alice", ledger.Amount{}, ledger.AskQuestion{Task: task, Question: "May the note link to the docs?"})
	c.Do("bob", ledger.Amount{}, ledger.AskQuestion{Task: task, Question: "Is plain text enough?"})
	c.Wait(60)
	answered := stamp(c.Now())
	c.Do("sponsor", ledger.Amount{}, ledger.AnswerQuestion{Task: task, Question: 1, Reply: "Yes, one link."})
	page := string(render(t, s.Snapshot()))
	for _, want := range []string{
		`<h3>Questions (2)</h3>`,
		`<li id="task-2-q-1" value="1"><p class="question">Asked by <code class="addr">` + c.Addr("alice").String() + `</code> at <time datetime="` + asked + `">`,
		`<p class="answer">Answered at <time datetime="` + answered + `">`,
		`: <q>Yes, one link.</q></p></li>`,
		`<li id="task-2-q-2" value="2"><p class="question">Asked by <code class="addr">` + c.Addr("bob").String() + `</code>`,
		`<p class="answer unanswered">unanswered</p></li>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the board lacks %s", want)
		}
	}
	if strings.Contains(page, `id="task-1-q-`) || strings.Count(page, "<h3>Questions") != 1 {
		t.Errorf("plain task %d shows questions", plain)
	}
}
