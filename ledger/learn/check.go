package learn

import (
	"fmt"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// Check states the kind's own rules in O(size of its state): the pool is the sum of the
// unspent pools of open challenges, and every challenge's funding equals what it paid,
// returned and holds; the deposit pool is the sum of the deposits of runs not yet
// ended, and a deposit is returned exactly when its run ended; the grading pool is the
// sum of the fees of runs whose learn_run round has not ended; every run's state
// follows from its rounds and its challenge's reveal; and a final run's score is the
// one package score gives its kept results.
func (s *State) Check(bk *book.Book, rs *round.Set) error {
	var unspent, held, fees book.Amount
	for _, c := range s.challenges {
		if err := c.Funds.Check(c.State == ChallengeOpen); err != nil {
			return fmt.Errorf("learning challenge %d: %w", c.ID, err)
		}
		unspent = add(unspent, c.Pool)
	}
	for _, r := range s.runs {
		if r.Returned != r.ended() {
			return fmt.Errorf("learning run %d: deposit returned %v, but it is %s", r.ID, r.Returned, r.State)
		}
		if !r.Returned {
			held = add(held, r.Deposit)
		}
		if r.State == RunAnchoring || r.State == RunRunning {
			fees = add(fees, r.Fee)
		}
		if err := s.checkRun(rs, r); err != nil {
			return err
		}
	}
	for _, x := range []struct {
		name string
		want book.Amount
		pool book.Pool
	}{{"unspent pools", unspent, PoolPool}, {"held deposits", held, DepositPool}, {"unspent grading fees", fees, GradePool}} {
		if !x.want.Eq(bk.Pool(x.pool)) {
			return fmt.Errorf("learning %s sum to %s, pool %s says %s", x.name, x.want, x.pool, bk.Pool(x.pool))
		}
	}
	return nil
}

// checkRun states that a run's state follows from its rounds and its challenge.
func (s *State) checkRun(rs *round.Set, r *run) error {
	c := s.challenge(r.Challenge)
	rd, hd := rs.Get(r.Round), rs.Get(r.Heldout)
	settledOn := func(x *round.Round, scored bool) bool {
		if x == nil {
			return false
		}
		_, l, kept := x.Kept()
		return kept && (l.Verdict.Failure() == nil) == scored
	}
	scored := r.Kept != nil && r.Kept.Scored() && settledOn(rd, true)
	var ok bool
	switch r.State {
	case RunAnchoring:
		ok = r.Round == 0 && r.Seed == "" && r.Kept == nil
	case RunRunning:
		ok = rd != nil && rd.State == round.Open && r.Kept == nil
	case RunWaiting:
		ok = scored && r.Heldout == 0 && c.Reveal == RevealPending
	case RunHeldout:
		ok = scored && hd != nil && hd.State == round.Open && c.Reveal == RevealRevealed
	case RunFinal:
		ok = scored && r.Score != nil && s.finalOK(r, hd)
	case RunRefused:
		ok = r.Kept != nil && ((!r.Kept.Scored() && settledOn(rd, false)) ||
			(scored && r.HeldoutKept != nil && r.HeldoutKept.Failure() != nil && r.HeldoutKept.Failure().Class == book.Expected && settledOn(hd, false)))
	case RunUnscored:
		ok = rd != nil && rd.State == round.Exhausted && r.Kept == nil
	case RunAbandoned:
		ok = (rd == nil || rd.State == round.Abandoned) && r.Kept == nil
	}
	if !ok {
		return fmt.Errorf("learning run %d: state %q does not follow from its rounds %d and %d", r.ID, r.State, r.Round, r.Heldout)
	}
	return nil
}

// finalOK states that a final run's held-out terms follow from its held-out round hd
// and its challenge's reveal, and that its score is what package score gives.
func (s *State) finalOK(r *run, hd *round.Round) bool {
	c := s.challenge(r.Challenge)
	var h *HeldoutResult
	switch r.HeldoutTerms {
	case HeldoutMeasured:
		if hd == nil || hd.State != round.Settled || r.HeldoutKept == nil || !r.HeldoutKept.Scored() {
			return false
		}
		h = r.HeldoutKept
	case HeldoutUnrevealed:
		if c.Reveal != RevealLapsed || r.Heldout != 0 {
			return false
		}
	case HeldoutUnmeasured:
		if r.HeldoutKept != nil && r.HeldoutKept.Scored() {
			return false
		}
	default:
		return false
	}
	return *r.Score == scoreOf(*r.Kept, h)
}
