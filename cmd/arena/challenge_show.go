package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
)

// shownFolds is how many of a challenge's latest folds `show challenge` prints.
const shownFolds = 3

func (a *app) challengeShowCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "show CHALLENGE",
		Short: "Print a challenge: terms, money, the leaderboard on the active version, the rollout, the last folds (as `arena show challenge`)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := a.client()
			if err != nil {
				return err
			}
			return a.showChallenge(cmd.Context(), c, args[0])
		},
	}
}

func (a *app) showChallenges(ctx context.Context, c *client.Client, _ string) error {
	v, err := c.Challenges(ctx)
	if err != nil {
		return err
	}
	return a.emit(v, func(w io.Writer) {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "CHALLENGE\tSTATE\tBENCH\tPOOL\tPAID\tENTRIES\tCHAMPION\tTITLE")
		for _, ch := range v {
			fmt.Fprintf(tw, "%d\t%s\t%s v%d\t%s\t%s\t%d\t%s\t%s\n", ch.ID, ch.State, ch.Bench, ch.Version,
				formatAmount(ch.Pool), formatAmount(ch.Paid), len(ch.Entries), entryOrNone(ch.Champion), ch.Title)
		}
		tw.Flush()
	})
}

func (a *app) showChallenge(ctx context.Context, c *client.Client, arg string) error {
	id, err := challengeArg(arg)
	if err != nil {
		return err
	}
	v, err := c.Challenge(ctx, id)
	if err != nil {
		return err
	}
	return a.emit(v, func(w io.Writer) { printChallenge(w, &v) })
}

// printChallenge writes a challenge: its terms and money, the leaderboard on the active
// version, the rollout to the next and its latest folds.
func printChallenge(w io.Writer, v *ledger.ChallengeView) {
	fmt.Fprintf(w, "challenge %d: %s\n", v.ID, v.Title)
	fmt.Fprintf(w, "state %s, sponsor %s, bench %s version %d (bench %d), published %s, ends %s\n",
		v.State, v.Sponsor, v.Bench, v.Version, v.Active, utc(v.PublishedAt), utc(v.End))
	fmt.Fprintf(w, "terms: deposit %s + grading fee %s per commit | %s per epoch of %s | epoch %d, fold %s\n",
		formatAmount(v.Deposit), formatAmount(v.GradingFee), formatAmount(v.PerEpoch), seconds(v.EpochS), v.Epoch, dueWords(v.FoldDue))
	fmt.Fprintf(w, "money: funded %s | pool %s | paid %s | returned %s\n", formatAmount(v.Funded), formatAmount(v.Pool), formatAmount(v.Paid), formatAmount(v.Returned))
	fmt.Fprintf(w, "\nleaderboard on version %d:\n", v.Version)
	printBoard(w, v)
	fmt.Fprintf(w, "\nrollout: %s\n", rolloutWords(v))
	if len(v.Folds) == 0 {
		fmt.Fprintln(w, "folds: none yet")
		return
	}
	fmt.Fprintf(w, "folds (%d, latest last):\n", len(v.Folds))
	for _, f := range v.Folds[max(0, len(v.Folds)-shownFolds):] {
		fmt.Fprintf(w, "  %s %s\n", utc(f.At), foldWords(f))
	}
}

// boardRow is one entry's line on a challenge's leaderboard.
type boardRow struct {
	rank        int // 0: unranked
	entry       ledger.ChallengeEntryView
	composite   string
	n           string
	state, note string
}

// boardRows returns the leaderboard on v's active version: entries with a final, full
// run on it ranked by composite (first seen first among equals), then every other
// entry by id with the state of its latest run there, a provisional median marked.
func boardRows(v *ledger.ChallengeView) []boardRow {
	var ranked, rest []boardRow
	for _, e := range v.Entries {
		r := boardRow{entry: e, composite: "-", n: "-"}
		switch run := latestRun(v, e.ID); {
		case e.Ranked != 0:
			r.composite, r.n, r.state = scoreWords(e.Composite, e.SE), fmt.Sprint(e.N), challenge.RunFinal
			if !e.Eligible {
				r.note = "not eligible (too few cases or a zero composite)"
			}
		case run == nil:
			r.state = "no run on this version"
		default:
			r.state = run.State
			if run.State == challenge.RunProvisional && run.Kept != nil {
				k := run.Kept.Composite
				r.composite, r.n, r.note = scoreWords(k.Composite, k.SE), fmt.Sprint(k.N), "PROVISIONAL: below quorum, feedback only, never ranked"
			}
		}
		if e.Profile != challenge.ProfileFull {
			r.note = strings.TrimPrefix(r.note+"; practice profile: never ranks", "; ")
		}
		if e.ID == v.Champion {
			r.note = strings.TrimPrefix(r.note+"; champion", "; ")
		}
		if e.Ranked != 0 {
			ranked = append(ranked, r)
		} else {
			rest = append(rest, r)
		}
	}
	slices.SortStableFunc(ranked, func(x, y boardRow) int {
		return cmp.Or(cmp.Compare(y.entry.Composite, x.entry.Composite), cmp.Compare(x.entry.ID, y.entry.ID))
	})
	for i := range ranked {
		ranked[i].rank = i + 1
	}
	return append(ranked, rest...)
}

// latestRun returns entry e's latest entry or rescore run on v's active version, or nil.
func latestRun(v *ledger.ChallengeView, e ledger.ChallengeEntryID) *ledger.RunView {
	for i := len(v.Runs) - 1; i >= 0; i-- {
		if r := &v.Runs[i]; r.Entry == e && r.Bench == v.Active && r.Purpose != challenge.PurposeConfirm {
			return r
		}
	}
	return nil
}

func printBoard(w io.Writer, v *ledger.ChallengeView) {
	rows := boardRows(v)
	if len(rows) == 0 {
		fmt.Fprintln(w, "  no entries yet")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  RANK\tENTRY\tSUBMITTER\tCOMPOSITE ± SE\tN\tSTATE\tNOTE")
	for _, r := range rows {
		rank := "-"
		if r.rank > 0 {
			rank = fmt.Sprint(r.rank)
		}
		fmt.Fprintf(tw, "  %s\t%d\t%s\t%s\t%s\t%s\t%s\n", rank, r.entry.ID, r.entry.Committer, r.composite, r.n, r.state, r.note)
	}
	tw.Flush()
}

// rolloutWords says how far a newer accepted version is from becoming active.
func rolloutWords(v *ledger.ChallengeView) string {
	if v.Rollout == nil {
		return fmt.Sprintf("none: version %d is the newest accepted", v.Version)
	}
	r := v.Rollout
	return fmt.Sprintf("version %d (bench %d): %d of %d entries hold a final full ranked run on it; the board flips when %d do",
		r.Version, r.Bench, r.Ranked, r.Needed, r.Needed)
}

func dueWords(due bool) string {
	if due {
		return "due now (`arena challenge fold`)"
	}
	return "not due"
}

func entryOrNone(id ledger.ChallengeEntryID) string {
	if id == 0 {
		return "-"
	}
	return fmt.Sprintf("entry %d", id)
}

// scoreWords writes a composite and its standard error, both in micros, as decimals.
func scoreWords(c, se int64) string { return microsWords(c) + " ± " + microsWords(se) }

// microsWords writes a score in millionths as a decimal with six places.
func microsWords(v int64) string {
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d.%06d", sign, v/challenge.PPM, v%challenge.PPM)
}

func (a *app) showBenches(ctx context.Context, c *client.Client, _ string) error {
	v, err := c.Benches(ctx)
	if err != nil {
		return err
	}
	return a.emit(v, func(w io.Writer) {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "BENCH\tNAME\tVERSION\tSTATE\tMODULE\tCASES\tQUORUM\tMODEL")
		for _, b := range v {
			fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%s\t%d\t%d\t%s\n", b.ID, b.Name, b.Version, b.State, short(b.Module), b.Cases, b.Quorum, cmp.Or(b.Model, "none"))
		}
		tw.Flush()
	})
}

func (a *app) showBench(ctx context.Context, c *client.Client, arg string) error {
	id, err := parseID("bench", arg)
	if err != nil {
		return err
	}
	b, err := c.Bench(ctx, ledger.BenchID(id))
	if err != nil {
		return err
	}
	return a.emit(b, func(w io.Writer) { printBench(w, &b) })
}

// printBench writes a bench version's frozen identity and its check.
func printBench(w io.Writer, b *ledger.BenchView) {
	fmt.Fprintf(w, "bench %d: %s version %d, %s", b.ID, b.Name, b.Version, b.State)
	if b.Reason != "" {
		fmt.Fprintf(w, " (%s)", b.Reason)
	}
	fmt.Fprintf(w, "\nregistered by %s at %s\n", b.Registrant, utc(b.RegisteredAt))
	fmt.Fprintf(w, "module %s (%d bytes)", b.Module, b.Size)
	if b.URL != "" {
		fmt.Fprintf(w, ", mirror %s", b.URL)
	}
	fmt.Fprintf(w, "\nplatform %s | model %s\n", b.Platform, cmp.Or(b.Model, "none"))
	fmt.Fprintf(w, "cases: kinds %s, at least %d to rank, profiles %s\n", strings.Join(b.Kinds, ", "), b.MinCases, strings.Join(b.Profiles, ", "))
	fmt.Fprintf(w, "limits: quorum %d | init gas %d | case gas %d | bench gas %d | %d pages\n", b.Quorum, b.InitGas, b.CaseGas, b.BenchGas, b.MaxPages)
	f := b.Fold
	fmt.Fprintf(w, "fold: margin %d ppm | z %d.%03d | champion %d ppm | tail %d | %d confirmation seeds | rollout at %d agents\n",
		f.MarginPPM, f.ZMilli/1000, f.ZMilli%1000, f.ChampionPPM, f.Tail, f.ConfirmSeeds, f.RolloutAgents)
	fmt.Fprintf(w, "check: seed %s, round %d", b.CheckSeed, b.Round)
	if b.Dataset != "" {
		fmt.Fprintf(w, ", dataset %s with %d cases", b.Dataset, b.Cases)
	}
	fmt.Fprintln(w)
	for _, x := range b.Checks {
		fmt.Fprintf(w, "  attempt %d %s at block %d: %s%s\n", x.Attempt, x.Validator, x.Height, benchCheckWords(x.Result), agreeWords(x.Agrees, x.Late))
	}
}

func (a *app) showRun(ctx context.Context, c *client.Client, arg string) error {
	id, err := parseID("run", arg)
	if err != nil {
		return err
	}
	r, err := c.Run(ctx, ledger.RunID(id))
	if err != nil {
		return err
	}
	return a.emit(r, func(w io.Writer) { printRun(w, &r) })
}

// printRun writes a run: what it runs, its seed and state, the result it kept with its
// breakdown and telemetry, and every attestation.
func printRun(w io.Writer, r *ledger.RunView) {
	fmt.Fprintf(w, "run %d of entry %d on challenge %d: %s run, %s", r.ID, r.Entry, r.Challenge, r.Purpose, r.State)
	if r.State == challenge.RunProvisional {
		fmt.Fprint(w, " (PROVISIONAL: below quorum, feedback only, never ranked)")
	}
	fmt.Fprintf(w, "\nprogram %s (%d bytes), %s profile, on bench %d (version %d)\n", r.Program, r.Size, r.Profile, r.Bench, r.Version)
	switch {
	case r.Seed == "":
		fmt.Fprintln(w, "seed: waiting for the next block's anchor")
	case r.Purpose == challenge.PurposeConfirm:
		fmt.Fprintf(w, "seed %s (confirmation %d with entry %d, CRN %d)\n", r.Seed, r.K, r.Pair, r.CRN)
	default:
		fmt.Fprintf(w, "seed %s (keccak256 of the anchor block's state hash and the run id)\n", r.Seed)
	}
	if r.Kept != nil {
		fmt.Fprintf(w, "kept: %s\n", runResultWords(*r.Kept))
		if r.Kept.Scored() {
			printBreakdown(w, r.Kept)
		}
	}
	for _, x := range r.Attestations {
		fmt.Fprintf(w, "  attempt %d %s at block %d: %s%s\n", x.Attempt, x.Validator, x.Height, runResultWords(x.Result), agreeWords(x.Agrees, x.Late))
	}
}

// runResultWords writes a run result in one line.
func runResultWords(res challenge.RunResult) string {
	if !res.Scored() {
		return res.Error
	}
	k := res.Composite
	return fmt.Sprintf("composite %s over %d cases, dataset %s, transcript %s, gas %d",
		scoreWords(k.Composite, k.SE), k.N, short(res.Dataset), short(res.Transcript), res.Gas)
}

// printBreakdown writes a kept result's means, integrity factors and categories.
func printBreakdown(w io.Writer, res *challenge.RunResult) {
	k := res.Composite
	fmt.Fprintf(w, "  tool mean %s | memory mean %s | gate %s = efficiency %s × consistency %s × over-call %s (floor 0.75) × canary %s | %d leaks, %d misses\n",
		microsWords(k.ToolMean), microsWords(k.MemoryMean), microsWords(k.Gate), microsWords(k.E), microsWords(k.M), microsWords(k.O), microsWords(k.C), k.Leaks, k.Misses)
	for _, c := range k.Categories {
		fmt.Fprintf(w, "  %s/%s: %s over %d\n", c.Kind, c.Name, microsWords(c.Mean), c.N)
	}
}

func agreeWords(agrees, late bool) string {
	switch {
	case late:
		return " (late, not tallied)"
	case agrees:
		return " (agrees with the leader)"
	}
	return " (disagrees)"
}
