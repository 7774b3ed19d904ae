package bounty

import "testing"

// Settle's hand-picked cases, one per clause: a clean reading keeps its rung less the
// preferred deduction; a mandatory miss disqualifies and is no duplicate even when the
// work is a copy; a copy disqualifies as a duplicate; the score never goes below zero.
func TestSettleFollowsTheGradesArithmetic(t *testing.T) {
	for _, tc := range []struct {
		name               string
		judged, mand, pref int
		copied             EntryID
		want               Settled
	}{
		{"a clean rung 4", 4, 0, 0, 0, Settled{Tier: 4, Passed: true, Score: 80}},
		{"two preferred missed", 4, 0, 2, 0, Settled{Tier: 4, Passed: true, Violations: 2, Score: 50}},
		{"the deduction floors at zero", 1, 0, 3, 0, Settled{Tier: 1, Passed: true, Violations: 3, Score: 0}},
		{"rung 0 does not pass", 0, 0, 0, 0, Settled{}},
		{"a mandatory miss disqualifies", 5, 1, 1, 0, Settled{Disqualified: true, Violations: 1}},
		{"a mandatory miss takes precedence over a copy", 5, 2, 0, 7, Settled{Disqualified: true}},
		{"a copy disqualifies as a duplicate", 5, 0, 1, 7, Settled{Disqualified: true, DuplicateOf: 7, Violations: 1}},
	} {
		if got := Settle(tc.judged, tc.mand, tc.pref, tc.copied); got != tc.want {
			t.Errorf("%s: Settle(%d, %d, %d, %d) = %+v, want %+v", tc.name, tc.judged, tc.mand, tc.pref, tc.copied, got, tc.want)
		}
	}
}

// Whatever it is given, Settle's grade is one the ledger's arithmetic check accepts:
// the rung in range and 0 when disqualified, Passed by PassedGate, the score by
// ScoreOf, and a duplicate always disqualified.
func TestEverySettledGradePassesTheLedgersArithmetic(t *testing.T) {
	for judged := range Rungs {
		for mand := range 3 {
			for pref := range MaxChecks + 1 {
				for _, copied := range []EntryID{0, 3} {
					g := Settle(judged, mand, pref, copied)
					res := Result{Tier: g.Tier, Passed: g.Passed, Disqualified: g.Disqualified, DuplicateOf: g.DuplicateOf, Violations: g.Violations, Score: g.Score}
					switch {
					case res.Tier < 0 || res.Tier >= Rungs, res.Disqualified && res.Tier != 0:
						t.Fatalf("Settle(%d, %d, %d, %d): rung %d", judged, mand, pref, copied, res.Tier)
					case res.Passed != PassedGate(res.Tier, res.Disqualified), res.Score != ScoreOf(res.Tier, res.Violations, res.Disqualified):
						t.Fatalf("Settle(%d, %d, %d, %d) = %+v: its arithmetic does not follow", judged, mand, pref, copied, g)
					case res.DuplicateOf != 0 && !res.Disqualified:
						t.Fatalf("Settle(%d, %d, %d, %d) = %+v: a duplicate not disqualified", judged, mand, pref, copied, g)
					case res.Violations != pref:
						t.Fatalf("Settle(%d, %d, %d, %d) = %+v: violations are the preferred misses", judged, mand, pref, copied, g)
					}
				}
			}
		}
	}
}
