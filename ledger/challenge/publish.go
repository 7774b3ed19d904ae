package challenge

import (
	"slices"
	"unicode/utf8"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/digest"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/season"
)

// Publish opens a challenge on the newest accepted version of a bench; the value is the
// emission pool, held in PoolPool until folds pay it out or close returns it.
func (s *State) Publish(env round.Env, b Publish) (book.Outcome, *book.Error) {
	at := env.At
	nb := s.newest(b.Bench)
	switch {
	case nb == nil:
		return book.Outcome{}, errNoBench
	case len(env.Rounds.Terms().Validators) < nb.Quorum:
		return book.Outcome{}, errFewValidators
	case utf8.RuneCountInString(b.Title) < 1 || utf8.RuneCountInString(b.Title) > MaxTitleLen || !utf8.ValidString(b.Title):
		return book.Outcome{}, errTitle
	}
	if err := season.CheckTerms(at.Value, b.PerEpoch, b.EpochS); err != nil {
		return book.Outcome{}, err
	}
	if b.End <= at.Now || b.End > book.MaxExact {
		return book.Outcome{}, errEndPast
	}
	c := &challenge{
		ID: ChallengeID(len(s.challenges) + 1), Sponsor: at.From, Bench: b.Bench, Title: b.Title, Deposit: b.Deposit,
		PerEpoch: b.PerEpoch, EpochS: b.EpochS, End: b.End, PublishedAt: at.Now, Funds: pools.Fund(env.Book, at.From, at.Value),
		Active: nb.ID, State: ChallengeOpen, Entries: []EntryID{}, Runs: []RunID{}, Folds: []*fold{},
	}
	s.challenges = append(s.challenges, c)
	return book.Outcome{Created: uint64(c.ID), Events: []book.Event{{
		Type: "challenge_published", Height: at.Height, Address: book.AddrPtr(at.From), Amount: book.AmountPtr(at.Value), Note: b.Bench,
	}}}, nil
}

// Commit enters a program on a challenge: the value is exactly the deposit plus the
// grading fee. It creates the entry and its entry run on the active version, which
// waits for the next block's anchor.
func (s *State) Commit(env round.Env, b Commit) (book.Outcome, *book.Error) {
	at := env.At
	c := s.challenge(b.Challenge)
	if c == nil {
		return book.Outcome{}, errNoChallenge
	}
	bv := s.bench(c.Active)
	switch {
	case c.State != ChallengeOpen:
		return book.Outcome{}, errClosed
	case at.Now >= c.End:
		return book.Outcome{}, errEnded
	case !digest.IsSHA256Hex(b.Program):
		return book.Outcome{}, errProgram
	case b.Size < 1 || b.Size > MaxModuleBytes:
		return book.Outcome{}, errSize
	case len(b.URL) > MaxURLLen || !utf8.ValidString(b.URL):
		return book.Outcome{}, errURL
	case !slices.Contains(bv.Profiles, b.Profile):
		return book.Outcome{}, errProfile
	case !season.Staked(at.Value, c.Deposit, s.terms.GradingFee):
		return book.Outcome{}, errCommitValue
	case s.entered(c, b.Program):
		return book.Outcome{}, errCommittedTwice
	}
	pools.Stake(env.Book, at.From, c.Deposit, s.terms.GradingFee)
	e := &entry{
		ID: EntryID(len(s.entries) + 1), Challenge: c.ID, Committer: at.From, Program: b.Program, Size: b.Size, URL: b.URL,
		Profile: b.Profile, Deposit: c.Deposit, Fee: s.terms.GradingFee, CommittedAt: at.Now, Runs: []RunID{},
	}
	s.entries = append(s.entries, e)
	c.Entries = append(c.Entries, e.ID)
	r := s.newRun(env, c, e, bv, PurposeEntry, 0, 0, 0)
	e.Run = r.ID
	return book.Outcome{Created: uint64(e.ID), Events: []book.Event{{
		Type: "challenge_committed", Height: at.Height, Entry: uint64(e.ID), Address: book.AddrPtr(at.From), Amount: book.AmountPtr(at.Value), Note: b.Program,
	}}}, nil
}

// entered reports whether program already entered c with an entry that still stands:
// one whose entry run did not end unscored, provisional or abandoned. Such a program may
// be committed again, as a new entry with a new deposit.
func (s *State) entered(c *challenge, program string) bool {
	for _, id := range c.Entries {
		e := s.entry(id)
		if e.Program != program {
			continue
		}
		switch s.run(e.Run).State {
		case RunUnscored, RunProvisional, RunAbandoned:
			continue
		}
		return true
	}
	return false
}
