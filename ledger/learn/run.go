package learn

import (
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// BeginBlock is what a new block does to the kind: every run waiting for an anchor gets
// its seed from anchor (the state hash at the end of the block that committed it) and
// opens its learn_run round; every open challenge whose reveal_by has passed without a
// reveal lapses, and its waiting runs become final without held-out terms; then every
// round of the kind whose attempt's deadline has passed moves on to its next attempt or
// runs out. anchor is nil when no run was waiting.
func (s *State) BeginBlock(env round.Env, anchor *[32]byte) []book.Event {
	var ev []book.Event
	if anchor != nil {
		for _, id := range s.anchoring {
			r := s.run(id)
			c := s.challenge(r.Challenge)
			rd := env.Rounds.OpenMetered(RunKind, uint64(r.ID), c.Quorum, c.Quorum, runGas(&c.Publish), env.Chain, env.At)
			r.Seed, r.Round, r.State = RunSeed(*anchor, r.ID), rd.ID, RunRunning
			s.markRun(r.ID)
			ev = append(ev, book.Event{Type: "learn_run_anchored", Height: env.At.Height, Round: uint64(rd.ID), Entry: uint64(r.ID), Note: r.Seed})
		}
		s.anchoring = nil
	}
	for _, id := range slices.Clone(s.pending) {
		ev = append(ev, s.lapse(env, s.challenge(id))...)
	}
	for _, id := range env.Rounds.OpenIDs() {
		rd := env.Rounds.Get(id)
		if (rd.Kind != RunKind && rd.Kind != HeldoutKind) || env.At.Now <= rd.Current().Deadline {
			continue
		}
		st := env.Rounds.Expire(rd, env.At)
		ev = append(append(ev, st.Events...), env.Ended(rd, st)...)
	}
	return ev
}

// lapse lapses c's reveal when reveal_by has passed without one: its waiting runs
// become final without held-out terms. It does nothing otherwise. BeginBlock lapses
// every due challenge; a fold or close lapses its own first, since a dev-mode advance
// moves the clock inside a block.
func (s *State) lapse(env round.Env, c *challenge) []book.Event {
	if c.Reveal != RevealPending || env.At.Now < c.RevealBy {
		return nil
	}
	c.Reveal = RevealLapsed
	s.markChallenge(c.ID)
	s.pending = slices.DeleteFunc(s.pending, func(id ChallengeID) bool { return id == c.ID })
	ev := []book.Event{{Type: "learn_reveal_lapsed", Height: env.At.Height, Address: book.AddrPtr(c.Sponsor)}}
	for _, id := range c.Runs {
		if r := s.run(id); r.State == RunWaiting {
			ev = append(ev, s.finalise(env, r, HeldoutUnrevealed)...)
		}
	}
	return ev
}

// Verdict reads a committee member's attestation on an admitted attempt of round rd as
// a verdict, refusing a round of another kind, a result of the other round kind and a
// malformed result.
func (s *State) Verdict(rd *round.Round, b Attest) (round.Verdict, *book.Error) {
	switch rd.Kind {
	case RunKind:
		if b.Result == nil || b.Heldout != nil {
			return nil, errResultKind
		}
		res := cloneResult(*b.Result)
		if err := checkRunResult(s.challenge(s.run(RunID(rd.Subject)).Challenge), &res); err != nil {
			return nil, err
		}
		return &runVerdict{res}, nil
	case HeldoutKind:
		if b.Heldout == nil || b.Result != nil {
			return nil, errResultKind
		}
		r := s.run(RunID(rd.Subject))
		h := *b.Heldout
		if err := checkHeldout(s.challenge(r.Challenge), r, &h); err != nil {
			return nil, err
		}
		return &heldoutVerdict{h}, nil
	}
	return nil, errNotLearnRound
}

// Settled keeps the verdict of a settled round of the kind.
func (s *State) Settled(env round.Env, rd *round.Round) []book.Event {
	r := s.run(RunID(rd.Subject))
	_, l, _ := rd.Kept()
	from := l.Validator
	if rd.Kind == HeldoutKind {
		h := heldoutOf(l.Verdict)
		r.HeldoutKept, r.HeldoutFrom = &h, &from
		s.markRun(r.ID)
		ev := []book.Event{{Type: "learn_heldout_settled", Height: env.At.Height, Round: uint64(rd.ID), Entry: uint64(r.ID)}}
		switch f := l.Verdict.Failure(); {
		case f == nil:
			return append(ev, s.finalise(env, r, HeldoutMeasured)...)
		case f.Class == book.Expected:
			return append(ev, s.end(env, r, RunRefused)...)
		default:
			return append(ev, s.finalise(env, r, HeldoutUnmeasured)...)
		}
	}
	kept := cloneResult(resultOf(l.Verdict))
	r.Kept, r.KeptFrom = &kept, &from
	s.markRun(r.ID)
	ev := s.payGraders(env, r, rd)
	if !kept.Scored() {
		return append(ev, s.end(env, r, RunRefused)...)
	}
	return append(ev, s.scored(env, r)...)
}

// Exhausted ends a round of the kind that ran out of attempts: a run's round leaves it
// unscored, its grading fee returned to the committer (fee_returned when not zero), a held-out round
// leaves it final without held-out terms.
func (s *State) Exhausted(env round.Env, rd *round.Round) []book.Event {
	r := s.run(RunID(rd.Subject))
	if rd.Kind == HeldoutKind {
		return s.finalise(env, r, HeldoutUnmeasured)
	}
	ev := pools.ReturnEntryFee(env, uint64(r.ID), r.Committer, r.Fee)
	return append(ev, s.end(env, r, RunUnscored)...)
}

// payGraders shares r's grading fee among the members of its settled learn_run round
// rd who agreed, or returns it to the committer when none can be paid.
func (s *State) payGraders(env round.Env, r *run, rd *round.Round) []book.Event {
	return pools.PayGraders(env, rd, r.Fee, r.Committer)
}

// scored moves a run whose learn_run round kept a result on: to its held-out round when
// the split is revealed, to final without held-out terms when the reveal lapsed, and to
// waiting otherwise.
func (s *State) scored(env round.Env, r *run) []book.Event {
	c := s.challenge(r.Challenge)
	switch c.Reveal {
	case RevealRevealed:
		return []book.Event{s.openHeldout(env, c, r)}
	case RevealLapsed:
		return s.finalise(env, r, HeldoutUnrevealed)
	}
	r.State = RunWaiting
	s.markRun(r.ID)
	return []book.Event{{Type: "learn_run_waiting", Height: env.At.Height, Round: uint64(r.Round), Entry: uint64(r.ID)}}
}

// openHeldout opens r's learn_heldout round, sized by c's quorum, whose attempts stay
// open until the slowest validator the terms admit can have spent its whole gas.
func (s *State) openHeldout(env round.Env, c *challenge, r *run) book.Event {
	rd := env.Rounds.OpenMetered(HeldoutKind, uint64(r.ID), c.Quorum, c.Quorum, heldoutGas(&c.Publish), env.Chain, env.At)
	r.Heldout, r.State = rd.ID, RunHeldout
	s.markRun(r.ID)
	return book.Event{Type: "learn_heldout_opened", Height: env.At.Height, Round: uint64(rd.ID), Entry: uint64(r.ID)}
}

// finalise makes a scored run final with its score, its held-out terms as terms says.
func (s *State) finalise(env round.Env, r *run, terms string) []book.Event {
	var h *HeldoutResult
	if terms == HeldoutMeasured {
		h = r.HeldoutKept
	}
	sc := scoreOf(*r.Kept, h)
	r.Score, r.HeldoutTerms = &sc, terms
	ev := s.end(env, r, RunFinal)
	ev[0].Score = int(sc.Final)
	return ev
}

// end records that r reached state, which changes no more, and returns its deposit.
func (s *State) end(env round.Env, r *run, state string) []book.Event {
	r.State, r.EndedAt, r.Returned = state, env.At.Now, true
	s.markRun(r.ID)
	return []book.Event{
		{Type: "learn_run_" + state, Height: env.At.Height, Round: uint64(r.Round), Entry: uint64(r.ID)},
		pools.ReturnDeposit(env, uint64(r.ID), r.Committer, r.Deposit),
	}
}
