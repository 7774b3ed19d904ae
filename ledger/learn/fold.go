package learn

import (
	"math/big"
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/learn/score"
	"github.com/arena/arena/ledger/round"
)

// Fold applies a challenge_fold of kind learning: once per epoch index ≥ 1, before the
// end. It pays min(per_epoch, pool) by score.Weights over the challenge's final runs:
// 0.60 to the owner of the best architecture family, 0.40 to the owner of the best
// training variant on it. With nothing eligible it pays nothing and the pool is kept.
func (s *State) Fold(env round.Env, b Fold) (book.Outcome, *book.Error) {
	at := env.At
	c := s.challenge(b.Challenge)
	if c == nil {
		return book.Outcome{}, errNoChallenge
	}
	if err := c.foldDue(at.Now); err != nil {
		return book.Outcome{}, err
	}
	ev := s.lapse(env, c)
	f := &fold{Epoch: c.epoch(at.Now), At: at.Now, Height: at.Height, Payments: []payment{}}
	amount := c.Emission(c.PerEpoch)
	var es []score.Entry
	for _, id := range c.Runs {
		if r := s.run(id); r.State == RunFinal {
			es = append(es, score.Entry{ID: uint64(r.ID), Submitter: r.submitter(), Commit: uint64(r.ID), Arch: r.Arch, Train: r.Train, Final: r.Score.Final})
		}
	}
	total, _ := new(big.Int).SetString(amount.String(), 10)
	for _, p := range score.Weights(es, total) {
		r := s.run(RunID(p.Entry))
		v := book.MustAmount(p.Amount.String())
		pools.Pay(env.Book, &c.Funds, r.Committer, v)
		f.Amount = add(f.Amount, v)
		f.Payments = append(f.Payments, payment{Run: r.ID, Address: r.Committer, Amount: v, Role: p.Role})
		ev = append(ev, book.Event{Type: "learn_paid", Height: at.Height, Entry: uint64(r.ID), Address: book.AddrPtr(r.Committer), Amount: book.AmountPtr(v), Note: p.Role})
	}
	c.Folds = append(c.Folds, f)
	s.markChallenge(c.ID)
	return book.Outcome{Events: append(ev, book.Event{
		Type: "learn_folded", Height: at.Height, Amount: book.AmountPtr(f.Amount), Score: int(f.Epoch),
	})}, nil
}

// Close applies a learn_close at or after the end: runs not yet scored are abandoned
// (the fee and deposit of one still running go back), scored runs still waiting for
// their held-out terms become final without them, and the unspent pool goes back to
// the sponsor.
func (s *State) Close(env round.Env, b Close) (book.Outcome, *book.Error) {
	at := env.At
	c := s.challenge(b.Challenge)
	switch {
	case c == nil:
		return book.Outcome{}, errNoChallenge
	case c.State != ChallengeOpen:
		return book.Outcome{}, errClosed
	case at.Now < c.End:
		return book.Outcome{}, errNotEnded
	}
	ev := s.lapse(env, c)
	for _, id := range c.Runs {
		r := s.run(id)
		switch r.State {
		case RunAnchoring, RunRunning:
			if r.Round != 0 {
				env.Rounds.Abandon(env.Rounds.Get(r.Round))
			}
			pools.ReturnFee(env.Book, r.Committer, r.Fee)
			ev = append(ev, s.end(env, r, RunAbandoned)...)
		case RunWaiting, RunHeldout:
			if r.Heldout != 0 {
				env.Rounds.Abandon(env.Rounds.Get(r.Heldout))
			}
			ev = append(ev, s.finalise(env, r, HeldoutUnmeasured)...)
		}
	}
	s.anchoring = slices.DeleteFunc(s.anchoring, func(id RunID) bool { return s.run(id).Challenge == c.ID })
	back := pools.Return(env.Book, &c.Funds, c.Sponsor)
	c.State, c.ClosedAt = ChallengeClosed, at.Now
	s.closed++
	s.pending = slices.DeleteFunc(s.pending, func(id ChallengeID) bool { return id == c.ID })
	s.markChallenge(c.ID)
	return book.Outcome{Events: append(ev, book.Event{Type: "learn_closed", Height: at.Height, Address: book.AddrPtr(c.Sponsor), Amount: book.AmountPtr(back)})}, nil
}

// add adds two amounts that are bounded by the money that exists.
func add(a, b book.Amount) book.Amount {
	sum, _ := a.Add(b)
	return sum
}
