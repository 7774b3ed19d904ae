package ledgertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cockroachdb/datadriven"
)

// balances prints the four balances, the money identity in figures, and who is owed;
// in an arena that runs tenders, the tender's pools and what the arena holds; in one
// with benchmark or learning challenges (and no tender), their pools and what it holds:
//
//	balances
func (h *Harness) balances(t *testing.T, d *datadriven.TestData) string {
	argsOf(t, d)
	b := h.s.Arena().Balances
	owed := h.owed()
	if len(owed) == 0 {
		owed = []string{"nobody"}
	}
	if c := h.s.Arena().Counts; c.Learning > 0 && c.Tenders == 0 {
		held, _ := b.Held()
		return fmt.Sprintf("learn_pool=%s learn_deposits=%s learn_grading_fees=%s claimable_total=%s\npaid in %s - paid out %s = %s held\nowed: %s",
			gen(b.LearnPool), gen(b.LearnDeposits), gen(b.LearnGradingFees), gen(b.ClaimableTotal), gen(b.PaidIn), gen(b.PaidOut), gen(held), strings.Join(owed, " "))
	}
	if c := h.s.Arena().Counts; c.Benches > 0 && c.Tenders == 0 {
		held, _ := b.Held()
		return fmt.Sprintf("challenge_pool=%s challenge_deposits=%s challenge_grading_fees=%s claimable_total=%s\npaid in %s - paid out %s = %s held\nowed: %s",
			gen(b.ChallengePool), gen(b.ChallengeDeposits), gen(b.ChallengeGradingFees), gen(b.ClaimableTotal), gen(b.PaidIn), gen(b.PaidOut), gen(held), strings.Join(owed, " "))
	}
	if h.s.Arena().Counts.Tenders > 0 || h.terms.Treasury != nil {
		held, _ := b.Held()
		return fmt.Sprintf("%s\npaid in %s - paid out %s = %s held\nowed: %s",
			h.tenderBalances(), gen(b.PaidIn), gen(b.PaidOut), gen(held), strings.Join(owed, " "))
	}
	return fmt.Sprintf("prize_escrow=%s bond_escrow=%s slash_pool=%s claimable_total=%s\n"+
		"paid in %s - paid out %s = %s + %s + %s + %s\nowed: %s",
		gen(b.PrizeEscrow), gen(b.BondEscrow), gen(b.SlashPool), gen(b.ClaimableTotal),
		gen(b.PaidIn), gen(b.PaidOut), gen(b.PrizeEscrow), gen(b.BondEscrow), gen(b.SlashPool), gen(b.ClaimableTotal),
		strings.Join(owed, " "))
}
