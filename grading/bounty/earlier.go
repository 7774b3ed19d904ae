package bounty

import (
	"cmp"
	"slices"

	"github.com/arena/arena/grading/bounty/overlap"
	"github.com/arena/arena/ledger"
)

// maxIndexes bounds the tasks whose overlap index a Pipeline keeps.
const maxIndexes = 32

// taskIndex is the overlap index of one task's entries in filing order.
type taskIndex struct {
	idx      *overlap.Index
	used     uint64
	retry    bool // an entry could not be read for a transient reason: rebuild next time
	inFlight chan struct{}
}

// measure returns the overlap of work with in.Earlier. The task's index is reused when
// its entries are a prefix of in.Earlier (extended with the rest) or in.Earlier is a
// prefix of them (measured against that many); otherwise it is rebuilt. An earlier URL
// entry is measured by the bytes it committed at filing, never by what its URL serves
// today; one whose committed bytes cannot be had (its host is gone, or serves something
// else and the work source holds nothing) is measured as empty: it cannot be the
// original of a copy, and a dead earlier host never blocks the grading of later entries.
// Since an entry's text never changes, the index may keep it across runs.
func (p *Pipeline) measure(r *run, work string) overlap.Match {
	t := p.acquire(r.in.Task.ID)
	defer p.release(t)
	ids := t.idx.IDs()
	k := 0
	for k < len(ids) && k < len(r.in.Earlier) && ids[k] == r.in.Earlier[k].ID {
		k++
	}
	switch {
	case t.retry || (k < len(ids) && k < len(r.in.Earlier)):
		t.idx, t.retry, k = overlap.NewIndex(), false, 0
	case k == len(r.in.Earlier):
		return t.idx.MeasureFirst(work, k)
	}
	for _, e := range r.in.Earlier[k:] {
		text, transient := r.earlierText(e)
		t.retry = t.retry || transient
		t.idx.Add(e.ID, text)
	}
	return t.idx.MeasureFirst(work, len(r.in.Earlier))
}

// earlierText returns the text an earlier entry committed at filing, and whether it is
// missing for a reason that may pass. A URL entry without a digest committed no bytes.
func (r *run) earlierText(e ledger.EntryView) (string, bool) {
	switch {
	case e.WorkURL == "":
		return e.Work, false
	case e.WorkSHA == "":
		return "", false
	}
	f := r.committed(e)
	if f.err != nil {
		return "", f.err.Class != ledger.External
	}
	return string(f.body), false
}

// acquire returns the task's index for exclusive use, creating it (and evicting the
// least recently used one) as needed.
func (p *Pipeline) acquire(task ledger.TaskID) *taskIndex {
	for {
		p.mu.Lock()
		if p.indexes == nil {
			p.indexes = map[ledger.TaskID]*taskIndex{}
		}
		t, ok := p.indexes[task]
		if !ok {
			p.evict()
			t = &taskIndex{idx: overlap.NewIndex()}
			p.indexes[task] = t
		}
		if t.inFlight == nil {
			p.clock++
			t.used, t.inFlight = p.clock, make(chan struct{})
			p.mu.Unlock()
			return t
		}
		wait := t.inFlight
		p.mu.Unlock()
		<-wait
	}
}

func (p *Pipeline) release(t *taskIndex) {
	p.mu.Lock()
	close(t.inFlight)
	t.inFlight = nil
	p.mu.Unlock()
}

// evict drops the least recently used idle index when the cache is full.
func (p *Pipeline) evict() {
	if len(p.indexes) < maxIndexes {
		return
	}
	var idle []ledger.TaskID
	for id, t := range p.indexes {
		if t.inFlight == nil {
			idle = append(idle, id)
		}
	}
	if len(idle) == 0 {
		return
	}
	oldest := slices.MinFunc(idle, func(a, b ledger.TaskID) int {
		return cmp.Compare(p.indexes[a].used, p.indexes[b].used)
	})
	delete(p.indexes, oldest)
}
