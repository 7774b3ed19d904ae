package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

// settleCmd is a verb that sends body for its TENDER argument and describes the tender
// as the transaction left it.
func (a *app) settleCmd(use, short string, body func(ledger.TenderID) ledger.Body, words func(ledger.TenderView) string) *cobra.Command {
	return &cobra.Command{
		Use: use, Short: short, Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := tenderArg(args)
			if err != nil {
				return err
			}
			rc, err := a.send(cmd.Context(), ledger.Amount{}, body(id))
			if err != nil {
				return err
			}
			return a.printReceipt(rc, a.afterSettle(cmd.Context(), id, words))
		},
	}
}

// afterSettle describes tender id as it now stands, or only names it when it cannot be
// read.
func (a *app) afterSettle(ctx context.Context, id ledger.TenderID, words func(ledger.TenderView) string) string {
	c, err := a.client()
	if err != nil {
		return fmt.Sprintf("settled tender %d", id)
	}
	tv, err := c.Tender(ctx, id)
	if err != nil {
		return fmt.Sprintf("settled tender %d", id)
	}
	return words(tv)
}

func (a *app) tenderAwardCmd() *cobra.Command {
	return a.settleCmd("award TENDER",
		"Award a tender to its best scored bid: the buyer after the reveal window, anyone after the decision window",
		func(id ledger.TenderID) ledger.Body { return tender.Award{Tender: id} },
		func(tv ledger.TenderView) string {
			if tv.Winner == nil {
				return fmt.Sprintf("tender %d is %s", tv.ID, tv.State)
			}
			return fmt.Sprintf("awarded tender %d to bid %d of %s at total %d: payout %s, fee %s to the treasury; every other deposit goes back",
				tv.ID, tv.WinningBid, tv.Winner, tv.WinningTotal, formatAmount(tv.Payout), formatAmount(tv.Fee))
		})
}

func (a *app) tenderDeclineCmd() *cobra.Command {
	var reason string
	c := a.settleCmd("decline TENDER --reason TEXT",
		"Decline your tender after every revealed bid is scored: the budget and every deposit go back",
		func(id ledger.TenderID) ledger.Body { return tender.Decline{Tender: id, Reason: reason} },
		func(tv ledger.TenderView) string {
			return fmt.Sprintf("declined tender %d: the budget %s goes back to the buyer and every deposit to its bidder", tv.ID, formatAmount(tv.Budget))
		})
	c.Flags().StringVar(&reason, "reason", "", "why no bid is taken, 1 to 300 characters")
	c.MarkFlagRequired("reason")
	return c
}

func (a *app) tenderExpireCmd() *cobra.Command {
	return a.settleCmd("expire TENDER",
		"Expire a tender's unrevealed bids after its reveal window, and close it after its decision window if it cannot be completed",
		func(id ledger.TenderID) ledger.Body { return tender.Expire{Tender: id} },
		func(tv ledger.TenderView) string {
			n := 0
			for _, b := range tv.Bids {
				if b.Status == tender.BidExpired {
					n++
				}
			}
			expired := fmt.Sprintf("%s expired unrevealed, deposits forfeited to the treasury", plural(n, "bid"))
			if tv.State == tender.TenderAbandoned {
				return fmt.Sprintf("closed tender %d as abandoned: the budget %s goes back to the buyer; %s", tv.ID, formatAmount(tv.Budget), expired)
			}
			return fmt.Sprintf("tender %d: %s", tv.ID, expired)
		})
}

// plural returns "1 bid" or "n bids".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
