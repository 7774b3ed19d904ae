package ledgertest

import (
	"fmt"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/cockroachdb/datadriven"
)

// attest sends one raw attestation, for the results an honest validator would never
// sign. Fields left out take the value consistent with those given:
//
//	attest round=1 from=v2|leader [attempt=N] [tier=4] [score=81] [passed=true] [dq=true]
//	       [dup=N] [violations=N] [err=([EXTERNAL] ...)]
func (h *Harness) attest(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "round", "from", "attempt", "tier", "score", "passed", "dq", "dup", "violations", "err")
	id := ledger.RoundID(a.id("round"))
	r, ok := h.s.Round(id)
	if !ok {
		d.Fatalf(t, "no round %d", id)
	}
	cur := r.Attempts[len(r.Attempts)-1]
	from := a.str("from", "leader")
	if from == "leader" {
		from = h.name(cur.Leader)
	}
	dup := ledger.EntryID(a.int("dup", 0))
	dq := a.bool("dq", dup != 0)
	tier := a.int("tier", 0)
	violations := a.int("violations", 0)
	res := ledger.Result{
		Tier: tier, Passed: a.bool("passed", !dq && tier >= 1), Disqualified: dq, DuplicateOf: dup,
		Violations: violations, Score: a.int("score", ledger.ScoreOf(tier, violations, dq)), Error: a.str("err", ""),
		JudgedTier: tier, JudgedScore: tier * ledger.PointsPerRung,
	}
	k := a.int("attempt", cur.Attempt)
	out := h.send(t, from, ledger.Amount{}, ledger.Attest{Round: id, Attempt: k, Result: res})
	if !out.OK() {
		return out.Err
	}
	return fmt.Sprintf("%s attested round %d attempt %d\n", from, id, k) + h.describeFrom(id, k)
}
