package board

import (
	"strings"
	"testing"

	"github.com/arena/arena/board/boardtest"
	"github.com/arena/arena/ledger"
)

// The money line's claims: it lists every pool of every kind that holds something (the
// bounty's three always), and the figures it displays, parsed back from the page, add up.

// moneyOf returns the demo snapshot with its balances replaced by b.
func moneyOf(t *testing.T, b ledger.Balances) ledger.Snapshot {
	t.Helper()
	s := loadSnapshot(t, "demo")
	s.Arena.Balances = b
	return s
}

// TestTheMoneyLineListsEveryPoolOfEveryKind: with every pool of every kind holding
// something, the line names each one, in the ledger's order, and the figures add up.
func TestTheMoneyLineListsEveryPoolOfEveryKind(t *testing.T) {
	var b ledger.Balances
	sum := ledger.Amount{}
	lines := b.Pools()
	for i := range lines {
		lines[i].Amount = ledger.MustAmount(strings.Repeat("1", i+1) + "00000000000000") // 0.0001, 0.0011, ... GEN
		sum, _ = sum.Add(lines[i].Amount)
	}
	b.PrizeEscrow, b.BondEscrow, b.SlashPool, b.GradingFees, b.FeePool = lines[0].Amount, lines[1].Amount, lines[2].Amount, lines[3].Amount, lines[4].Amount
	b.TenderBudget, b.TenderDeposits, b.TenderGradingFees = lines[5].Amount, lines[6].Amount, lines[7].Amount
	b.MatchFees, b.MatchStakes, b.MatchBonds = lines[8].Amount, lines[9].Amount, lines[10].Amount
	b.ChallengePool, b.ChallengeDeposits, b.ChallengeGradingFees = lines[11].Amount, lines[12].Amount, lines[13].Amount
	b.LearnPool, b.LearnDeposits, b.LearnGradingFees = lines[14].Amount, lines[15].Amount, lines[16].Amount
	b.ClaimableTotal, b.PaidOut = ledger.Ether(2), ledger.Ether(5)
	b.PaidIn, _ = sum.Add(ledger.Ether(7))
	if len(lines) != 17 {
		t.Fatalf("the balances list %d pools; this test sets 17", len(lines))
	}
	page := string(render(t, moneyOf(t, b)))
	if err := boardtest.CheckMoneyLine(page, b); err != nil {
		t.Fatal(err)
	}
	m, err := boardtest.ReadMoneyLine(page)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, term := range m.Terms {
		names = append(names, term.Name)
	}
	const want = "prize escrow + bond escrow + slash pool + grading fees + fee pool + tender budgets + tender deposits and bonds + " +
		"tender grading fees + match entry fees + match stakes + match operator bonds + challenge pools + challenge deposits + " +
		"challenge grading fees + learning pools + learning deposits + learning grading fees + claimable"
	if got := strings.Join(names, " + "); got != want {
		t.Errorf("the money line names\n%s\nwant\n%s", got, want)
	}
}

// demoMoney are the balances of the demo whose money line left its learning pool out:
// 0 + 0 + 30 + 30 + 24.78 = 924 − 829.22, with 10 GEN in the learning pool.
func demoMoney() ledger.Balances {
	return ledger.Balances{SlashPool: ledger.Ether(30), ChallengePool: ledger.Ether(30), LearnPool: ledger.Ether(10),
		ClaimableTotal: ledger.MustAmount("24780000000000000000"), PaidIn: ledger.Ether(924), PaidOut: ledger.MustAmount("829220000000000000000")}
}

// TestTheMoneyLineShowsTheLearningPool: the demo's balances, learning pool and all, as
// the page displays them.
func TestTheMoneyLineShowsTheLearningPool(t *testing.T) {
	b := demoMoney()
	checkPage(t, render(t, moneyOf(t, b)),
		In(".invariant.ok", HasText("The invariant holds: prize escrow + bond escrow + slash pool + challenge pools + learning pools + "+
			"claimable = paid in \u2212 paid out, in GEN: 0 + 0 + 30 + 30 + 10 + 24.78 = 924 \u2212 829.22")),
		In("#money dl.terms", HasText("Prize escrow 0 GEN Bond escrow 0 GEN Slash pool 30 GEN Challenge pools 30 GEN Learning pools 10 GEN "+
			"Claimable 24.78 GEN Paid in 924 GEN Paid out 829.22 GEN")),
	)
}

// TestTheMoneyLineCheckCatchesALeftOutPool: the check reads the page, not the totals: the
// line as it was drawn before the learning pools were on it does not add up, and a line
// drawn from balances that lack a pool the arena holds leaves that pool out.
func TestTheMoneyLineCheckCatchesALeftOutPool(t *testing.T) {
	b := demoMoney()
	page := string(render(t, moneyOf(t, b)))
	before := strings.Replace(strings.Replace(page, " &#43; learning pools", "", 1), " &#43; 10 &#43; ", " &#43; ", 1)
	if before == page {
		t.Fatal("the page has no learning pools term to take out")
	}
	const notAdding = "the money line does not add up: 0 + 0 + 30 + 30 + 24.78 = 84.78, and 924 \u2212 829.22 = 94.78"
	if err := boardtest.CheckMoneyLine(before, b); err == nil || err.Error() != notAdding {
		t.Errorf("CheckMoneyLine(the line without the learning pools) = %v, want %q", err, notAdding)
	}

	short := b
	short.LearnPool, short.PaidIn = ledger.Amount{}, ledger.Ether(914)
	const leftOut = "the money line leaves out learning pools, which holds 10"
	if err := boardtest.CheckMoneyLine(string(render(t, moneyOf(t, short))), b); err == nil || err.Error() != leftOut {
		t.Errorf("CheckMoneyLine(a line drawn without the learning pools) = %v, want %q", err, leftOut)
	}
}

// TestTheMoneyLineAddsUpOnEverySnapshot: every snapshot the board's tests render, and the
// tender the ledger ran, displays a money line that adds up and lists every pool that
// holds something.
func TestTheMoneyLineAddsUpOnEverySnapshot(t *testing.T) {
	snaps := map[string]ledger.Snapshot{"tendered": tendered(t), "ledger tender": runTender(t).final}
	for _, name := range []string{"demo", "challenges", "matches"} {
		snaps[name] = loadSnapshot(t, name)
	}
	for name, s := range snaps {
		if err := boardtest.CheckMoneyLine(string(render(t, s)), s.Arena.Balances); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
