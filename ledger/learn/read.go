package learn

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/season"
)

// Challenge returns learning challenge id as readers see it at the arena's clock now.
func (s *State) Challenge(rs *round.Set, id ChallengeID, now int64) (ChallengeView, bool) {
	c := s.challenge(id)
	if c == nil {
		return ChallengeView{}, false
	}
	return s.challengeView(rs, c, now), true
}

// Challenges returns every learning challenge by id.
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

func (s *State) challengeView(rs *round.Set, c *challenge, now int64) ChallengeView {
	v := ChallengeView{
		ID: c.ID, Sponsor: c.Sponsor, Title: c.Title, Dataset: c.Dataset, DatasetBytes: c.DatasetBytes, Heldout: c.Heldout,
		HeldoutBytes: c.HeldoutBytes, CloseAt: c.CloseAt, RevealBy: c.RevealBy, End: c.End, Deposit: c.Deposit,
		GradingFee: s.terms.GradingFee, PerEpoch: c.PerEpoch, EpochS: c.EpochS, ParamCap: c.ParamCap, DataCap: c.DataCap,
		ByteGas: c.ByteGas, Quorum: c.Quorum, Platform: c.Platform, GzipBPB: c.GzipBPB, XzBPB: c.XzBPB,
		PublishedAt: c.PublishedAt, Funded: c.Funded, Pool: c.Pool, Paid: c.Paid, Returned: c.Returned, State: c.State,
		ClosedAt: c.ClosedAt, Open: c.State == ChallengeOpen && now < c.CloseAt, Reveal: c.Reveal, RevealedAt: c.RevealedAt,
		Epoch: c.epoch(now), FoldDue: c.foldDue(now) == nil,
		Runs: make([]RunView, len(c.Runs)), Ranking: []RankView{}, Folds: make([]FoldView, len(c.Folds)),
	}
	for i, id := range c.Runs {
		v.Runs[i] = s.runView(rs, s.run(id))
	}
	for i, r := range s.ranking(c) {
		v.Ranking = append(v.Ranking, RankView{Rank: i + 1, Run: r.ID, Committer: r.Committer, Arch: r.Arch, Train: r.Train, Final: r.Score.Final})
	}
	for i, f := range c.Folds {
		v.Folds[i] = foldView(f)
	}
	return v
}

func (s *State) runView(rs *round.Set, r *run) RunView {
	c := s.challenge(r.Challenge)
	_, per := CurvePoints(c.DatasetBytes)
	v := RunView{
		ID: r.ID, Challenge: r.Challenge, Committer: r.Committer, Arch: r.Arch, ArchSize: r.ArchSize, ArchURL: r.ArchURL,
		Train: r.Train, TrainSize: r.TrainSize, TrainURL: r.TrainURL, Dataset: c.Dataset, DatasetBytes: c.DatasetBytes,
		Heldout: c.Heldout, HeldoutBytes: c.HeldoutBytes, Revealed: c.Reveal == RevealRevealed, ParamCap: c.ParamCap,
		DataCap: c.DataCap, ByteGas: c.ByteGas, Platform: c.Platform, GzipBPB: c.GzipBPB, XzBPB: c.XzBPB, Deposit: r.Deposit,
		DepositHeld: !r.Returned, CommittedAt: r.CommittedAt, Seed: r.Seed, State: r.State, Round: r.Round,
		CurvePer: per, HeldoutRound: r.Heldout, HeldoutTerms: r.HeldoutTerms, EndedAt: r.EndedAt,
		Attestations: []AttestationView{},
	}
	if r.Seed != "" {
		v.InitSeed = InitSeed(r.Seed)
	}
	if r.Kept != nil {
		k := cloneResult(*r.Kept)
		v.Kept = &k
	}
	if r.HeldoutKept != nil {
		h := *r.HeldoutKept
		v.HeldoutKept = &h
	}
	v.KeptFrom, v.HeldoutFrom = copyAddr(r.KeptFrom), copyAddr(r.HeldoutFrom)
	if r.Score != nil {
		sc := *r.Score
		v.Score = &sc
	}
	for _, id := range []round.ID{r.Round, r.Heldout} {
		rd := rs.Get(id)
		if id == 0 || rd == nil {
			continue
		}
		for _, a := range rd.Attempts {
			for _, at := range a.Attestations {
				x := AttestationView{Kind: rd.Kind, Attempt: a.Attempt, Validator: at.Validator, Height: at.Height, Agrees: at.Agrees, Late: at.Late}
				if rd.Kind == RunKind {
					res := cloneResult(resultOf(at.Verdict))
					x.Result = &res
				} else {
					h := heldoutOf(at.Verdict)
					x.Heldout = &h
				}
				v.Attestations = append(v.Attestations, x)
			}
		}
	}
	return v
}

func foldView(f *fold) FoldView {
	v := FoldView{Epoch: f.Epoch, At: f.At, Height: f.Height, Amount: f.Amount, Payments: make([]PaymentView, len(f.Payments))}
	for i, p := range f.Payments {
		v.Payments[i] = PaymentView(p)
	}
	return v
}

func copyAddr(a *book.Address) *book.Address {
	if a == nil {
		return nil
	}
	x := *a
	return &x
}

// epoch returns the challenge's epoch index at now.
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

// ranking returns c's final runs ranked as package score ranks them, one per submitter
// (its best), best first.
func (s *State) ranking(c *challenge) []*run {
	var rs []*run
	for _, id := range c.Runs {
		if r := s.run(id); r.State == RunFinal {
			rs = append(rs, r)
		}
	}
	return s.rankRuns(rs)
}
