package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/spf13/cobra"
)

func (a *app) gradeCmd() *cobra.Command {
	var entry uint64
	var noWait bool
	c := &cobra.Command{
		Use:   "grade --entry N",
		Short: "Open a grading round on an entry and wait until the validators agree",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			rc, err := a.send(ctx, ledger.Amount{}, ledger.Grade{Entry: ledger.EntryID(entry)})
			if err != nil {
				return err
			}
			if noWait {
				return a.printReceipt(rc, fmt.Sprintf("opened round %d on entry %d", rc.Outcome.Created, entry))
			}
			return a.follow(cmd, ledger.EntryID(entry))
		},
	}
	c.Flags().Uint64Var(&entry, "entry", 0, "entry id")
	c.Flags().BoolVar(&noWait, "no-wait", false, "return once the round is open")
	c.MarkFlagRequired("entry")
	return c
}

// follow waits for the entry's latest round, printing progress to stderr, and prints
// the grade it settled on. An exhausted round, an agreed failure or a stall is an
// error, after a line per attempt saying why it ended as it did.
func (a *app) follow(cmd *cobra.Command, id ledger.EntryID) error {
	c, err := a.client()
	if err != nil {
		return err
	}
	progress := func(p client.Progress) {
		if !a.json {
			fmt.Fprintf(a.stderr, "round %d attempt %d/%d: validators attested %d/%d, agreeing %d (quorum %d)\n",
				p.Round, p.Attempt, p.Attempts, p.Attested, p.Committee, p.Agreeing, p.Quorum)
		}
	}
	e, werr := c.WaitEntry(cmd.Context(), id, progress)
	if (werr != nil || e.State == ledger.EntryStalled) && len(e.Rounds) > 0 {
		a.explainRound(cmd.Context(), c, e.Rounds[len(e.Rounds)-1])
	}
	switch {
	case werr != nil && lapsed(e):
		// The regrade ran out of attempts: the appeal is resolved, the grade stands.
		return a.emit(e, func(w io.Writer) { printGrade(w, e); printAppeal(w, e.Appeal) })
	case werr != nil:
		return werr
	case e.State == ledger.EntryStalled:
		return fmt.Errorf("entry %d %s", e.ID, msgStalled)
	}
	return a.emit(e, func(w io.Writer) { printGrade(w, e) })
}

// lapsed reports whether e's latest round was the regrade of an appeal that lapsed.
func lapsed(e ledger.EntryView) bool {
	n := len(e.Rounds)
	return n > 0 && e.Appeal != nil && e.Appeal.Outcome == ledger.AppealLapsed && e.Appeal.Round == e.Rounds[n-1]
}

// msgStalled is how an entry that the grading window left without a grade is shown:
// never as a verdict.
const msgStalled = "not graded: grading stalled"

// printGrade writes the entry's grade in force in a few lines, or why it has none.
func printGrade(w io.Writer, e ledger.EntryView) {
	g := e.Current
	switch {
	case e.State == ledger.EntryStalled:
		fmt.Fprintf(w, "entry %d: %s (past the grading window: ineligible, bond returned)\n", e.ID, msgStalled)
		return
	case e.State == ledger.EntrySealed:
		fmt.Fprintf(w, "entry %d: sealed: a commitment until it is revealed, graded after the reveal window\n", e.ID)
		return
	case g == nil:
		fmt.Fprintf(w, "entry %d: %s, no grade\n", e.ID, e.State)
		return
	case g.Error != "":
		fmt.Fprintf(w, "entry %d: grading failed: %s\n", e.ID, g.Error)
		return
	}
	fmt.Fprintf(w, "entry %d: rung %d/5 %q, score %d%s\n", e.ID, g.Tier, g.Label, g.Score, gateWords(&g.Result))
	r := g.Result
	fmt.Fprintf(w, "  read as %d/5 %q (%d points)\n", r.JudgedTier, ladderLabel(r.JudgedTier), r.JudgedScore)
	if r.Reason != "" && !strings.HasPrefix(r.Reason, "read as ") { // that much the line above says
		fmt.Fprintf(w, "  reason: %s\n", r.Reason)
	}
	if r.Rationale != "" {
		fmt.Fprintf(w, "  rationale: %s\n", r.Rationale)
	}
	if r.Excluded > 0 {
		fmt.Fprintf(w, "  copy check: %s of the task's spec, rubric and template left out; overlap %d%%\n", plural(r.Excluded, "word"), r.Similarity)
	}
	fmt.Fprintf(w, "  agreed: %d of the committee, led by %s; appeal until %s\n", len(g.Agreed), g.Leader, utc(g.AppealUntil))
	if len(g.Failed) > 0 {
		fmt.Fprintf(w, "  failed: %d (`arena show grades %d` says why)\n", len(g.Failed), e.ID)
	}
}

// gateWords describes the gate and disqualification of a result.
func gateWords(g *ledger.Result) string {
	switch {
	case g.DuplicateOf != 0:
		return fmt.Sprintf(", disqualified as a duplicate of entry %d (%d%% overlap)", g.DuplicateOf, g.Similarity)
	case g.Disqualified:
		return ", disqualified"
	case !g.Passed:
		return ", failed the gate"
	case g.Violations > 0:
		return fmt.Sprintf(", %s missed", criteria(g.Violations))
	}
	return ""
}

// ladderLabel returns the label of rung n, or "" when n is off the ladder.
func ladderLabel(n int) string {
	if n < 0 || n >= ledger.Rungs {
		return ""
	}
	return ledger.Ladder[n].Label
}

// criteria returns "1 preferred criterion" or "n preferred criteria".
func criteria(n int) string {
	if n == 1 {
		return "1 preferred criterion"
	}
	return fmt.Sprintf("%d preferred criteria", n)
}
