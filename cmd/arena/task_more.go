package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/arena/arena/ledger"
)

// parseShares reads --shares: basis points by rank, comma-separated; "" for none.
func parseShares(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("%q is not a whole number of basis points", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// parseTeam reads --team: ADDRESS:BPS pairs, comma-separated; "" for a solo entry.
func parseTeam(s string) ([]ledger.Member, error) {
	if s == "" {
		return nil, nil
	}
	var out []ledger.Member
	for _, f := range strings.Split(s, ",") {
		addr, bps, ok := strings.Cut(strings.TrimSpace(f), ":")
		if !ok {
			return nil, fmt.Errorf("%q is not ADDRESS:BASIS_POINTS", f)
		}
		a, err := ledger.ParseAddress(addr)
		if err != nil {
			return nil, fmt.Errorf("%q: %w", addr, err)
		}
		n, err := strconv.Atoi(bps)
		if err != nil {
			return nil, fmt.Errorf("%q is not a whole number of basis points", bps)
		}
		out = append(out, ledger.Member{Address: a, Share: n})
	}
	return out, nil
}

func (a *app) taskTopUpCmd() *cobra.Command {
	var task uint64
	var amount string
	c := &cobra.Command{
		Use:   "top-up --task N --amount X",
		Short: "Add to an open task's prize; anyone may, and the board shows who added what",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			amt, err := parseAmount(amount)
			if err != nil {
				return fmt.Errorf("--amount: %w", err)
			}
			rc, err := a.send(cmd.Context(), amt, ledger.TopUp{Task: ledger.TaskID(task)})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("added %s to the prize of task %d", formatAmount(amt), task))
		},
	}
	c.Flags().Uint64Var(&task, "task", 0, "task id")
	c.Flags().StringVar(&amount, "amount", "", `what to add, in whole units ("50", "0.5") or "atto:N"`)
	c.MarkFlagRequired("task")
	c.MarkFlagRequired("amount")
	return c
}

func (a *app) taskExtendCmd() *cobra.Command {
	var task uint64
	var by string
	c := &cobra.Command{
		Use:   "extend --task N --by D",
		Short: "Move your open task's close later (at most 3 times); every window after the close moves with it",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			secs, err := parseSeconds(by)
			if err != nil {
				return fmt.Errorf("--by: %w", err)
			}
			rc, err := a.send(cmd.Context(), ledger.Amount{}, ledger.Extend{Task: ledger.TaskID(task), ByS: secs})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("extended task %d by %s", task, by))
		},
	}
	c.Flags().Uint64Var(&task, "task", 0, "task id")
	c.Flags().StringVar(&by, "by", "", `how much later it closes ("6h", "2d")`)
	c.MarkFlagRequired("task")
	c.MarkFlagRequired("by")
	return c
}

func (a *app) taskWithdrawCmd() *cobra.Command {
	var entry uint64
	c := &cobra.Command{
		Use:   "withdraw --entry N",
		Short: "Take your entry back before its task closes: the bond is returned in full",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rc, err := a.send(cmd.Context(), ledger.Amount{}, ledger.WithdrawEntry{Entry: ledger.EntryID(entry)})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("withdrew entry %d; its bond is claimable", entry))
		},
	}
	c.Flags().Uint64Var(&entry, "entry", 0, "entry id")
	c.MarkFlagRequired("entry")
	return c
}

func (a *app) taskReplaceCmd() *cobra.Command {
	var entry uint64
	var work, workFile, workURL, workSHA string
	c := &cobra.Command{
		Use:   "replace --entry N (--work TEXT | --work-file F | --work-url URL [--work-sha256 HEX])",
		Short: "File new work in place of your entry before its task closes; on a sealed task, re-commit",
		Long: "File new work in place of your entry before its task closes.\n\n" +
			"The replacement is a new entry, filed now: the copy check and the tie rule read its\n" +
			"filing, never the replaced entry's. It keeps the bond and the team. On a sealed task it\n" +
			"is a fresh commitment, revealed after close with arena reveal.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			text, err := workText(work, workFile, workURL, workSHA)
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			c, err := a.client()
			if err != nil {
				return err
			}
			ev, err := c.Entry(ctx, ledger.EntryID(entry))
			if err != nil {
				return err
			}
			if tv, err := c.Task(ctx, ev.Task); err == nil && tv.Sealed {
				if workURL != "" {
					return fmt.Errorf("--work-url: task %d is sealed, and a sealed entry is committed text: give --work or --work-file", ev.Task)
				}
				return a.submitSealed(ctx, ev.Task, text, ledger.Amount{}, nil, ledger.EntryID(entry))
			}
			body := ledger.Replace{Entry: ledger.EntryID(entry), Work: text}
			var kept *keptWork
			if workURL != "" {
				if kept, err = a.keepWork(ctx, c, workURL, workSHA); err != nil {
					return err
				}
				body.WorkURL, body.WorkSHA256 = workURL, kept.SHA256
			}
			rc, err := a.send(ctx, ledger.Amount{}, body)
			if err != nil {
				return err
			}
			return a.printSubmit(rc, kept, fmt.Sprintf("filed entry %d in place of entry %d", rc.Outcome.Created, entry))
		},
	}
	f := c.Flags()
	f.Uint64Var(&entry, "entry", 0, "the entry to replace")
	f.StringVar(&work, "work", "", "the new work, inline")
	f.StringVar(&workFile, "work-file", "", "read the new work from a file")
	f.StringVar(&workURL, "work-url", "", "an https URL whose bytes, fetched now, are the new work")
	f.StringVar(&workSHA, "work-sha256", "", "the sha256 of --work-url's bytes, computed elsewhere")
	c.MarkFlagRequired("entry")
	c.MarkFlagsMutuallyExclusive("work", "work-file", "work-url") // workText refuses none of them
	return c
}

// printTiers writes a task's shares, podium, refunds, top-ups and extensions, where it
// has them.
func printTiers(w io.Writer, t ledger.TaskView) {
	if len(t.Shares) > 0 && len(t.Podium) == 0 {
		parts := make([]string, len(t.Shares))
		for i, s := range t.Shares {
			parts[i] = fmt.Sprintf("%d. %s%%", i+1, bps(s))
		}
		fmt.Fprintf(w, "prize by rank: %s; a rank nobody takes goes back to the funders\n", strings.Join(parts, ", "))
	}
	for _, p := range t.Podium {
		if p.Entry == 0 {
			fmt.Fprintf(w, "rank %d (%s%%): %s, no eligible entry: back to the funders\n", p.Rank, bps(p.Share), formatAmount(p.Amount))
			continue
		}
		fmt.Fprintf(w, "rank %d (%s%%): %s to entry %d\n", p.Rank, bps(p.Share), formatAmount(p.Amount), p.Entry)
	}
	for _, f := range t.TopUps {
		fmt.Fprintf(w, "topped up by %s: %s at %s\n", f.From, formatAmount(f.Amount), utc(f.At))
	}
	for _, r := range t.Refunds {
		fmt.Fprintf(w, "returned to %s: %s\n", r.Address, formatAmount(r.Prize))
	}
	if n := len(t.Extensions); n > 0 {
		fmt.Fprintf(w, "extended %d of %d times\n", n, ledger.MaxExtensions)
	}
}

// printTeam writes a team entry's members, their split and, after award, their parts.
func printTeam(w io.Writer, e ledger.EntryView) {
	if e.Replaces != 0 {
		fmt.Fprintf(w, "filed in place of entry %d\n", e.Replaces)
	}
	if e.ReplacedBy != 0 {
		fmt.Fprintf(w, "replaced by entry %d\n", e.ReplacedBy)
	}
	if e.Rank != 0 && e.Paid != nil {
		fmt.Fprintf(w, "rank %d: prize %s\n", e.Rank, formatAmount(*e.Paid))
	}
	for i, m := range e.Team {
		fmt.Fprintf(w, "member %s: %s%%", m.Address, bps(m.Share))
		if i < len(e.Payouts) {
			fmt.Fprintf(w, ", paid prize %s and bond %s", formatAmount(e.Payouts[i].Prize), formatAmount(e.Payouts[i].Bond))
		}
		fmt.Fprintln(w)
	}
}

// bps writes basis points as a percentage: 3333 as "33.33".
func bps(n int) string {
	s := fmt.Sprintf("%d.%02d", n/100, n%100)
	return strings.TrimSuffix(strings.TrimSuffix(s, "00"), ".")
}
