package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
)

// tenderCmd groups the sealed-bid tender's verbs: the buyer's (check, publish, answer,
// award, decline), the bidder's (commit, amend, withdraw, reveal, appeal) and anyone's
// (ask, score, resolve, expire).
func (a *app) tenderCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "tender",
		Short: "Sealed-bid tenders: check criteria, publish, bid, reveal, score, appeal, award",
		Long: "A buyer publishes a tender with a budget in escrow and criteria that passed a scorability\n" +
			"check; bidders seal a commitment to a proposal with a deposit, reveal it after the commit\n" +
			"window, and committees score it 0 to 5 per criterion; the ledger weighs the scores and the\n" +
			"buyer awards the best total or declines. Tenders, bids and questions are numbered from 1.",
	}
	c.AddCommand(
		a.tenderCheckCmd(), a.tenderPublishCmd(), a.tenderCommitCmd(), a.tenderAmendCmd(), a.tenderWithdrawCmd(),
		a.tenderAskCmd(), a.tenderAnswerCmd(), a.tenderRevealCmd(), a.tenderScoreCmd(), a.tenderAppealCmd(),
		a.tenderResolveCmd(), a.tenderExpireCmd(), a.tenderAwardCmd(), a.tenderDeclineCmd(),
	)
	return c
}

// tenderVerbs are the tender's sending verbs, each of which takes --dry-run.
var tenderVerbs = []string{"check", "publish", "commit", "amend", "withdraw", "ask", "answer", "reveal", "score", "appeal", "resolve", "expire", "award", "decline"}

// tenderArg parses a verb's TENDER argument.
func tenderArg(args []string) (ledger.TenderID, error) {
	id, err := parseID("tender", args[0])
	return ledger.TenderID(id), err
}

// bidArg parses a verb's BID argument.
func bidArg(args []string) (ledger.BidID, error) {
	id, err := parseID("bid", args[0])
	return ledger.BidID(id), err
}

// waitFlags are how a verb that opens a round waits for it: not at all, or up to a
// bound (by default the longest the round can run: every attempt timing out).
type waitFlags struct {
	noWait bool
	wait   time.Duration
}

func (wf *waitFlags) register(c *cobra.Command, what string) {
	c.Flags().BoolVar(&wf.noWait, "no-wait", false, "return once the round is open")
	c.Flags().DurationVar(&wf.wait, "wait", 0, "wait at most this long for "+what+" (default: every attempt's timeout, plus a minute)")
}

// bound returns how long to wait for a round under terms t.
func (wf *waitFlags) bound(t ledger.Terms) time.Duration {
	if wf.wait > 0 {
		return wf.wait
	}
	return time.Duration(int64(t.Attempts)*t.RoundTimeoutS)*time.Second + time.Minute
}

// errStillOpen ends a bounded wait on a round that is still open: its attempt may have
// timed out, which the next transaction of its kind moves on.
var errStillOpen = errors.New("still open")

// waitRound follows tender round id for at most d, printing its state changes to
// stderr unless --json.
func (a *app) waitRound(ctx context.Context, c *client.Client, id ledger.RoundID, d time.Duration) (ledger.TenderRoundView, error) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	r, err := c.WaitTenderRound(ctx, id, func(p client.Progress) {
		if !a.json {
			fmt.Fprintf(a.stderr, "round %d attempt %d/%d: validators attested %d/%d, agreeing %d (quorum %d)\n",
				p.Round, p.Attempt, p.Attempts, p.Attested, p.Committee, p.Agreeing, p.Quorum)
		}
	})
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() != nil {
		return r, waitedOut("round %d is %w after %s: its attempt may have timed out, which the same verb sent again moves on", id, errStillOpen, d)
	}
	return r, err
}
