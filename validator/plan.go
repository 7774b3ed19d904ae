package validator

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
)

// plan is what one look at the committed state calls for.
type plan struct {
	arena  [32]byte      // the arena's genesis hash, which every model-call receipt's domain names
	keep   map[job]bool  // runs to let go on: every open attempt on which this key sits, and keepEnded's
	runs   []task        // attempts to grade, oldest round first
	rotate []ledger.Body // transactions that move on an expired attempt that is this key's to move on
}

// task is one attempt to grade, with its inputs frozen by the grader of its kind.
type task struct {
	job
	arena   [32]byte
	kind    string
	subject uint64
	grade   grading.Job
	// metered marks a program run (grading.Metered): it runs for window, what is left
	// of its attempt by the arena's clock when planned, and abstains when that cuts it.
	metered bool
	window  time.Duration
	// declined, when set, is what the worker attests instead of running: it meters
	// slower than the terms' gas rate and does not sit on program runs.
	declined *ledger.Error
}

// plan reads the state once, under View, and copies out everything the runs need: each
// run's inputs are frozen there by its kind's Grader, and no IO starts until View
// returns.
func (w *Worker) plan() plan {
	var p plan
	w.cfg.Chain.View(func(s *ledger.State) { p = w.planOn(s) })
	return p
}

func (w *Worker) planOn(s *ledger.State) plan {
	p := plan{arena: s.GenesisHash(), keep: map[job]bool{}}
	now := w.now(s)
	for _, r := range s.GradingRounds() {
		rank := slices.Index(sortedCommittee(r.Committee), w.addr)
		a, ok := r.Current()
		if rank < 0 || !ok || r.State != ledger.RoundOpen || a.State != ledger.AttemptOpen {
			continue
		}
		g, graded := w.cfg.Graders[r.Kind]
		_, metered := g.(grading.Metered)
		j := job{r.ID, a.Attempt}
		p.keep[j] = true
		switch {
		case !graded:
			// a kind this worker neither grades nor moves on
		case now > a.Deadline:
			// Too late to attest; the member of rank i moves it on after i*RotateGrace.
			if now <= a.Deadline+int64(time.Duration(rank)*w.cfg.RotateGrace/time.Second) {
				continue
			}
			if body, ok := g.Rotate(s, r); ok {
				p.rotate = append(p.rotate, body)
			}
		case a.HasAttested(w.addr) || w.isStarted(j):
		default:
			if grade, ok := g.Freeze(s, r); ok {
				t := task{job: j, arena: p.arena, kind: r.Kind, subject: r.Subject, grade: grade, metered: metered, window: time.Duration(a.Deadline-now) * time.Second}
				if metered && w.tooSlow(s) {
					t.declined = w.declined(s)
				}
				p.runs = append(p.runs, t)
			}
		}
	}
	w.keepEnded(s, now, p.keep)
	return p
}

// tooSlow reports whether this validator measured itself slower than the gas rate the
// arena's terms require of one that sits on program runs.
func (w *Worker) tooSlow(s *ledger.State) bool {
	t := s.Terms()
	return w.cfg.GasRate > 0 && w.cfg.GasRate < t.Rate()
}

// declined is the failure a worker slower than the terms' gas rate attests on a program
// run instead of running it: [TRANSIENT], so it never becomes a verdict a round keeps,
// and on the record, so the arena's judges say why it sat out.
func (w *Worker) declined(s *ledger.State) *ledger.Error {
	t := s.Terms()
	return ledger.NewError(ledger.Transient, fmt.Sprintf("This validator meters %d gas a second, slower than the arena's %d: it does not sit on program runs", w.cfg.GasRate, t.Rate()))
}

// keepEnded adds to keep each attempt that has a run of this key on it and has ended
// (settled, discarded, abandoned) before its deadline: the run goes on, and what it
// finds is sent and recorded late. Past the deadline the ledger would refuse it, so
// such a run is cancelled.
func (w *Worker) keepEnded(s *ledger.State, now int64, keep map[job]bool) {
	for _, j := range w.startedJobs() {
		if keep[j] {
			continue
		}
		if a, ok := attemptOf(s, j); ok && now <= a.Deadline && !a.HasAttested(w.addr) {
			keep[j] = true
		}
	}
}

func sortedCommittee(c []ledger.Address) []ledger.Address {
	c = slices.Clone(c)
	slices.SortFunc(c, func(a, b ledger.Address) int { return compareAddr(a, b) })
	return c
}

func compareAddr(a, b ledger.Address) int {
	switch {
	case a.Less(b):
		return -1
	case b.Less(a):
		return 1
	}
	return 0
}

// startedJobs returns the attempts with a run started, in no particular order.
func (w *Worker) startedJobs() []job {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Collect(maps.Keys(w.started))
}

func (w *Worker) isStarted(j job) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	_, ok := w.started[j]
	return ok
}
