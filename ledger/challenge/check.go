package challenge

import (
	"fmt"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// Check states the kind's own rules in O(size of its state): the pool is the sum of
// the unspent pools of open challenges, and every challenge's funding equals what it
// paid, returned and holds; the deposit pool is the sum of the deposits of entries not
// yet returned, and a deposit is returned exactly when its entry run ended; the grading
// pool is the sum of the fees of checks still checking and entry runs not yet ended;
// and every bench's and run's state follows from its round.
func (s *State) Check(bk *book.Book, rs *round.Set) error {
	var unspent, held, fees book.Amount
	for _, c := range s.challenges {
		if err := c.Funds.Check(c.State == ChallengeOpen); err != nil {
			return fmt.Errorf("challenge %d: %w", c.ID, err)
		}
		unspent = mustAdd(unspent, c.Pool)
	}
	for _, b := range s.benches {
		if err := s.checkBench(rs, b); err != nil {
			return err
		}
		if b.State == BenchChecking {
			fees = mustAdd(fees, b.Fee)
		}
	}
	for _, e := range s.entries {
		r := s.run(e.Run)
		if e.Returned != r.ended() {
			return fmt.Errorf("entry %d: deposit returned %v, but its entry run is %s", e.ID, e.Returned, r.State)
		}
		if !e.Returned {
			held = mustAdd(held, e.Deposit)
			fees = mustAdd(fees, e.Fee)
		}
	}
	for _, r := range s.runs {
		if err := s.checkRun(rs, r); err != nil {
			return err
		}
	}
	for _, c := range []struct {
		name string
		want book.Amount
		pool book.Pool
	}{{"unspent pools", unspent, PoolPool}, {"held deposits", held, DepositPool}, {"unspent grading fees", fees, GradePool}} {
		if !c.want.Eq(bk.Pool(c.pool)) {
			return fmt.Errorf("%s sum to %s, pool %s says %s", c.name, c.want, c.pool, bk.Pool(c.pool))
		}
	}
	return nil
}

// checkBench states that a bench's state follows from its check round.
func (s *State) checkBench(rs *round.Set, b *bench) error {
	r := rs.Get(b.Round)
	var ok bool
	switch b.State {
	case BenchChecking:
		ok = r.State == round.Open
	case BenchAccepted:
		_, l, kept := r.Kept()
		ok = kept && checkOf(l.Verdict).Error == "" && b.Dataset == checkOf(l.Verdict).Dataset
	case BenchRefused:
		ok = r.State == round.Settled
	case BenchLapsed:
		ok = r.State == round.Exhausted
	}
	if !ok {
		return fmt.Errorf("bench %d: state %q does not follow from round %d (%s)", b.ID, b.State, r.ID, r.State)
	}
	return nil
}

// checkRun states that a run's state follows from its round.
func (s *State) checkRun(rs *round.Set, r *run) error {
	rd := rs.Get(r.Round)
	var ok bool
	switch r.State {
	case RunAnchoring:
		ok = rd == nil && r.Seed == ""
	case RunRunning:
		ok = rd != nil && rd.State == round.Open && r.Kept == nil
	case RunFinal, RunRefused:
		if rd == nil {
			break
		}
		_, l, kept := rd.Kept()
		ok = kept && r.Kept != nil && r.Kept.Scored() == (r.State == RunFinal) && resultOf(l.Verdict).Scored() == r.Kept.Scored()
	case RunProvisional:
		ok = rd != nil && rd.State == round.Exhausted && r.Kept != nil && r.Kept.Scored()
	case RunUnscored:
		ok = rd != nil && rd.State == round.Exhausted && r.Kept == nil
	case RunAbandoned:
		ok = (rd == nil || rd.State == round.Abandoned) && r.Kept == nil
	}
	if !ok {
		return fmt.Errorf("run %d: state %q does not follow from its round %d", r.ID, r.State, r.Round)
	}
	return nil
}
