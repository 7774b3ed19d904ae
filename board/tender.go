package board

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
)

// The tenders section is rendered whole on the server: a tender holds at most
// tender.MaxBids bids and tender.MaxQuestions questions, so unlike the entries it needs
// no paging, and the page reads the same without script. Every rule that turns a view
// into words is here, once; the template only lays the words out.

// tenderSection is what the page shows of tenders: each tender in full, then every
// scorability check.
type tenderSection struct {
	Treasury    string // "" when the terms name none: the arena runs no tenders
	Tenders     []tenderCard
	Checks      []checkRow
	CheckRounds []tenderRound // the checks' rounds the snapshot holds, in check order
}

// tenderCard is one tender: its terms, windows, criteria, questions and bids.
type tenderCard struct {
	ID           ledger.TenderID
	Title        string
	Summary      string
	Buyer        string
	State        string
	Phase        string // the phase in words
	Paused       string
	Budget       string
	Deposit      string
	AppealBond   string
	Fee          string // the amount and its rate; empty when the tender settled without an award
	Payout       string
	Forfeited    string
	MaxBids      int
	Eligibility  []string
	Published    string
	Windows      []window
	AwardFrom    string
	LastScored   string
	Settled      string
	Winner       string
	WinningBid   ledger.BidID
	WinningTotal uint64
	TotalMax     uint64
	Reason       string // why the buyer declined
	Digest       string
	CheckedBy    tender.CheckID // the check that found these criteria scorable; 0 when the snapshot holds none
	Criteria     []criterionRow
	Questions    []questionCard
	Bids         []bidCard
	Ranking      []rankRow
	BidCount     string // "5: 3 scored, 1 expired, 1 withdrawn"
	OCDS         string // the node's path of its OCDS release package; only on the live page
}

// window is one of a tender's three windows, and whether the arena's clock is in it.
type window struct {
	Name, Opens, Closes string
	Now                 bool
}

// criterionRow is one published criterion.
type criterionRow struct {
	N       int // from 1
	Text    string
	Weight  uint64
	Primary bool
}

// questionCard is one public clarification, on a tender or a task.
type questionCard struct {
	Index    int
	Asker    string
	Text     string
	Asked    string
	Answer   string
	Answered string // "" while unanswered
}

// questionCards returns the cards of qs, naming each asker by name.
func questionCards(qs []tender.QuestionView, name func(ledger.Address) string) []questionCard {
	var out []questionCard
	for _, q := range qs {
		qc := questionCard{Index: q.Index, Asker: name(q.Asker), Text: q.Text, Asked: stamp(q.AskedAt)}
		if q.AnsweredAt != 0 {
			qc.Answer, qc.Answered = q.Answer, stamp(q.AnsweredAt)
		}
		out = append(out, qc)
	}
	return out
}

// bidCard is one bid. A bid that was never revealed carries no proposal and no scores,
// whatever its view holds: only its commitment is public.
type bidCard struct {
	ID          ledger.BidID
	Seq         int
	Bidder      string
	Status      string
	Outcome     string
	Won         bool
	Commitment  string
	Deposit     string
	Committed   string
	Amended     string // "amended once, last at" and the like; "" when never
	AmendedAt   string
	Withdrawn   string
	Revealed    string
	Expired     string
	Scored      string
	Note        string // one line for a bid whose proposal or scorecard is not shown
	Proposal    string
	ProposalLen int    // in characters
	Salt        string // published with the proposal, so anyone can re-derive the commitment
	Scores      []scoreRow
	Total       uint64
	TotalMax    uint64
	Rank        int
	Rescored    bool
	Before      string // "23/30", the total before the rescoring, when rescored on an appeal
	Appeal      *tenderAppeal
	Round       round.ID
	Rounds      []round.ID
	History     []tenderRound // the scoring rounds the snapshot holds
}

// scoreRow is one criterion's line of a scorecard.
type scoreRow struct {
	N         int // from 1
	Text      string
	Weight    uint64
	Primary   bool
	Score     int
	Weighted  uint64
	Reason    string
	Agreement string // the kept score, then each agreeing member's: "4 · 4 5 4"
}

// tenderAppeal is a bid's one appeal.
type tenderAppeal struct {
	Status   string
	Says     string // what the status means for the bid, with its totals
	Argument string
	Bond     string
	Filed    string
	Resolved string
	Round    round.ID
}

// rankRow is one scored bid's place.
type rankRow struct {
	Rank    int
	Bid     ledger.BidID
	Bidder  string
	Total   uint64
	Max     uint64
	Primary int // the score on the primary criterion, the first tie-break
	Won     bool
}

// checkRow is one scorability check.
type checkRow struct {
	ID       tender.CheckID
	State    string
	Verdict  string
	Asker    string
	Asked    string
	Checked  string
	Round    round.ID
	Digest   string
	Criteria []checkedCriterion
	Linked   bool // the snapshot holds its round, listed after the checks
}

// checkedCriterion is one criterion a check read, and whether it was flagged.
type checkedCriterion struct {
	N       int
	Text    string
	Flagged bool
	Reason  string
}

// tenders returns the tenders section of s.
func (v *views) tenders() tenderSection {
	s := v.snap
	sec := tenderSection{}
	if t := s.Arena.Terms.Treasury; t != nil {
		sec.Treasury = v.name(*t)
	}
	rs := v.tenderRounds()
	scorable := map[string]tender.CheckID{}
	for i := range s.Checks {
		c := &s.Checks[i]
		row := v.checkRow(c)
		if r := v.roundsOf(rs, c.Round); len(r) > 0 {
			row.Linked = true
			sec.CheckRounds = append(sec.CheckRounds, r...)
		}
		sec.Checks = append(sec.Checks, row)
		if c.State == tender.CheckScorable {
			scorable[c.Digest] = c.ID
		}
	}
	for i := range s.Tenders {
		tc := v.tender(&s.Tenders[i], rs)
		tc.CheckedBy = scorable[tc.Digest]
		sec.Tenders = append(sec.Tenders, tc)
	}
	return sec
}

func (v *views) tender(t *ledger.TenderView, rs map[round.ID]*ledger.TenderRoundView) tenderCard {
	sym := v.snap.Arena.Terms.Symbol
	tc := tenderCard{ID: t.ID, Title: t.Title, Summary: t.Summary, Buyer: v.name(t.Buyer), State: t.State,
		Phase: phase(t.Phase), Paused: t.Paused, Budget: money(t.Budget, sym), Deposit: money(t.Deposit, sym),
		AppealBond: money(t.AppealBond, sym), Fee: money(t.Fee, sym) + " (" + bps(t.FeeBps) + " of the budget)",
		Payout: money(t.Payout, sym), Forfeited: money(t.Forfeited, sym), MaxBids: t.MaxBids,
		Eligibility: eligibility(t.Eligibility), Published: stamp(t.PublishedAt), AwardFrom: stamp(t.AwardFrom),
		LastScored: stamp(t.LastScoredAt), Settled: stamp(t.SettledAt), WinningBid: t.WinningBid,
		WinningTotal: t.WinningTotal, Reason: t.DeclineReason, Digest: t.CriteriaDigest}
	if t.State == tender.TenderDeclined || t.State == tender.TenderAbandoned {
		tc.Fee, tc.Payout = "", "" // settled without an award: no fee was taken, nothing paid out
	}
	tc.Windows = []window{
		{"Commit", stamp(t.PublishedAt), stamp(t.CommitCloses), t.Phase == "commit"},
		{"Reveal", stamp(t.CommitCloses), stamp(t.RevealCloses), t.Phase == "reveal"},
		{"Decide", stamp(t.RevealCloses), stamp(t.DecideCloses), t.Phase == "decide"},
	}
	if t.Winner != nil {
		tc.Winner = v.name(*t.Winner)
	}
	for _, c := range t.Criteria {
		tc.Criteria = append(tc.Criteria, criterionRow{N: c.Index + 1, Text: c.Text, Weight: c.Weight, Primary: c.Primary})
		tc.TotalMax += c.Weight * tender.ScoreMax
	}
	tc.Questions = questionCards(t.Questions, v.name)
	counts := map[string]int{}
	for i := range t.Bids {
		b := v.bid(t, &t.Bids[i], rs)
		counts[b.Status]++
		tc.Bids = append(tc.Bids, b)
		if b.Rank > 0 {
			tc.Ranking = append(tc.Ranking, rankRow{Rank: b.Rank, Bid: b.ID, Bidder: b.Bidder, Total: b.Total,
				Max: b.TotalMax, Primary: primaryScore(t, &t.Bids[i]), Won: b.Won})
		}
	}
	slices.SortStableFunc(tc.Ranking, func(a, b rankRow) int { return cmp.Compare(a.Rank, b.Rank) })
	tc.BidCount = bidCount(len(t.Bids), counts)
	return tc
}

func (v *views) bid(t *ledger.TenderView, b *ledger.BidView, rs map[round.ID]*ledger.TenderRoundView) bidCard {
	sym := v.snap.Arena.Terms.Symbol
	bc := bidCard{ID: b.ID, Seq: b.Seq, Bidder: v.name(b.Bidder), Status: b.Status, Outcome: b.Outcome,
		Won: t.WinningBid != 0 && t.WinningBid == b.ID, Commitment: b.Commitment, Deposit: money(b.Deposit, sym),
		Committed: stamp(b.CommittedAt), Amended: amended(b.Amendments), AmendedAt: stamp(b.AmendedAt),
		Withdrawn: stamp(b.WithdrawnAt), Revealed: stamp(b.RevealedAt), Expired: stamp(b.ExpiredAt),
		Round: b.Round, Rounds: b.Rounds}
	switch b.Status {
	case tender.BidRevealed, tender.BidScored:
		bc.Proposal, bc.ProposalLen, bc.Salt = b.Proposal, utf8.RuneCountInString(b.Proposal), b.Salt
		bc.History = v.roundsOf(rs, b.Rounds...)
	}
	if a := b.Appeal; a != nil {
		bc.Appeal = &tenderAppeal{Status: a.Status, Says: appealSays(a), Argument: a.Argument, Bond: money(a.Bond, sym),
			Filed: stamp(a.FiledAt), Resolved: stamp(a.ResolvedAt), Round: a.Round}
	}
	if b.Status != tender.BidScored {
		bc.Note = bidNote(b)
		return bc
	}
	bc.Scored, bc.Total, bc.TotalMax, bc.Rank, bc.Rescored = stamp(b.ScoredAt), b.Total, b.TotalMax, b.Rank, b.Rescored
	if b.Rescored && b.Appeal != nil {
		bc.Before = utoa(b.Appeal.TotalBefore) + "/" + utoa(b.TotalMax)
	}
	for _, s := range b.Scores {
		row := scoreRow{N: s.Criterion + 1, Score: s.Score, Weighted: s.Weighted, Reason: s.Reason,
			Agreement: agreement(s.Score, s.Members)}
		if s.Criterion >= 0 && s.Criterion < len(t.Criteria) {
			c := t.Criteria[s.Criterion]
			row.Text, row.Weight, row.Primary = c.Text, c.Weight, c.Primary
		}
		bc.Scores = append(bc.Scores, row)
	}
	return bc
}

// amended says how often a sealed commitment was replaced.
func amended(n int) string {
	switch {
	case n <= 0:
		return ""
	case n == 1:
		return "amended once"
	default:
		return "amended " + strconv.Itoa(n) + " times"
	}
}

// bidNote says why a bid shows no scorecard.
func bidNote(b *ledger.BidView) string {
	switch b.Status {
	case tender.BidSealed:
		return "sealed: a commitment until it is revealed; the proposal shows once revealed"
	case tender.BidWithdrawn:
		return "withdrawn while sealed: the deposit was owed back and the proposal was never revealed"
	case tender.BidExpired:
		return "expired unrevealed: the deposit was forfeited to the treasury and the proposal was never revealed"
	case tender.BidRevealed:
		if len(b.Rounds) > 0 {
			return "revealed, not scored yet: no scoring round has settled a scorecard"
		}
		return "revealed, not scored yet: no scoring round has opened"
	}
	return b.Status
}

// appealSays says what an appeal's status meant for its bid.
func appealSays(a *tender.AppealView) string {
	before := "total " + utoa(a.TotalBefore)
	switch a.Status {
	case tender.AppealOpen:
		if a.Round != 0 {
			return "open: rescoring in round " + utoa(uint64(a.Round)) + "; award and decline wait for it"
		}
		return "open: anyone may resolve it with a rescoring round; award and decline wait for it"
	case tender.AppealUpheld:
		return "upheld: the " + before + " rose to " + utoa(a.TotalAfter) + ", so the bond went back to the bidder"
	case tender.AppealRejected:
		return "rejected: the " + before + " did not rise (now " + utoa(a.TotalAfter) + "), so the bond was forfeited to the treasury"
	case tender.AppealLapsed:
		return "lapsed: the rescoring ended without a scorecard; the bond and fee went back and the scorecard stands"
	}
	return a.Status
}

// agreement writes a kept score and each agreeing member's score, leader first.
func agreement(score int, members []int) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(score))
	if len(members) == 0 {
		return b.String()
	}
	b.WriteString(" \u00b7")
	for _, m := range members {
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(m))
	}
	return b.String()
}

// primaryScore returns b's score on t's primary criterion.
func primaryScore(t *ledger.TenderView, b *ledger.BidView) int {
	for _, s := range b.Scores {
		if s.Criterion == t.PrimaryIndex {
			return s.Score
		}
	}
	return 0
}

// bidCount says how many bids a tender has, by status in the order a bid moves.
func bidCount(n int, by map[string]int) string {
	s := strconv.Itoa(n)
	var parts []string
	for _, st := range []string{tender.BidSealed, tender.BidRevealed, tender.BidScored, tender.BidExpired, tender.BidWithdrawn} {
		if by[st] > 0 {
			parts = append(parts, strconv.Itoa(by[st])+" "+st)
		}
	}
	if len(parts) > 0 {
		s += ": " + strings.Join(parts, ", ")
	}
	return s
}

// phase says where a tender is at the arena's clock.
func phase(p string) string {
	switch p {
	case "commit":
		return "commit window open: bids are sealed and questions taken"
	case "reveal":
		return "reveal window open: bidders open their commitments"
	case "decide":
		return "decision window open: the buyer awards or declines"
	case "closed":
		return "decision window closed: anyone may award, or close what cannot be completed"
	case "settled":
		return "settled"
	}
	return p
}

// eligibility describes the rules a tender names; none means anyone may bid.
func eligibility(rules []string) []string {
	if len(rules) == 0 {
		return []string{"anyone may bid"}
	}
	out := make([]string, len(rules))
	for i, r := range rules {
		switch r {
		case tender.RuleNoPriorAward:
			out[i] = "no prior award: an address that has won a tender may not bid"
		default:
			out[i] = r
		}
	}
	return out
}

// bps formats basis points as a percentage: 250 is "2.5%", 1000 "10%".
func bps(n uint64) string {
	s := utoa(n / 100)
	if f := n % 100; f != 0 {
		s += "." + strings.TrimRight(strconv.FormatUint(100+f, 10)[1:], "0")
	}
	return s + "%"
}

func (v *views) checkRow(c *ledger.CheckView) checkRow {
	r := checkRow{ID: c.ID, State: c.State, Asker: v.name(c.Asker), Asked: stamp(c.AskedAt),
		Checked: stamp(c.CheckedAt), Round: c.Round, Digest: c.Digest}
	reasons := map[int]string{}
	for i, f := range c.Flagged {
		if i < len(c.Reasons) {
			reasons[f] = c.Reasons[i]
		} else {
			reasons[f] = ""
		}
	}
	for i, text := range c.Criteria {
		reason, flagged := reasons[i]
		r.Criteria = append(r.Criteria, checkedCriterion{N: i + 1, Text: text, Flagged: flagged, Reason: reason})
	}
	switch c.State {
	case tender.CheckRunning:
		r.Verdict = "round " + utoa(uint64(c.Round)) + " is open"
	case tender.CheckScorable:
		r.Verdict = "every criterion can be scored from a proposal's text"
	case tender.CheckNotScorable:
		r.Verdict = plural(len(c.Flagged), "criterion", "criteria") + " flagged"
	case tender.CheckFailed:
		r.Verdict = "the round ran out of attempts; the fee went back and these criteria may be checked again"
	}
	return r
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func utoa(n uint64) string { return strconv.FormatUint(n, 10) }
