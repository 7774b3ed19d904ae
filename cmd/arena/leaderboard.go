package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
	"text/tabwriter"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/spf13/cobra"
)

// leaderboardCmd prints the field ranked by reputation, or with --task one task's
// entries ranked as award ranks them.
func (a *app) leaderboardCmd() *cobra.Command {
	var task uint64
	c := &cobra.Command{
		Use:   "leaderboard [--task N]",
		Short: "the field, ranked; with --task, one task's entries as award ranks them",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cl, err := a.client()
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("task") {
				if task == 0 {
					return fmt.Errorf("--task must be a positive task id")
				}
				return a.showTaskRanking(cmd.Context(), cl, ledger.TaskID(task))
			}
			return a.showLeaderboard(cmd.Context(), cl)
		},
	}
	c.Flags().Uint64Var(&task, "task", 0, "rank this task's entries instead of the field")
	return c
}

func (a *app) showLeaderboard(ctx context.Context, c *client.Client) error {
	v, err := c.Leaderboard(ctx)
	if err != nil {
		return err
	}
	return a.emit(v, func(w io.Writer) {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "#\tSOLVER\tWINS\tENTRIES\tBEST\tAVERAGE\tDQ\tEARNED")
		for i, r := range v {
			fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%d\t%d\t%d\t%s\n", i+1, r.Address, r.Wins, r.Entries, r.BestScore, r.AverageScore, r.Disqualifications, formatAmount(r.Earned))
		}
		tw.Flush()
	})
}

// ranked is one row of a task's ranking: an eligible entry's rank from 1, or 0 for an
// entry that cannot win, with the score it settled at and what stands in its way.
type ranked struct {
	Rank     int            `json:"rank,omitempty"` // 0: not eligible
	Entry    ledger.EntryID `json:"entry"`
	Solver   ledger.Address `json:"solver"`
	Score    int            `json:"score"`
	Eligible bool           `json:"eligible"`
	Standing string         `json:"standing"` // the grade in words, or why the entry cannot win
	Outcome  string         `json:"outcome,omitempty"`
}

func (a *app) showTaskRanking(ctx context.Context, c *client.Client, id ledger.TaskID) error {
	t, err := c.Task(ctx, id)
	if err != nil {
		return err
	}
	es := make([]ledger.EntryView, 0, len(t.Entries))
	for _, eid := range t.Entries {
		e, err := c.Entry(ctx, eid)
		if err != nil {
			return err
		}
		es = append(es, e)
	}
	rows := rank(es)
	return a.emit(rows, func(w io.Writer) {
		fmt.Fprintf(w, "task %d: %s (%s)\n", t.ID, t.Title, t.State)
		if len(rows) == 0 {
			fmt.Fprintln(w, "no entries")
			return
		}
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "#\tENTRY\tSOLVER\tSCORE\tSTANDING")
		for _, r := range rows {
			n, score := "-", "-"
			if r.Eligible {
				n, score = fmt.Sprint(r.Rank), fmt.Sprint(r.Score)
			}
			standing := r.Standing
			if r.Outcome != "" {
				standing += " (" + r.Outcome + ")"
			}
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\n", n, r.Entry, r.Solver, score, standing)
		}
		tw.Flush()
	})
}

// rank orders a task's entries as award does (ledger/bounty's eligible and beats):
// eligible entries first, by score, then earliest filing, then lowest entry id; the
// first is the one award pays. The rest follow in filing order, each with why it
// cannot win.
func rank(es []ledger.EntryView) []ranked {
	es = slices.Clone(es)
	slices.SortStableFunc(es, func(x, y ledger.EntryView) int {
		ex, ey := eligible(&x), eligible(&y)
		switch {
		case ex != ey:
			if ex {
				return -1
			}
			return 1
		case ex && x.Current.Score != y.Current.Score:
			return cmp.Compare(y.Current.Score, x.Current.Score)
		case x.FiledAt != y.FiledAt:
			return cmp.Compare(x.FiledAt, y.FiledAt)
		}
		return cmp.Compare(x.ID, y.ID)
	})
	out := make([]ranked, len(es))
	for i := range es {
		e := &es[i]
		r := ranked{Entry: e.ID, Solver: e.Solver, Eligible: eligible(e), Standing: standing(e), Outcome: e.Outcome}
		if r.Eligible {
			r.Rank, r.Score = i+1, e.Current.Score
		}
		out[i] = r
	}
	return out
}

// eligible reports whether e can win on its grade in force: graded (or appealed, its
// grade standing until the regrade settles), not failed, passed, not disqualified.
func eligible(e *ledger.EntryView) bool {
	g := e.Current
	return (e.State == ledger.EntryGraded || e.State == ledger.EntryAppealed) && g != nil && g.Error == "" && g.Passed && !g.Disqualified
}

// standing says where e stands: its grade when eligible, else what keeps it out.
func standing(e *ledger.EntryView) string {
	g := e.Current
	switch {
	case e.State == ledger.EntryStalled:
		return msgStalled
	case e.State == ledger.EntrySealed:
		return "sealed: not revealed"
	case e.State == ledger.EntryWithdrawn:
		return "withdrawn before close"
	case e.State == ledger.EntryReplaced:
		return fmt.Sprintf("replaced before close by entry %d", e.ReplacedBy)
	case g == nil:
		return ungradedWords(e.State)
	case e.State == ledger.EntryAppealed:
		return resultWords(&g.Result) + ", a regrade open on appeal"
	}
	return resultWords(&g.Result)
}

// ungradedWords says why an entry that is neither stalled nor sealed has no grade.
func ungradedWords(state string) string {
	switch state {
	case ledger.EntryPending:
		return "not graded yet"
	case ledger.EntryGrading:
		return "being graded"
	case ledger.EntryUngraded:
		return "ungraded: its round ran out of attempts"
	}
	return state
}
