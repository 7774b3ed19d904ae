package main

import (
	"fmt"

	"github.com/arena/arena/ledger"
	"github.com/spf13/cobra"
)

func (a *app) faucetCmd() *cobra.Command {
	var to, amount string
	c := &cobra.Command{
		Use:   "faucet --to ADDRESS --amount N",
		Short: "Credit a wallet from nothing (dev mode only)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			amt, err := parseAmount(amount)
			if err != nil {
				return fmt.Errorf("--amount: %w", err)
			}
			addr, err := a.toAddress(to)
			if err != nil {
				return err
			}
			rc, err := a.send(cmd.Context(), ledger.Amount{}, ledger.Faucet{To: addr, Amount: amt})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("credited %s to %s", formatAmount(amt), addr))
		},
	}
	c.Flags().StringVar(&to, "to", "", "wallet to credit (default: the sender)")
	c.Flags().StringVar(&amount, "amount", "", `amount in whole units ("200", "0.5") or "atto:N"`)
	c.MarkFlagRequired("amount")
	return c
}

// toAddress parses --to, defaulting to the sender's own address.
func (a *app) toAddress(to string) (ledger.Address, error) {
	if to != "" {
		addr, err := ledger.ParseAddress(to)
		if err != nil {
			return addr, fmt.Errorf("--to: %w", err)
		}
		return addr, nil
	}
	k, err := a.signer()
	if err != nil {
		return ledger.Address{}, err
	}
	return k.Address(), nil
}
