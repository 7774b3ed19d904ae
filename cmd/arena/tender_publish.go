package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

// criteriaFlags are the criteria of a tender, as `tender check` and `tender publish`
// both take them: --criterion once per criterion, in order.
type criteriaFlags struct{ texts []string }

func (cf *criteriaFlags) register(c *cobra.Command) {
	c.Flags().StringArrayVar(&cf.texts, "criterion", nil, "a criterion, in plain language (repeat, in order; 1 to 8)")
	c.MarkFlagRequired("criterion")
}

// digest returns the criteria digest their scorability verdict is kept under.
func (cf *criteriaFlags) digest() string { return tender.Digest(cf.texts) }

func (a *app) tenderCheckCmd() *cobra.Command {
	var cf criteriaFlags
	var wf waitFlags
	var again bool
	c := &cobra.Command{
		Use:   "check --criterion TEXT [--criterion TEXT]...",
		Short: "Ask the validators whether criteria can be scored from a proposal's text alone, and wait for the verdict",
		Long: "A tender can only be published on criteria whose scorability check agreed that they can be\n" +
			"scored from a proposal's text. The verdict is kept under the digest of the criteria\n" +
			"(whitespace and case do not count; order does) and is final both ways: criteria found not\n" +
			"scorable must be reworded. Criteria that already have a verdict are not checked again, and\n" +
			"a check running now is waited for; --again moves on a check whose attempt timed out.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			c, err := a.client()
			if err != nil {
				return err
			}
			d := cf.digest()
			v, err := c.TenderCheck(ctx, d)
			switch {
			case err == nil && v.State != tender.CheckFailed && v.State != tender.CheckRunning:
				return a.printCheck(v, "a verdict is final both ways")
			case err != nil && !isNotFound(err):
				return err
			case err != nil || v.State == tender.CheckFailed || again:
				if _, err := a.send(ctx, ledger.Amount{}, tender.Check{Criteria: cf.texts}); err != nil {
					return err
				}
			}
			if wf.noWait {
				v, err := c.TenderCheck(ctx, d)
				if err != nil {
					return err
				}
				return a.printCheck(v, "")
			}
			ar, err := c.Arena(ctx)
			if err != nil {
				return err
			}
			return a.waitCheck(ctx, c, d, wf.bound(ar.Terms))
		},
	}
	cf.register(c)
	wf.register(c, "the verdict")
	c.Flags().BoolVar(&again, "again", false, "send the check even while one is running, to move on an attempt that timed out")
	return c
}

// waitCheck follows the round of the check of criteria digest d for at most bound,
// printing its progress, and prints the verdict; a check with none says why each
// attempt ended.
func (a *app) waitCheck(ctx context.Context, c *client.Client, d string, bound time.Duration) error {
	v, err := c.TenderCheck(ctx, d)
	if err != nil {
		return err
	}
	_, werr := a.waitRound(ctx, c, v.Round, bound)
	if errors.Is(werr, errStillOpen) {
		return fmt.Errorf("check %d: %w; `arena tender check --again` with the same --criterion flags moves it on", v.ID, werr)
	}
	if v, err = c.TenderCheck(ctx, d); err != nil {
		return err
	}
	if v.State == tender.CheckFailed || werr != nil {
		a.explainRound(ctx, c, v.Round)
		return errors.Join(werr, fmt.Errorf("check %d of criteria %s: %s", v.ID, d, checkWords(v.State)))
	}
	return a.printCheck(v, "")
}

// printCheck prints a check's verdict, and why each flagged criterion was flagged.
func (a *app) printCheck(v ledger.CheckView, note string) error {
	return a.emit(v, func(w io.Writer) {
		if note != "" {
			note = " (" + note + ")"
		}
		fmt.Fprintf(w, "check %d of criteria %s: %s%s\n", v.ID, v.Digest, checkWords(v.State), note)
		for i, f := range v.Flagged {
			reason := ""
			if i < len(v.Reasons) {
				reason = ": " + v.Reasons[i]
			}
			text := ""
			if f >= 0 && f < len(v.Criteria) {
				text = " " + quote(v.Criteria[f])
			}
			fmt.Fprintf(w, "  flagged [%d]%s%s\n", f, text, reason)
		}
	})
}

// checkWords says what a check's state means for publishing.
func checkWords(state string) string {
	switch state {
	case tender.CheckScorable:
		return "scorable: a tender may be published on them"
	case tender.CheckNotScorable:
		return "not scorable: reword the flagged criteria and check again"
	case tender.CheckRunning:
		return "being checked"
	case tender.CheckFailed:
		return "check failed: no verdict; check again"
	}
	return state
}

// quote renders a criterion's text in double quotes, cut to a readable length.
func quote(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 80 {
		s = string(r[:79]) + "…"
	}
	return `"` + s + `"`
}

// isNotFound reports whether err is the API's 404.
func isNotFound(err error) bool {
	var ce *client.Error
	return errors.As(err, &ce) && ce.Status == http.StatusNotFound
}

// publishFlags are `tender publish`'s flags beside the criteria.
type publishFlags struct {
	title, summary              string
	weights                     []uint
	primary                     int
	budget, deposit, appealBond string
	feeBps                      uint64
	commit, reveal, decide      string
	maxBids                     int
	eligibility                 []string
}

func (a *app) tenderPublishCmd() *cobra.Command {
	var cf criteriaFlags
	var pf publishFlags
	c := &cobra.Command{
		Use:   "publish --title T --criterion TEXT [--weight N]... --budget N --commit D --reveal D --decide D",
		Short: "Publish a tender on checked criteria; the budget goes into escrow until it settles",
		Long: "Publish a tender: the budget is escrowed, and the criteria, weights, primary criterion,\n" +
			"deposit, appeal bond, fee and windows are frozen. The criteria must have passed\n" +
			"`arena tender check` first. Bids are sealed for --commit from now, revealed during --reveal\n" +
			"after that, and the buyer awards or declines during --decide after that.",
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
			body, budget, err := pf.body(cmd, cf.texts, ar.Terms)
			if err != nil {
				return err
			}
			if err := scorable(ctx, c, cf.digest()); err != nil {
				return err
			}
			rc, err := a.send(ctx, budget, body)
			if err != nil {
				return err
			}
			id := ledger.TenderID(rc.Outcome.Created)
			human := fmt.Sprintf("published tender %d %q: budget %s, deposit %s, %s", id, body.Title,
				formatAmount(budget), formatAmount(body.Deposit), criteriaCount(len(body.Criteria)))
			if tv, err := c.Tender(ctx, id); err == nil {
				human += fmt.Sprintf("; sealed bids until %s, reveals until %s, decision by %s",
					utc(tv.CommitCloses), utc(tv.RevealCloses), utc(tv.DecideCloses))
			}
			return a.printReceipt(rc, human)
		},
	}
	cf.register(c)
	f := c.Flags()
	f.StringVar(&pf.title, "title", "", "the tender's title")
	f.StringVar(&pf.summary, "summary", "", "what is wanted, in plain language")
	f.UintSliceVar(&pf.weights, "weight", nil, "the weight of each criterion, 1 to 10, in the order of --criterion (default: 1 each)")
	f.Lookup("weight").DefValue = "" // the usage says the default; pflag would add "(default [])"
	f.IntVar(&pf.primary, "primary", 0, "the criterion that breaks ties, by its index from 0")
	f.StringVar(&pf.budget, "budget", "", `budget in whole units ("200", "0.5") or "atto:N"`)
	f.StringVar(&pf.deposit, "deposit", "", "every bid's deposit (default: the arena's entry bond)")
	f.StringVar(&pf.appealBond, "appeal-bond", "", "every appeal's bond (default: the arena's appeal bond)")
	f.Uint64Var(&pf.feeBps, "fee-bps", 0, "the treasury's share of the budget at award, in basis points (0 to 1000)")
	f.StringVar(&pf.commit, "commit", "3d", "how long bids are sealed from now")
	f.StringVar(&pf.reveal, "reveal", "1d", "how long bids are revealed after that")
	f.StringVar(&pf.decide, "decide", "2d", "how long the buyer decides after that")
	f.IntVar(&pf.maxBids, "max-bids", 16, "the most live bids the tender takes (1 to 64)")
	f.StringArrayVar(&pf.eligibility, "eligibility", nil, "an eligibility rule checked at commit: no_prior_award (repeatable)")
	c.MarkFlagRequired("title")
	c.MarkFlagRequired("budget")
	return c
}

// body returns the Publish body and the budget the flags give, the deposit and bond
// defaulting to the arena's bonds under terms t.
func (pf *publishFlags) body(cmd *cobra.Command, texts []string, t ledger.Terms) (tender.Publish, ledger.Amount, error) {
	b := tender.Publish{Title: pf.title, Summary: pf.summary, FeeBps: pf.feeBps, MaxBids: pf.maxBids, Eligibility: pf.eligibility,
		Deposit: t.EntryBond, AppealBond: t.AppealBond}
	var err error
	if b.Criteria, err = weighed(texts, pf.weights, pf.primary); err != nil {
		return b, ledger.Amount{}, err
	}
	budget, err := parseAmount(pf.budget)
	if err != nil {
		return b, budget, fmt.Errorf("--budget: %w", err)
	}
	if cmd.Flags().Changed("deposit") {
		if b.Deposit, err = parseAmount(pf.deposit); err != nil {
			return b, budget, fmt.Errorf("--deposit: %w", err)
		}
	}
	if cmd.Flags().Changed("appeal-bond") {
		if b.AppealBond, err = parseAmount(pf.appealBond); err != nil {
			return b, budget, fmt.Errorf("--appeal-bond: %w", err)
		}
	}
	for _, w := range []struct {
		name string
		s    string
		dst  *int64
	}{{"commit", pf.commit, &b.CommitS}, {"reveal", pf.reveal, &b.RevealS}, {"decide", pf.decide, &b.DecideS}} {
		if *w.dst, err = parseSeconds(w.s); err != nil {
			return b, budget, fmt.Errorf("--%s: %w", w.name, err)
		}
	}
	return b, budget, nil
}

// weighed pairs criteria texts with their weights, marking the primary one.
func weighed(texts []string, weights []uint, primary int) ([]tender.Criterion, error) {
	if len(weights) != 0 && len(weights) != len(texts) {
		return nil, fmt.Errorf("give one --weight per --criterion, in the same order (criteria: %d, weights: %d)", len(texts), len(weights))
	}
	if primary < 0 || primary >= len(texts) {
		return nil, fmt.Errorf("--primary %d: name a criterion by its index, 0 to %d", primary, len(texts)-1)
	}
	out := make([]tender.Criterion, len(texts))
	for i, t := range texts {
		out[i] = tender.Criterion{Text: t, Weight: 1, Primary: i == primary}
		if len(weights) != 0 {
			out[i].Weight = uint64(weights[i])
		}
	}
	return out, nil
}

// scorable returns nil when the criteria digest d has a scorable verdict, and otherwise
// says what `arena tender check` must do first.
func scorable(ctx context.Context, c *client.Client, d string) error {
	v, err := c.TenderCheck(ctx, d)
	switch {
	case isNotFound(err):
		return fmt.Errorf("these criteria have not been checked: run `arena tender check` with the same --criterion flags first (digest %s)", d)
	case err != nil:
		return err
	case v.State == tender.CheckRunning:
		return fmt.Errorf("these criteria are being checked now (check %d): `arena tender check` with the same --criterion flags waits for the verdict", v.ID)
	case v.State == tender.CheckNotScorable:
		return fmt.Errorf("check %d found these criteria not scorable: reword the flagged ones and check again (`arena tender check`)", v.ID)
	case v.State == tender.CheckFailed:
		return fmt.Errorf("check %d of these criteria failed without a verdict: run `arena tender check` again", v.ID)
	}
	return nil
}

// criteriaCount returns "1 criterion" or "n criteria".
func criteriaCount(n int) string {
	if n == 1 {
		return "1 criterion"
	}
	return fmt.Sprintf("%d criteria", n)
}
