package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/arena/arena/challenge/example"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
)

func (a *app) challengeCommitCmd() *cobra.Command {
	var mod moduleSource
	var url, profile string
	var wf waitFlags
	c := &cobra.Command{
		Use:   "commit CHALLENGE [PROGRAM.wasm | --example steady|steady-plus|sharp] [--url https://…] [--profile full|practice]",
		Short: "Commit a WebAssembly program to a challenge with its deposit; a committee runs it on a fresh seed",
		Long: "Uploads the program (a wasip1 reactor exporting handle) to the node's blob store and commits\n" +
			"its sha256 to the challenge, paying the challenge's deposit and the arena's grading fee. The\n" +
			"entry run's seed comes from the state hash of the block that holds the commit, so nobody\n" +
			"knew it when the program was committed. A program over 8 MiB is refused here, before\n" +
			"anything is sent. A digest enters a challenge once; --url names an https mirror validators\n" +
			"may fetch it from besides the node. The verb waits for the entry run's result unless\n" +
			"--no-wait. A run that ends without a final score says why each attempt of its round\n" +
			"ended, as `arena grade` does, and ends on the classed reason the run kept; under --json\n" +
			"it prints the run's view all the same.",
		Args: cobra.RangeArgs(1, 2),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			id, err := challengeArg(args[0])
			if err != nil {
				return err
			}
			if len(args) == 2 {
				mod.file = args[1]
			}
			wasm, _, err := mod.read("program", example.Agent, example.Agents())
			if err != nil {
				return err
			}
			c, err := a.client()
			if err != nil {
				return err
			}
			v, err := c.Challenge(ctx, id)
			if err != nil {
				return err
			}
			value, _ := v.Deposit.Add(v.GradingFee)
			d, err := a.upload(ctx, c, wasm)
			if err != nil {
				return fmt.Errorf("upload the program: %w", err)
			}
			rc, err := a.send(ctx, value, challenge.Commit{Challenge: id, Program: d, Size: int64(len(wasm)), URL: url, Profile: profile})
			if err != nil {
				return err
			}
			e := ledger.ChallengeEntryID(rc.Outcome.Created)
			human := fmt.Sprintf("committed entry %d to challenge %d: program %s (%d bytes, %s profile), deposit %s and grading fee %s",
				e, id, d, len(wasm), profile, formatAmount(v.Deposit), formatAmount(v.GradingFee))
			ev, err := entryOf(ctx, c, id, e)
			if err != nil {
				return err
			}
			human += fmt.Sprintf("; run %d's seed comes from the next block (`arena show run %d`)", ev.Run, ev.Run)
			if err := a.afterSend(rc, human, &wf); err != nil || wf.noWait {
				return err
			}
			ar, err := c.Arena(ctx)
			if err != nil {
				return err
			}
			return a.waitRun(ctx, c, ev.Run, wf.bound(ar.Terms))
		},
	}
	f := c.Flags()
	f.StringVar(&mod.example, "example", "", "commit an example agent embedded in this binary: "+strings.Join(example.Agents(), ", "))
	f.StringVar(&url, "url", "", "an https URL validators may fetch the program from besides the node")
	wf.register(c, "the entry run's result")
	f.StringVar(&profile, "profile", challenge.ProfileFull, "the profile the program runs: full (ranks and earns) or practice (feedback only)")
	return c
}

func (a *app) challengeFoldCmd() *cobra.Command {
	var learning bool
	c := &cobra.Command{
		Use:   "fold CHALLENGE [--learning]",
		Short: "Fold a challenge's epoch: pay the champion and the tail from the pool, open confirmation and rescore runs",
		Long: "Anyone may fold once per epoch, from the first epoch's end until the challenge's end. The fold\n" +
			"ranks eligible entries on the active version in first-seen order: a challenger dethrones the\n" +
			"champion only by a lead beyond the band; one inside it is re-run with the champion on shared\n" +
			"confirmation seeds. It pays at most the per-epoch emission (nothing when no entry is\n" +
			"eligible, and the pool is kept). The confirmation and rescore runs it opens take their\n" +
			"seeds from the next block, which the engine makes.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			if learning {
				return a.learnFold(ctx, args[0])
			}
			id, err := challengeArg(args[0])
			if err != nil {
				return err
			}
			rc, err := a.send(ctx, ledger.Amount{}, challenge.Fold{Challenge: id})
			if err != nil {
				return err
			}
			human := fmt.Sprintf("folded challenge %d", id)
			if c, err := a.client(); err == nil {
				if v, err := c.Challenge(ctx, id); err == nil && len(v.Folds) > 0 {
					f := v.Folds[len(v.Folds)-1]
					human += ": " + foldWords(f)
				}
			}
			return a.printReceipt(rc, human)
		},
	}
	c.Flags().BoolVar(&learning, "learning", false, `fold a learning challenge (as "arena learn fold" does)`)
	return c
}

func (a *app) challengeCloseCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "close CHALLENGE",
		Short: "Close a challenge at or after its end: abandon open runs, return deposits and the unspent pool",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			id, err := challengeArg(args[0])
			if err != nil {
				return err
			}
			rc, err := a.send(ctx, ledger.Amount{}, challenge.Close{Challenge: id})
			if err != nil {
				return err
			}
			human := fmt.Sprintf("closed challenge %d", id)
			if c, err := a.client(); err == nil {
				if v, err := c.Challenge(ctx, id); err == nil {
					human += fmt.Sprintf(": %s returned to the sponsor, %s paid in all", formatAmount(v.Returned), formatAmount(v.Paid))
				}
			}
			return a.printReceipt(rc, human)
		},
	}
}

// entryOf returns entry e of challenge id.
func entryOf(ctx context.Context, c *client.Client, id ledger.ChallengeID, e ledger.ChallengeEntryID) (ledger.ChallengeEntryView, error) {
	v, err := c.Challenge(ctx, id)
	if err != nil {
		return ledger.ChallengeEntryView{}, err
	}
	for _, x := range v.Entries {
		if x.ID == e {
			return x, nil
		}
	}
	return ledger.ChallengeEntryView{}, fmt.Errorf("challenge %d does not show entry %d", id, e)
}

// foldWords says what a fold did in one line.
func foldWords(f ledger.FoldView) string {
	if f.Champion == 0 {
		return fmt.Sprintf("epoch %d on version %d: no eligible entry, nothing paid, the pool kept", f.Epoch, f.Version)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "epoch %d on version %d", f.Epoch, f.Version)
	if f.Flipped {
		b.WriteString(" (flipped to it)")
	}
	fmt.Fprintf(&b, ": paid %s, champion entry %d", formatAmount(f.Amount), f.Champion)
	if len(f.Tail) > 0 {
		fmt.Fprintf(&b, ", tail %s", idList(f.Tail))
	}
	if len(f.Contested) > 0 {
		parts := make([]string, len(f.Contested))
		for i, p := range f.Contested {
			parts[i] = fmt.Sprint(p.Challenger)
		}
		fmt.Fprintf(&b, ", contested by %s (confirmation runs)", strings.Join(parts, ", "))
	}
	if len(f.Rescore) > 0 {
		fmt.Fprintf(&b, ", rescoring %s on a newer version", idList(f.Rescore))
	}
	if len(f.Opened) > 0 {
		fmt.Fprintf(&b, ", opened runs %s", idList(f.Opened))
	}
	return b.String()
}

// seconds writes a length of time in seconds as a duration.
func seconds(s int64) string { return (time.Duration(s) * time.Second).String() }
