package bounty

import (
	"slices"

	"github.com/arena/arena/grading/bounty/checks"
	"github.com/arena/arena/grading/prompt"
)

// compile runs the pattern compiler over the rubric, hands what it left to the model
// compiler when there is one, and validates every expression. A model compiler that
// fails, or answers with something unreadable, degrades the run rather than failing it:
// what it was asked to compile goes to the reader as prose.
func (r *run) compile() {
	if r.err != nil {
		return
	}
	r.plan = checks.Compile(r.in.Task.Rubric)
	cands := r.plan.Compiled
	uncompiled := r.plan.Pending
	var dropped []string
	if len(uncompiled) > 0 && r.p.Compiler != nil {
		var model []checks.Candidate
		model, uncompiled, dropped = r.modelCompile(uncompiled)
		cands = append(slices.Clone(cands), model...)
	}
	r.set = checks.Build(cands, uncompiled)
	r.res.Dropped = append(dropped, r.set.Dropped...)
	r.res.Prose = inRubricOrder(r.set.Prose, r.plan.Criteria)
}

func (r *run) modelCompile(pending []checks.Criterion) ([]checks.Candidate, []checks.Criterion, []string) {
	b := &prompt.Brief{Title: r.in.Task.Title, Spec: r.in.Task.Spec, Rubric: r.in.Task.Rubric, Prose: texts(pending)}
	started := r.now()
	text, call, err := r.p.Compiler.Complete(r.ctx, compilePrompt(b))
	r.stamp(call, prompt.Compile, started)
	if err != nil {
		return nil, pending, nil
	}
	cands, uncompiled, dropped, err := checks.Decode(text, pending)
	if err != nil {
		return nil, pending, nil
	}
	return cands, uncompiled, dropped
}

// inRubricOrder sorts prose criteria into the order the rubric gives them.
func inRubricOrder(prose []string, criteria []checks.Criterion) []string {
	pos := map[string]int{}
	for i, c := range criteria {
		if _, ok := pos[c.Text]; !ok {
			pos[c.Text] = i
		}
	}
	out := slices.Clone(prose)
	slices.SortStableFunc(out, func(a, b string) int { return pos[a] - pos[b] })
	return out
}
