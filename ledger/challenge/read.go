package challenge

import (
	"fmt"
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/season"
)

// Bench returns bench version id as readers see it.
func (s *State) Bench(rs *round.Set, id BenchID) (BenchView, bool) {
	b := s.bench(id)
	if b == nil {
		return BenchView{}, false
	}
	return s.benchView(rs, b), true
}

// Benches returns every bench version by id.
func (s *State) Benches(rs *round.Set) []BenchView {
	out := make([]BenchView, len(s.benches))
	for i, b := range s.benches {
		out[i] = s.benchView(rs, b)
	}
	return out
}

// Challenge returns challenge id as readers see it at the arena's clock now.
func (s *State) Challenge(rs *round.Set, id ChallengeID, now int64) (ChallengeView, bool) {
	c := s.challenge(id)
	if c == nil {
		return ChallengeView{}, false
	}
	return s.challengeView(rs, c, now), true
}

// Challenges returns every challenge by id.
func (s *State) Challenges(rs *round.Set, now int64) []ChallengeView {
	out := make([]ChallengeView, len(s.challenges))
	for i, c := range s.challenges {
		out[i] = s.challengeView(rs, c, now)
	}
	return out
}

// Run returns run id as readers see it.
func (s *State) Run(rs *round.Set, id RunID) (RunView, bool) {
	r := s.run(id)
	if r == nil {
		return RunView{}, false
	}
	return s.runView(rs, r), true
}

// Entry returns entry id as readers see it.
func (s *State) Entry(id EntryID) (EntryView, bool) {
	e := s.entry(id)
	if e == nil {
		return EntryView{}, false
	}
	c := s.challenge(e.Challenge)
	return s.entryView(e, c.Active, s.copies(c)), true
}

func (s *State) benchView(rs *round.Set, b *bench) BenchView {
	v := BenchView{
		ID: b.ID, Name: b.Name, Version: b.Version, Module: b.Module, Size: b.Size, URL: b.URL,
		Kinds: slices.Clone(b.Kinds), MinCases: b.MinCases, Profiles: slices.Clone(b.Profiles), Model: b.Model,
		Quorum: b.Quorum, InitGas: b.InitGas, CaseGas: b.CaseGas, BenchGas: b.BenchGas, MaxPages: b.MaxPages,
		Platform: b.Platform, Fold: b.Fold, CheckSeed: CheckSeed(b.Name, b.Version), Registrant: b.Registrant,
		RegisteredAt: b.RegisteredAt, State: b.State, Reason: b.Reason, Round: b.Round, Dataset: b.Dataset,
		Cases: b.Cases, CheckedAt: b.CheckedAt, Checks: []CheckAttestationView{},
	}
	if r := rs.Get(b.Round); r != nil {
		for _, a := range r.Attempts {
			for _, at := range a.Attestations {
				c := checkOf(at.Verdict)
				c.Kinds = slices.Clone(c.Kinds)
				v.Checks = append(v.Checks, CheckAttestationView{Attempt: a.Attempt, Validator: at.Validator, Height: at.Height, Result: c, Agrees: at.Agrees, Late: at.Late})
			}
		}
	}
	return v
}

func (s *State) challengeView(rs *round.Set, c *challenge, now int64) ChallengeView {
	b := s.bench(c.Active)
	v := ChallengeView{
		ID: c.ID, Sponsor: c.Sponsor, Bench: c.Bench, Title: c.Title, Deposit: c.Deposit, GradingFee: s.terms.GradingFee,
		PerEpoch: c.PerEpoch, EpochS: c.EpochS, End: c.End, PublishedAt: c.PublishedAt, Funded: c.Funded, Pool: c.Pool,
		Paid: c.Paid, Returned: c.Returned, State: c.State, ClosedAt: c.ClosedAt, Epoch: c.epoch(now),
		FoldDue: c.foldDue(now) == nil, Active: c.Active, Version: b.Version,
		Entries: make([]EntryView, len(c.Entries)), Runs: make([]RunView, len(c.Runs)), Folds: make([]FoldView, len(c.Folds)),
	}
	copies := s.copies(c)
	if nb := s.newestOf(b); nb != nil && nb.Version > b.Version {
		v.Rollout = &RolloutView{Bench: nb.ID, Version: nb.Version, Ranked: s.rolloutCount(c, nb, copies), Needed: b.Fold.RolloutAgents}
	}
	if n := len(c.Folds); n > 0 {
		v.Champion = c.Folds[n-1].Champion
	}
	for i, id := range c.Entries {
		v.Entries[i] = s.entryView(s.entry(id), c.Active, copies)
	}
	for i, id := range c.Runs {
		v.Runs[i] = s.runView(rs, s.run(id))
	}
	for i, f := range c.Folds {
		v.Folds[i] = foldView(f)
	}
	return v
}

func (s *State) entryView(e *entry, active BenchID, copies map[EntryID]EntryID) EntryView {
	v := EntryView{
		ID: e.ID, Challenge: e.Challenge, Committer: e.Committer, Program: e.Program, Size: e.Size, URL: e.URL,
		Profile: e.Profile, Deposit: e.Deposit, DepositHeld: !e.Returned, CommittedAt: e.CommittedAt, Run: e.Run,
		Runs: slices.Clone(e.Runs), Confirmations: []ConfirmationView{}, Canonical: s.canonical(e), CopyOf: copies[e.ID],
	}
	if v.CopyOf != 0 {
		v.Standing = fmt.Sprintf("a copy of entry %d", v.CopyOf)
	}
	if r := s.ranked(e, active); r != nil {
		b := s.bench(active)
		v.Ranked, v.Composite, v.SE, v.N = r.ID, r.Kept.Composite.Composite, r.Kept.Composite.SE, r.Kept.Composite.N
		v.Eligible = v.N >= b.MinCases && v.Composite > 0 && v.CopyOf == 0
	}
	for _, r := range s.confirmations(e, active) {
		v.Confirmations = append(v.Confirmations, ConfirmationView{Run: r.ID, Pair: r.Pair, K: r.K, CRN: r.CRN, Composite: r.Kept.Composite.Composite})
	}
	return v
}

func (s *State) runView(rs *round.Set, r *run) RunView {
	e := s.entry(r.Entry)
	v := RunView{
		ID: r.ID, Challenge: r.Challenge, Entry: r.Entry, Program: e.Program, Size: e.Size, URL: e.URL, Profile: e.Profile,
		Bench: r.Bench, Version: r.Version, Purpose: r.Purpose, K: r.K, CRN: r.CRN, Pair: r.Pair, Seed: r.Seed,
		State: r.State, Round: r.Round, CreatedAt: r.CreatedAt, EndedAt: r.EndedAt, Attestations: []RunAttestationView{},
	}
	if r.Kept != nil {
		k := cloneResult(*r.Kept)
		v.Kept = &k
	}
	if r.KeptFrom != nil {
		a := *r.KeptFrom
		v.KeptFrom = &a
	}
	if rd := rs.Get(r.Round); rd != nil {
		for _, a := range rd.Attempts {
			for _, at := range a.Attestations {
				v.Attestations = append(v.Attestations, RunAttestationView{
					Attempt: a.Attempt, Validator: at.Validator, Height: at.Height, Result: cloneResult(resultOf(at.Verdict)), Agrees: at.Agrees, Late: at.Late,
				})
			}
		}
	}
	return v
}

func foldView(f *fold) FoldView {
	v := FoldView{
		Epoch: f.Epoch, At: f.At, Height: f.Height, Version: f.Version, Flipped: f.Flipped, Amount: f.Amount, Champion: f.Champion,
		Tail: slices.Clone(f.Tail), Payments: make([]PaymentView, len(f.Payments)), Contested: make([]PairView, len(f.Contested)),
		Rescore: slices.Clone(f.Rescore), Opened: slices.Clone(f.Opened),
	}
	for i, p := range f.Payments {
		v.Payments[i] = PaymentView(p)
	}
	for i, c := range f.Contested {
		v.Contested[i] = PairView{Champion: f.Champion, Challenger: c}
	}
	if v.Tail == nil {
		v.Tail = []EntryID{}
	}
	if v.Rescore == nil {
		v.Rescore = []EntryID{}
	}
	if v.Opened == nil {
		v.Opened = []RunID{}
	}
	return v
}

// ranked returns the run that ranks entry e on bench version b: its latest final entry
// or rescore run on b, when e runs the full profile; or nil.
func (s *State) ranked(e *entry, b BenchID) *run {
	if e.Profile != ProfileFull {
		return nil
	}
	for i := len(e.Runs) - 1; i >= 0; i-- {
		r := s.run(e.Runs[i])
		if r.Bench == b && r.State == RunFinal && r.Purpose != PurposeConfirm {
			return r
		}
	}
	return nil
}

// confirmations returns e's final confirmation runs on bench version b, oldest first.
func (s *State) confirmations(e *entry, b BenchID) []*run {
	var out []*run
	for _, id := range e.Runs {
		if r := s.run(id); r.Bench == b && r.State == RunFinal && r.Purpose == PurposeConfirm {
			out = append(out, r)
		}
	}
	return out
}

// newest returns the newest accepted version of the bench named name registered by the
// name's owner (its first registrant), or nil.
func (s *State) newest(name string) *bench {
	for _, b := range s.benches {
		if b.Name == name {
			return s.newestBy(name, b.Registrant)
		}
	}
	return nil
}

// newestOf returns the newest accepted version of b's bench registered by b's
// registrant, or nil: a challenge on b rolls out to no one else's version.
func (s *State) newestOf(b *bench) *bench { return s.newestBy(b.Name, b.Registrant) }

func (s *State) newestBy(name string, registrant book.Address) *bench {
	var out *bench
	for _, b := range s.benches {
		if b.Name == name && b.Registrant == registrant && b.State == BenchAccepted && (out == nil || b.Version > out.Version) {
			out = b
		}
	}
	return out
}

// rolloutCount returns how many of c's entries, copies left out, hold a final, full,
// ranked run on bench version nb (n ≥ its min_cases, composite > 0).
func (s *State) rolloutCount(c *challenge, nb *bench, copies map[EntryID]EntryID) int {
	n := 0
	for _, id := range c.Entries {
		if r := s.ranked(s.entry(id), nb.ID); r != nil && copies[id] == 0 && r.Kept.Composite.N >= nb.MinCases && r.Kept.Composite.Composite > 0 {
			n++
		}
	}
	return n
}

// epoch returns the challenge's epoch index at now: floor((now − published) / epoch_s).
func (c *challenge) epoch(now int64) uint64 { return season.Epoch(c.PublishedAt, c.EpochS, now) }

// foldDue returns why a fold of c is refused at now, or nil.
func (c *challenge) foldDue(now int64) *book.Error {
	switch {
	case c.State != ChallengeOpen:
		return errClosed
	case now >= c.End:
		return errEnded
	}
	var last uint64
	if len(c.Folds) > 0 {
		last = c.Folds[len(c.Folds)-1].Epoch
	}
	return season.FoldDue(c.epoch(now), last)
}
