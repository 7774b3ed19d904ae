package challenge_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
)

// echo is a model that answers each prompt with its user message's length, and keeps a
// receipt naming itself.
type echo struct {
	name  string
	err   error
	asked []prompt.Prompt
}

func (e *echo) Complete(_ context.Context, p prompt.Prompt) (string, ledger.Call, error) {
	e.asked = append(e.asked, p)
	if e.err != nil {
		return "", ledger.Call{}, e.err
	}
	text := fmt.Sprintf("%d bytes heard", len(p.User))
	return text, ledger.Call{Provider: "test", Model: e.name, Prompt: p.User, Response: text}, nil
}

// pin makes v serve model name with m, and no other.
func pin(v validator, name string, m grading.Model) {
	v.Models = func(n string) (grading.Model, bool) { return m, n == name }
}

// A bench that pins a model offers the model channel: the program's calls on it reach
// the validator's reader for exactly that model, each recorded in the transcript with
// its answer, and each leaves a receipt.
func TestModelCallsReachThePinnedModelAndAreRecorded(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	v := newValidator(t, n, m)
	model := &echo{name: "qwen/qwen3-32b"}
	pin(v, model.name, model)
	b := toolbench(m)
	b.Model = model.name
	run := runOf(m, b, "asker", "asker")
	run.Profile = abi.ProfilePractice
	out := v.Run(context.Background(), run)
	if out.Result.Error != "" {
		t.Fatal(out.Result.Error)
	}
	cases := len(out.Transcript.Cases) + 1
	if len(model.asked) != cases || len(out.Calls) != cases {
		t.Fatalf("%d cases asked the model %d times with %d receipts", cases, len(model.asked), len(out.Calls))
	}
	if model.asked[0].System != "You are an agent." || model.asked[0].Purpose != "agent" {
		t.Fatalf("the model was asked %+v", model.asked[0])
	}
	for _, r := range out.Transcript.Cases {
		if len(r.Calls) != 2 || r.Calls[1].Channel != abi.ChannelModel || r.Response != r.Calls[1].Response {
			t.Fatalf("case %s: %+v", r.ID, r)
		}
	}
}

// A program's call the pinned model cannot answer makes the validator abstain: its run
// would not be the one the others saw.
func TestAModelThatCannotAnswerMakesTheValidatorAbstain(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	v := newValidator(t, n, m)
	model := &echo{name: "qwen/qwen3-32b", err: grading.ErrModelUnavailable}
	pin(v, model.name, model)
	b := toolbench(m)
	b.Model = model.name
	run := runOf(m, b, "asker", "down")
	run.Profile = abi.ProfilePractice
	failed(t, v.Run(context.Background(), run).Result.Error,
		ledger.NewError(ledger.Transient, "The bench's model qwen/qwen3-32b did not answer"))
}

// Without a pinned model the model channel is not offered: a program's calls on it are
// not served and not recorded.
func TestWithoutAPinnedModelTheModelChannelIsClosed(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	run := runOf(m, toolbench(m), "asker", "closed")
	run.Profile = abi.ProfilePractice
	out := newValidator(t, n, m).Run(context.Background(), run)
	if out.Result.Error != "" {
		t.Fatal(out.Result.Error)
	}
	for _, r := range out.Transcript.Cases {
		if len(r.Calls) != 1 || r.Calls[0].Channel != abi.ChannelTool || r.Response != "" {
			t.Fatalf("case %s: %+v", r.ID, r)
		}
	}
}
