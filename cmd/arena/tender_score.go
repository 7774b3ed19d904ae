package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

func (a *app) tenderScoreCmd() *cobra.Command {
	var wf waitFlags
	c := &cobra.Command{
		Use:   "score BID",
		Short: "Open a scoring round on a revealed bid and wait until the validators agree on its scorecard",
		Long: "Open a scoring round on a revealed bid, or move on one whose attempt timed out, and wait\n" +
			"for the committee: each member scores the proposal 0 to 5 per criterion, and the round\n" +
			"settles when enough of them are within one step of the leader on every criterion. The\n" +
			"ledger then weighs the leader's scores into the bid's total. Anyone may score any bid.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := bidArg(args)
			if err != nil {
				return err
			}
			rc, err := a.send(cmd.Context(), ledger.Amount{}, tender.Score{Bid: id})
			if err != nil {
				return err
			}
			return a.followBid(cmd.Context(), rc, id, wf, false)
		},
	}
	wf.register(c, "the scorecard")
	return c
}

// followBid waits for the round rc opened on bid id (its scoring, or its appeal's
// rescoring) and prints the bid as it then stands.
func (a *app) followBid(ctx context.Context, rc sent, id ledger.BidID, wf waitFlags, rescoring bool) error {
	c, err := a.client()
	if err != nil {
		return err
	}
	bv, err := c.Bid(ctx, id)
	if err != nil {
		return err
	}
	round := roundOf(rc, bv, rescoring)
	if wf.noWait {
		return a.printReceipt(rc, fmt.Sprintf("opened round %d on bid %d", round, id))
	}
	ar, err := c.Arena(ctx)
	if err != nil {
		return err
	}
	_, werr := a.waitRound(ctx, c, round, wf.bound(ar.Terms))
	if bv, err = c.Bid(ctx, id); err != nil {
		return err
	}
	if werr != nil || bv.Status != tender.BidScored && !rescoring {
		a.explainRound(ctx, c, round)
	}
	tv, err := c.Tender(ctx, bv.Tender)
	if err != nil {
		return err
	}
	switch {
	case rescoring && bv.Appeal != nil && bv.Appeal.Status != tender.AppealOpen:
		// A lapsed rescoring resolves the appeal too: the scorecard stands.
	case werr != nil:
		return werr
	case bv.Status != tender.BidScored:
		return fmt.Errorf("round %d settled on an agreed failure: bid %d stays %s and unscored; `arena tender score %d` scores it again", round, id, bv.Status, id)
	}
	return a.emit(bv, func(w io.Writer) { printBid(w, &tv, &bv) })
}

// roundOf returns the round rc opened on bv: the one it names, else the bid's latest
// scoring round or its appeal's rescoring.
func roundOf(rc sent, bv ledger.BidView, rescoring bool) ledger.RoundID {
	switch {
	case rc.Outcome.Created != 0:
		return ledger.RoundID(rc.Outcome.Created)
	case rescoring && bv.Appeal != nil:
		return bv.Appeal.Round
	case len(bv.Rounds) > 0:
		return bv.Rounds[len(bv.Rounds)-1]
	}
	return 0
}

func (a *app) tenderAppealCmd() *cobra.Command {
	var argument string
	c := &cobra.Command{
		Use:   "appeal BID --argument TEXT",
		Short: "Stake the tender's appeal bond to have your bid's scorecard rescored once, with your argument attached",
		Long: "Appeal your own bid's scorecard, once, while its tender is unsettled: the value is the\n" +
			"tender's appeal bond. `arena tender resolve BID` (anyone may send it) rescores the proposal\n" +
			"with the argument attached as a claim about its text. The appeal is upheld, and the bond\n" +
			"returned, only if the weighted total goes up; otherwise the bond goes to the treasury.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := bidArg(args)
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			c, err := a.client()
			if err != nil {
				return err
			}
			tv, bv, err := tenderOfBid(ctx, c, id)
			if err != nil {
				return err
			}
			rc, err := a.send(ctx, tv.AppealBond, tender.Appeal{Bid: id, Argument: argument})
			if err != nil {
				return err
			}
			return a.printReceipt(rc, fmt.Sprintf("appealed bid %d's scorecard (total %d), bond %s: `arena tender resolve %d` rescores it",
				id, bv.Total, formatAmount(tv.AppealBond), id))
		},
	}
	c.Flags().StringVar(&argument, "argument", "", "why the scorecard is wrong, about the proposal's text (20 to 600 characters)")
	c.MarkFlagRequired("argument")
	return c
}

// tenderOfBid returns bid id and its tender.
func tenderOfBid(ctx context.Context, c *client.Client, id ledger.BidID) (ledger.TenderView, ledger.BidView, error) {
	bv, err := c.Bid(ctx, id)
	if err != nil {
		return ledger.TenderView{}, bv, err
	}
	tv, err := c.Tender(ctx, bv.Tender)
	return tv, bv, err
}

func (a *app) tenderResolveCmd() *cobra.Command {
	var wf waitFlags
	c := &cobra.Command{
		Use:   "resolve BID",
		Short: "Open the rescoring round of a bid's open appeal and wait for its outcome",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := bidArg(args)
			if err != nil {
				return err
			}
			rc, err := a.send(cmd.Context(), ledger.Amount{}, tender.Resolve{Bid: id})
			if err != nil {
				return err
			}
			return a.followBid(cmd.Context(), rc, id, wf, true)
		},
	}
	wf.register(c, "the rescoring")
	return c
}
