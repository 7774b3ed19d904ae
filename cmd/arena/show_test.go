package main

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/ledgertest"
)

// The money line of `arena show arena`: every pool of every kind, in the ledger's one
// order of them, and the claimable total, summed against paid in less paid out.

// moneyArena drives a ledger that holds money in several kinds' pools: a tender's
// budget, a bid's deposit and grading fee, a benchmark challenge's pool, a learning
// challenge's pool and a learning run's deposit and grading fee, with every
// transaction's fee in the fee pool and the graders' earnings claimable.
func moneyArena(t *testing.T) ledger.Balances {
	t.Helper()
	terms := ledgertest.Terms(3)
	terms.GradingFee, terms.FeePerTx = ledger.Ether(1), ledger.MustAmount("10000000000000000")
	for _, v := range terms.Validators {
		terms.Genesis = append(terms.Genesis, ledger.Allocation{Address: v, Amount: ledger.Ether(1)})
	}
	s, err := ledger.New(terms)
	if err != nil {
		t.Fatal(err)
	}
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	tid := c.Publish(ledger.Ether(100), ledgertest.TenderTerms())
	c.Seal(tid, "alice", ledgertest.Proposal("alice"))
	c.AcceptBench("alice", ledgertest.BenchBody("ditto", 1))
	c.PublishChallenge(ledger.Ether(50), challenge.Publish{Bench: "ditto", Title: "money", Deposit: ledger.Ether(1),
		PerEpoch: ledger.Ether(5), EpochS: 120, End: c.Now() + 3000})
	lid := c.PublishLearn(ledger.Ether(10), ledgertest.LearnBody(c.Now(), 600, ledger.Ether(1), ledger.Ether(3)))
	c.CommitPair("bob", lid, "arch", "train")
	return s.Snapshot().Arena.Balances
}

// readMoneyLine parses a money line back into its terms ("figure name") and its two
// flows, and fails the test on any other shape.
func readMoneyLine(t *testing.T, line string) (terms [][2]string, paidIn, paidOut string) {
	t.Helper()
	rest, ok := strings.CutPrefix(line, "money (GEN): ")
	if !ok {
		t.Fatalf("the money line %q does not open with %q", line, "money (GEN): ")
	}
	left, right, ok := strings.Cut(rest, " = ")
	if !ok {
		t.Fatalf("the money line %q has no \" = \"", line)
	}
	for _, term := range strings.Split(left, " + ") {
		fig, name, ok := strings.Cut(term, " ")
		if !ok {
			t.Fatalf("the term %q is not a figure and a name", term)
		}
		terms = append(terms, [2]string{fig, name})
	}
	if _, err := fmt.Sscanf(right, "%s paid in - %s paid out", &paidIn, &paidOut); err != nil {
		t.Fatalf("the right side %q is not paid in - paid out: %v", right, err)
	}
	return terms, paidIn, paidOut
}

// exact reads a displayed decimal exactly.
func exact(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok || strings.ContainsAny(s, "eE/") {
		t.Fatalf("the money line shows %q, which is no decimal", s)
	}
	return r
}

// TestShowArenasMoneyLineListsEveryPoolAndAddsUp: on a ledger holding money in the
// tender's, the benchmark challenge's and the learning challenge's pools, the line
// names every pool of ledger.Balances.Pools in its order, then claimable, each with
// what the balances hold, and the figures as printed, parsed back, add up.
func TestShowArenasMoneyLineListsEveryPoolAndAddsUp(t *testing.T) {
	b := moneyArena(t)
	terms, in, out := readMoneyLine(t, moneyWords(b, "GEN"))
	pools := b.Pools()
	if len(terms) != len(pools)+1 {
		t.Fatalf("the line shows %d terms; the balances list %d pools and claimable", len(terms), len(pools))
	}
	holding := 0
	for i, p := range pools {
		if want := [2]string{p.Amount.Units(), strings.ToLower(p.Name)}; terms[i] != want {
			t.Errorf("term %d is %q, want %q", i+1, terms[i], want)
		}
		if !p.Amount.IsZero() {
			holding++
		}
	}
	if want := [2]string{b.ClaimableTotal.Units(), "claimable"}; terms[len(pools)] != want {
		t.Errorf("the last term is %q, want %q", terms[len(pools)], want)
	}
	if holding < 6 {
		t.Fatalf("only %d pools hold money; the test means several kinds' pools", holding)
	}
	sum := new(big.Rat)
	for _, term := range terms {
		sum.Add(sum, exact(t, term[0]))
	}
	if net := new(big.Rat).Sub(exact(t, in), exact(t, out)); sum.Cmp(net) != 0 {
		t.Errorf("the printed terms sum to %s; paid in %s less paid out %s is %s", sum.FloatString(18), in, out, net.FloatString(18))
	}
}

// TestShowArenasMoneyLineIsPinned pins the whole line for the driven ledger.
func TestShowArenasMoneyLineIsPinned(t *testing.T) {
	const want = "money (GEN): 0 prize escrow + 0 bond escrow + 0 slash pool + 0 grading fees + 0.12 fee pool + 100 tender budgets + " +
		"5 tender deposits and bonds + 1 tender grading fees + 0 match entry fees + 0 match stakes + 0 match operator bonds + " +
		"50 challenge pools + 0 challenge deposits + 0 challenge grading fees + 10 learning pools + 1 learning deposits + " +
		"1 learning grading fees + 2 claimable = 170.12 paid in - 0 paid out"
	if got := moneyWords(moneyArena(t), "GEN"); got != want {
		t.Errorf("money line\n%s\nwant\n%s", got, want)
	}
}

// TestShowArenasMoneyLineSaysWhenItDoesNotAddUp: balances whose pools do not sum to
// paid in less paid out print "!=" in place of "=".
func TestShowArenasMoneyLineSaysWhenItDoesNotAddUp(t *testing.T) {
	b := ledger.Balances{LearnPool: ledger.Ether(10), PaidIn: ledger.Ether(20), PaidOut: ledger.Ether(5)}
	got := moneyWords(b, "GEN")
	const want = " + 10 learning pools + 0 learning deposits + 0 learning grading fees + 0 claimable != 20 paid in - 5 paid out"
	if !strings.HasSuffix(got, want) {
		t.Errorf("money line\n%s\nwant it to end\n%s", got, want)
	}
}
