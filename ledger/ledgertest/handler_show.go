package ledgertest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/cockroachdb/datadriven"
)

// show prints one view:
//
//	show entry=2      the entry, its grade in force, its latest appeal
//	show task=1       the task and its entries
//	show rep=bob      bob's reputation record
//	show arena        the counts
func (h *Harness) show(t *testing.T, d *datadriven.TestData) string {
	a := argsOf(t, d, "entry", "task", "rep", "arena")
	switch {
	case a.has("entry"):
		return h.showEntry(t, a, ledger.EntryID(a.id("entry")))
	case a.has("task"):
		return h.showTask(t, a, ledger.TaskID(a.id("task")))
	case a.has("rep"):
		r := h.s.Reputation(h.c.Addr(a.str("rep", "")))
		return fmt.Sprintf("%s: entries=%d grades=%d wins=%d disqualifications=%d best=%d average=%d earned=%s",
			a.str("rep", ""), r.Entries, r.Grades, r.Wins, r.Disqualifications, r.BestScore, r.AverageScore, gen(r.Earned))
	case a.has("arena"):
		c := h.s.Arena().Counts
		return fmt.Sprintf("tasks=%d open=%d awarded=%d voided=%d entries=%d solvers=%d rounds=%d",
			c.Tasks, c.Open, c.Awarded, c.Voided, c.Entries, c.Solvers, c.Rounds)
	}
	d.Fatalf(t, "show what? entry=N, task=N, rep=NAME or arena")
	return ""
}

func (h *Harness) showEntry(t *testing.T, a args, id ledger.EntryID) string {
	e, ok := h.s.Entry(id)
	if !ok {
		a.d.Fatalf(t, "no entry %d", id)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "entry %d on task %d by %s, filed %s: %s", e.ID, e.Task, h.name(e.Solver), clock(e.FiledAt), e.State)
	if e.Outcome != "" {
		fmt.Fprintf(&b, ", %s", e.Outcome)
	}
	fmt.Fprintf(&b, "\nrounds %s\n", ids(e.Rounds))
	if g := e.Current; g != nil {
		r, _ := h.s.Round(g.Round)
		fmt.Fprintf(&b, "grade of round %d: %s\n", g.Round, h.gradeLine(*g, len(r.Committee)))
		fmt.Fprintf(&b, "appealable until %s\n", clock(g.AppealUntil))
	}
	if ap := e.Appeal; ap != nil {
		outcome := ap.Outcome
		if outcome == "" {
			outcome = "pending"
		}
		fmt.Fprintf(&b, "appeal by %s against round %d: %s, bond %s, bounty %s\n",
			h.name(ap.Appellant), ap.Against, outcome, gen(ap.Bond), gen(ap.Bounty))
	}
	return b.String()
}

func (h *Harness) showTask(t *testing.T, a args, id ledger.TaskID) string {
	tv, ok := h.s.Task(id)
	if !ok {
		a.d.Fatalf(t, "no task %d", id)
	}
	s := fmt.Sprintf("task %d by %s: %s, prize %s, closes %s, entries %s",
		tv.ID, h.name(tv.Sponsor), tv.State, gen(tv.Prize), clock(tv.ClosesAt), ids(tv.Entries))
	if tv.Winner != 0 {
		s += fmt.Sprintf("\nwinner entry %d by %s at score %d", tv.Winner, h.name(*tv.WinnerAddr), tv.WinScore)
	}
	return s
}

// ids formats a list of ids: "1 4", or "none".
func ids[T ~uint64](list []T) string {
	if len(list) == 0 {
		return "none"
	}
	out := make([]string, len(list))
	for i, id := range list {
		out[i] = fmt.Sprint(id)
	}
	return strings.Join(out, " ")
}
