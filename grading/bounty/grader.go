package bounty

import (
	"context"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
)

// Kind is the contest kind a Pipeline grades: the key a validator files it under.
const Kind = "bounty"

var _ grading.Grader = (*Pipeline)(nil)

// Freeze copies out of s the inputs round r froze when it opened: the task, the entry
// and every entry filed before it on the task that s still holds, in filing order. The
// views s returns are copies, so the Job keeps nothing that points into s; Freeze does
// no IO. It reports false when s no longer holds the task or the entry.
func (p *Pipeline) Freeze(s *ledger.State, r ledger.RoundView) (grading.Job, bool) {
	t, ok := s.Task(r.Inputs.Task)
	if !ok {
		return nil, false
	}
	e, ok := s.Entry(r.Inputs.Entry)
	if !ok {
		return nil, false
	}
	in := Inputs{Task: t, Entry: e, Earlier: make([]ledger.EntryView, 0, len(r.Inputs.Earlier))}
	for _, id := range r.Inputs.Earlier {
		if ev, ok := s.Entry(id); ok {
			in.Earlier = append(in.Earlier, ev)
		}
	}
	return job{p, in}, true
}

// job is one bounty round's frozen inputs, graded by the Pipeline that froze them.
type job struct {
	p  *Pipeline
	in Inputs
}

// Run runs the pipeline on the frozen inputs.
func (j job) Run(ctx context.Context) ledger.Result { return j.p.Run(ctx, j.in) }
