package bounty

import (
	"context"
	"sync"
	"time"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/bounty/checks"
	"github.com/arena/arena/grading/bounty/facts"
	"github.com/arena/arena/grading/bounty/overlap"
	"github.com/arena/arena/grading/bounty/rung"
	"github.com/arena/arena/ledger"
	ledgerbounty "github.com/arena/arena/ledger/bounty"
)

// Inputs are what a round froze when it opened: the task, the entry, and every entry
// filed before it on the task, in filing order.
type Inputs struct {
	Task    ledger.TaskView
	Entry   ledger.EntryView
	Earlier []ledger.EntryView
}

// Pipeline runs the grading of one entry. Its zero value needs only Reader (and Fetcher
// or Works for URL entries). A URL entry is graded on the bytes it committed at filing
// and on no others: Works' copy when it holds them, else what the URL serves if it still
// hashes to the committed digest; the copy check compares earlier URL entries the same
// way. A Pipeline keeps, per task, the rubric compiled and an overlap index across runs,
// so that every entry on a task is measured against the same checks with one compile
// call in all, and against a thousand earlier entries without re-reading them; it is
// safe for concurrent use and must not be copied after first use.
type Pipeline struct {
	Reader   grading.Model      // places the work on a rung
	Compiler grading.Model      // compiles what the pattern compiler could not; nil: pattern compiler only
	Fetcher  grading.Fetcher    // fetches work URLs, the entry's and earlier entries'
	Works    grading.WorkSource // committed work bytes by digest, asked before any fetch; nil: fetch every URL
	Now      func() time.Time   // stamps a Call the Model left unstamped; nil: leave it

	compileCache compileCache
	mu           sync.Mutex
	indexes      map[ledger.TaskID]*taskIndex
	clock        uint64
}

// Run grades in.Entry and returns the result a validator attests to. The stages run in
// order, fetch, compile, sandbox pass, read, arithmetic, and the first failure stops the
// run: the result then carries the classed Error and zero graded fields, with whatever
// the stages before it recorded (the digest, the checks, the calls). Run never panics on
// any input and makes at most two model calls: one to read, and one to compile, which
// only the first run on a task makes (compile).
func (p *Pipeline) Run(ctx context.Context, in Inputs) ledger.Result {
	r := &run{p: p, ctx: ctx, in: in, fetched: map[string]fetched{}}
	r.fetch()
	r.compile()
	r.sandbox()
	r.read()
	r.arithmetic()
	return r.result()
}

// run is one pass of the pipeline; each stage does nothing once err is set.
type run struct {
	p       *Pipeline
	ctx     context.Context
	in      Inputs
	res     ledger.Result
	err     *ledger.Error
	work    string
	plan    checks.Plan
	set     *checks.Set
	missedM []string // mandatory criteria not met
	missedP []string // preferred criteria not met
	match   overlap.Match
	reading rung.Reading
	fetched map[string]fetched // this run's fetches, by URL, before any digest check
}

type fetched struct {
	body []byte
	err  *ledger.Error
}

// fetch reads the work: the entry's own text, or the bytes its URL committed at filing
// (see committed). A URL entry's result carries the committed digest whatever becomes of
// the run, and a graded one was read from bytes that hash to it.
func (r *run) fetch() {
	body := []byte(r.in.Entry.Work)
	if r.in.Entry.WorkURL != "" {
		r.res.WorkDigest = r.in.Entry.WorkSHA
		f := r.committed(r.in.Entry)
		if f.err != nil {
			r.err = f.err
			return
		}
		body = f.body
	}
	r.res.WorkDigest = sum(body)
	r.work = string(body)
}

func (r *run) sandbox() {
	if r.err != nil {
		return
	}
	f := facts.Of(r.work).WithTask(r.in.Task.Title, r.in.Task.Spec)
	r.res.Checks = r.set.Eval(&f)
	if r.set.Len() == 0 {
		r.res.NoDeterministicPass = true
		r.res.Prose = texts(r.plan.Criteria)
	}
	r.missedM, r.missedP = checks.Missed(r.res.Checks)
	measured, excluded := BaseOf(r.in.Task).Strip(r.work)
	r.match = r.p.measure(r, measured)
	r.res.Similarity, r.res.Excluded = r.match.Percent, excluded
}

// BaseOf returns what the copy check leaves out of a task's entries: the tokens of its
// spec, rubric and template when it was posted with copy_base, and nothing otherwise.
// The audit re-derives a grade's overlap with it.
func BaseOf(t ledger.TaskView) overlap.Base {
	if !t.CopyBase {
		return overlap.Base{}
	}
	return overlap.NewBase(t.Spec, t.Rubric, t.Template)
}

// copyOf returns the earlier entry this one copies, or 0. A rule break is never filed as
// a copy: a mandatory violation takes precedence.
func (r *run) copyOf() ledger.EntryID { return r.settle(0).DuplicateOf }

// settle is ledger/bounty.Settle over this run's checks and overlap, for the rung judged.
func (r *run) settle(judged int) ledgerbounty.Settled {
	copied := ledger.EntryID(0)
	if r.match.Copy() {
		copied = r.match.Entry
	}
	return ledgerbounty.Settle(judged, len(r.missedM), len(r.missedP), copied)
}

func (r *run) result() ledger.Result {
	if r.err == nil {
		return r.res
	}
	res := r.res
	res.Tier, res.Passed, res.Disqualified, res.DuplicateOf, res.Violations, res.Score = 0, false, false, 0, 0, 0
	res.JudgedTier, res.JudgedScore, res.Rationale, res.Reason = 0, 0, "", ""
	res.Error = r.err.Error()
	return res
}

func texts(cs []checks.Criterion) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Text
	}
	return out
}

// stamp completes a Call the Model returned and appends it to the result.
func (r *run) stamp(call ledger.Call, purpose string, started time.Time) {
	if call, ok := grading.Stamp(call, purpose, started, r.p.Now); ok {
		r.res.Calls = append(r.res.Calls, call)
	}
}

func (r *run) now() time.Time {
	if r.p.Now == nil {
		return time.Time{}
	}
	return r.p.Now()
}
