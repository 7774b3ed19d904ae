package demo

import (
	"embed"
	"path"
	"strings"
)

// tasks holds the bundled example tasks: for each, spec.md, rubric.md and one file of
// work per solver, named after the solver.
//
//go:embed tasks
var tasks embed.FS

// story is one bundled task and the entries filed on it, in filing order.
type story struct {
	dir      string // under tasks/
	title    string
	prize    uint64 // whole units
	closesIn int64  // seconds
	solvers  []string
	appeal   *appealPlan // an appeal against one solver's grade, if any
	shares   []int       // the prize by rank in basis points; nil: one winner
	teams    map[string][]teamMember
}

// teamMember is one member of a team entry and its part in basis points; the solver who
// files the entry is its first member.
type teamMember struct {
	who   string
	share int
}

// appealPlan files an appeal on a solver's entry once it is graded.
type appealPlan struct {
	solver   string
	argument string
}

// stories are the demo's three contests.
var stories = []story{
	{
		dir: "launch-note", title: "Launch note for Tally Webhooks", prize: 200, closesIn: 3600,
		solvers: []string{"carol", "alice"},
		appeal: &appealPlan{solver: "carol", argument: "The note covers everything a new developer needs; " +
			"the length limit should not outweigh a complete note."},
	},
	{
		dir: "migration-guide", title: "Migration guide: from charge polling to the events stream", prize: 150, closesIn: 3600,
		solvers: []string{"alice", "bob"},
	},
	{
		dir: "release-notes", title: "Release notes for tally-cli 2.0", prize: 100, closesIn: 3600,
		solvers: []string{"dave", "erin"},
		// Paid by rank in three tiers; dave files for a team with bob, split 70/30 at
		// filing. Two entries fill two ranks: the third share goes back to the sponsor.
		shares: []int{5000, 3000, 2000},
		teams:  map[string][]teamMember{"dave": {{"dave", 7000}, {"bob", 3000}}},
	},
}

// people are the demo's accounts: the sponsor first, then the solvers.
var people = []string{"sponsor", "alice", "bob", "carol", "dave", "erin"}

// text returns a bundled file of st.
func (st story) text(name string) string {
	b, err := tasks.ReadFile(path.Join("tasks", st.dir, name))
	if err != nil {
		panic("demo: bundled file missing: " + err.Error()) // the files are embedded at build time
	}
	return strings.TrimRight(string(b), "\n") + "\n"
}
