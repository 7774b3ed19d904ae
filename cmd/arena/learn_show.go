package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
)

func (a *app) learnShowCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "show CHALLENGE",
		Short: "Print a learning challenge: dataset, gzip/xz references, terms, money, the reveal, the ranking, the last folds (as `arena show learn`)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			c, err := a.client()
			if err != nil {
				return err
			}
			return a.showLearn(cmd.Context(), c, args[0])
		},
	}
}

func (a *app) showLearning(ctx context.Context, c *client.Client, _ string) error {
	v, err := c.LearnChallenges(ctx)
	if err != nil {
		return err
	}
	return a.emit(v, func(w io.Writer) {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "CHALLENGE\tSTATE\tHELD-OUT\tDATASET\tGZIP BPB\tXZ BPB\tPOOL\tPAID\tRUNS\tBEST BPB\tTITLE")
		for _, ch := range v {
			best := "-"
			if r := bestRun(&ch); r != nil && r.Score != nil {
				best = microsWords(r.Score.BPB)
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s (%d bytes)\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", ch.ID, ch.State, ch.Reveal, short(ch.Dataset), ch.DatasetBytes,
				microsWords(ch.GzipBPB), microsWords(ch.XzBPB), formatAmount(ch.Pool), formatAmount(ch.Paid), len(ch.Runs), best, ch.Title)
		}
		tw.Flush()
	})
}

func (a *app) showLearn(ctx context.Context, c *client.Client, arg string) error {
	id, err := learnArg(arg)
	if err != nil {
		return err
	}
	v, err := c.LearnChallenge(ctx, id)
	if err != nil {
		return err
	}
	return a.emit(v, func(w io.Writer) { printLearnChallenge(w, &v) })
}

func (a *app) showLearnRun(ctx context.Context, c *client.Client, arg string) error {
	id, err := parseID("learning run", arg)
	if err != nil {
		return err
	}
	r, err := c.LearnRun(ctx, ledger.LearnRunID(id))
	if err != nil {
		return err
	}
	return a.emit(r, func(w io.Writer) { printLearnRun(w, &r) })
}

// bestRun returns the run ranked first on v, or nil.
func bestRun(v *ledger.LearnChallengeView) *ledger.LearnRunView {
	if len(v.Ranking) == 0 {
		return nil
	}
	return learnRunOf(v, v.Ranking[0].Run)
}

// learnRunOf returns run id of v, or nil.
func learnRunOf(v *ledger.LearnChallengeView, id ledger.LearnRunID) *ledger.LearnRunView {
	for i := range v.Runs {
		if v.Runs[i].ID == id {
			return &v.Runs[i]
		}
	}
	return nil
}

// heldoutWords says where a challenge's held-out split stands.
func heldoutWords(v *ledger.LearnChallengeView) string {
	switch v.Reveal {
	case learn.RevealRevealed:
		return fmt.Sprintf("revealed %s", utc(v.RevealedAt))
	case learn.RevealLapsed:
		return fmt.Sprintf("lapsed: not revealed by %s, runs are final without held-out terms", utc(v.RevealBy))
	}
	return fmt.Sprintf("committed, due after %s and before %s", utc(v.CloseAt), utc(v.RevealBy))
}

// printLearnChallenge writes a learning challenge: its dataset and references, terms
// and money, the held-out state, the ranking and its latest folds.
func printLearnChallenge(w io.Writer, v *ledger.LearnChallengeView) {
	fmt.Fprintf(w, "learning challenge %d: %s\n", v.ID, v.Title)
	fmt.Fprintf(w, "state %s, sponsor %s, published %s, submissions close %s, ends %s\n", v.State, v.Sponsor, utc(v.PublishedAt), utc(v.CloseAt), utc(v.End))
	fmt.Fprintf(w, "dataset %s (%d bytes) | gzip -9 %s bpb | xz -9 %s bpb\n", v.Dataset, v.DatasetBytes, microsWords(v.GzipBPB), microsWords(v.XzBPB))
	fmt.Fprintf(w, "held-out %s (%d bytes): %s\n", v.Heldout, v.HeldoutBytes, heldoutWords(v))
	fmt.Fprintf(w, "limits: param cap %d bytes | data cap %d bytes | %d gas per byte | quorum %d | platform %s\n", v.ParamCap, v.DataCap, v.ByteGas, v.Quorum, v.Platform)
	fmt.Fprintf(w, "terms: deposit %s + grading fee %s per commit | %s per epoch of %s | epoch %d, fold %s\n",
		formatAmount(v.Deposit), formatAmount(v.GradingFee), formatAmount(v.PerEpoch), seconds(v.EpochS), v.Epoch, learnDueWords(v.FoldDue))
	fmt.Fprintf(w, "money: funded %s | pool %s | paid %s | returned %s\n", formatAmount(v.Funded), formatAmount(v.Pool), formatAmount(v.Paid), formatAmount(v.Returned))
	fmt.Fprintf(w, "\nranking (gzip %s, xz %s bpb):\n", microsWords(v.GzipBPB), microsWords(v.XzBPB))
	printLearnRanking(w, v)
	if len(v.Folds) == 0 {
		fmt.Fprintln(w, "folds: none yet")
		return
	}
	fmt.Fprintf(w, "folds (%d, latest last):\n", len(v.Folds))
	for _, f := range v.Folds[max(0, len(v.Folds)-shownFolds):] {
		fmt.Fprintf(w, "  %s %s\n", utc(f.At), learnFoldWords(f))
	}
}

func learnDueWords(due bool) string {
	if due {
		return "due now (`arena learn fold`)"
	}
	return "not due"
}

// printLearnRanking writes the ranked runs, then every other run by id with its state.
func printLearnRanking(w io.Writer, v *ledger.LearnChallengeView) {
	if len(v.Runs) == 0 {
		fmt.Fprintln(w, "  no runs yet")
		return
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  RANK\tRUN\tSUBMITTER\tARCH\tTRAIN\tBPB\tFINAL\tSTATE\tNOTE")
	ranked := map[ledger.LearnRunID]bool{}
	for _, k := range v.Ranking {
		ranked[k.Run] = true
		r := learnRunOf(v, k.Run)
		bpb, note := "-", ""
		if r != nil && r.Score != nil {
			bpb, note = microsWords(r.Score.BPB), scoreNote(r)
		}
		fmt.Fprintf(tw, "  %d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k.Rank, k.Run, k.Committer, short(k.Arch), short(k.Train), bpb, microsWords(k.Final), learn.RunFinal, note)
	}
	for i := range v.Runs {
		r := &v.Runs[i]
		if ranked[r.ID] {
			continue
		}
		bpb, final, note := "-", "-", ""
		if r.Kept != nil && r.Kept.Scored() {
			bpb = bpbWords(r.Kept.Bits, r.Kept.Bytes)
		} else if r.Kept != nil {
			note = r.Kept.Error
		}
		if r.Score != nil {
			final, note = microsWords(r.Score.Final), strings.TrimPrefix(note+"; not its submitter's best", "; ")
		}
		fmt.Fprintf(tw, "  -\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.Committer, short(r.Arch), short(r.Train), bpb, final, r.State, note)
	}
	tw.Flush()
}

// scoreNote says what of a final score came from the held-out terms and step-0.
func scoreNote(r *ledger.LearnRunView) string {
	s := r.Score
	var parts []string
	if s.StepZero {
		parts = append(parts, "step-0 anomaly: multiplier 0")
	}
	if s.Heldout {
		parts = append(parts, fmt.Sprintf("held-out %s trained, %s twin", microsWords(s.TrainedBPB), microsWords(s.TwinBPB)))
	} else {
		parts = append(parts, "no held-out terms ("+r.HeldoutTerms+")")
	}
	return strings.Join(parts, "; ")
}

// bpbWords writes bits/bytes as a decimal with six places, rounded half away from zero
// as the ledger's micros are.
func bpbWords(bits, bytes int64) string {
	if bytes <= 0 {
		return "-"
	}
	n := bits * learn.PPM
	q := n / bytes
	if 2*(n%bytes) >= bytes {
		q++
	}
	return microsWords(q)
}

// printLearnRun writes a learning run: its pair, seeds and state, the results it kept
// with the score's parts, and every attestation.
func printLearnRun(w io.Writer, r *ledger.LearnRunView) {
	fmt.Fprintf(w, "learning run %d on challenge %d: %s\n", r.ID, r.Challenge, r.State)
	fmt.Fprintf(w, "submitter %s | architecture %s (%d bytes) | training %s (%d bytes)\n", r.Committer, r.Arch, r.ArchSize, r.Train, r.TrainSize)
	if r.Seed == "" {
		fmt.Fprintln(w, "seed: waiting for the next block's anchor")
	} else {
		fmt.Fprintf(w, "seed %s | init seed %s\n", r.Seed, r.InitSeed)
	}
	fmt.Fprintf(w, "dataset %s (%d bytes) | gzip %s bpb | xz %s bpb\n", short(r.Dataset), r.DatasetBytes, microsWords(r.GzipBPB), microsWords(r.XzBPB))
	if r.Kept != nil {
		fmt.Fprintf(w, "kept: %s\n", learnResultWords(*r.Kept))
	}
	if r.HeldoutKept != nil {
		fmt.Fprintf(w, "held-out: %s\n", heldoutResultWords(*r.HeldoutKept))
	}
	if s := r.Score; s != nil {
		fmt.Fprintf(w, "score: final %s = (base %s × penalty %s + tie %s) × multiplier %s | bpb %s (%d bits / %d bytes), step-0 window %d bits\n",
			microsWords(s.Final), microsWords(s.Base), microsWords(s.Penalty), microsWords(s.Tie), microsWords(s.Multiplier), microsWords(s.BPB), s.Bits, s.Bytes, s.WindowBits)
		if s.Heldout {
			fmt.Fprintf(w, "  held-out bpb trained %s, twin %s | gap %s | delta %s | cap %s | tanh %s\n",
				microsWords(s.TrainedBPB), microsWords(s.TwinBPB), microsWords(s.Gap), microsWords(s.Delta), microsWords(s.Cap), microsWords(s.Tanh))
		} else {
			fmt.Fprintf(w, "  no held-out terms (%s): penalty 1, tie 0\n", r.HeldoutTerms)
		}
	}
	for _, x := range r.Attestations {
		res := ""
		switch {
		case x.Result != nil:
			res = learnResultWords(*x.Result)
		case x.Heldout != nil:
			res = heldoutResultWords(*x.Heldout)
		}
		fmt.Fprintf(w, "  %s attempt %d %s at block %d: %s%s\n", x.Kind, x.Attempt, x.Validator, x.Height, res, agreeWords(x.Agrees, x.Late))
	}
}

// learnResultWords writes a run result in one line.
func learnResultWords(res learn.RunResult) string {
	if !res.Scored() {
		return res.Error
	}
	return fmt.Sprintf("%s bpb (%d bits / %d bytes), first window %d bits, %d curve points, gas %d",
		bpbWords(res.Bits, res.Bytes), res.Bits, res.Bytes, res.WindowBits, len(res.Curve), res.Gas)
}

// heldoutResultWords writes a held-out measurement in one line.
func heldoutResultWords(h learn.HeldoutResult) string {
	if !h.Scored() {
		return h.Error
	}
	return fmt.Sprintf("trained %s bpb, twin %s bpb (%d and %d bits / %d bytes; retrained %d bits)",
		bpbWords(h.TrainedBits, h.HeldoutBytes), bpbWords(h.TwinBits, h.HeldoutBytes), h.TrainedBits, h.TwinBits, h.HeldoutBytes, h.TrainBits)
}

// learnFoldWords says what a learning fold paid in one line.
func learnFoldWords(f learn.FoldView) string {
	if len(f.Payments) == 0 {
		return fmt.Sprintf("epoch %d: nothing eligible, nothing paid, the pool kept", f.Epoch)
	}
	parts := make([]string, len(f.Payments))
	for i, p := range f.Payments {
		parts[i] = fmt.Sprintf("%s %s to %s (run %d)", p.Role, formatAmount(p.Amount), p.Address, p.Run)
	}
	return fmt.Sprintf("epoch %d: paid %s: %s", f.Epoch, formatAmount(f.Amount), strings.Join(parts, ", "))
}
