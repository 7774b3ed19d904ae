package bounty

import (
	"fmt"
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// Check states the bounty's own rules in O(size of its state): the prize pool is the sum
// of unsettled prizes, the bond pool the sum of unsettled entry bonds and pending appeal
// bonds, every grade in force follows from its own arithmetic, and every entry's state
// matches its rounds and appeals.
func (s *State) Check(bk *book.Book, rs *round.Set) error {
	var prizes, bonds book.Amount
	var over bool
	for _, t := range s.tasks {
		if err := checkTiers(t); err != nil {
			return err
		}
		if t.Settled == "" {
			if prizes, over = prizes.Add(t.Prize); over {
				return fmt.Errorf("open prizes overflow")
			}
		}
	}
	for _, e := range s.entries {
		if err := s.checkEntry(rs, e); err != nil {
			return err
		}
		if e.Outcome == "" {
			bonds, _ = bonds.Add(e.Bond)
		}
		if ap := e.pendingAppeal(); ap != nil {
			bonds, _ = bonds.Add(ap.Bond)
		}
	}
	if !prizes.Eq(bk.Pool(PrizePool)) {
		return fmt.Errorf("open prizes sum to %s, prize pool says %s", prizes, bk.Pool(PrizePool))
	}
	var fees book.Amount
	for _, e := range s.entries {
		if e.Grade == 0 && e.Outcome == "" {
			fees, _ = fees.Add(e.Fee)
		}
		if ap := e.pendingAppeal(); ap != nil {
			fees, _ = fees.Add(ap.Fee)
		}
	}
	if !fees.Eq(bk.Pool(GradePool)) {
		return fmt.Errorf("grading fees not yet earned sum to %s, grading pool says %s", fees, bk.Pool(GradePool))
	}
	if !bonds.Eq(bk.Pool(BondPool)) {
		return fmt.Errorf("held bonds sum to %s, bond pool says %s", bonds, bk.Pool(BondPool))
	}
	return nil
}

// checkEntry states the per-entry rules: a grade in force is settled and self-consistent,
// the state matches the rounds, and only the last appeal may be pending.
func (s *State) checkEntry(rs *round.Set, e *entry) error {
	if e.Grade != 0 {
		if r := rs.Get(e.Grade); !keptGrade(r) || r.Subject != uint64(e.ID) {
			return fmt.Errorf("entry %d: grade names round %d, which kept no grade of it", e.ID, e.Grade)
		}
		g := resultOf(s.kept(rs, e.Grade))
		if g.Error == "" && (g.Score != ScoreOf(g.Tier, g.Violations, g.Disqualified) || g.Passed != PassedGate(g.Tier, g.Disqualified)) {
			return fmt.Errorf("entry %d: grade does not follow from its own arithmetic", e.ID)
		}
	}
	var last *round.Round
	if n := len(e.Rounds); n > 0 {
		last = rs.Get(e.Rounds[n-1])
	}
	open := last != nil && last.State == round.Open
	pending := e.pendingAppeal() != nil
	var ok bool
	switch e.State {
	case EntryPending:
		ok = last == nil
	case EntryGrading:
		ok = open && last.Ref == 0
	case EntryUngraded:
		ok = last != nil && last.State == round.Exhausted && !pending
	case EntryGraded, EntryFailed:
		ok = !open && !pending && e.Grade != 0
	case EntrySealed:
		ok = last == nil && e.Commitment != "" && e.Work == ""
	case EntryStalled:
		ok = !open && !pending && e.Grade == 0 && e.Outcome != ""
	case EntryAppealed:
		ok = pending && e.Grade != 0 && last.Ref != 0
	case EntryWithdrawn, EntryReplaced:
		ok = !open && !pending && e.Outcome == e.State && (e.State == EntryWithdrawn) == (e.ReplacedBy == 0)
	}
	if !ok {
		return fmt.Errorf("entry %d: state %q does not match its rounds and appeals", e.ID, e.State)
	}
	for i, ap := range e.Appeals {
		if ap.Outcome == "" && i != len(e.Appeals)-1 {
			return fmt.Errorf("entry %d: appeal %d unresolved behind a later one", e.ID, i+1)
		}
	}
	return nil
}

// checkTiers states a task's prize rules: its shares split the whole, and once settled
// its podium and refunds account for the prize to the atto, its refunds one row per
// funder when they were split per funder.
func checkTiers(t *task) error {
	if len(t.Shares) > 0 && (len(t.Shares) > MaxShares || !basis(t.Shares)) {
		return fmt.Errorf("task %d: shares do not split the whole", t.ID)
	}
	if len(t.Podium) == 0 && len(t.Refunds) == 0 {
		return nil
	}
	var sum, unfilled, back book.Amount
	for _, p := range t.Podium {
		sum = mustAdd(sum, p.Amount)
		if p.Entry == 0 {
			unfilled = mustAdd(unfilled, p.Amount)
		}
	}
	for i, r := range t.Refunds {
		back = mustAdd(back, r.Prize)
		if t.PerFunder && slices.ContainsFunc(t.Refunds[:i], func(p Payout) bool { return p.Address == r.Address }) {
			return fmt.Errorf("task %d: refunds name %s twice", t.ID, r.Address)
		}
	}
	if t.Settled == TaskVoided {
		unfilled, sum = t.Prize, t.Prize
	}
	if len(t.Podium) > 0 && !sum.Eq(t.Prize) || !back.Eq(unfilled) {
		return fmt.Errorf("task %d: podium and refunds do not account for the prize %s", t.ID, t.Prize)
	}
	return nil
}
