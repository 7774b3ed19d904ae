package demo

import (
	"context"
	"fmt"

	"github.com/arena/arena/ledger"
)

// question has bob put a public question to the first task's sponsor before anyone
// enters, and the sponsor answer it once. The answer is public; the rubric stays as
// posted.
func (d *driver) question(ctx context.Context, _ *arena) error {
	task := d.tasks[0]
	out, err := d.send(ctx, "bob", ledger.Amount{}, ledger.AskQuestion{Task: task, Question: "Should the note show how to verify the HMAC signature?"})
	if err != nil {
		return err
	}
	n := int(out.Created)
	reply := "Say that every delivery is signed and link to the docs; the note needs no code."
	if _, err := d.send(ctx, "sponsor", ledger.Amount{}, ledger.AnswerQuestion{Task: task, Question: n, Reply: reply}); err != nil {
		return err
	}
	fmt.Fprintf(d.out, "  question %d on task %d: bob asked, the sponsor answered\n", n, task)
	return nil
}
