package main

import (
	"fmt"

	"github.com/arena/arena/ledger"
	"github.com/spf13/cobra"
)

func (a *app) devCmd() *cobra.Command {
	c := &cobra.Command{Use: "dev", Short: "Development-mode controls"}
	c.AddCommand(&cobra.Command{
		Use:   "advance DURATION",
		Short: `Move the arena's clock forward ("6h", "7d"); refused outside dev mode`,
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			secs, err := parseSeconds(args[0])
			if err != nil {
				return err
			}
			rc, err := a.send(cmd.Context(), ledger.Amount{}, ledger.Advance{Seconds: secs})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("advanced the clock %ds", secs))
		},
	})
	return c
}
