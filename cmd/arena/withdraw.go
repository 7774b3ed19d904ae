package main

import (
	"github.com/arena/arena/ledger"
	"github.com/spf13/cobra"
)

func (a *app) withdrawCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "withdraw",
		Short: "Collect everything the arena owes the sender",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			rc, err := a.send(cmd.Context(), ledger.Amount{}, ledger.Withdraw{})
			if err != nil {
				return err
			}
			amt := ledger.Amount{}
			for _, e := range rc.Outcome.Events {
				if e.Amount != nil {
					amt = *e.Amount
				}
			}
			return a.printReceipt(rc, "withdrew "+formatAmount(amt))
		},
	}
}
