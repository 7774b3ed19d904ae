package ledger

import "fmt"

// checkBalances states the money identity, in O(1):
// prize_escrow + bond_escrow + slash_pool + claimable_total == paid_in - paid_out.
func (s *State) checkBalances() error {
	b := s.bal
	held := s.add(s.add(s.add(b.PrizeEscrow, b.BondEscrow), b.SlashPool), b.ClaimableTotal)
	in, under := b.PaidIn.Sub(b.PaidOut)
	if under || !held.Eq(in) || s.fault != nil {
		return fmt.Errorf("money identity broken: prize %s + bonds %s + slash %s + claimable %s != paid in %s - paid out %s",
			b.PrizeEscrow, b.BondEscrow, b.SlashPool, b.ClaimableTotal, b.PaidIn, b.PaidOut)
	}
	return nil
}

// CheckInvariants reports the first invariant the state breaks: the money identity;
// wallet conservation (wallets plus what the arena holds equal genesis plus faucet);
// claimable, prize and bond totals equal to the records they sum; and the per-entry
// rules. It costs O(size of the state).
func (s *State) CheckInvariants() error {
	if err := s.checkBalances(); err != nil {
		return err
	}
	var wallets, claimable Amount
	for _, a := range s.sortedAccounts() {
		acc := s.accounts[a]
		wallets = s.add(wallets, acc.Wallet)
		claimable = s.add(claimable, acc.Claimable)
	}
	held, _ := s.bal.PaidIn.Sub(s.bal.PaidOut)
	if supply := s.add(s.genesis, s.faucet); !s.add(wallets, held).Eq(supply) {
		return fmt.Errorf("wallets %s + held %s != genesis + faucet %s", wallets, held, supply)
	}
	if !claimable.Eq(s.bal.ClaimableTotal) {
		return fmt.Errorf("claimable balances sum to %s, total says %s", claimable, s.bal.ClaimableTotal)
	}
	var prizes, bonds Amount
	for _, t := range s.tasks {
		if t.Settled == "" {
			prizes = s.add(prizes, t.Prize)
		}
	}
	for _, e := range s.entries {
		if err := s.checkEntry(e); err != nil {
			return err
		}
		if e.Outcome == "" {
			bonds = s.add(bonds, e.Bond)
		}
		if ap := e.pendingAppeal(); ap != nil {
			bonds = s.add(bonds, ap.Bond)
		}
	}
	if !prizes.Eq(s.bal.PrizeEscrow) {
		return fmt.Errorf("open prizes sum to %s, prize escrow says %s", prizes, s.bal.PrizeEscrow)
	}
	if !bonds.Eq(s.bal.BondEscrow) {
		return fmt.Errorf("held bonds sum to %s, bond escrow says %s", bonds, s.bal.BondEscrow)
	}
	if s.fault != nil {
		return s.fault
	}
	return nil
}

// checkEntry states the per-entry rules: a grade in force is settled and self-consistent,
// the state matches the rounds, and only the last appeal may be pending.
func (s *State) checkEntry(e *entry) error {
	if e.Grade != 0 {
		g := s.round(e.Grade).Grade
		if g.Error == "" && (g.Score != ScoreOf(g.Tier, g.Violations, g.Disqualified) || g.Passed != (!g.Disqualified && g.Tier >= 1)) {
			return fmt.Errorf("entry %d: grade does not follow from its own arithmetic", e.ID)
		}
	}
	var last *round
	if n := len(e.Rounds); n > 0 {
		last = s.round(e.Rounds[n-1])
	}
	open := last != nil && last.State == RoundOpen
	pending := e.pendingAppeal() != nil
	var ok bool
	switch e.State {
	case EntryPending:
		ok = last == nil
	case EntryGrading:
		ok = open && !last.Regrade
	case EntryUngraded:
		ok = last != nil && last.State == RoundExhausted && !pending
	case EntryGraded, EntryFailed:
		ok = !open && !pending && e.Grade != 0
	case EntryAppealed:
		ok = pending && e.Grade != 0 && last.Regrade
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
