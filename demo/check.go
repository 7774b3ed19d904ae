package demo

import (
	"fmt"
	"slices"

	"github.com/arena/arena/ledger"
)

// check reads each contest's story off the final snapshot.
func (d *driver) check(s ledger.Snapshot) []Story {
	entry := func(story int, solver string) (ledger.EntryView, []ledger.RoundView) {
		id := d.entries[story][solver]
		var rounds []ledger.RoundView
		for _, r := range s.Rounds {
			if r.Entry == id {
				rounds = append(rounds, r)
			}
		}
		return s.Entries[id-1], rounds
	}
	task := func(story int) ledger.TaskView { return s.Tasks[d.tasks[story]-1] }
	copied, _ := entry(1, "bob")
	stories := append([]Story{
		d.lengthStory(entry(0, "carol")), d.winner(task(0), "alice"),
		d.copyStory(copied, d.entries[1]["alice"]), d.winner(task(1), "alice"),
		d.cleanStory(task(2), s), d.winner(task(2), "dave"), d.tiersStory(task(2), s),
	}, slices.Concat(d.tenderStories(s), d.matchStories(s))...)
	if !d.skip[SkipChallenge] {
		stories = append(stories, d.challengeStories(s)...)
	}
	if !d.skip[SkipLearning] {
		stories = append(stories, d.learnStories(s)...)
	}
	return stories
}

// lengthStory: the over-length note is thrown out by code at rung 0 naming the
// mandatory criterion, and the appeal against it is held.
func (d *driver) lengthStory(e ledger.EntryView, rounds []ledger.RoundView) Story {
	st := Story{Name: "over-length note thrown out by code, appeal held"}
	if len(rounds) < 2 || rounds[0].Grade == nil || e.Appeal == nil {
		st.Detail = fmt.Sprintf("entry %d has %d rounds and appeal %v", e.ID, len(rounds), e.Appeal != nil)
		return st
	}
	g := rounds[0].Grade
	failed := failedMandatory(g)
	st.Held = g.Tier == 0 && g.Score == 0 && g.Disqualified && g.DuplicateOf == 0 && failed != "" &&
		e.Appeal.Outcome == "held" && e.Outcome == "slashed"
	st.Detail = fmt.Sprintf("entry %d read as %d/5 (%d points), settled rung %d score %d, failed %q; appeal %s, bond %s",
		e.ID, g.Result.JudgedTier, g.Result.JudgedScore, g.Tier, g.Score, failed, e.Appeal.Outcome, e.Outcome)
	return st
}

// copyStory: the reworded copy is disqualified as a duplicate of the first entry.
func (d *driver) copyStory(e ledger.EntryView, original ledger.EntryID) Story {
	st := Story{Name: "reworded copy caught as a duplicate"}
	g := e.Current
	if g == nil {
		st.Detail = fmt.Sprintf("entry %d has no grade", e.ID)
		return st
	}
	st.Held = g.Disqualified && g.DuplicateOf == original && g.Result.Similarity >= ledger.CopyThreshold && g.Score == 0
	st.Detail = fmt.Sprintf("entry %d: %d%% overlap, duplicate_of %d (want %d), score %d", e.ID, g.Result.Similarity, g.DuplicateOf, original, g.Score)
	return st
}

// cleanStory: nobody on the task was disqualified.
func (d *driver) cleanStory(t ledger.TaskView, s ledger.Snapshot) Story {
	st := Story{Name: "clean contest", Held: true}
	for _, id := range t.Entries {
		if g := s.Entries[id-1].Current; g == nil || g.Disqualified {
			st.Held = false
		}
	}
	st.Detail = fmt.Sprintf("task %d: %d entries, none disqualified: %v", t.ID, len(t.Entries), st.Held)
	return st
}

// winner: the task was awarded to solver's entry.
func (d *driver) winner(t ledger.TaskView, solver string) Story {
	st := Story{Name: fmt.Sprintf("task %d won by %s", t.ID, solver)}
	st.Held = t.State == ledger.TaskAwarded && t.WinnerAddr != nil && d.names[*t.WinnerAddr] == solver
	got := "nobody"
	if t.WinnerAddr != nil {
		got = fmt.Sprintf("%s (entry %d, score %d)", d.names[*t.WinnerAddr], t.Winner, t.WinScore)
	}
	st.Detail = fmt.Sprintf("%s, won by %s", t.State, got)
	return st
}

// tiersStory: the three-tier task paid dave's team entry the first share, split 70/30
// between dave and bob as fixed at filing, erin's entry the second, and sent the third,
// which no entry took, back to the sponsor.
func (d *driver) tiersStory(t ledger.TaskView, s ledger.Snapshot) Story {
	st := Story{Name: fmt.Sprintf("task %d paid by rank: a team first by its split, the third share back", t.ID)}
	team, solo := s.Entries[d.entries[2]["dave"]-1], s.Entries[d.entries[2]["erin"]-1]
	if len(t.Podium) != 3 || len(team.Payouts) != 2 || len(t.Refunds) != 1 {
		st.Detail = fmt.Sprintf("task %d: %d ranks, %d team payouts, %d refunds; want 3, 2 and 1", t.ID, len(t.Podium), len(team.Payouts), len(t.Refunds))
		return st
	}
	p, pay, back := t.Podium, team.Payouts, t.Refunds[0]
	st.Held = p[0].Entry == team.ID && p[0].Amount.Eq(ledger.Ether(50)) && p[1].Entry == solo.ID && p[1].Amount.Eq(ledger.Ether(30)) &&
		p[2].Entry == 0 && p[2].Amount.Eq(ledger.Ether(20)) &&
		d.names[pay[0].Address] == "dave" && pay[0].Prize.Eq(ledger.Ether(35)) && d.names[pay[1].Address] == "bob" && pay[1].Prize.Eq(ledger.Ether(15)) &&
		d.names[back.Address] == "sponsor" && back.Prize.Eq(ledger.Ether(20))
	st.Detail = fmt.Sprintf("rank 1 entry %d %s (%s %s, %s %s), rank 2 entry %d %s, rank 3 entry %d %s; %s back to %s",
		p[0].Entry, units(p[0].Amount), d.names[pay[0].Address], units(pay[0].Prize), d.names[pay[1].Address], units(pay[1].Prize),
		p[1].Entry, units(p[1].Amount), p[2].Entry, units(p[2].Amount), units(back.Prize), d.names[back.Address])
	return st
}

func failedMandatory(g *ledger.GradeView) string {
	for _, c := range g.Result.Checks {
		if c.Mandatory && !c.Passed {
			return c.Criterion
		}
	}
	return ""
}
