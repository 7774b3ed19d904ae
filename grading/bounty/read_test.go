package bounty

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/round"
)

// commonForms are the answer forms the issue found refused as [LLM_ERROR], each written
// for the strong reading of the thirteen, with the reason each gives.
var commonForms = []struct{ answer, reason string }{
	{"four", ""},
	{"Rung 4", ""},
	{"rung four", ""},
	{"Tier: 4", ""},
	{"Level 4", ""},
	{"rung: 4\nrationale: usable as it stands", "usable as it stands"},
	{"Tier: strong\nReason: usable as it stands", "usable as it stands"},
	{"```json\n{\"rung\": 4, \"reason\": \"usable as it stands\"}\n```", "usable as it stands"},
	{"Here is my reading:\n```json\n{\"merit\": \"4/5\", \"reason\": \"usable as it stands\"}\n```", "usable as it stands"},
}

// TestCommonAnswerFormsGradeAsTheThirteenDo: issue, "common answer forms are refused
// today as [LLM_ERROR]: "four", "Rung 4", "Tier: 4", name: value lines, and a JSON
// object inside a ```json fence". Read by the one rung parser, each gives the grade the
// thirteen wordings give, agrees with them, and keeps its reason as the rationale.
func TestCommonAnswerFormsGradeAsTheThirteenDo(t *testing.T) {
	work := "Ledger Sync is live: one call reconciles your ledger with the bank feed. Docs: https://docs.example/ls"
	run := func(a string) ledger.Result {
		return (&Pipeline{Reader: answers(a)}).Run(context.Background(), Inputs{Task: task(noteRubric), Entry: entry(1, work)})
	}
	ref := run(thirteen[0])
	for _, f := range commonForms {
		res := run(f.answer)
		if diff := cmp.Diff(graded{Tier: 4, Violations: 1, Score: 65, Passed: true}, gradedOf(res)); diff != "" {
			t.Errorf("reading %q (-want +got):\n%s", f.answer, diff)
		}
		if !round.Agree(res, ref) {
			t.Errorf("reading %q does not agree with %s", f.answer, thirteen[0])
		}
		if res.Rationale != f.reason {
			t.Errorf("reading %q: rationale %q, want %q", f.answer, res.Rationale, f.reason)
		}
	}
}

// TestAnAnswerWithoutARungIsNoMeritRungNotARefusal: issue, "what is truly not a reading
// must say so: [LLM_ERROR] No merit rung in the response, distinct from a provider
// refusal; a prose answer that has no rung must not be labelled 'Model refused the
// request'". The call is still on the record.
func TestAnAnswerWithoutARungIsNoMeritRungNotARefusal(t *testing.T) {
	for _, a := range []string{
		"I think it is good",
		"I would place this on rung four.",
		"I'm sorry, but I can't help with grading this entry.",
		"```json\n{\"verdict\": \"great\"}\n```",
		"",
	} {
		res := (&Pipeline{Reader: answers(a)}).Run(context.Background(), Inputs{Task: task(noteRubric), Entry: entry(1, shortNote)})
		if diff := cmp.Diff(graded{Error: "[LLM_ERROR] No merit rung in the response"}, gradedOf(res)); diff != "" {
			t.Errorf("answer %q (-want +got):\n%s", a, diff)
		}
		if len(res.Calls) != 1 || res.Calls[0].Response != a {
			t.Errorf("answer %q: calls %+v, want the one read", a, res.Calls)
		}
	}
}

// TestOnlyTheProvidersRefusalIsARefusal: issue, "that label is only for an actual
// provider refusal, e.g. a refusal stop reason / refusal field". A Model that reports
// one (wrapping grading.ErrModelRefused) is [LLM_ERROR] Model refused the request.
func TestOnlyTheProvidersRefusalIsARefusal(t *testing.T) {
	declined := &scripted{err: fmt.Errorf("anthropic m: %w: model declined", grading.ErrModelRefused)}
	res := (&Pipeline{Reader: declined}).Run(context.Background(), Inputs{Task: task(noteRubric), Entry: entry(1, shortNote)})
	if diff := cmp.Diff(graded{Error: "[LLM_ERROR] Model refused the request"}, gradedOf(res)); diff != "" {
		t.Errorf("graded (-want +got):\n%s", diff)
	}
}
