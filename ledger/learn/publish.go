package learn

import (
	"slices"
	"unicode/utf8"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/digest"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/season"
)

// MaxReferenceBPB bounds the informational gzip and xz figures: 64 bits per byte.
const MaxReferenceBPB = 64 * PPM

// Publish opens a learning challenge; the value is the emission pool, held in PoolPool
// until folds pay it out or close returns it.
func (s *State) Publish(env round.Env, b Publish) (book.Outcome, *book.Error) {
	at := env.At
	switch {
	case utf8.RuneCountInString(b.Title) < 1 || utf8.RuneCountInString(b.Title) > MaxTitleLen || !utf8.ValidString(b.Title):
		return book.Outcome{}, errTitle
	case !digest.IsSHA256Hex(b.Dataset) || !digest.IsSHA256Hex(b.Heldout):
		return book.Outcome{}, errDataset
	case b.DatasetBytes < Window || b.DatasetBytes > MaxDatasetBytes || b.HeldoutBytes < 1 || b.HeldoutBytes > MaxDatasetBytes:
		return book.Outcome{}, errDatasetBytes
	case b.CloseAt <= at.Now || b.RevealBy <= b.CloseAt || b.End < b.RevealBy || b.End > book.MaxExact:
		return book.Outcome{}, errTimes
	}
	if err := season.CheckTerms(at.Value, b.PerEpoch, b.EpochS); err != nil {
		return book.Outcome{}, err
	}
	switch {
	case b.ParamCap < 1 || b.ParamCap > MaxParamCap || b.DataCap < 0 || b.DataCap > MaxDataCap:
		return book.Outcome{}, errCaps
	case b.ByteGas < 1 || b.ByteGas > book.MaxExact:
		return book.Outcome{}, errByteGas
	case !fits(env, heldoutGas(&b)):
		return book.Outcome{}, errDeadline
	case b.Quorum < 1 || b.Quorum > MaxQuorum:
		return book.Outcome{}, errQuorum
	case len(env.Rounds.Terms().Validators) < b.Quorum:
		return book.Outcome{}, errFewValidators
	case b.Platform != Platform:
		return book.Outcome{}, errPlatform
	case b.GzipBPB < 0 || b.GzipBPB > MaxReferenceBPB || b.XzBPB < 0 || b.XzBPB > MaxReferenceBPB:
		return book.Outcome{}, errReference
	}
	c := &challenge{
		Publish: b, ID: ChallengeID(len(s.challenges) + 1), Sponsor: at.From, PublishedAt: at.Now, Funds: pools.Fund(env.Book, at.From, at.Value),
		State: ChallengeOpen, Reveal: RevealPending, Folds: []*fold{}, Runs: []RunID{},
	}
	s.challenges = append(s.challenges, c)
	s.pending = append(s.pending, c.ID)
	s.markChallenge(c.ID)
	return book.Outcome{Created: uint64(c.ID), Events: []book.Event{{
		Type: "learn_published", Height: at.Height, Address: book.AddrPtr(at.From), Amount: book.AmountPtr(at.Value), Note: b.Dataset,
	}}}, nil
}

// learnerGas is the whole budget of one learner over n bytes of c's splits: each
// module's initialisation under InitGas, and every byte's predict and learn under
// byte_gas (the pair may do up to twice a byte's budget before it is refused) with
// ByteCallGas for the host's calls.
func learnerGas(c *Publish, n int64) round.Gas {
	perByte := round.Gas(c.ByteGas).Times(2).Plus(ByteCallGas)
	return round.Gas(InitGas).Times(2).Plus(perByte.Times(n))
}

// runGas is the whole budget of a learn_run round on c: one learner over the train split.
func runGas(c *Publish) int64 { return int64(learnerGas(c, c.DatasetBytes)) }

// heldoutGas is the whole budget of a learn_heldout round on c: a learner over the
// train split and then the held-out split, and a fresh twin over the held-out split.
func heldoutGas(c *Publish) int64 {
	return int64(learnerGas(c, round.Gas(c.DatasetBytes).Plus(round.Gas(c.HeldoutBytes)).Int64()).Plus(learnerGas(c, c.HeldoutBytes)))
}

// fits reports whether a budget of gas can be spent within the longest attempt
// deadline at the arena's gas rate.
func fits(env round.Env, gas int64) bool {
	_, ok := env.Rounds.Terms().MeteredS(gas)
	return ok
}

// Commit enters a pair of modules: the value is exactly the deposit plus the grading
// fee. It creates the run, which waits for the next block's anchor.
func (s *State) Commit(env round.Env, b Commit) (book.Outcome, *book.Error) {
	at := env.At
	c := s.challenge(b.Challenge)
	if c == nil {
		return book.Outcome{}, errNoChallenge
	}
	switch {
	case c.State != ChallengeOpen:
		return book.Outcome{}, errClosed
	case at.Now >= c.CloseAt:
		return book.Outcome{}, errSubmissions
	case !digest.IsSHA256Hex(b.Arch) || !digest.IsSHA256Hex(b.Train):
		return book.Outcome{}, errModule
	case b.Arch == b.Train:
		return book.Outcome{}, errCombined
	case b.ArchSize < 1 || b.ArchSize > MaxModuleBytes || b.TrainSize < 1 || b.TrainSize > MaxModuleBytes:
		return book.Outcome{}, errSize
	case len(b.ArchURL) > MaxURLLen || !utf8.ValidString(b.ArchURL) || len(b.TrainURL) > MaxURLLen || !utf8.ValidString(b.TrainURL):
		return book.Outcome{}, errURL
	case !season.Staked(at.Value, c.Deposit, s.terms.GradingFee):
		return book.Outcome{}, errCommitValue
	case s.entered(c, b.Arch, b.Train):
		return book.Outcome{}, errCommittedTwice
	}
	pools.Stake(env.Book, at.From, c.Deposit, s.terms.GradingFee)
	r := &run{
		ID: RunID(len(s.runs) + 1), Challenge: c.ID, Committer: at.From, Arch: b.Arch, ArchSize: b.ArchSize, ArchURL: b.ArchURL,
		Train: b.Train, TrainSize: b.TrainSize, TrainURL: b.TrainURL, Deposit: c.Deposit, Fee: s.terms.GradingFee,
		CommittedAt: at.Now, State: RunAnchoring,
	}
	s.runs = append(s.runs, r)
	c.Runs = append(c.Runs, r.ID)
	s.pairs[pair{c.ID, r.Arch, r.Train}] = true
	s.anchoring = append(s.anchoring, r.ID)
	s.markRun(r.ID)
	return book.Outcome{Created: uint64(r.ID), Events: []book.Event{{
		Type: "learn_committed", Height: at.Height, Entry: uint64(r.ID), Address: book.AddrPtr(at.From), Amount: book.AmountPtr(at.Value), Note: b.Arch + " " + b.Train,
	}}}, nil
}

// entered reports whether the pair (arch, train) already entered c.
func (s *State) entered(c *challenge, arch, train string) bool {
	return s.pairs[pair{c.ID, arch, train}]
}

// Reveal applies a learn_reveal: the sponsor, at or after close_at and before
// reveal_by, with the committed digest. It opens a held-out round for every run already
// waiting; a run scored later gets its round when it settles.
func (s *State) Reveal(env round.Env, b Reveal) (book.Outcome, *book.Error) {
	at := env.At
	c := s.challenge(b.Challenge)
	switch {
	case c == nil:
		return book.Outcome{}, errNoChallenge
	case c.State != ChallengeOpen:
		return book.Outcome{}, errClosed
	case at.From != c.Sponsor:
		return book.Outcome{}, errNotSponsor
	case c.Reveal == RevealRevealed:
		return book.Outcome{}, errRevealed
	case at.Now < c.CloseAt:
		return book.Outcome{}, errRevealEarly
	case c.Reveal == RevealLapsed || at.Now >= c.RevealBy:
		return book.Outcome{}, errRevealLate
	case b.Heldout != c.Heldout:
		return book.Outcome{}, errRevealWrong
	}
	c.Reveal, c.RevealedAt = RevealRevealed, at.Now
	s.pending = slices.DeleteFunc(s.pending, func(id ChallengeID) bool { return id == c.ID })
	s.markChallenge(c.ID)
	ev := []book.Event{{Type: "learn_revealed", Height: at.Height, Address: book.AddrPtr(at.From), Note: c.Heldout}}
	for _, id := range c.Runs {
		if r := s.run(id); r.State == RunWaiting {
			ev = append(ev, s.openHeldout(env, c, r))
		}
	}
	return book.Outcome{Events: ev}, nil
}
