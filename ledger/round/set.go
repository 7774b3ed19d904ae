package round

import (
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/digest"
)

// Set holds every round of an arena, of every kind, and is the one place rounds are
// opened, attested and tallied. It is not safe for concurrent use.
type Set struct {
	terms  Terms
	rounds []*Round // rounds[id-1]
	open   []ID     // rounds with an open attempt, ascending
	sums   digest.List
}

// NewSet returns an empty set of rounds run under t.
func NewSet(t Terms) *Set { return &Set{terms: t} }

// Terms returns the terms the set runs under.
func (s *Set) Terms() *Terms { return &s.terms }

// Get returns round id, or nil.
func (s *Set) Get(id ID) *Round {
	if id == 0 || id > ID(len(s.rounds)) {
		return nil
	}
	return s.rounds[id-1]
}

// Len returns the number of rounds ever opened.
func (s *Set) Len() int { return len(s.rounds) }

// All returns every round by id. The caller must not change them.
func (s *Set) All() []*Round { return s.rounds }

// OpenIDs returns the rounds with an open attempt, ascending.
func (s *Set) OpenIDs() []ID { return slices.Clone(s.open) }

// Mark records that round id changed outside the set's own methods.
func (s *Set) Mark(id ID) { s.sums.Mark(uint64(id)) }

// Open opens a round of kind on subject with its first attempt. ref is the kind's second
// reference; last, if set, is moved to the end of the leader order (the leader whose
// verdict is being appealed).
func (s *Set) Open(kind string, subject, ref uint64, last *book.Address, chain string, at book.At) *Round {
	id := ID(len(s.rounds) + 1)
	sd := seed(chain, id, subject, at.Height)
	c := committee(&s.terms, sd)
	r := &Round{
		ID: id, Kind: kind, Subject: subject, Ref: ref, OpenedAt: at.Now, Seed: sd, Committee: c,
		Order: leaderOrder(c, sd, last), State: Open,
	}
	s.rounds = append(s.rounds, r)
	s.open = append(s.open, id)
	s.openAttempt(r, at.Now)
	return r
}

// OpenSized opens a round as Open does, but with a committee of size members drawn from
// the validator set and a quorum of its own, for a kind whose subjects name how many
// validators must agree (a challenge's bench). The caller has checked that the set has
// at least size validators and that 1 ≤ quorum ≤ size.
func (s *Set) OpenSized(kind string, subject, ref uint64, size, quorum int, chain string, at book.At) *Round {
	id := ID(len(s.rounds) + 1)
	sd := seed(chain, id, subject, at.Height)
	c := draw(&s.terms, sd, size)
	r := &Round{
		ID: id, Kind: kind, Subject: subject, Ref: ref, OpenedAt: at.Now, Seed: sd, Committee: c,
		Order: leaderOrder(c, sd, nil), State: Open, Quorum: quorum,
	}
	s.rounds = append(s.rounds, r)
	s.open = append(s.open, id)
	s.openAttempt(r, at.Now)
	return r
}

// OpenMetered opens a round as OpenSized does for a program run whose whole budget is
// gas: each attempt stays open for Terms.MeteredS(gas), never less than the terms'
// timeout. The caller has checked that the budget fits (MeteredS reported ok); one that
// does not gets the longest deadline, MaxMeteredS.
func (s *Set) OpenMetered(kind string, subject uint64, size, quorum int, gas int64, chain string, at book.At) *Round {
	t, ok := s.terms.MeteredS(gas)
	if !ok {
		t = MaxMeteredS
	}
	id := ID(len(s.rounds) + 1)
	sd := seed(chain, id, subject, at.Height)
	c := draw(&s.terms, sd, size)
	r := &Round{
		ID: id, Kind: kind, Subject: subject, OpenedAt: at.Now, Seed: sd, Committee: c,
		Order: leaderOrder(c, sd, nil), State: Open, Quorum: quorum,
	}
	if t > s.terms.TimeoutS {
		r.TimeoutS = t
	}
	s.rounds = append(s.rounds, r)
	s.open = append(s.open, id)
	s.openAttempt(r, at.Now)
	return r
}

// quorum returns the agreeing verdicts, leader included, that settle r.
func (s *Set) quorum(r *Round) int {
	if r.Quorum > 0 {
		return r.Quorum
	}
	return s.terms.QuorumSize()
}

// openAttempt starts the round's next attempt with the next leader.
func (s *Set) openAttempt(r *Round, now int64) {
	k := len(r.Attempts) + 1
	timeout := s.terms.TimeoutS
	if r.TimeoutS > 0 {
		timeout = r.TimeoutS
	}
	r.Attempts = append(r.Attempts, &Attempt{
		Attempt: k, Leader: r.Order[(k-1)%len(r.Order)], OpenedAt: now,
		Deadline: now + timeout, State: AttemptOpen, Attestations: []Attestation{},
	})
	s.Mark(r.ID)
}

// Step is what a tally or a timeout did to a round.
type Step struct {
	Events    []book.Event
	Settled   bool // the round settled: its kind keeps the verdict (Round.Kept)
	Exhausted bool // the round ran out of attempts
}

// Admit refuses an attestation by from for attempt of round id before its verdict is
// read: no such round, not on the committee, no such attempt or one past its deadline,
// or from already attested it. It returns the round and whether the attempt is the open
// one (tallied) or one that already ended (recorded late, never tallied), so that every
// member who answered before the deadline is on the record.
func (s *Set) Admit(id ID, attempt int, from book.Address, now int64) (r *Round, late bool, err *book.Error) {
	r = s.Get(id)
	if r == nil {
		return nil, false, errNoRound
	}
	if !r.Member(from) {
		return nil, false, errNotCommittee
	}
	if attempt < 1 || attempt > len(r.Attempts) {
		return nil, false, errAttemptNotOpen
	}
	a := r.Attempts[attempt-1]
	if now > a.Deadline {
		if a.State == AttemptOpen {
			return nil, false, errAttemptExpired
		}
		return nil, false, errAttemptNotOpen
	}
	for _, at := range a.Attestations {
		if at.Validator == from {
			return nil, false, errAttestedTwice
		}
	}
	return r, a.State != AttemptOpen, nil
}

// RecordLate records an admitted verdict on an attempt that already ended. It is
// compared with the leader's verdict, for the record, and changes no outcome.
func (s *Set) RecordLate(r *Round, attempt int, from book.Address, v Verdict, at book.At) []book.Event {
	a := r.Attempts[attempt-1]
	x := Attestation{Validator: from, Height: at.Height, Verdict: v, Late: true}
	if i := slices.IndexFunc(a.Attestations, func(y Attestation) bool { return y.Validator == a.Leader }); i >= 0 {
		x.Agrees = Agree(v, a.Attestations[i].Verdict)
	}
	a.Attestations = append(a.Attestations, x)
	s.Mark(r.ID)
	return []book.Event{{Type: "attested_late", Height: at.Height, Entry: r.Subject, Round: uint64(r.ID), Attempt: attempt, Address: book.AddrPtr(from)}}
}

// Record records an admitted verdict on the round's current attempt and tallies it.
func (s *Set) Record(r *Round, from book.Address, v Verdict, at book.At) Step {
	a := r.Current()
	a.Attestations = append(a.Attestations, Attestation{Validator: from, Height: at.Height, Verdict: v})
	s.Mark(r.ID)
	ev := book.Event{Type: "attested", Height: at.Height, Entry: r.Subject, Round: uint64(r.ID), Attempt: a.Attempt, Address: book.AddrPtr(from)}
	st := s.tally(r, at)
	st.Events = append([]book.Event{ev}, st.Events...)
	return st
}

// tally compares the attempt's verdicts with the leader's. It settles the round once a
// quorum, leader included, agrees; discards the attempt when the leader failed with
// LLM_ERROR or agreement can no longer be reached; and ends it as transient when the
// quorum agrees the outside world was unavailable.
func (s *Set) tally(r *Round, at book.At) Step {
	a := r.Current()
	li := slices.IndexFunc(a.Attestations, func(x Attestation) bool { return x.Validator == a.Leader })
	if li < 0 {
		return Step{}
	}
	leader := a.Attestations[li].Verdict
	lf := leader.Failure()
	if lf != nil && lf.Class == book.LLMError {
		return s.end(r, AttemptDiscarded, at)
	}
	agree, disagree := 0, 0
	for i := range a.Attestations {
		x := &a.Attestations[i]
		x.Agrees = i == li || Agree(x.Verdict, leader)
		if x.Agrees {
			agree++
		} else {
			disagree++
		}
	}
	switch {
	case agree >= s.quorum(r):
		if lf != nil && lf.Class == book.Transient {
			return s.end(r, AttemptTransient, at)
		}
		a.State, r.State, r.SettledAt = AttemptSettled, Settled, at.Now
		s.close(r)
		return Step{Settled: true}
	case disagree > len(r.Committee)-s.quorum(r):
		return s.end(r, AttemptDiscarded, at)
	}
	return Step{}
}

// Compared is what the tally needs of a verdict to compare it with the leader's: its
// classed failure, if any, and its kind's comparison of two results.
type Compared[V any] interface {
	// Failure returns the verdict's classed failure, or nil when it is a result.
	Failure() *book.Error
	// Agrees compares two results, neither of them a failure, under the kind's rule.
	Agrees(leader V) bool
}

// Agree reports whether mine agrees with the leader's verdict, the one comparison the
// tally makes for every kind: when either failed, FailuresAgree decides; when both are
// results, the kind's Agrees does.
func Agree[V Compared[V]](mine, leader V) bool {
	m, l := mine.Failure(), leader.Failure()
	if m != nil || l != nil {
		return FailuresAgree(m, l)
	}
	return mine.Agrees(leader)
}

// FailuresAgree compares two verdicts of which at least one failed (nil is a result):
// a result never agrees with a failure, failures of different classes never agree, two
// TRANSIENT failures agree whatever their words (and settle nothing), LLM_ERROR agrees
// with nothing, not even itself, and any other class needs the same message.
func FailuresAgree(mine, leader *book.Error) bool {
	if mine == nil || leader == nil || mine.Class != leader.Class {
		return false
	}
	switch mine.Class {
	case book.Transient:
		return true
	case book.LLMError:
		return false
	}
	return mine.Msg == leader.Msg
}

// Expire ends the round's current attempt as timed out, once its deadline has passed;
// the caller has checked that it has.
func (s *Set) Expire(r *Round, at book.At) Step { return s.end(r, AttemptTimedOut, at) }

// end closes the current attempt as state and opens the next one, or exhausts the
// round when its attempts have run out.
func (s *Set) end(r *Round, state string, at book.At) Step {
	a := r.Current()
	a.State = state
	ev := []book.Event{{Type: "attempt_" + state, Height: at.Height, Entry: r.Subject, Round: uint64(r.ID), Attempt: a.Attempt}}
	if len(r.Attempts) < s.terms.Attempts {
		s.openAttempt(r, at.Now)
		return Step{Events: append(ev, book.Event{Type: "attempt_opened", Height: at.Height, Entry: r.Subject, Round: uint64(r.ID), Attempt: a.Attempt + 1})}
	}
	r.State = Exhausted
	s.close(r)
	return Step{Exhausted: true, Events: append(ev, book.Event{Type: "round_exhausted", Height: at.Height, Entry: r.Subject, Round: uint64(r.ID)})}
}

// Abandon closes an open round for good, as its kind does when a bound in the terms has
// passed and it stops waiting for a verdict; its open attempt, if any, is abandoned too.
func (s *Set) Abandon(r *Round) {
	if r.State != Open {
		return
	}
	if a := r.Current(); a.State == AttemptOpen {
		a.State = AttemptAbandoned
	}
	r.State = Abandoned
	s.close(r)
}

// close removes r from the open set.
func (s *Set) close(r *Round) {
	if i := slices.Index(s.open, r.ID); i >= 0 {
		s.open = slices.Delete(s.open, i, i+1)
	}
	s.Mark(r.ID)
}

// Hash returns the combined hash of every round, recomputing only those that changed.
func (s *Set) Hash() [32]byte { return digest.Refresh(&s.sums, s.rounds) }

// Retune puts the terms t in force for the rounds opened from now on; a round already
// open keeps the committee, quorum and deadlines it opened with.
func (s *Set) Retune(t Terms) { s.terms = t }
