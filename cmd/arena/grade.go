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
// the grade it settled on. An exhausted round or an agreed failure is an error.
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
	if werr != nil {
		return werr
	}
	return a.emit(e, func(w io.Writer) { printGrade(w, e) })
}

// printGrade writes the entry's grade in force in a few lines.
func printGrade(w io.Writer, e ledger.EntryView) {
	g := e.Current
	if g == nil {
		fmt.Fprintf(w, "entry %d: %s, no grade\n", e.ID, e.State)
		return
	}
	if g.Error != "" {
		fmt.Fprintf(w, "entry %d: grading failed: %s\n", e.ID, g.Error)
		return
	}
	fmt.Fprintf(w, "entry %d: rung %d/5 %q, score %d%s\n", e.ID, g.Tier, g.Label, g.Score, gateWords(g))
	r := g.Result
	fmt.Fprintf(w, "  read as %d/5 %q (%d points)\n", r.JudgedTier, ladderLabel(r.JudgedTier), r.JudgedScore)
	if r.Reason != "" && !strings.HasPrefix(r.Reason, "read as ") { // that much the line above says
		fmt.Fprintf(w, "  reason: %s\n", r.Reason)
	}
	if r.Rationale != "" {
		fmt.Fprintf(w, "  rationale: %s\n", r.Rationale)
	}
	fmt.Fprintf(w, "  agreed: %d of the committee, led by %s; appeal until %s\n", len(g.Agreed), g.Leader, utc(g.AppealUntil))
}

// gateWords describes the gate and disqualification of g.
func gateWords(g *ledger.GradeView) string {
	switch {
	case g.DuplicateOf != 0:
		return fmt.Sprintf(", disqualified as a duplicate of entry %d (%d%% overlap)", g.DuplicateOf, g.Result.Similarity)
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
