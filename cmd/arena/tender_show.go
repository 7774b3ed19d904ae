package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

func (a *app) showTenders(ctx context.Context, c *client.Client, _ string) error {
	v, err := c.Tenders(ctx)
	if err != nil {
		return err
	}
	return a.emit(v, func(w io.Writer) {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "TENDER\tSTATE\tPHASE\tBUDGET\tBIDS\tTITLE")
		for _, t := range v {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%s\n", t.ID, t.State, t.Phase, formatAmount(t.Budget), len(t.Bids), t.Title)
		}
		tw.Flush()
	})
}

// ocdsFlags are show tender's --ocds and --record.
type ocdsFlags struct{ pkg, record bool }

// errRecordNeedsOCDS refuses --record without --ocds.
var errRecordNeedsOCDS = errors.New("--record needs --ocds")

func (a *app) showTender(ctx context.Context, c *client.Client, arg string, doc ocdsFlags) error {
	id, err := parseID("tender", arg)
	if err != nil {
		return err
	}
	switch {
	case doc.record && !doc.pkg:
		return errRecordNeedsOCDS
	case doc.record:
		v, err := c.TenderOCDSRecord(ctx, ledger.TenderID(id))
		if err != nil {
			return err
		}
		return a.printJSON(v)
	case doc.pkg:
		v, err := c.TenderOCDS(ctx, ledger.TenderID(id))
		if err != nil {
			return err
		}
		return a.printJSON(v)
	}
	tv, err := c.Tender(ctx, ledger.TenderID(id))
	if err != nil {
		return err
	}
	return a.emit(tv, func(w io.Writer) { printTender(w, &tv) })
}

func (a *app) showBid(ctx context.Context, c *client.Client, arg string) error {
	id, err := parseID("bid", arg)
	if err != nil {
		return err
	}
	tv, bv, err := tenderOfBid(ctx, c, ledger.BidID(id))
	if err != nil {
		return err
	}
	return a.emit(bv, func(w io.Writer) {
		printBid(w, &tv, &bv)
		if bv.Proposal != "" {
			fmt.Fprintf(w, "    proposal, revealed with salt %s:\n%s\n", bv.Salt, bv.Proposal)
		}
	})
}

// printTender writes a tender in full: terms, criteria, windows, questions, bids with
// their scorecards and appeals, and the outcome.
func printTender(w io.Writer, t *ledger.TenderView) {
	fmt.Fprintf(w, "tender %d: %q by %s\n", t.ID, t.Title, t.Buyer)
	fmt.Fprintf(w, "state %s, phase %s\n", t.State, t.Phase)
	if t.Summary != "" {
		fmt.Fprintf(w, "summary: %s\n", t.Summary)
	}
	fmt.Fprintf(w, "terms: budget %s | deposit %s | appeal bond %s | %s | at most %d bids | eligibility: %s\n",
		formatAmount(t.Budget), formatAmount(t.Deposit), formatAmount(t.AppealBond), feeWords(t), t.MaxBids, orNone(strings.Join(t.Eligibility, ", ")))
	fmt.Fprintf(w, "windows: published %s | commit until %s | reveal until %s | decide until %s\n",
		utc(t.PublishedAt), utc(t.CommitCloses), utc(t.RevealCloses), utc(t.DecideCloses))
	fmt.Fprintf(w, "criteria (digest %s):\n", t.CriteriaDigest)
	for _, c := range t.Criteria {
		primary := ""
		if c.Primary {
			primary = ", primary"
		}
		fmt.Fprintf(w, "  [%d] weight %d%s: %s\n", c.Index, c.Weight, primary, c.Text)
	}
	printQuestions(w, t.Questions)
	fmt.Fprintf(w, "bids: %d\n", len(t.Bids))
	for i := range t.Bids {
		printBid(w, t, &t.Bids[i])
	}
	printOutcome(w, t)
}

// printQuestions writes a tender's or a task's questions and answers, with their times.
func printQuestions(w io.Writer, qs []tender.QuestionView) {
	fmt.Fprintf(w, "questions: %d\n", len(qs))
	for _, q := range qs {
		fmt.Fprintf(w, "  %d. asked %s by %s: %s\n", q.Index, utc(q.AskedAt), q.Asker, q.Text)
		if q.AnsweredAt != 0 {
			fmt.Fprintf(w, "     answered %s: %s\n", utc(q.AnsweredAt), q.Answer)
		}
	}
}

// printBid writes a bid: its status, then its scorecard per criterion with reasons,
// its total and rank, whether it was rescored and what it totalled before, and its
// appeal.
func printBid(w io.Writer, t *ledger.TenderView, b *ledger.BidView) {
	fmt.Fprintf(w, "  bid %d on tender %d by %s (commit #%d): %s%s\n", b.ID, b.Tender, b.Bidder, b.Seq, b.Status, bidWhen(b))
	if b.Status == tender.BidScored {
		rank := ""
		if b.Rank != 0 {
			rank = fmt.Sprintf(", rank %d", b.Rank)
		}
		rescored := ""
		if b.Rescored && b.Appeal != nil {
			rescored = fmt.Sprintf(", re-scored on appeal (previous total %d)", b.Appeal.TotalBefore)
		}
		fmt.Fprintf(w, "    total %d/%d%s%s\n", b.Total, b.TotalMax, rank, rescored)
	}
	for _, s := range b.Scores {
		fmt.Fprintf(w, "    [%d] %d/%d x%d = %d: %s%s\n", s.Criterion, s.Score, tender.ScoreMax, weightOf(t, s.Criterion), s.Weighted, s.Reason, members(s.Members))
	}
	if ap := b.Appeal; ap != nil {
		fmt.Fprintf(w, "    appeal filed %s, bond %s: %s\n", utc(ap.FiledAt), formatAmount(ap.Bond), tenderAppealWords(ap))
		fmt.Fprintf(w, "      argument: %s\n", ap.Argument)
	}
	if b.Outcome != "" {
		fmt.Fprintf(w, "    outcome: %s\n", b.Outcome)
	}
}

// bidWhen says when a bid last changed, and how often it was amended.
func bidWhen(b *ledger.BidView) string {
	s := ", committed " + utc(b.CommittedAt)
	if b.Amendments > 0 {
		s += fmt.Sprintf(", %s (last %s)", plural(b.Amendments, "amendment"), utc(b.AmendedAt))
	}
	for _, e := range []struct {
		at   int64
		what string
	}{{b.WithdrawnAt, "withdrawn"}, {b.RevealedAt, "revealed"}, {b.ExpiredAt, "expired"}, {b.ScoredAt, "scored"}} {
		if e.at != 0 {
			s += fmt.Sprintf(", %s %s", e.what, utc(e.at))
		}
	}
	return s
}

// weightOf returns the weight of criterion i of t, 0 when t does not have it.
func weightOf(t *ledger.TenderView, i int) uint64 {
	if t == nil || i < 0 || i >= len(t.Criteria) {
		return 0
	}
	return t.Criteria[i].Weight
}

// members renders how the agreeing members scored a criterion, leader first.
func members(ms []int) string {
	if len(ms) == 0 {
		return ""
	}
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = fmt.Sprint(m)
	}
	return " (agreed: " + strings.Join(parts, ", ") + ")"
}

// tenderAppealWords says where an appeal stands and what it did to the total.
func tenderAppealWords(ap *tender.AppealView) string {
	switch ap.Status {
	case tender.AppealOpen:
		return fmt.Sprintf("open against total %d; `arena tender resolve` rescores it", ap.TotalBefore)
	case tender.AppealUpheld:
		return fmt.Sprintf("upheld: total %d -> %d, bond returned", ap.TotalBefore, ap.TotalAfter)
	case tender.AppealRejected:
		return fmt.Sprintf("rejected: total %d -> %d, bond forfeited to the treasury", ap.TotalBefore, ap.TotalAfter)
	case tender.AppealLapsed:
		return fmt.Sprintf("lapsed: the rescoring could not settle; total %d stands, bond returned", ap.TotalBefore)
	}
	return ap.Status
}

// printOutcome writes why a tender cannot be settled now, or how it was.
func printOutcome(w io.Writer, t *ledger.TenderView) {
	if t.Paused != "" {
		fmt.Fprintf(w, "paused: %s\n", t.Paused)
	}
	if t.AwardFrom != 0 && t.State == tender.TenderOpen {
		fmt.Fprintf(w, "award allowed from %s (the appeal wait after the last scoring)\n", utc(t.AwardFrom))
	}
	switch t.State {
	case tender.TenderAwarded:
		winner := "?"
		if t.Winner != nil {
			winner = t.Winner.String()
		}
		fmt.Fprintf(w, "outcome: awarded %s to bid %d of %s at total %d, fee %s to the treasury\n",
			utc(t.SettledAt), t.WinningBid, winner, t.WinningTotal, formatAmount(t.Fee))
		fmt.Fprintf(w, "payout: %s\n", formatAmount(t.Payout))
	case tender.TenderDeclined:
		fmt.Fprintf(w, "outcome: declined %s: %s\n", utc(t.SettledAt), t.DeclineReason)
	case tender.TenderAbandoned:
		fmt.Fprintf(w, "outcome: abandoned %s: it could not be completed in its decision window; the budget went back\n", utc(t.SettledAt))
	}
	if !t.Forfeited.IsZero() {
		fmt.Fprintf(w, "forfeited to the treasury: %s\n", formatAmount(t.Forfeited))
	}
}

// feeWords says what the tender's award takes and pays: "fee 150 bps (1.5), payout
// 98.5" while it may still be awarded or once it was; a tender settled without an award
// took no fee and paid nothing, and says so.
func feeWords(t *ledger.TenderView) string {
	if t.State == tender.TenderDeclined || t.State == tender.TenderAbandoned {
		return fmt.Sprintf("no fee, no payout (%s)", t.State)
	}
	return fmt.Sprintf("fee %d bps (%s), payout %s", t.FeeBps, formatAmount(t.Fee), formatAmount(t.Payout))
}

// orNone returns s, or "none" when it is empty.
func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// printJSON writes v as indented JSON, with or without --json: an OCDS document has no
// other form.
func (a *app) printJSON(v any) error {
	enc := json.NewEncoder(a.stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	return nil
}
