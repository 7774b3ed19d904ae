package ledgertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/cockroachdb/datadriven"
)

// open opens the arena:
//
//	open validators=4 [committee=N] [quorum=N] [window=6h] [grading=24h] [bond=5] [appeal-bond=20]
//	     [attempts=3] [timeout=10m] [dev=true] [treasury=NAME] [grading-fee=N]
//	     [operators=(NAME,...)] [operator-bond=N]
//
// The validators are named v1..vN. An arena runs tenders only when it names a
// treasury, and matches only when it also names operators. Refused terms print the
// refusal.
func (h *Harness) open(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "validators", "committee", "quorum", "window", "grading", "bond", "appeal-bond", "attempts", "timeout", "dev", "treasury", "grading-fee", "operators", "operator-bond")
	if h.s != nil {
		d.Fatalf(t, "the arena is already open")
	}
	terms := ledger.Terms{
		Chain: "arena-contest", Name: "Contest Arena", Symbol: "GEN",
		EntryBond: a.amount("bond", ledger.Ether(5)), AppealBond: a.amount("appeal-bond", ledger.Ether(20)),
		AppealWindowS: a.seconds("window", 6*3600), GradingWindowS: a.seconds("grading", 24*3600), Committee: a.int("committee", 0), Quorum: a.int("quorum", 0),
		Attempts: a.int("attempts", 3), RoundTimeoutS: a.seconds("timeout", 600), DevMode: a.bool("dev", false),
		GradingFee: a.amount("grading-fee", ledger.Amount{}), OperatorBond: a.amount("operator-bond", ledger.Amount{}),
	}
	for _, o := range a.vals("operators") {
		terms.Operators = append(terms.Operators, Addr(o))
	}
	if a.has("treasury") {
		treasury := Addr(a.str("treasury", ""))
		terms.Treasury = &treasury
	}
	for i := range a.int("validators", 4) {
		terms.Validators = append(terms.Validators, Addr(fmt.Sprintf("v%d", i+1)))
	}
	s, err := ledger.New(terms)
	if err != nil {
		return err.Error()
	}
	h.s, h.terms, h.bare = s, s.Terms(), NewBare(s)
	h.c = Drive(t, h.bare)
	for _, o := range a.vals("operators") {
		h.c.Key(o) // so each operator reads by its name
	}
	if a.has("treasury") {
		h.c.Key(a.str("treasury", "")) // so the treasury reads by its name
	}
	return describeTerms(h.terms)
}

func describeTerms(t ledger.Terms) string {
	var b strings.Builder
	fmt.Fprintf(&b, "arena open: %d validators, committee %d, quorum %d, %d attempts of %s\n",
		len(t.Validators), t.CommitteeSize(), t.QuorumSize(), t.Attempts, since(t.RoundTimeoutS))
	fmt.Fprintf(&b, "entry bond %s, appeal bond %s, appeal window %s", gen(t.EntryBond), gen(t.AppealBond), since(t.AppealWindowS))
	if t.DevMode {
		b.WriteString(", dev mode")
	}
	if t.Treasury != nil {
		b.WriteString("\ntenders run, fees and forfeits to the treasury")
	}
	if !t.GradingFee.IsZero() {
		fmt.Fprintf(&b, ", grading fee %s", gen(t.GradingFee))
	}
	if len(t.Operators) > 0 {
		fmt.Fprintf(&b, "\nmatches run by %d operator(s), bond %s", len(t.Operators), gen(t.OperatorBond))
	}
	return b.String()
}
