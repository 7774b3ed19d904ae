package bounty

// Settled is what code settles from a reading and the facts code established: the fields
// of a Result that consensus compares.
type Settled struct {
	Tier         int
	Passed       bool
	Disqualified bool
	DuplicateOf  EntryID
	Violations   int
	Score        int
}

// Settle is the arithmetic of a grade. judged is the rung the reader reached for;
// missedMandatory and missedPreferred count the criteria with a failed check; copied is
// the earlier entry the overlap measured at or above CopyThreshold (0 for none). A
// mandatory miss disqualifies first, and the entry is then no duplicate; otherwise a copy
// disqualifies as a duplicate. A disqualified entry settles on rung 0; the score is
// ScoreOf and passing is PassedGate. Grading and the audit both use it.
func Settle(judged, missedMandatory, missedPreferred int, copied EntryID) Settled {
	g := Settled{Violations: missedPreferred}
	if missedMandatory == 0 {
		g.DuplicateOf = copied
	}
	g.Disqualified = missedMandatory > 0 || g.DuplicateOf != 0
	if !g.Disqualified {
		g.Tier = judged
	}
	g.Score = ScoreOf(g.Tier, g.Violations, g.Disqualified)
	g.Passed = PassedGate(g.Tier, g.Disqualified)
	return g
}
