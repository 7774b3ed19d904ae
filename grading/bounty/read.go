package bounty

import (
	"fmt"
	"strings"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/bounty/rung"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
)

// read asks the reader for a rung, with the sandbox result as ground truth. The call is
// made even when code has already disqualified the entry, so that what the reader
// thought is recorded as the judged tier. The answer goes whole to rung.Parse, the one
// parser of answers (no backend refuses one for its form): an answer it finds no rung
// in is [LLM_ERROR] No merit rung in the response, and only a provider's own refusal is
// [LLM_ERROR] Model refused the request.
func (r *run) read() {
	if r.err != nil {
		return
	}
	b := &prompt.Brief{
		Title: r.in.Task.Title, Spec: r.in.Task.Spec, Rubric: r.in.Task.Rubric,
		Prose: r.res.Prose, Work: r.work,
		Sandbox: sandboxReport(r.res.Checks, r.res.Similarity, r.copyOf(), r.res.NoDeterministicPass),
	}
	if r.p.Reader == nil {
		r.err = grading.ClassifyModel(grading.ErrNoModel)
		return
	}
	started := r.now()
	text, call, err := r.p.Reader.Complete(r.ctx, readPrompt(b))
	r.stamp(call, prompt.Read, started)
	if err != nil {
		r.err = grading.ClassifyModel(err)
		return
	}
	reading, err := rung.Parse(text)
	if err != nil {
		r.err = grading.ClassifyAnswer(err)
		return
	}
	r.reading = reading
}

// arithmetic settles the grade from the rung and the facts code established
// (ledger/bounty.Settle): score = max(0, rung*20 - 15*preferred missed), and rung 0,
// score 0, disqualified when a mandatory criterion failed or the overlap reached the
// copy threshold.
func (r *run) arithmetic() {
	if r.err != nil {
		return
	}
	judged := r.reading.Rung
	r.res.JudgedTier, r.res.JudgedScore, r.res.Rationale = int(judged), judged.Worth(), r.reading.Reason
	g := r.settle(int(judged))
	r.res.Tier, r.res.Passed, r.res.Disqualified, r.res.DuplicateOf, r.res.Violations, r.res.Score =
		g.Tier, g.Passed, g.Disqualified, g.DuplicateOf, g.Violations, g.Score
	r.res.Reason = r.reason()
}

// reason is the sentence code writes about the outcome.
func (r *run) reason() string {
	switch {
	case len(r.missedM) > 0:
		return "required criteria not met, established deterministically: " + strings.Join(r.missedM, "; ")
	case r.res.DuplicateOf != 0:
		return fmt.Sprintf("duplicate of submission #%d (%d%% overlap)", r.res.DuplicateOf, r.res.Similarity)
	}
	t := rung.Rung(r.res.Tier)
	s := fmt.Sprintf("read as %d/5 '%s' (%d points)", t, t.Label(), t.Worth())
	if len(r.missedP) > 0 {
		s += fmt.Sprintf(", less %d for preferred criteria not met: %s", ledger.SoftDeduction*len(r.missedP), strings.Join(r.missedP, "; "))
	}
	return s
}
