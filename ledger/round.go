package ledger

import (
	"bytes"
	"encoding/binary"
	"slices"

	"github.com/holiman/uint256"
)

// round is one grading round of an entry.
type round struct {
	ID        RoundID        `json:"id"`
	Entry     EntryID        `json:"entry"`
	Task      TaskID         `json:"task"`
	Earlier   int            `json:"earlier"` // entries filed before it on the task: task.Entries[:Earlier]
	Regrade   bool           `json:"regrade"`
	Argument  string         `json:"argument"`
	Against   RoundID        `json:"against"` // for a regrade, the round whose grade is appealed
	OpenedAt  int64          `json:"opened_at"`
	Seed      [32]byte       `json:"seed"`
	Committee []Address      `json:"committee"`
	Order     []Address      `json:"order"` // leader order; attempt k is led by Order[(k-1) mod n]
	State     string         `json:"state"`
	Attempts  []*AttemptView `json:"attempts"`
	Grade     *GradeView     `json:"grade"`
}

// current returns the round's latest attempt.
func (r *round) current() *AttemptView { return r.Attempts[len(r.Attempts)-1] }

// member reports whether a sits on the round's committee.
func (r *round) member(a Address) bool { return slices.Contains(r.Committee, a) }

// roundSeed derives a round's seed from the chain: keccak256(chain, round, entry, height).
func roundSeed(chain string, id RoundID, e EntryID, height uint64) [32]byte {
	b := make([]byte, 0, 8+len(chain)+24)
	b = binary.BigEndian.AppendUint64(b, uint64(len(chain)))
	b = append(b, chain...)
	b = binary.BigEndian.AppendUint64(b, uint64(id))
	b = binary.BigEndian.AppendUint64(b, uint64(e))
	b = binary.BigEndian.AppendUint64(b, height)
	return keccak(b)
}

// committee draws the round's committee from the validator set: all of them when the
// committee is the whole set, otherwise the first CommitteeSize by keccak(seed || address).
func committee(t *Terms, seed [32]byte) []Address {
	n := t.CommitteeSize()
	vs := slices.Clone(t.Validators)
	if n == len(vs) {
		return vs
	}
	type drawn struct {
		key [32]byte
		a   Address
	}
	d := make([]drawn, len(vs))
	for i, v := range vs {
		d[i] = drawn{keccak(append(seed[:len(seed):len(seed)], v[:]...)), v}
	}
	slices.SortFunc(d, func(x, y drawn) int {
		if c := bytes.Compare(x.key[:], y.key[:]); c != 0 {
			return c
		}
		return bytes.Compare(x.a[:], y.a[:])
	})
	out := make([]Address, n)
	for i := range out {
		out[i] = d[i].a
	}
	return out
}

// leaderOrder rotates the committee by seed mod n; last, if set, is moved to the end so
// that a regrade is led by someone other than the leader of the grade appealed.
func leaderOrder(c []Address, seed [32]byte, last *Address) []Address {
	n := uint64(len(c))
	var k uint256.Int
	k.SetBytes32(seed[:])
	k.Mod(&k, uint256.NewInt(n))
	r := int(k.Uint64())
	order := append(slices.Clone(c[r:]), c[:r]...)
	if last != nil {
		if i := slices.Index(order, *last); i >= 0 {
			order = append(append(order[:i:i], order[i+1:]...), *last)
		}
	}
	return order
}

// openRound opens a round on e: a first grading, a fresh one after exhaustion, or the
// regrade of a pending appeal.
func (s *State) openRound(e *entry, ap *appeal) *round {
	id := RoundID(len(s.rounds) + 1)
	seed := roundSeed(s.terms.Chain, id, e.ID, s.height)
	c := committee(&s.terms, seed)
	r := &round{
		ID: id, Entry: e.ID, Task: e.Task, Earlier: e.Seq - 1, OpenedAt: s.Now(),
		Seed: seed, Committee: c, State: RoundOpen,
	}
	var last *Address
	if ap != nil {
		r.Regrade, r.Argument, r.Against = true, ap.Argument, ap.Against
		if g := s.round(ap.Against).Grade; g != nil {
			last = &g.Leader
		}
		ap.Round = id
		e.State = EntryAppealed
	} else {
		e.State = EntryGrading
	}
	r.Order = leaderOrder(c, seed, last)
	s.rounds = append(s.rounds, r)
	e.Rounds = append(e.Rounds, id)
	s.open = append(s.open, id)
	s.mark.entry(e.ID)
	s.openAttempt(r)
	return r
}

// openAttempt starts the round's next attempt with the next leader.
func (s *State) openAttempt(r *round) {
	k := len(r.Attempts) + 1
	r.Attempts = append(r.Attempts, &AttemptView{
		Attempt: k, Leader: r.Order[(k-1)%len(r.Order)], OpenedAt: s.Now(),
		Deadline: s.Now() + s.terms.RoundTimeoutS, State: AttemptOpen, Attestations: []Attestation{},
	})
	s.mark.round(r.ID)
}

// endAttempt closes the current attempt as state and opens the next one, or exhausts the
// round when its attempts have run out. It returns the event describing what happened.
func (s *State) endAttempt(r *round, state string) []Event {
	a := r.current()
	a.State = state
	ev := []Event{{Type: "attempt_" + state, Height: s.height, Entry: r.Entry, Round: r.ID, Attempt: a.Attempt}}
	if len(r.Attempts) < s.terms.Attempts {
		s.openAttempt(r)
		return append(ev, Event{Type: "attempt_opened", Height: s.height, Entry: r.Entry, Round: r.ID, Attempt: a.Attempt + 1})
	}
	r.State = RoundExhausted
	s.closeRound(r)
	e := s.entry(r.Entry)
	if !r.Regrade {
		e.State = EntryUngraded
	}
	s.mark.entry(e.ID)
	return append(ev, Event{Type: "round_exhausted", Height: s.height, Entry: r.Entry, Round: r.ID})
}

// closeRound removes r from the open set.
func (s *State) closeRound(r *round) {
	if i := slices.Index(s.open, r.ID); i >= 0 {
		s.open = slices.Delete(s.open, i, i+1)
	}
	s.mark.round(r.ID)
}

// grade opens a round on an entry, or moves a stalled one on.
func (s *State) grade(tx *Tx, b Grade) (Outcome, *Error) {
	e := s.entry(b.Entry)
	if e == nil {
		return Outcome{}, errNoEntry
	}
	if n := len(e.Rounds); n > 0 {
		if r := s.round(e.Rounds[n-1]); r.State == RoundOpen {
			if s.Now() <= r.current().Deadline {
				return Outcome{}, errAttemptOpen
			}
			return Outcome{Events: s.endAttempt(r, AttemptTimedOut)}, nil
		}
	}
	var ap *appeal
	switch e.State {
	case EntryPending, EntryUngraded:
	case EntryAppealed:
		ap = e.pendingAppeal()
	default:
		return Outcome{}, errAlreadyGraded
	}
	r := s.openRound(e, ap)
	return Outcome{Created: uint64(r.ID), Events: []Event{{
		Type: "round_opened", Height: s.height, Task: e.Task, Entry: e.ID, Round: r.ID, Attempt: 1,
	}}}, nil
}
