package tender

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/clarify"
	"github.com/arena/arena/ledger/round"
)

// tender is a published tender as the ledger keeps it. Its criteria, weights, terms
// and windows are frozen at publication: nothing edits them.
type tender struct {
	ID            TenderID     `json:"id"`
	Buyer         book.Address `json:"buyer"`
	Title         string       `json:"title"`
	Summary       string       `json:"summary"`
	Criteria      []Criterion  `json:"criteria"`
	Digest        string       `json:"criteria_digest"`
	Budget        book.Amount  `json:"budget"`
	Deposit       book.Amount  `json:"deposit"`
	AppealBond    book.Amount  `json:"appeal_bond"`
	FeeBps        uint64       `json:"fee_bps"`
	MaxBids       int          `json:"max_bids"`
	Eligibility   []string     `json:"eligibility"`
	PublishedAt   int64        `json:"published_at"`
	CommitCloses  int64        `json:"commit_closes"`
	RevealCloses  int64        `json:"reveal_closes"`
	DecideCloses  int64        `json:"decide_closes"`
	State         string       `json:"state"`
	Bids          []BidID      `json:"bids"` // commit order
	Questions     []*question  `json:"questions"`
	LastScoredAt  int64        `json:"last_scored_at"`
	WinningBid    BidID        `json:"winning_bid"`
	WinningTotal  uint64       `json:"winning_total"`
	DeclineReason string       `json:"decline_reason"`
	SettledAt     int64        `json:"settled_at"`
	Forfeited     book.Amount  `json:"forfeited"`
}

// question is one public clarification, stored verbatim: clarify's, which the bounty's
// tasks share.
type question = clarify.Question

// weights returns the tender's published weights, in criterion order.
func (t *tender) weights() []uint64 {
	w := make([]uint64, len(t.Criteria))
	for i, c := range t.Criteria {
		w[i] = c.Weight
	}
	return w
}

// texts returns the tender's criteria texts, in order: what a scorer is given.
func (t *tender) texts() []string { return criteriaTexts(t.Criteria) }

// primary returns the index of the primary criterion.
func (t *tender) primary() int {
	return slices.IndexFunc(t.Criteria, func(c Criterion) bool { return c.Primary })
}

// totalMax returns the most a bid can score: every criterion at ScoreMax.
func (t *tender) totalMax() uint64 {
	var sum uint64
	for _, c := range t.Criteria {
		sum += c.Weight * ScoreMax
	}
	return sum
}

// fee returns the treasury's share of the budget at award (Fee).
func (t *tender) fee() book.Amount { return Fee(t.Budget, t.FeeBps) }

// Fee returns the treasury's share of budget at bps basis points (at most MaxFeeBps),
// budget*bps/10000 rounded down, computed without overflowing. The award and its audit
// both use it.
func Fee(budget book.Amount, bps uint64) book.Amount {
	q, rem := budget.DivMod(BpsDenominator)
	hi, _ := q.MulUint64(bps)   // q*bps <= budget/10
	lo, _ := rem.MulUint64(bps) // below 10^7
	lo, _ = lo.DivMod(BpsDenominator)
	return mustAdd(hi, lo)
}

// payout returns what the winner is paid: the budget less the fee.
func (t *tender) payout() book.Amount {
	p, _ := t.Budget.Sub(t.fee())
	return p
}

// phase returns the tender's phase at the arena's clock now.
func (t *tender) phase(now int64) string {
	switch {
	case t.State != TenderOpen:
		return "settled"
	case now <= t.CommitCloses:
		return "commit"
	case now <= t.RevealCloses:
		return "reveal"
	case now <= t.DecideCloses:
		return "decide"
	}
	return "closed"
}

// runes reports whether s is valid UTF-8 of min to max characters.
func runes(s string, min, max int) bool {
	if !utf8.ValidString(s) {
		return false
	}
	n := utf8.RuneCountInString(s)
	return n >= min && n <= max
}

// words reports whether s is valid UTF-8 of min to max characters and, with its
// whitespace collapsed, still holds at least min.
func words(s string, min, max int) bool {
	return runes(s, min, max) && utf8.RuneCountInString(strings.Join(strings.Fields(s), " ")) >= min
}

// Publish opens a tender: the transaction's value is the budget, escrowed in the budget
// pool until the tender settles. The criteria must have passed the scorability check.
func (s *State) Publish(env round.Env, b Publish) (book.Outcome, *book.Error) {
	if err := s.publishable(env.At, b); err != nil {
		return book.Outcome{}, err
	}
	at := env.At
	env.Book.Escrow(at.From, BudgetPool, at.Value)
	t := &tender{
		ID: TenderID(len(s.tenders) + 1), Buyer: at.From, Title: b.Title, Summary: b.Summary,
		Criteria: slices.Clone(b.Criteria), Digest: Digest(criteriaTexts(b.Criteria)),
		Budget: at.Value, Deposit: b.Deposit, AppealBond: b.AppealBond, FeeBps: b.FeeBps, MaxBids: b.MaxBids,
		Eligibility: append([]string{}, b.Eligibility...), PublishedAt: at.Now,
		CommitCloses: at.Now + b.CommitS, State: TenderOpen, Bids: []BidID{}, Questions: []*question{},
	}
	t.RevealCloses = t.CommitCloses + b.RevealS
	t.DecideCloses = t.RevealCloses + b.DecideS
	s.tenders = append(s.tenders, t)
	r := s.buyer(at.From)
	r.Tenders++
	r.Escrowed = mustAdd(r.Escrowed, at.Value)
	return book.Outcome{Created: uint64(t.ID), Events: []book.Event{{
		Type: "tender_published", Height: at.Height, Tender: uint64(t.ID), Address: book.AddrPtr(at.From), Amount: book.AmountPtr(t.Budget),
	}}}, nil
}

// publishable refuses a publication, in the order the refusals are listed.
func (s *State) publishable(at book.At, b Publish) *book.Error {
	if err := s.Runs(); err != nil {
		return err
	}
	switch {
	case at.Value.IsZero():
		return errBudgetZero
	case len(b.Criteria) < CriteriaMin || len(b.Criteria) > CriteriaMax:
		return errCriteriaCount
	case !words(b.Title, 1, MaxTitleLen):
		return errTitle
	case !runes(b.Summary, 0, MaxSummaryLen):
		return errSummary
	}
	primaries := 0
	for _, c := range b.Criteria {
		if !words(c.Text, 1, MaxCriterionLen) {
			return errCriterionText
		}
		if c.Weight < WeightMin || c.Weight > WeightMax {
			return errWeight
		}
		if c.Primary {
			primaries++
		}
	}
	if primaries != 1 {
		return errPrimary
	}
	if b.MaxBids < 1 || b.MaxBids > MaxBids {
		return errMaxBids
	}
	for i, rule := range b.Eligibility {
		if !slices.Contains(Rules(), rule) {
			return errRule
		}
		if slices.Contains(b.Eligibility[:i], rule) {
			return errRuleTwice
		}
	}
	if b.FeeBps > MaxFeeBps {
		return errFeeBps
	}
	if c := s.check(s.latest[Digest(criteriaTexts(b.Criteria))]); c == nil || c.State != CheckScorable {
		return errNotScorable
	}
	for _, w := range []int64{b.CommitS, b.RevealS, b.DecideS} {
		if w < 1 || w > MaxWindowS {
			return errWindows
		}
	}
	return nil
}

// criteriaTexts returns the texts of published criteria, in order.
func criteriaTexts(cs []Criterion) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Text
	}
	return out
}
