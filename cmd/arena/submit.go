package main

import (
	"fmt"

	"github.com/arena/arena/ledger"
	"github.com/spf13/cobra"
)

func (a *app) submitCmd() *cobra.Command {
	var task uint64
	var work, workFile, url string
	c := &cobra.Command{
		Use:   "submit --task N (--work TEXT | --work-file F | --url URL)",
		Short: "Enter work on a task, staking the entry bond",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			text := work
			if workFile != "" {
				t, err := textOrFile("work", "", workFile)
				if err != nil {
					return err
				}
				text = t
			}
			ctx := cmd.Context()
			c, err := a.client()
			if err != nil {
				return err
			}
			ar, err := c.Arena(ctx)
			if err != nil {
				return err
			}
			if tv, err := c.Task(ctx, ledger.TaskID(task)); err == nil && tv.Sealed {
				return a.submitSealed(ctx, ledger.TaskID(task), text, ar.Terms.EntryBond)
			}
			rc, err := a.send(ctx, ar.Terms.EntryBond, ledger.Submit{Task: ledger.TaskID(task), Work: text, WorkURL: url})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("entered entry %d on task %d, bond %s", rc.Outcome.Created, task, formatAmount(ar.Terms.EntryBond)))
		},
	}
	f := c.Flags()
	f.Uint64Var(&task, "task", 0, "task id")
	f.StringVar(&work, "work", "", "the work, inline")
	f.StringVar(&workFile, "work-file", "", "read the work from a file")
	f.StringVar(&url, "url", "", "an https URL the validators fetch themselves")
	c.MarkFlagRequired("task")
	c.MarkFlagsMutuallyExclusive("work", "work-file")
	c.MarkFlagsOneRequired("work", "work-file", "url")
	return c
}
