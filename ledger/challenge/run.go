package challenge

import (
	"cmp"
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// newRun creates a run of entry e on bench version b. Every run waits for the next
// block's anchor: an entry or rescore run's seed is RunSeed over it, a confirmation
// run's is its pair's CRN seed anchored to it (ConfirmSeed).
func (s *State) newRun(env round.Env, c *challenge, e *entry, b *bench, purpose string, k int, crn uint64, pair EntryID) *run {
	r := &run{
		ID: RunID(len(s.runs) + 1), Challenge: c.ID, Entry: e.ID, Bench: b.ID, Version: b.Version, Purpose: purpose,
		K: k, CRN: crn, Pair: pair, State: RunAnchoring, CreatedAt: env.At.Now,
	}
	s.runs = append(s.runs, r)
	c.Runs = append(c.Runs, r.ID)
	e.Runs = append(e.Runs, r.ID)
	s.markEntry(e.ID)
	s.anchoring = append(s.anchoring, r.ID)
	return r
}

// openRun fixes r's seed and opens its round: a committee of its bench's quorum and a
// spare, when the arena has the validators, settling on the quorum, whose attempts stay
// open until the slowest validator the terms admit can have spent the run's whole gas
// over the cases the bench's check counted.
func (s *State) openRun(env round.Env, r *run, seed string) {
	b := s.bench(r.Bench)
	rd := env.Rounds.OpenMetered(RunKind, uint64(r.ID), committeeSize(env, b.Quorum), b.Quorum, runGas(&b.BenchRegister, b.Cases), env.Chain, env.At)
	r.Seed, r.Round, r.State = seed, rd.ID, RunRunning
	s.markRun(r.ID)
}

// BeginBlock is what a new block does to the kind: every run waiting for an anchor gets
// its seed from anchor (the state hash at the end of the block that created it) and
// opens its round; then every challenge round whose attempt's deadline has passed moves
// on to its next attempt or runs out. anchor is nil when no run was waiting.
func (s *State) BeginBlock(env round.Env, anchor *[32]byte) []book.Event {
	var ev []book.Event
	if anchor != nil {
		for _, id := range s.anchoring {
			r := s.run(id)
			seed := RunSeed(*anchor, r.ID)
			if r.Purpose == PurposeConfirm {
				seed = ConfirmSeed(r.CRN, *anchor)
			}
			s.openRun(env, r, seed)
			ev = append(ev, book.Event{Type: "run_anchored", Height: env.At.Height, Round: uint64(r.Round), Entry: uint64(r.Entry), Note: r.Seed})
		}
		s.anchoring = nil
	}
	for _, id := range env.Rounds.OpenIDs() {
		rd := env.Rounds.Get(id)
		if (rd.Kind != RunKind && rd.Kind != CheckKind) || env.At.Now <= rd.Current().Deadline {
			continue
		}
		st := env.Rounds.Expire(rd, env.At)
		ev = append(append(ev, st.Events...), env.Ended(rd, st)...)
	}
	return ev
}

// RunVerdict reads a committee member's result for an admitted attempt of round rd as a
// verdict, refusing a round of another kind and a malformed result.
func (s *State) RunVerdict(rd *round.Round, res RunResult) (round.Verdict, *book.Error) {
	if rd.Kind != RunKind {
		return nil, errNotRunRound
	}
	if err := checkRunResult(&res); err != nil {
		return nil, err
	}
	b := s.bench(s.run(RunID(rd.Subject)).Bench)
	return &runVerdict{RunResult: cloneResult(res), Pinned: b.Model != ""}, nil
}

// Settled keeps the verdict of a settled round of the kind.
func (s *State) Settled(env round.Env, rd *round.Round) []book.Event {
	if rd.Kind == CheckKind {
		return s.checkSettled(env, rd)
	}
	r := s.run(RunID(rd.Subject))
	a, l, _ := rd.Kept()
	kept, from := resultOf(l.Verdict), l.Validator
	if kept.Scored() && s.bench(r.Bench).Model != "" {
		kept, from = medianRow(a.Attestations, func(x round.Attestation) bool { return x.Agrees && !x.Late })
	}
	r.State = RunFinal
	if !kept.Scored() {
		r.State = RunRefused
	}
	return s.endRun(env, r, rd, &kept, &from)
}

// Exhausted ends a round of the kind that ran out of attempts.
func (s *State) Exhausted(env round.Env, rd *round.Round) []book.Event {
	if rd.Kind == CheckKind {
		return s.checkExhausted(env, rd)
	}
	r := s.run(RunID(rd.Subject))
	var all []round.Attestation
	for _, a := range rd.Attempts {
		all = append(all, a.Attestations...)
	}
	scored := func(x round.Attestation) bool { return resultOf(x.Verdict).Scored() }
	if !slices.ContainsFunc(all, scored) {
		r.State = RunUnscored
		return s.endRun(env, r, rd, nil, nil)
	}
	kept, from := medianRow(all, scored)
	r.State = RunProvisional
	return s.endRun(env, r, rd, &kept, &from)
}

// medianRow returns the median, by composite then validator address, of the
// attestations keep selects (the lower middle of an even count), and who attested it.
func medianRow(as []round.Attestation, keep func(round.Attestation) bool) (RunResult, book.Address) {
	var rows []round.Attestation
	for _, x := range as {
		if keep(x) {
			rows = append(rows, x)
		}
	}
	m := Median(rows, func(x round.Attestation) int64 { return resultOf(x.Verdict).Composite.Composite },
		func(x round.Attestation) book.Address { return x.Validator })
	return cloneResult(resultOf(m.Verdict)), m.Validator
}

// Median returns the row a run keeps when it keeps the median: the median of rows by
// composite, then validator address, the lower middle of an even count. rows must not
// be empty; it is left in its order.
func Median[T any](rows []T, composite func(T) int64, validator func(T) book.Address) T {
	s := slices.Clone(rows)
	slices.SortFunc(s, func(x, y T) int {
		if c := cmp.Compare(composite(x), composite(y)); c != 0 {
			return c
		}
		va, vb := validator(x), validator(y)
		return slices.Compare(va[:], vb[:])
	})
	return s[(len(s)-1)/2]
}

// endRun records how run r ended and settles its money: an entry run pays its grading
// fee to the members who agreed when its round kept a verdict and returns it to the
// committer otherwise, and returns the entry's deposit in every case.
func (s *State) endRun(env round.Env, r *run, rd *round.Round, kept *RunResult, from *book.Address) []book.Event {
	r.Kept, r.KeptFrom, r.EndedAt = kept, from, env.At.Now
	s.markRun(r.ID)
	ev := []book.Event{{Type: "run_" + r.State, Height: env.At.Height, Round: uint64(rd.ID), Entry: uint64(r.Entry)}}
	if r.Purpose != PurposeEntry {
		return ev
	}
	e := s.entry(r.Entry)
	ev = append(ev, pools.PayGraders(env, rd, e.Fee, e.Committer)...)
	return append(ev, s.returnDeposit(env, e)...)
}

// returnDeposit makes e's deposit claimable by its committer, once.
func (s *State) returnDeposit(env round.Env, e *entry) []book.Event {
	if e.Returned {
		return nil
	}
	e.Returned = true
	s.markEntry(e.ID)
	return []book.Event{pools.ReturnDeposit(env, uint64(e.ID), e.Committer, e.Deposit)}
}

// mustAdd adds two amounts that are bounded by the money that exists.
func mustAdd(a, b book.Amount) book.Amount {
	s, _ := a.Add(b)
	return s
}
