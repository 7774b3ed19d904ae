package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

func (a *app) tenderRevealCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "reveal TENDER",
		Short: "Open your sealed bid on a tender in its reveal window, from the salt and proposal kept when it was sealed",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := tenderArg(args)
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			b, err := a.bidder(ctx)
			if err != nil {
				return err
			}
			me := b.key.Address()
			path := a.bidPath(b.terms.Chain, id, me)
			k, err := readBid(path)
			if errors.Is(err, fs.ErrNotExist) {
				return errNoKept(id, me, path, "a reveal")
			} else if err != nil {
				return err
			}
			bid, err := a.bidOf(ctx, b, k)
			if err != nil {
				return err
			}
			bv, err := b.c.Bid(ctx, bid)
			if err != nil {
				return err
			}
			s, ok := opening(k, bv.Commitment)
			if !ok {
				return fmt.Errorf("bid %d: the proposal kept in %s does not open its commitment %s: it was sealed elsewhere, or amended from another directory", bid, path, bv.Commitment)
			}
			rc, err := a.send(ctx, ledger.Amount{}, tender.Reveal{Bid: bid, Salt: s.Salt, Proposal: s.Proposal})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("revealed bid %d on tender %d: `arena tender score %d` scores it", bid, id, bid))
		},
	}
}

// opening returns the kept seal that opens commitment: the current one or, after an
// amendment whose outcome was never seen, the one it replaced.
func opening(k keptBid, commitment string) (seal, bool) {
	if k.Commitment == commitment {
		return k.seal, true
	}
	if k.Previous != nil && k.Previous.Commitment == commitment {
		return *k.Previous, true
	}
	return seal{}, false
}

func (a *app) tenderWithdrawCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "withdraw TENDER",
		Short: "Withdraw your sealed bid from a tender while the commit window is open: its deposit is owed back at once",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := tenderArg(args)
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			b, err := a.bidder(ctx)
			if err != nil {
				return err
			}
			me := b.key.Address()
			tv, err := b.c.Tender(ctx, id)
			if err != nil {
				return err
			}
			lb, ok := liveBid(tv, me)
			if !ok {
				return fmt.Errorf("tender %d holds no bid of %s to withdraw", id, me)
			}
			rc, err := a.send(ctx, ledger.Amount{}, tender.Withdraw{Bid: lb.ID})
			if err != nil {
				return err
			}
			path := a.bidPath(b.terms.Chain, id, me)
			if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("withdrew bid %d, but removing %s: %w", lb.ID, path, err)
			}
			return a.printReceipt(rc, fmt.Sprintf("withdrew bid %d from tender %d: its deposit %s is owed back (`arena withdraw` collects it)",
				lb.ID, id, formatAmount(tv.Deposit)))
		},
	}
}
