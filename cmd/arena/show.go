package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
	"github.com/arena/arena/store"
	"github.com/spf13/cobra"
)

// showers maps each `arena show` noun to the view it prints and how many arguments it
// takes.
func (a *app) showCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "show arena|tasks|task N|entry N|grades N|round N|reputation ADDR|leaderboard [--task N]|claimable ADDR|tx ID|deliveries|judges|governance|tenders|tender N|bid N|matches|match N [--episode]|agents|challenges|challenge N|benches|bench N|run N|learning|learn N|learn-run N",
		Short: "Print one of the ledger's views",
	}
	noun := func(use, short string, nargs int, f func(ctx context.Context, c *client.Client, arg string) error) {
		c.AddCommand(&cobra.Command{
			Use: use, Short: short, Args: cobra.ExactArgs(nargs),
			RunE: func(cmd *cobra.Command, args []string) error {
				cl, err := a.client()
				if err != nil {
					return err
				}
				arg := ""
				if nargs > 0 {
					arg = args[0]
				}
				return f(cmd.Context(), cl, arg)
			},
		})
	}
	noun("arena", "founding terms, balances and counts", 0, a.showArena)
	noun("tasks", "every task", 0, a.showTasks)
	noun("task N", "one task and its entries", 1, a.showTask)
	noun("entry N", "one entry and its grade", 1, a.showEntry)
	noun("grades N", "every round on an entry", 1, a.showGrades)
	noun("round N", "one grading round of any kind attempt by attempt: leader, who agreed, disagreed, failed and why, who was late", 1, a.showRound)
	noun("reputation ADDRESS", "an address's public record", 1, a.showReputation)
	noun("claimable ADDRESS", "what the arena owes an address", 1, a.showClaimable)
	noun("tx ID", "a committed transaction by id, with its receipt", 1, a.showTx)
	noun("judges", "each validator's record as a grader: rounds, agreement, failures, earnings, models", 0, a.showJudges)
	noun("governance", "the protocol version and terms in force, the upgrade waiting for its height, every proposal and its votes (also: show upgrades)", 0, a.showGovernance)
	if g, _, err := c.Find([]string{"governance"}); err == nil {
		g.Aliases = []string{"upgrades", "proposals"}
	}
	noun("tenders", "every tender", 0, a.showTenders)
	var ocdsDoc ocdsFlags
	noun("tender N", "one tender: terms, criteria, windows, questions, bids with their scorecards and appeals, outcome; --ocds: as an OCDS 1.1 release package", 1,
		func(ctx context.Context, c *client.Client, arg string) error {
			return a.showTender(ctx, c, arg, ocdsDoc)
		})
	if tc, _, err := c.Find([]string{"tender"}); err == nil {
		tc.Flags().BoolVar(&ocdsDoc.pkg, "ocds", false, "print the tender as an OCDS 1.1 release package (JSON): a release per ledger event so far")
		tc.Flags().BoolVar(&ocdsDoc.record, "record", false, "with --ocds: print the OCDS record package instead, with the compiled release")
	}
	noun("bid N", "one tender bid and its scorecard", 1, a.showBid)
	noun("matches", "every agent match", 0, a.showMatches)
	var episode bool
	noun("match N", "one agent match turn by turn: commits, reveals, moves with fallback marks, receipts, events, bets, result; --episode: the finished match as one JSON document to replay", 1,
		func(ctx context.Context, c *client.Client, arg string) error {
			if episode {
				return a.showEpisode(ctx, c, arg)
			}
			return a.showMatch(ctx, c, arg)
		})
	if m, _, err := c.Find([]string{"match"}); err == nil {
		m.Flags().BoolVar(&episode, "episode", false, "print the finished match's episode (GET /v1/matches/{id}/episode), the JSON document the README's \"Episodes\" states")
	}
	noun("agents", "every agent of a finished match by rating: Bradley-Terry across matches with its 95% interval, games, wins, losses, draws", 0, a.showAgents)
	noun("challenges", "every benchmark challenge", 0, a.showChallenges)
	noun("challenge N", "one challenge: terms, money, the leaderboard on the active version, the rollout, the last folds", 1, a.showChallenge)
	noun("benches", "every bench version", 0, a.showBenches)
	noun("bench N", "one bench version: frozen identity, limits, fold parameters, its check", 1, a.showBench)
	noun("run N", "one challenge run: program, version, seed, state, kept result and every attestation", 1, a.showRun)
	noun("learning", "every learning challenge", 0, a.showLearning)
	noun("learn N", "one learning challenge: dataset, gzip/xz references, held-out state, the ranking with bits per byte, the last folds", 1, a.showLearn)
	noun("learn-run N", "one learning run: modules, seeds, state, kept code length, held-out bits, score parts and every attestation", 1, a.showLearnRun)
	c.AddCommand(a.leaderboardCmd(), a.showDeliveriesCmd())
	return c
}

func (a *app) showArena(ctx context.Context, c *client.Client, _ string) error {
	v, err := c.Arena(ctx)
	if err != nil {
		return err
	}
	return a.emit(v, func(w io.Writer) {
		t, b, n, sym := v.Terms, v.Balances, v.Counts, v.Terms.Symbol
		fmt.Fprintf(w, "arena %s (chain %s) at height %d, %s\n", t.Name, t.Chain, v.Height, utc(v.Time))
		fmt.Fprintf(w, "terms: entry bond %s %s | appeal bond %s %s | appeal window %s | %d validators, quorum %d\n",
			formatAmount(t.EntryBond), sym, formatAmount(t.AppealBond), sym, time.Duration(t.AppealWindowS)*time.Second, len(t.Validators), t.QuorumSize())
		fmt.Fprintf(w, "treasury: %s\n", treasuryWords(t.Treasury))
		fmt.Fprintf(w, "state: %d tasks (%d open, %d awarded, %d voided) | %d entries | %d solvers | %d rounds\n",
			n.Tasks, n.Open, n.Awarded, n.Voided, n.Entries, n.Solvers, n.Rounds)
		fmt.Fprintf(w, "tenders: %d published | %d bids\n", n.Tenders, n.Bids)
		fmt.Fprintf(w, "matches: %d created | %d bets | %s\n", n.Matches, n.Bets, operatorWords(t))
		fmt.Fprintln(w, moneyWords(b, sym))
		fmt.Fprintf(w, "state hash %s\n", v.Hash)
	})
}

// moneyWords is the arena's money line: every pool of every kind, in the one order the
// ledger lists them (ledger.Balances.Pools, as the board shows them), and the claimable
// total, summed against what was paid in less what was paid out:
//
//	money (GEN): 0 prize escrow + ... + 24.78 claimable = 924 paid in - 829.22 paid out
//
// The figures add up whenever the ledger's money identity holds; where it does not, the
// line says so with "!=" in place of "=".
func moneyWords(b ledger.Balances, sym string) string {
	pools := b.Pools()
	terms := make([]string, 0, len(pools)+1)
	for _, p := range pools {
		terms = append(terms, formatAmount(p.Amount)+" "+strings.ToLower(p.Name))
	}
	terms = append(terms, formatAmount(b.ClaimableTotal)+" claimable")
	held, over := b.Held()
	net, under := b.PaidIn.Sub(b.PaidOut)
	rel := " = "
	if over || under || !held.Eq(net) {
		rel = " != "
	}
	return "money (" + sym + "): " + strings.Join(terms, " + ") + rel +
		formatAmount(b.PaidIn) + " paid in - " + formatAmount(b.PaidOut) + " paid out"
}

// operatorWords names the operators and their bond, or says the arena runs no matches.
func operatorWords(t ledger.Terms) string {
	if len(t.Operators) == 0 {
		return "no operators: this arena runs no matches"
	}
	names := make([]string, len(t.Operators))
	for i, o := range t.Operators {
		names[i] = o.String()
	}
	return fmt.Sprintf("operator bond %s %s | operators %s", formatAmount(t.OperatorBond), t.Symbol, strings.Join(names, ", "))
}

// treasuryWords names the treasury, or says that without one the arena runs no tenders.
func treasuryWords(t *ledger.Address) string {
	if t == nil {
		return "none: this arena runs no tenders"
	}
	return t.String() + " (paid tender fees and forfeits)"
}

func (a *app) showTasks(ctx context.Context, c *client.Client, _ string) error {
	v, err := c.Tasks(ctx)
	if err != nil {
		return err
	}
	return a.emit(v, func(w io.Writer) {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "TASK\tSTATE\tPRIZE\tENTRIES\tTITLE")
		for _, t := range v {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%s\n", t.ID, t.State, formatAmount(t.Prize), len(t.Entries), t.Title)
		}
		tw.Flush()
	})
}

func (a *app) showTask(ctx context.Context, c *client.Client, arg string) error {
	id, err := parseID("task", arg)
	if err != nil {
		return err
	}
	t, err := c.Task(ctx, ledger.TaskID(id))
	if err != nil {
		return err
	}
	return a.emit(t, func(w io.Writer) {
		fmt.Fprintf(w, "task %d: %s\n", t.ID, t.Title)
		fmt.Fprintf(w, "state %s, prize %s, sponsor %s, closes at %s\n", t.State, formatAmount(t.Prize), t.Sponsor, utc(t.ClosesAt))
		if t.Winner != 0 {
			fmt.Fprintf(w, "winner: entry %d at score %d\n", t.Winner, t.WinScore)
		}
		printTiers(w, t)
		if t.CopyBase {
			fmt.Fprintln(w, "copy check: the spec's, rubric's and template's words never count toward overlap")
		}
		fmt.Fprintf(w, "entries: %s\n\nspec:\n%s\n\nrubric:\n%s\n", idList(t.Entries), t.Spec, t.Rubric)
		if t.Template != "" {
			fmt.Fprintf(w, "\ntemplate:\n%s\n", t.Template)
		}
		if len(t.Questions) > 0 {
			fmt.Fprintln(w)
			printQuestions(w, t.Questions)
		}
	})
}

func (a *app) showEntry(ctx context.Context, c *client.Client, arg string) error {
	id, err := parseID("entry", arg)
	if err != nil {
		return err
	}
	e, err := c.Entry(ctx, ledger.EntryID(id))
	if err != nil {
		return err
	}
	return a.emit(e, func(w io.Writer) {
		fmt.Fprintf(w, "entry %d on task %d by %s: %s", e.ID, e.Task, e.Solver, e.State)
		if e.Outcome != "" {
			fmt.Fprintf(w, ", %s", e.Outcome)
		}
		fmt.Fprintln(w)
		printTeam(w, e)
		printGrade(w, e)
		printAppeal(w, e.Appeal)
	})
}

// printAppeal writes the entry's latest appeal, if any, and what became of it.
func printAppeal(w io.Writer, ap *ledger.AppealView) {
	if ap != nil {
		fmt.Fprintf(w, "appeal by %s against round %d: %s\n", ap.Appellant, ap.Against, appealWords(ap.Outcome))
	}
}

func (a *app) showReputation(ctx context.Context, c *client.Client, arg string) error {
	addr, err := ledger.ParseAddress(arg)
	if err != nil {
		return err
	}
	acc, err := c.Account(ctx, addr)
	if err != nil {
		return err
	}
	r := acc.Reputation
	return a.emit(r, func(w io.Writer) {
		fmt.Fprintf(w, "%s: %d entries, %d grades, %d wins, %d disqualifications, best %d, average %d, earned %s\n",
			addr, r.Entries, r.Grades, r.Wins, r.Disqualifications, r.BestScore, r.AverageScore, formatAmount(r.Earned))
	})
}

func (a *app) showClaimable(ctx context.Context, c *client.Client, arg string) error {
	addr, err := ledger.ParseAddress(arg)
	if err != nil {
		return err
	}
	v, err := c.Claimable(ctx, addr)
	if err != nil {
		return err
	}
	return a.emit(v, func(w io.Writer) { fmt.Fprintf(w, "%s is owed %s\n", v.Address, formatAmount(v.Amount)) })
}

func parseID(what, s string) (uint64, error) {
	id, err := strconv.ParseUint(s, 10, 64)
	if err != nil || id == 0 {
		return 0, fmt.Errorf("%s id must be a positive integer, not %q", what, s)
	}
	return id, nil
}

func passWord(ok bool) string {
	if ok {
		return "pass"
	}
	return "FAIL"
}

// attempts returns "1 attempt" or "n attempts".
func attempts(n int) string {
	if n == 1 {
		return "1 attempt"
	}
	return fmt.Sprintf("%d attempts", n)
}

// appealWords says what an appeal's outcome means for the appellant.
func appealWords(outcome string) string {
	switch outcome {
	case "":
		return "pending"
	case ledger.AppealMoved:
		return "moved: the regrade moved the reading; bond back plus the bounty"
	case ledger.AppealHeld:
		return "held: the reading held; the bond is slashed"
	case ledger.AppealLapsed:
		return "lapsed: the regrade could not settle; the grade stands and the bond is returned"
	}
	return outcome
}

// utc formats unix seconds as an RFC 3339 time in UTC.
func utc(unix int64) string { return time.Unix(unix, 0).UTC().Format(time.RFC3339) }

// showDeliveriesCmd prints what the bridge did with each award. It asks the node, and
// reads the arena's store in --dir directly when no node answers, so it works whether
// or not the node runs.
func (a *app) showDeliveriesCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "deliveries",
		Short: "where each award crossed to (EVM registry, webhooks): delivered or pending, from the node or, when none answers, --dir's store",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ds, err := a.deliveries(cmd.Context())
			if err != nil {
				return err
			}
			if ds == nil {
				ds = []store.Delivery{}
			}
			return a.emit(ds, func(w io.Writer) { printDeliveries(w, ds) })
		},
	}
}

// deliveriesWait is how long `arena show deliveries` waits for the node before it reads
// the store itself.
const deliveriesWait = 10 * time.Second

// deliveries returns the node's deliveries through its API, or, when no node answers
// or the request fails, those recorded in --dir's store; an error is then the store's.
func (a *app) deliveries(ctx context.Context) ([]store.Delivery, error) {
	if c, err := a.client(); err == nil {
		ctx, cancel := context.WithTimeout(ctx, deliveriesWait)
		defer cancel()
		if ds, err := c.Deliveries(ctx); err == nil {
			return ds, nil
		}
	}
	return node.ReadDeliveries(a.dir)
}

// printDeliveries writes ds as a table, one row per award and sink: the award's key
// (kind/id, e.g. bounty/7), then its event id, the webhook Idempotency-Key.
func printDeliveries(w io.Writer, ds []store.Delivery) {
	if len(ds) == 0 {
		fmt.Fprintln(w, "no deliveries: no award has been queued for a sink")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "AWARD\tEVENT\tSINK\tATTEMPTS\tDELIVERED / NEXT ATTEMPT (UTC)\tTX / HTTP\tLAST ERROR")
	for _, d := range ds {
		when := "next " + d.NextAttempt.UTC().Format(time.RFC3339)
		if d.Delivered() {
			when = "delivered " + d.DeliveredAt.UTC().Format(time.RFC3339)
		}
		result := "-"
		switch {
		case d.TxHash != "":
			result = d.TxHash
		case d.HTTPStatus != 0:
			result = "HTTP " + strconv.Itoa(d.HTTPStatus)
		}
		lastErr := "-"
		if d.LastError != "" {
			lastErr = strings.Join(strings.Fields(d.LastError), " ")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\t%s\n", store.KeyOf(d), d.Event, d.Sink, d.Attempts, when, result, lastErr)
	}
	tw.Flush()
}

func (a *app) showTx(ctx context.Context, c *client.Client, arg string) error {
	v, err := c.Tx(ctx, arg)
	if err != nil {
		return err
	}
	return a.emit(v, func(w io.Writer) {
		fmt.Fprintf(w, "tx %s: %s from %s, nonce %d, in block %d at index %d\n",
			v.TxID, v.Tx.Body.Kind(), v.Tx.From, v.Tx.Nonce, v.Height, v.Index)
		if v.Outcome.Err != "" {
			fmt.Fprintf(w, "  refused: %s\n", v.Outcome.Err)
			return
		}
		for _, e := range v.Outcome.Events {
			fmt.Fprintf(w, "  event %s\n", e.Type)
		}
	})
}

// idList writes ids as "1, 2, 3", or "none".
func idList[T ~uint64](ids []T) string {
	if len(ids) == 0 {
		return "none"
	}
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatUint(uint64(id), 10)
	}
	return strings.Join(parts, ", ")
}
