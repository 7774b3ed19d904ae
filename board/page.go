package board

import (
	"cmp"
	"slices"
	"strings"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/bounty"
)

// pageSize is how many cards the page shows at a time.
const pageSize = 50

// page is the template's whole input.
type page struct {
	Name      string
	Symbol    string
	Height    uint64
	Time      string
	Hash      string
	Terms     []term
	Ladder    [ledger.Rungs]ledger.Rung
	Rules     ledger.RulesView
	Balances  []term
	Holds     bool   // the money invariant holds
	Pools     string // the invariant in words: the pools listed, then claimable
	Identity  string // the invariant with the snapshot's numbers in it
	Tendering bool   // the arena runs tenders or holds some: their counts are shown
	Matching  bool   // the arena names match operators or holds matches: their section is shown
	// Challenging is whether the arena holds a bench version or a challenge: their
	// section is shown.
	Challenging bool
	Learning    bool // the arena holds a learning challenge: their section is shown
	Counts      ledger.Counts
	Tasks       []taskRow
	Board       []repRow
	Judges      []judgeRow
	Owed        []term
	Events      []eventRow
	First       []card // the first page of cards, rendered on the server
	Tenders     tenderSection
	Matches     matchSection
	Challenges  challengeSection
	Learn       learnSection
	Govern      governanceSection
	Total       int
	PageSize    int
	States      []string // entry states present, for the filter
	Solvers     []string // solvers present, for the filter
}

// term is one labelled value.
type term struct{ Name, Value string }

// taskRow is one line of the task table.
type taskRow struct {
	ID             ledger.TaskID
	Title, State   string
	Prize, Sponsor string
	Posted, Closes string
	Awarded        string
	Entries        int
	Winner         ledger.EntryID
	WinnerAddr     string
	WinScore       int
	Spec, Rubric   string
	Tiers          *tiersRow // prize tiers, top-ups, extensions and team entries; nil for a task with none
	CopyBase       bool      // the copy check leaves out the spec's, rubric's and template's words
	Template       string    // the text every entrant was handed

	Questions []questionCard // public questions and the sponsor's answers, in the order asked
	crossed
}

// repRow is one line of the leaderboard.
type repRow struct {
	Rank int
	ledger.Reputation
	Addr, Earned string
}

// eventRow is one award event.
type eventRow struct {
	ledger.Event
	Addr, Amount string
}

func build(s *ledger.Snapshot, xs crossings) *page {
	a := &s.Arena
	sym := a.Terms.Symbol
	p := &page{Name: a.Terms.Name, Symbol: sym, Height: a.Height, Time: stamp(a.Time), Hash: a.Hash,
		Terms: terms(&a.Terms), Ladder: a.Ladder, Rules: a.Rules, Counts: a.Counts, PageSize: pageSize}
	p.Balances, p.Holds, p.Pools, p.Identity = balances(&a.Balances, sym)
	p.Tendering = a.Terms.Treasury != nil || a.Counts.Tenders > 0
	p.Matching = len(a.Terms.Operators) > 0 || a.Counts.Matches > 0
	p.Challenging = a.Counts.Benches > 0 || a.Counts.Challenges > 0
	p.Learning = a.Counts.Learning > 0
	for _, t := range s.Tasks {
		p.Tasks = append(p.Tasks, taskRow{ID: t.ID, Title: t.Title, State: t.State, Prize: money(t.Prize, sym),
			Sponsor: t.Sponsor.String(), Posted: stamp(t.PostedAt), Closes: stamp(t.ClosesAt),
			Awarded: stamp(t.AwardedAt), Entries: len(t.Entries), Winner: t.Winner,
			WinnerAddr: addrOf(t.WinnerAddr), WinScore: t.WinScore, Spec: t.Spec, Rubric: t.Rubric,
			Tiers:    tiers(&t, s.Entries, sym),
			CopyBase: t.CopyBase, Template: t.Template, Questions: questionCards(t.Questions, ledger.Address.String),
			crossed: crossing(&t, xs, a.Terms.Registry != nil)})
	}
	for i, r := range s.Leaderboard {
		p.Board = append(p.Board, repRow{Rank: i + 1, Reputation: r, Addr: r.Address.String(), Earned: money(r.Earned, sym)})
	}
	for _, c := range s.Claimable {
		p.Owed = append(p.Owed, term{c.Address.String(), money(c.Amount, sym)})
	}
	for _, e := range s.Events {
		row := eventRow{Event: e, Addr: addrOf(e.Address)}
		if e.Amount != nil {
			row.Amount = money(*e.Amount, sym)
		}
		p.Events = append(p.Events, row)
	}
	p.Judges = judgeRows(s)
	p.Govern = governanceOf(s)
	p.States, p.Solvers = choices(s.Entries)
	return p
}

func terms(t *ledger.Terms) []term {
	reg := "none"
	if t.Registry != nil {
		reg = t.Registry.String()
	}
	dev := "off"
	if t.DevMode {
		dev = "on: faucet and clock advance enabled"
	}
	rows := []term{
		{"Chain", t.Chain},
		{"Currency", t.Symbol},
		{"Entry bond", money(t.EntryBond, t.Symbol)},
		{"Appeal bond", money(t.AppealBond, t.Symbol)},
		{"Appeal window", duration(t.AppealWindowS)},
		{"Validators", itoa(int64(len(t.Validators)))},
		{"Committee per round", itoa(int64(t.CommitteeSize()))},
		{"Quorum, leader included", itoa(int64(t.QuorumSize()))},
		{"Attempts per round", itoa(int64(t.Attempts))},
		{"Attempt timeout", duration(t.RoundTimeoutS)},
	}
	rows = append(rows, fees(t)...)
	if t.Treasury != nil {
		rows = append(rows, term{"Tender treasury", t.Treasury.String()})
	}
	if len(t.Operators) > 0 {
		rows = append(rows, term{"Match operators", itoa(int64(len(t.Operators)))}, term{"Operator bond, per match", money(t.OperatorBond, t.Symbol)})
	}
	return append(rows, term{"EVM registry", reg}, term{"Dev mode", dev})
}

// fees lists the fee schedule's terms that are set; an arena that charges nothing
// shows none.
func fees(t *ledger.Terms) []term {
	var rows []term
	for _, f := range []struct {
		name string
		v    ledger.Amount
	}{{"Fee per transaction", t.FeePerTx}, {"Fee per byte", t.FeePerByte}, {gradingFee(t), t.GradingFee}} {
		if !f.v.IsZero() {
			rows = append(rows, term{f.name, money(f.v, t.Symbol)})
		}
	}
	return rows
}

// gradingFee names what the grading fee is paid with: entries and appeals, and where
// the arena runs tenders, their checks and bids too.
func gradingFee(t *ledger.Terms) string {
	if t.Treasury != nil {
		return "Grading fee, per entry, appeal, check and bid"
	}
	return "Grading fee, per entry and appeal"
}

// balances lists the pools, the claimable total and the two flows, and checks the
// invariant exactly: every pool plus claimable_total == paid_in - paid_out. The pools are
// the ledger's one list of them (Balances.Pools), so none can be left out of the sum: the
// three bounty pools are always listed, every other pool when it holds something (one
// that holds nothing adds nothing).
// It returns the rows, whether the invariant holds, the invariant in words and in
// numbers.
func balances(b *ledger.Balances, sym string) ([]term, bool, string, string) {
	var rows []term
	var names, nums []string
	for _, p := range b.Pools() {
		if alwaysListed[p.Pool] || !p.Amount.IsZero() {
			rows = append(rows, term{p.Name, money(p.Amount, sym)})
			names, nums = append(names, strings.ToLower(p.Name)), append(nums, units(p.Amount))
		}
	}
	rows = append(rows, term{"Claimable", money(b.ClaimableTotal, sym)}, term{"Paid in", money(b.PaidIn, sym)}, term{"Paid out", money(b.PaidOut, sym)})
	sum, over := b.Held()
	net, under := b.PaidIn.Sub(b.PaidOut)
	holds := !over && !under && sum.Eq(net)
	rel := " = "
	if !holds {
		rel = " \u2260 "
	}
	words := strings.Join(append(names, "claimable"), " + ") + " = paid in \u2212 paid out"
	id := strings.Join(append(nums, units(b.ClaimableTotal)), " + ") + rel + units(b.PaidIn) + " \u2212 " + units(b.PaidOut)
	return rows, holds, words, id
}

// alwaysListed are the pools the money line shows even when they hold nothing: the
// bounty's escrows and slash pool, which every arena has.
var alwaysListed = map[book.Pool]bool{bounty.PrizePool: true, bounty.BondPool: true, bounty.SlashPool: true}

// choices returns the entry states and solvers present, sorted, for the filters.
func choices(es []ledger.EntryView) (states, solvers []string) {
	seenS := map[string]bool{}
	seenA := map[ledger.Address]bool{}
	var as []ledger.Address
	for _, e := range es {
		if !seenS[e.State] {
			seenS[e.State] = true
			states = append(states, e.State)
		}
		if !seenA[e.Solver] {
			seenA[e.Solver] = true
			as = append(as, e.Solver)
		}
	}
	slices.Sort(states)
	slices.SortFunc(as, func(a, b ledger.Address) int { return cmp.Compare(string(a[:]), string(b[:])) })
	for _, a := range as {
		solvers = append(solvers, a.String())
	}
	return states, solvers
}

func addrOf(a *ledger.Address) string {
	if a == nil {
		return ""
	}
	return a.String()
}
