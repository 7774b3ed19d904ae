package board

import (
	"cmp"
	"slices"
	"unicode/utf8"

	"github.com/arena/arena/ledger"
)

// maxWorkShown is how many bytes of an entry's work a card carries; the snapshot keeps
// the rest, and the card says how much was cut.
const maxWorkShown = 4 << 10

// card is everything one entry's card shows, computed once in Go. The server renders
// the first page of cards from it and the script renders the rest from the data block
// wire.go writes, so no rule (the cause of a difference, a summary of a result) is
// written twice.
type card struct {
	ID        ledger.EntryID
	Task      ledger.TaskID
	TaskTitle string
	Solver    string
	Seq       int
	Filed     string
	State     string
	Outcome   string
	Bond      string
	WorkURL   string
	Work      string
	WorkLen   int
	WorkCut   bool
	Status    string // one line for an entry with no grade in force
	Grade     *gradeCard
	Appeal    *appealCard
	Rounds    []roundCard
	Crossings []crossCard // on the winning card: the sinks its task's award reached
	Uncrossed bool        // on the winning card: the award is owed to a registry still
	Place     *placeCard  // the rank a tiered task's award gave the entry; nil: none
	Team      []memberCard
}

// placeCard is the rank a tiered task's award gave an entry, its share and amount.
type placeCard struct {
	Rank          int
	Share, Amount string
}

// memberCard is one member of a team entry: its part, fixed at filing, and after award
// what it was paid of the prize and of the bond's return.
type memberCard struct {
	Address     string
	Share       string
	Prize, Bond string // "" before award
}

// gradeCard is the grade in force: the rung agreed, what it was worth, what settled,
// why the two differ, and every check behind it.
type gradeCard struct {
	Round       ledger.RoundID
	Attempt     int
	Tier        int
	Label       string
	JudgedTier  int
	JudgedLabel string
	JudgedScore int
	Score       int
	Diff        string
	Verdict     string // "eligible", "disqualified", "failed", "not passed"
	Error       string
	Causes      []string
	Reason      string
	Rationale   string
	Checks      []checkCard
	Prose       []string
	Dropped     []string
	NoDet       bool
	Similarity  int
	Excluded    int // words of the work the copy check left out: the task's spec, rubric and template hold them
	DuplicateOf ledger.EntryID
	Digest      string
	Leader      string
	Agreed      []string
	Disagreed   []string
	Failed      []string // answered with a classed failure the leader's was not
	Settled     string
	AppealUntil string
}

// checkCard is one compiled check and its outcome.
type checkCard struct {
	Criterion string
	Expr      string
	Kind      string // "mandatory" or "preferred"
	Source    string
	Passed    bool
	Error     string
}

// appealCard is the latest appeal on an entry.
type appealCard struct {
	Appellant string
	Argument  string
	Bond      string
	Round     ledger.RoundID
	Against   ledger.RoundID
	Filed     string
	Outcome   string // "moved", "held", "lapsed" or "pending"
	Bounty    string
	Panel     int // the regrade's fresh, larger panel and its quorum; 0: a committee as any round's
	Quorum    int
}

// roundCard is one grading round with its attempts and, once settled, its grade.
type roundCard struct {
	ID        ledger.RoundID
	Regrade   bool
	Argument  string
	Opened    string
	State     string
	Committee int
	Quorum    int // a regrade panel's own quorum; 0: the terms'
	Earlier   []ledger.EntryID
	Says      string      // the round's grade in one line; "" while none
	Checks    []checkCard // only for a round whose grade is no longer in force
	Calls     []callCard  // the leader's model calls for the settled grade
	Attempts  []attemptCard
}

// attemptCard is one attempt of a round.
type attemptCard struct {
	N        int
	Leader   string
	Opened   string
	Deadline string
	State    string
	Atts     []attCard
}

// attCard is one attestation: who, when, what it said and whether it agreed.
type attCard struct {
	Validator string
	Height    uint64
	Agrees    bool
	Late      bool // sent after the attempt ended: on the record, never tallied
	Says      string
}

// callCard is one model call's receipt, without the texts.
type callCard struct {
	Purpose  string
	Provider string
	Model    string
	Prompt   string
	Response string
	Fallback bool
	Why      string
}

// views indexes a snapshot for building cards.
type views struct {
	snap   *ledger.Snapshot
	xs     crossings
	tasks  map[ledger.TaskID]*ledger.TaskView
	rounds map[ledger.RoundID]*ledger.RoundView
	names  map[ledger.Address]string // checksummed spellings: each costs a keccak
	begun  begun                     // begin-block events by round, when given
}

func index(s *ledger.Snapshot, xs crossings) *views {
	v := &views{snap: s, xs: xs, tasks: make(map[ledger.TaskID]*ledger.TaskView, len(s.Tasks)),
		rounds: make(map[ledger.RoundID]*ledger.RoundView, len(s.Rounds)), names: map[ledger.Address]string{}}
	for i := range s.Tasks {
		v.tasks[s.Tasks[i].ID] = &s.Tasks[i]
	}
	for i := range s.Rounds {
		v.rounds[s.Rounds[i].ID] = &s.Rounds[i]
	}
	return v
}

// cards returns one card per entry, in entry order.
func (v *views) cards() []card {
	entries := slices.Clone(v.snap.Entries)
	slices.SortStableFunc(entries, func(a, b ledger.EntryView) int { return cmp.Compare(a.ID, b.ID) })
	out := make([]card, len(entries))
	for i := range entries {
		out[i] = v.card(&entries[i])
	}
	return out
}

func (v *views) card(e *ledger.EntryView) card {
	sym := v.snap.Arena.Terms.Symbol
	c := card{ID: e.ID, Task: e.Task, Solver: v.name(e.Solver), Seq: e.Seq, Filed: stamp(e.FiledAt),
		State: e.State, Outcome: e.Outcome, Bond: money(e.Bond, sym), WorkURL: e.WorkURL,
		WorkLen: len(e.Work), Status: status(e)}
	c.Work, c.WorkCut = excerpt(e.Work, maxWorkShown)
	if t := v.tasks[e.Task]; t != nil {
		c.TaskTitle = t.Title
		if t.Winner == e.ID {
			x := crossing(t, v.xs, v.snap.Arena.Terms.Registry != nil)
			c.Crossings, c.Uncrossed = x.Crossings, x.Uncrossed
		}
		for _, p := range t.Podium {
			if p.Entry == e.ID {
				c.Place = &placeCard{Rank: p.Rank, Share: percent(p.Share), Amount: money(p.Amount, sym)}
			}
		}
	}
	for i, m := range e.Team {
		mc := memberCard{Address: v.name(m.Address), Share: percent(m.Share)}
		if i < len(e.Payouts) {
			mc.Prize, mc.Bond = money(e.Payouts[i].Prize, sym), money(e.Payouts[i].Bond, sym)
		}
		c.Team = append(c.Team, mc)
	}
	if e.Current != nil && e.State != ledger.EntryStalled {
		c.Grade = v.grade(e.Current)
		c.Status = ""
	}
	if a := e.Appeal; a != nil {
		c.Appeal = &appealCard{Appellant: v.name(a.Appellant), Argument: a.Argument, Bond: money(a.Bond, sym),
			Round: a.Round, Against: a.Against, Filed: stamp(a.FiledAt), Outcome: cmp.Or(a.Outcome, "pending"),
			Bounty: money(a.Bounty, sym)}
		if r := v.rounds[a.Round]; r != nil && r.Quorum > 0 {
			c.Appeal.Panel, c.Appeal.Quorum = len(r.Committee), r.Quorum
		}
	}
	for _, id := range e.Rounds {
		if r := v.rounds[id]; r != nil {
			c.Rounds = append(c.Rounds, v.round(r, e.Current))
		}
	}
	return c
}

func (v *views) grade(g *ledger.GradeView) *gradeCard {
	r := &g.Result
	gc := &gradeCard{Round: g.Round, Attempt: g.Attempt, Tier: g.Tier, Label: g.Label,
		JudgedTier: r.JudgedTier, JudgedLabel: v.label(r.JudgedTier), JudgedScore: r.JudgedScore,
		Score: g.Score, Diff: signed(g.Score - r.JudgedScore), Verdict: verdict(g),
		Error: cmp.Or(g.Error, r.Error), Causes: causes(g, v.snap.Arena.Rules), Reason: r.Reason,
		Rationale: r.Rationale, Checks: checkCards(r.Checks), Prose: r.Prose, Dropped: r.Dropped,
		NoDet: r.NoDeterministicPass, Similarity: r.Similarity, Excluded: r.Excluded, DuplicateOf: g.DuplicateOf,
		Digest: r.WorkDigest, Leader: v.name(g.Leader), Agreed: v.all(g.Agreed),
		Disagreed: v.all(g.Disagreed), Failed: v.all(g.Failed), Settled: stamp(g.SettledAt), AppealUntil: stamp(g.AppealUntil)}
	if gc.Label == "" && gc.Error == "" {
		gc.Label = v.label(g.Tier)
	}
	return gc
}

func (v *views) round(r *ledger.RoundView, current *ledger.GradeView) roundCard {
	rc := roundCard{ID: r.ID, Regrade: r.Regrade, Argument: r.Argument, Opened: stamp(r.OpenedAt),
		State: r.State, Committee: len(r.Committee), Quorum: r.Quorum, Earlier: r.Inputs.Earlier}
	if g := r.Grade; g != nil {
		rc.Says = says(&g.Result)
		rc.Calls = callCards(g.Result.Calls)
		if current == nil || current.Round != r.ID {
			rc.Checks = checkCards(g.Result.Checks)
		}
	}
	for _, a := range r.Attempts {
		ac := attemptCard{N: a.Attempt, Leader: v.name(a.Leader), Opened: stamp(a.OpenedAt),
			Deadline: stamp(a.Deadline), State: a.State}
		for i := range a.Attestations {
			at := &a.Attestations[i]
			ac.Atts = append(ac.Atts, attCard{Validator: v.name(at.Validator), Height: at.Height,
				Agrees: at.Agrees, Late: at.Late, Says: says(&at.Result)})
		}
		rc.Attempts = append(rc.Attempts, ac)
	}
	return rc
}

// name returns a's checksummed hex, computed once per address.
func (v *views) name(a ledger.Address) string {
	n, ok := v.names[a]
	if !ok {
		n = a.String()
		v.names[a] = n
	}
	return n
}

func (v *views) all(as []ledger.Address) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = v.name(a)
	}
	return out
}

// label returns the published label of a rung, or "" off the ladder.
func (v *views) label(tier int) string {
	for _, r := range v.snap.Arena.Ladder {
		if r.Rung == tier {
			return r.Label
		}
	}
	return ""
}

func checkCards(cs []ledger.Check) []checkCard {
	out := make([]checkCard, len(cs))
	for i, c := range cs {
		kind := "preferred"
		if c.Mandatory {
			kind = "mandatory"
		}
		out[i] = checkCard{Criterion: c.Criterion, Expr: c.Expr, Kind: kind, Source: c.Source,
			Passed: c.Passed && c.Error == "", Error: c.Error}
	}
	return out
}

func callCards(cs []ledger.Call) []callCard {
	out := make([]callCard, len(cs))
	for i, c := range cs {
		out[i] = callCard{Purpose: c.Purpose, Provider: c.Provider, Model: c.Model, Prompt: c.PromptSHA,
			Response: c.ResponseSHA, Fallback: c.Fallback, Why: c.FallbackWhy}
	}
	return out
}

// excerpt returns at most n bytes of s, cut at a rune boundary, and whether it cut.
func excerpt(s string, n int) (string, bool) {
	if len(s) <= n {
		return s, false
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n], true
}
