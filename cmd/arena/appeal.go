package main

import (
	"fmt"

	"github.com/arena/arena/ledger"
	"github.com/spf13/cobra"
)

func (a *app) appealCmd() *cobra.Command {
	var entry uint64
	var argument string
	var wait bool
	c := &cobra.Command{
		Use:   "appeal --entry N --argument TEXT",
		Short: "Stake the appeal bond to force one regrade of an entry's grade",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			c, err := a.client()
			if err != nil {
				return err
			}
			ar, err := c.Arena(ctx)
			if err != nil {
				return err
			}
			rc, err := a.send(ctx, ar.Terms.AppealBond, ledger.Appeal{Entry: ledger.EntryID(entry), Argument: argument})
			if err != nil {
				return err
			}
			if !wait {
				return a.printReceipt(rc, fmt.Sprintf("appealed entry %d, bond %s", entry, formatAmount(ar.Terms.AppealBond)))
			}
			return a.follow(cmd, ledger.EntryID(entry))
		},
	}
	c.Flags().Uint64Var(&entry, "entry", 0, "entry id")
	c.Flags().StringVar(&argument, "argument", "", "why the grade should move")
	c.Flags().BoolVar(&wait, "wait", false, "wait for the regrade to settle")
	c.MarkFlagRequired("entry")
	c.MarkFlagRequired("argument")
	return c
}
