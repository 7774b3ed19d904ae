package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
)

// publishChallengeFlags are `challenge publish`'s flags.
type publishChallengeFlags struct {
	bench, title            string
	pool, deposit, perEpoch string
	epoch, end              string
}

func (a *app) challengePublishCmd() *cobra.Command {
	var pf publishChallengeFlags
	c := &cobra.Command{
		Use:   "publish --bench NAME --title T --pool N --deposit N --per-epoch N [--epoch D] [--end D]",
		Short: "Publish a challenge on the newest accepted version of a bench; the pool is escrowed and paid out per epoch",
		Long: "Publishes a challenge on the newest accepted version of --bench: --pool is escrowed and each\n" +
			"fold pays at most --per-epoch of it to the champion and the tail; every commit deposits\n" +
			"--deposit (returned when its run ends) beside the arena's grading fee. Anyone may fold once\n" +
			"per --epoch; the challenge ends --end from the arena's clock, after which anyone may close it\n" +
			"and the unspent pool returns to the sponsor.",
		Args: cobra.NoArgs,
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
			body, pool, err := pf.body(ar.Time)
			if err != nil {
				return err
			}
			rc, err := a.send(ctx, pool, body)
			if err != nil {
				return err
			}
			id := ledger.ChallengeID(rc.Outcome.Created)
			human := fmt.Sprintf("published challenge %d %q on %s: pool %s, %s per epoch of %s, deposit %s, ends %s",
				id, body.Title, body.Bench, formatAmount(pool), formatAmount(body.PerEpoch), seconds(body.EpochS), formatAmount(body.Deposit), utc(body.End))
			if v, err := c.Challenge(ctx, id); err == nil {
				human += fmt.Sprintf("; ranks on version %d", v.Version)
			}
			return a.printReceipt(rc, human)
		},
	}
	f := c.Flags()
	f.StringVar(&pf.bench, "bench", exampleBenchName, "the bench's name")
	f.StringVar(&pf.title, "title", "", "the challenge's title")
	f.StringVar(&pf.pool, "pool", "", `the emission pool, escrowed now, in whole units ("200", "0.5") or "atto:N"`)
	f.StringVar(&pf.deposit, "deposit", "", "every commit's deposit")
	f.StringVar(&pf.perEpoch, "per-epoch", "", "what each fold pays at most")
	f.StringVar(&pf.epoch, "epoch", "1d", "an epoch's length (at least 1m)")
	f.StringVar(&pf.end, "end", "30d", "how long from now the challenge runs")
	c.MarkFlagRequired("title")
	c.MarkFlagRequired("pool")
	c.MarkFlagRequired("deposit")
	c.MarkFlagRequired("per-epoch")
	return c
}

// body returns the Publish body and the pool the flags give at the arena's clock now.
func (pf *publishChallengeFlags) body(now int64) (challenge.Publish, ledger.Amount, error) {
	b := challenge.Publish{Bench: pf.bench, Title: pf.title}
	pool, err := parseAmount(pf.pool)
	if err != nil {
		return b, pool, fmt.Errorf("--pool: %w", err)
	}
	if b.Deposit, err = parseAmount(pf.deposit); err != nil {
		return b, pool, fmt.Errorf("--deposit: %w", err)
	}
	if b.PerEpoch, err = parseAmount(pf.perEpoch); err != nil {
		return b, pool, fmt.Errorf("--per-epoch: %w", err)
	}
	if b.EpochS, err = parseSeconds(pf.epoch); err != nil {
		return b, pool, fmt.Errorf("--epoch: %w", err)
	}
	end, err := parseSeconds(pf.end)
	if err != nil {
		return b, pool, fmt.Errorf("--end: %w", err)
	}
	b.End = now + end
	return b, pool, nil
}
