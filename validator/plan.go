package validator

import (
	"slices"
	"time"

	"github.com/arena/arena/grading/bounty"
	"github.com/arena/arena/ledger"
)

// plan is what one look at the committed state calls for.
type plan struct {
	chain  string
	open   map[job]bool     // every open attempt on which this key sits
	runs   []task           // attempts to grade, oldest round first
	rotate []ledger.EntryID // entries whose attempt expired and is this key's to move on
}

// task is one attempt to grade, with its frozen inputs copied out of the state.
type task struct {
	job
	chain string
	in    bounty.Inputs
}

// plan reads the state once, under View, and copies out everything the runs need.
func (w *Worker) plan() plan {
	var p plan
	w.cfg.Chain.View(func(s *ledger.State) { p = w.planOn(s) })
	return p
}

func (w *Worker) planOn(s *ledger.State) plan {
	p := plan{chain: s.Terms().Chain, open: map[job]bool{}}
	now := max(w.cfg.Now().Unix(), s.Now())
	for _, r := range s.OpenRounds() {
		rank := slices.Index(sortedCommittee(r.Committee), w.addr)
		if rank < 0 || len(r.Attempts) == 0 {
			continue
		}
		a := r.Attempts[len(r.Attempts)-1]
		if r.State != ledger.RoundOpen || a.State != ledger.AttemptOpen {
			continue
		}
		j := job{r.ID, a.Attempt}
		p.open[j] = true
		if now > a.Deadline {
			// Too late to attest; the member of rank i moves it on after i*RotateGrace.
			if now > a.Deadline+int64(time.Duration(rank)*w.cfg.RotateGrace/time.Second) {
				p.rotate = append(p.rotate, r.Entry)
			}
			continue
		}
		if attested(a, w.addr) || w.isStarted(j) {
			continue
		}
		if in, ok := frozenInputs(s, r.Inputs); ok {
			p.runs = append(p.runs, task{job: j, chain: p.chain, in: in})
		}
	}
	return p
}

// frozenInputs copies a round's inputs out of the state: the task, the entry and every
// earlier entry, in filing order.
func frozenInputs(s *ledger.State, ri ledger.RoundInputs) (bounty.Inputs, bool) {
	t, ok := s.Task(ri.Task)
	if !ok {
		return bounty.Inputs{}, false
	}
	e, ok := s.Entry(ri.Entry)
	if !ok {
		return bounty.Inputs{}, false
	}
	in := bounty.Inputs{Task: t, Entry: e, Earlier: make([]ledger.EntryView, 0, len(ri.Earlier))}
	for _, id := range ri.Earlier {
		if ev, ok := s.Entry(id); ok {
			in.Earlier = append(in.Earlier, ev)
		}
	}
	return in, true
}

func attested(a ledger.AttemptView, v ledger.Address) bool {
	for _, at := range a.Attestations {
		if at.Validator == v {
			return true
		}
	}
	return false
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

func (w *Worker) isStarted(j job) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	_, ok := w.started[j]
	return ok
}
