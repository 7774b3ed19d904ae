package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
)

// showJudges is `arena show judges`: each validator's public record as a grader.
func (a *app) showJudges(ctx context.Context, c *client.Client, _ string) error {
	js, err := c.Judges(ctx)
	if err != nil {
		return err
	}
	ar, err := c.Arena(ctx)
	if err != nil {
		return err
	}
	return a.emit(js, func(w io.Writer) { printJudges(w, js, ar.Terms.Symbol) })
}

// printJudges writes one line per validator: the rounds it sat on, how many of the
// verdicts kept it agreed with, its failures with the most frequent, what it earned and
// the models it read with.
func printJudges(w io.Writer, js []ledger.Judge, sym string) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "VALIDATOR\tROUNDS\tAGREED/KEPT\tFAILED\tEARNED\tMODELS")
	for _, j := range js {
		models := strings.Join(j.Models, ", ")
		if models == "" {
			models = "-"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s %s\t%s\n", j.Validator, j.Rounds, agreement(j), failures(j), formatAmount(j.Earned), sym, models)
	}
	tw.Flush()
}

// agreement renders agreed of kept, with the share when any was kept: "6/7 (85%)".
func agreement(j ledger.Judge) string {
	if j.Kept == 0 {
		return "0/0"
	}
	return fmt.Sprintf("%d/%d (%d%%)", j.Agreed, j.Kept, j.Agreed*100/j.Kept)
}

// failures renders the failure count and the most frequent failure, the first by text
// on a tie: `2, mostly "[EXTERNAL] Work URL returned 404"`.
func failures(j ledger.Judge) string {
	top, n := "", 0
	for text, k := range j.Failures {
		if k > n || (k == n && text < top) {
			top, n = text, k
		}
	}
	if n == 0 {
		return fmt.Sprint(j.Failed)
	}
	return fmt.Sprintf("%d, mostly %q", j.Failed, top)
}
