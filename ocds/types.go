package ocds

import "encoding/json"

// Version is the OCDS version every package declares.
const Version = "1.1"

// The extensions every package lists: the official bids and enquiries extensions,
// pinned, and the Arena extension at ExtensionPath on the node that served it.
const (
	BidsExtension    = "https://raw.githubusercontent.com/open-contracting-extensions/ocds_bid_extension/v1.1.5/extension.json"
	EnquiryExtension = "https://raw.githubusercontent.com/open-contracting-extensions/ocds_enquiry_extension/v1.1.5/extension.json"
	ExtensionPath    = "/v1/ocds/extension.json"
	SchemaPath       = "/v1/ocds/release-schema.json"
)

// ReleasePackage is an OCDS release package: one tender's releases, oldest first.
type ReleasePackage struct {
	URI           string    `json:"uri"`
	Version       string    `json:"version"`
	Extensions    []string  `json:"extensions"`
	Publisher     Publisher `json:"publisher"`
	PublishedDate string    `json:"publishedDate"` // the newest release's date: the last change to the contents
	Releases      []Release `json:"releases"`
}

// RecordPackage is an OCDS record package: one record, with the releases embedded and
// the release compiled from them.
type RecordPackage struct {
	URI           string    `json:"uri"`
	Version       string    `json:"version"`
	Extensions    []string  `json:"extensions"`
	Publisher     Publisher `json:"publisher"`
	PublishedDate string    `json:"publishedDate"`
	Records       []Record  `json:"records"`
}

// Record is one contracting process: its releases and the compiled release.
type Record struct {
	OCID            string         `json:"ocid"`
	Releases        []Release      `json:"releases"`
	CompiledRelease map[string]any `json:"compiledRelease"`
}

// Publisher names the arena that published a package.
type Publisher struct {
	Name   string `json:"name"`
	Scheme string `json:"scheme"` // "arena-chain"
	UID    string `json:"uid"`    // the arena's chain id
}

// Release is one event of a tender as OCDS sees it.
type Release struct {
	OCID           string        `json:"ocid"`
	ID             string        `json:"id"`
	Date           string        `json:"date"`
	Tag            []string      `json:"tag"`
	InitiationType string        `json:"initiationType"`
	Parties        []Party       `json:"parties,omitempty"`
	Buyer          *OrgRef       `json:"buyer,omitempty"`
	Tender         *Tender       `json:"tender,omitempty"`
	Bids           *Bids         `json:"bids,omitempty"`
	Awards         []Award       `json:"awards,omitempty"`
	Arena          *ReleaseArena `json:"arena,omitempty"`
}

// ReleaseArena says which ledger event a release publishes (Arena extension).
type ReleaseArena struct {
	Event string `json:"event"` // published, enquiry, answer, opening, reveal, expiry, scoring, appeal, appealResolved, award, decline, abandon
}

// Party is an organization in a release, here an address, with its roles so far.
type Party struct {
	ID    string   `json:"id"`
	Name  string   `json:"name"`
	Roles []string `json:"roles"`
}

// OrgRef refers to an entry in parties.
type OrgRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// Value is an amount of the arena's currency: see the package doc.
type Value struct {
	Amount   json.Number `json:"amount"`
	Currency string      `json:"currency"`
	Arena    *ValueArena `json:"arena,omitempty"`
}

// ValueArena is a Value's exact amount in the arena's own currency (Arena extension).
type ValueArena struct {
	Symbol string `json:"symbol"`
	Atto   string `json:"atto"` // the exact amount in atto (10^-18 of a unit), a decimal string
}

// Period is a span of the arena's clock.
type Period struct {
	StartDate string `json:"startDate,omitempty"`
	EndDate   string `json:"endDate,omitempty"`
}

// Tender is a release's tender section; an update carries only what changed.
type Tender struct {
	ID                       string       `json:"id"`
	Title                    string       `json:"title,omitempty"`
	Description              string       `json:"description,omitempty"`
	Status                   string       `json:"status,omitempty"`
	ProcuringEntity          *OrgRef      `json:"procuringEntity,omitempty"`
	Value                    *Value       `json:"value,omitempty"`
	ProcurementMethod        string       `json:"procurementMethod,omitempty"`
	ProcurementMethodDetails string       `json:"procurementMethodDetails,omitempty"`
	AwardCriteria            string       `json:"awardCriteria,omitempty"`
	AwardCriteriaDetails     string       `json:"awardCriteriaDetails,omitempty"`
	SubmissionMethod         []string     `json:"submissionMethod,omitempty"`
	SubmissionMethodDetails  string       `json:"submissionMethodDetails,omitempty"`
	TenderPeriod             *Period      `json:"tenderPeriod,omitempty"`
	EnquiryPeriod            *Period      `json:"enquiryPeriod,omitempty"`
	HasEnquiries             *bool        `json:"hasEnquiries,omitempty"`
	EligibilityCriteria      string       `json:"eligibilityCriteria,omitempty"`
	AwardPeriod              *Period      `json:"awardPeriod,omitempty"`
	NumberOfTenderers        *int         `json:"numberOfTenderers,omitempty"`
	Tenderers                []OrgRef     `json:"tenderers,omitempty"`
	Enquiries                []Enquiry    `json:"enquiries,omitempty"`
	Arena                    *TenderArena `json:"arena,omitempty"`
}

// TenderArena is what a tender holds that OCDS has no field for (Arena extension).
type TenderArena struct {
	Criteria       []Criterion `json:"criteria,omitempty"`
	CriteriaDigest string      `json:"criteriaDigest,omitempty"` // sha256 of the normalised criteria, what an audit re-derives
	RevealPeriod   *Period     `json:"revealPeriod,omitempty"`
	Deposit        *Value      `json:"deposit,omitempty"`
	AppealBond     *Value      `json:"appealBond,omitempty"`
	FeeBps         *uint64     `json:"feeBps,omitempty"`
	MaxBids        int         `json:"maxBids,omitempty"`
	Eligibility    []string    `json:"eligibility,omitempty"`
	State          string      `json:"state,omitempty"` // the ledger's state: open, awarded, declined, abandoned
	DeclineReason  string      `json:"declineReason,omitempty"`
	Forfeited      *Value      `json:"forfeited,omitempty"`
}

// Criterion is one published criterion with its weight.
type Criterion struct {
	ID      string `json:"id"` // its index, from 0
	Text    string `json:"text"`
	Weight  uint64 `json:"weight"`
	Primary bool   `json:"primary"`
}

// Enquiry is one clarification question and its answer (enquiries extension).
type Enquiry struct {
	ID           string  `json:"id"` // its number on the tender, from 1
	Date         string  `json:"date,omitempty"`
	Author       *OrgRef `json:"author,omitempty"`
	Description  string  `json:"description,omitempty"`
	Answer       string  `json:"answer,omitempty"`
	DateAnswered string  `json:"dateAnswered,omitempty"`
}

// Bids is a release's bids section (bids extension).
type Bids struct {
	Statistics []Statistic `json:"statistics,omitempty"`
	Details    []Bid       `json:"details,omitempty"`
}

// Statistic is one bid statistic.
type Statistic struct {
	ID      string `json:"id"`
	Measure string `json:"measure"`
	Date    string `json:"date,omitempty"`
	Value   int    `json:"value"`
}

// Bid is one bid (bids extension); an update carries only what changed.
type Bid struct {
	ID        string    `json:"id"` // the ledger's bid id
	Date      string    `json:"date,omitempty"`
	Status    string    `json:"status,omitempty"`
	Tenderers []OrgRef  `json:"tenderers,omitempty"`
	Arena     *BidArena `json:"arena,omitempty"`
}

// BidArena is what a bid holds that OCDS has no field for (Arena extension).
type BidArena struct {
	Seq        int      `json:"seq,omitempty"` // commit order on the tender, from 1
	Commitment string   `json:"commitment,omitempty"`
	Deposit    *Value   `json:"deposit,omitempty"`
	Amendments *int     `json:"amendments,omitempty"`
	Proposal   string   `json:"proposal,omitempty"`
	Salt       string   `json:"salt,omitempty"`
	State      string   `json:"state,omitempty"` // the ledger's state: sealed, revealed, scored, expired, withdrawn
	Scoring    *Scoring `json:"scoring,omitempty"`
	Appeal     *Appeal  `json:"appeal,omitempty"`
	Rank       int      `json:"rank,omitempty"`
	Outcome    string   `json:"outcome,omitempty"` // won, returned or forfeited, once settled
}

// Scoring is the scorecard in force after one scoring round.
type Scoring struct {
	Round    uint64  `json:"round"`
	Rescored bool    `json:"rescored"` // kept by an appeal's rescoring
	Total    uint64  `json:"total"`    // the weighted total: the sum of score times weight
	TotalMax uint64  `json:"totalMax"` // every criterion at 5
	Scores   []Score `json:"scores"`
}

// Score is one criterion's agreed score.
type Score struct {
	ID        string `json:"id"` // the criterion's index, from 0
	Criterion int    `json:"criterion"`
	Score     int    `json:"score"`
	Weighted  uint64 `json:"weighted"`
	Reason    string `json:"reason"`
	Members   []int  `json:"members"` // the agreeing committee members' scores, leader first
}

// Appeal is a bid's appeal and its fate.
type Appeal struct {
	Argument     string  `json:"argument,omitempty"`
	Bond         *Value  `json:"bond,omitempty"`
	Date         string  `json:"date,omitempty"`
	Status       string  `json:"status"` // open, upheld, rejected or lapsed
	TotalBefore  *uint64 `json:"totalBefore,omitempty"`
	TotalAfter   *uint64 `json:"totalAfter,omitempty"`
	Round        uint64  `json:"round,omitempty"` // the rescoring round
	DateResolved string  `json:"dateResolved,omitempty"`
}

// Award is a tender's award.
type Award struct {
	ID         string      `json:"id"`
	Title      string      `json:"title,omitempty"`
	Status     string      `json:"status"`
	Date       string      `json:"date"`
	Value      *Value      `json:"value,omitempty"`
	Suppliers  []OrgRef    `json:"suppliers,omitempty"`
	RelatedBid string      `json:"relatedBid,omitempty"`
	Arena      *AwardArena `json:"arena,omitempty"`
}

// AwardArena is what an award holds that OCDS has no field for (Arena extension).
type AwardArena struct {
	Total  uint64 `json:"total"`  // the winning bid's weighted total
	Budget *Value `json:"budget"` // what the buyer escrowed: the value plus the fee
	Fee    *Value `json:"fee"`    // to the treasury
}
