package ocds

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

// Party roles, from the OCDS partyRole codelist and the enquiries extension.
const (
	RoleBuyer    = "buyer"
	RoleTenderer = "tenderer"
	RoleSupplier = "supplier"
	RoleEnquirer = "enquirer"
)

// order ranks the events a tender's releases publish as the ledger can cause them, to
// order releases on the same second.
var order = map[string]int{
	"published": 0, "enquiry": 1, "answer": 2, "opening": 3, "withdrawal": 4, "reveal": 5, "expiry": 6,
	"scoring": 7, "appeal": 8, "appealResolved": 9, "award": 10, "decline": 10, "abandon": 10,
}

// event is one release before its parties are filled in: the roles it gives, in order.
type event struct {
	at    int64
	rel   Release
	roles []grant
}

// grant gives an address a role.
type grant struct {
	addr ledger.Address
	role string
}

// builder turns a source into releases.
type builder struct {
	src    Source
	ocid   string
	events []event
}

// Releases returns tender src.Tender's releases, oldest first: its publication, each
// question and each answer, the bid opening once the commit window has closed, each
// reveal, expiry, scoring, appeal and appeal's resolution, and the award, decline or
// abandonment. Releases of the same second are in that order of events, then by bid.
// A tender still open has the releases so far, its status active.
func Releases(src Source) []Release {
	b := &builder{src: src, ocid: OCID(src.Chain, src.Tender.ID)}
	b.published()
	for _, q := range src.Tender.Questions {
		b.enquiry(q)
	}
	if src.Now > src.Tender.CommitCloses {
		b.opening()
	}
	for _, x := range src.Tender.Bids {
		b.bid(x)
	}
	b.settled()
	slices.SortStableFunc(b.events, func(x, y event) int {
		return cmp.Or(cmp.Compare(x.at, y.at), cmp.Compare(order[x.rel.Arena.Event], order[y.rel.Arena.Event]))
	})
	return b.parties()
}

// parties fills in each release's parties: every address it names, with every role it
// holds so far (a role list merges whole, so each carries all of them).
func (b *builder) parties() []Release {
	held := map[ledger.Address][]string{}
	out := make([]Release, len(b.events))
	for i, e := range b.events {
		var named []ledger.Address
		for _, g := range e.roles {
			if !slices.Contains(held[g.addr], g.role) {
				held[g.addr] = append(held[g.addr], g.role)
			}
			if !slices.Contains(named, g.addr) {
				named = append(named, g.addr)
			}
		}
		for _, a := range named {
			e.rel.Parties = append(e.rel.Parties, Party{ID: a.String(), Name: a.String(), Roles: slices.Clone(held[a])})
		}
		out[i] = e.rel
	}
	return out
}

// add records a release with id {ocid}-suffix for the ledger event ev at time at,
// tagged tag, giving roles. The pointer is good until the next add.
func (b *builder) add(at int64, suffix, ev, tag string, roles ...grant) *Release {
	b.events = append(b.events, event{at: at, roles: roles, rel: Release{
		OCID: b.ocid, ID: b.ocid + "-" + suffix, Date: Date(at), Tag: []string{tag}, InitiationType: "tender",
		Arena: &ReleaseArena{Event: ev},
	}})
	return &b.events[len(b.events)-1].rel
}

func (b *builder) tenderID() string { return b.ocid }

func ref(a ledger.Address) *OrgRef { return &OrgRef{ID: a.String(), Name: a.String()} }

// value returns a as an OCDS Value: see the package doc.
func (b *builder) value(a ledger.Amount) *Value {
	return &Value{Amount: json.Number(a.Units()), Currency: "XXX", Arena: &ValueArena{Symbol: b.src.Symbol, Atto: a.String()}}
}

// published is the tender's publication: its terms, criteria and windows.
func (b *builder) published() {
	t := b.src.Tender
	r := b.add(t.PublishedAt, "tender", "published", "tender", grant{t.Buyer, RoleBuyer})
	r.Buyer = ref(t.Buyer)
	no := false
	fee := t.FeeBps
	r.Tender = &Tender{
		ID: b.tenderID(), Title: t.Title, Description: t.Summary, Status: "active", ProcuringEntity: ref(t.Buyer),
		Value: b.value(t.Budget), ProcurementMethod: "open",
		ProcurementMethodDetails: "Open sealed-bid tender on a ledger: bids are committed as a digest, then revealed and scored by validator consensus",
		AwardCriteria:            "ratedCriteria", AwardCriteriaDetails: criteriaDetails(t),
		SubmissionMethod:        []string{"electronicSubmission"},
		SubmissionMethodDetails: "A signed tender_commit transaction carrying sha256(salt, bidder, proposal) while the tender period runs; the proposal and salt are revealed (tender_reveal) in the reveal period",
		TenderPeriod:            &Period{StartDate: Date(t.PublishedAt), EndDate: Date(t.CommitCloses)},
		EnquiryPeriod:           &Period{StartDate: Date(t.PublishedAt), EndDate: Date(t.CommitCloses)},
		HasEnquiries:            &no,
		AwardPeriod:             &Period{StartDate: Date(t.RevealCloses), EndDate: Date(t.DecideCloses)},
		Arena: &TenderArena{
			Criteria: criteria(t), CriteriaDigest: t.CriteriaDigest,
			RevealPeriod: &Period{StartDate: Date(t.CommitCloses), EndDate: Date(t.RevealCloses)},
			Deposit:      b.value(t.Deposit), AppealBond: b.value(t.AppealBond), FeeBps: &fee, MaxBids: t.MaxBids,
			State: tender.TenderOpen,
		},
	}
	if len(t.Eligibility) > 0 {
		r.Tender.Arena.Eligibility = t.Eligibility
		r.Tender.EligibilityCriteria = "Eligibility rules checked at commit: " + strings.Join(t.Eligibility, ", ")
	}
}

// criteriaDetails spells the criteria and their weights out for awardCriteriaDetails.
func criteriaDetails(t ledger.TenderView) string {
	var sb strings.Builder
	sb.WriteString("Each criterion is scored 0 to 5 by validator consensus; a bid's total is the sum of score times weight; ties go to the primary criterion, then to commit order.")
	for _, c := range t.Criteria {
		fmt.Fprintf(&sb, " %d. %s (weight %d", c.Index+1, c.Text, c.Weight)
		if c.Primary {
			sb.WriteString(", primary")
		}
		sb.WriteString(").")
	}
	return sb.String()
}

func criteria(t ledger.TenderView) []Criterion {
	out := make([]Criterion, len(t.Criteria))
	for i, c := range t.Criteria {
		out[i] = Criterion{ID: strconv.Itoa(c.Index), Text: c.Text, Weight: c.Weight, Primary: c.Primary}
	}
	return out
}

// enquiry is question q asked, and answered if it was.
func (b *builder) enquiry(q tender.QuestionView) {
	id := strconv.Itoa(q.Index)
	yes := true
	r := b.add(q.AskedAt, "enquiry-"+id, "enquiry", "tenderUpdate", grant{q.Asker, RoleEnquirer})
	r.Tender = &Tender{ID: b.tenderID(), HasEnquiries: &yes, Enquiries: []Enquiry{{
		ID: id, Date: Date(q.AskedAt), Author: ref(q.Asker), Description: q.Text,
	}}}
	if q.Answer == "" {
		return
	}
	r = b.add(q.AnsweredAt, "answer-"+id, "answer", "tenderUpdate")
	r.Tender = &Tender{ID: b.tenderID(), Enquiries: []Enquiry{{ID: id, Answer: q.Answer, DateAnswered: Date(q.AnsweredAt)}}}
}

// opening is the end of the commit window: every bid sealed by then, with its
// tenderer and commitment, none of its content.
func (b *builder) opening() {
	t := b.src.Tender
	var roles []grant
	var details []Bid
	var tenderers []OrgRef
	bidders := map[ledger.Address]bool{}
	n := 0
	for _, x := range t.Bids {
		status, state := "pending", tender.BidSealed
		if x.WithdrawnAt != 0 && x.WithdrawnAt <= t.CommitCloses {
			status, state = "withdrawn", tender.BidWithdrawn
			roles = append(roles, grant{x.Bidder, RoleTenderer}) // it did bid: a party its bid names
		} else {
			n++
			if !bidders[x.Bidder] {
				bidders[x.Bidder] = true
				tenderers = append(tenderers, *ref(x.Bidder))
				roles = append(roles, grant{x.Bidder, RoleTenderer})
			}
		}
		am := x.Amendments
		details = append(details, Bid{
			ID: bidID(x.ID), Date: Date(x.CommittedAt), Status: status, Tenderers: []OrgRef{*ref(x.Bidder)},
			Arena: &BidArena{Seq: x.Seq, Commitment: x.Commitment, Deposit: b.value(x.Deposit), Amendments: &am, State: state},
		})
	}
	r := b.add(t.CommitCloses, "opening", "opening", "tenderUpdate", roles...)
	count := len(tenderers)
	r.Tender = &Tender{ID: b.tenderID(), NumberOfTenderers: &count, Tenderers: tenderers}
	r.Bids = &Bids{
		Statistics: []Statistic{
			{ID: "bids", Measure: "bids", Date: Date(t.CommitCloses), Value: n},
			{ID: "bidders", Measure: "bidders", Date: Date(t.CommitCloses), Value: count},
		},
		Details: details,
	}
}

func bidID(id ledger.BidID) string { return strconv.FormatUint(uint64(id), 10) }

// bidRelease adds a release updating bid x alone.
func (b *builder) bidRelease(at int64, x ledger.BidView, what, ev, tag string, bid Bid) *Release {
	bid.ID = bidID(x.ID)
	r := b.add(at, "bid-"+bidID(x.ID)+"-"+what, ev, tag)
	r.Bids = &Bids{Details: []Bid{bid}}
	return r
}

// bid adds bid x's events after the opening: its reveal or expiry, each scoring and
// its appeal.
func (b *builder) bid(x ledger.BidView) {
	if x.RevealedAt != 0 {
		b.bidRelease(x.RevealedAt, x, "reveal", "reveal", "tenderUpdate", Bid{
			Status: "pending", Arena: &BidArena{Proposal: x.Proposal, Salt: x.Salt, State: tender.BidRevealed},
		})
	}
	if x.ExpiredAt != 0 {
		b.bidRelease(x.ExpiredAt, x, "expiry", "expiry", "tenderUpdate", Bid{
			Status: "disqualified", Arena: &BidArena{State: tender.BidExpired},
		})
	}
	if x.WithdrawnAt != 0 && x.WithdrawnAt > b.src.Tender.CommitCloses {
		b.bidRelease(x.WithdrawnAt, x, "withdrawal", "withdrawal", "tenderUpdate", Bid{
			Status: "withdrawn", Arena: &BidArena{State: tender.BidWithdrawn},
		})
	}
	for _, id := range x.Rounds {
		if x.Appeal != nil && id == x.Appeal.Round {
			continue // the rescoring is published with the appeal's resolution
		}
		if s, at, ok := b.scoring(x, id); ok {
			b.bidRelease(at, x, "scoring-"+strconv.FormatUint(uint64(id), 10), "scoring", "tenderUpdate", Bid{
				Status: "valid", Arena: &BidArena{State: tender.BidScored, Scoring: s},
			})
		}
	}
	if ap := x.Appeal; ap != nil {
		b.appeal(x, *ap)
	}
}

// appeal adds an appeal's filing and, once resolved, its fate with the rescoring's
// scorecard when it kept one.
func (b *builder) appeal(x ledger.BidView, ap tender.AppealView) {
	before := ap.TotalBefore
	b.bidRelease(ap.FiledAt, x, "appeal", "appeal", "tenderUpdate", Bid{Arena: &BidArena{Appeal: &Appeal{
		Argument: ap.Argument, Bond: b.value(ap.Bond), Date: Date(ap.FiledAt), Status: tender.AppealOpen, TotalBefore: &before,
	}}})
	if ap.ResolvedAt == 0 {
		return
	}
	res := &Appeal{Status: ap.Status, Round: uint64(ap.Round), DateResolved: Date(ap.ResolvedAt)}
	arena := &BidArena{Appeal: res}
	if ap.Status != tender.AppealLapsed {
		after := ap.TotalAfter
		res.TotalAfter = &after
		if s, _, ok := b.scoring(x, ap.Round); ok {
			arena.Scoring = s
		}
	}
	b.bidRelease(ap.ResolvedAt, x, "appeal-resolved", "appealResolved", "tenderUpdate", Bid{Arena: arena})
}

// settled adds the award, the decline or the abandonment, with every bid's outcome and
// rank.
func (b *builder) settled() {
	t := b.src.Tender
	if t.State == tender.TenderOpen {
		return
	}
	var r *Release
	status := map[string]string{tender.TenderAwarded: "complete", tender.TenderDeclined: "cancelled", tender.TenderAbandoned: "unsuccessful"}[t.State]
	switch t.State {
	case tender.TenderAwarded:
		var roles []grant
		var suppliers []OrgRef
		if w := t.Winner; w != nil { // an awarded view always names it; a doctored snapshot may not
			roles, suppliers = []grant{{*w, RoleTenderer}, {*w, RoleSupplier}}, []OrgRef{*ref(*w)}
		}
		r = b.add(t.SettledAt, "award", "award", "award", roles...)
		r.Awards = []Award{{
			ID: b.ocid + "-award", Title: t.Title, Status: "active", Date: Date(t.SettledAt), Value: b.value(t.Payout),
			Suppliers: suppliers, RelatedBid: bidID(t.WinningBid),
			Arena: &AwardArena{Total: t.WinningTotal, Budget: b.value(t.Budget), Fee: b.value(t.Fee)},
		}}
	case tender.TenderDeclined:
		r = b.add(t.SettledAt, "decline", "decline", "tenderCancellation")
	default:
		r = b.add(t.SettledAt, "abandon", "abandon", "tenderUpdate")
	}
	r.Tender = &Tender{ID: b.tenderID(), Status: status, Arena: &TenderArena{State: t.State, DeclineReason: t.DeclineReason, Forfeited: b.value(t.Forfeited)}}
	var details []Bid
	for _, x := range t.Bids {
		if x.Outcome == "" && x.Rank == 0 {
			continue
		}
		details = append(details, Bid{ID: bidID(x.ID), Arena: &BidArena{Rank: x.Rank, Outcome: x.Outcome}})
	}
	if len(details) > 0 {
		r.Bids = &Bids{Details: details}
	}
}
