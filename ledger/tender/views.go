package tender

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/clarify"
	"github.com/arena/arena/ledger/round"
)

// TenderView is a tender as readers see it: its frozen terms, criteria and windows, its
// state, its bids in commit order and its questions.
type TenderView struct {
	ID             TenderID        `json:"id"`
	Buyer          book.Address    `json:"buyer"`
	Title          string          `json:"title"`
	Summary        string          `json:"summary"`
	Criteria       []CriterionView `json:"criteria"`
	CriteriaDigest string          `json:"criteria_digest"`
	PrimaryIndex   int             `json:"primary_index"`
	Budget         book.Amount     `json:"budget"`
	Deposit        book.Amount     `json:"deposit"`
	AppealBond     book.Amount     `json:"appeal_bond"`
	FeeBps         uint64          `json:"fee_bps"`
	Fee            book.Amount     `json:"fee"`    // budget * fee_bps / 10000, to the treasury at award; 0 once declined or abandoned
	Payout         book.Amount     `json:"payout"` // budget - fee, to the winner at award; 0 once declined or abandoned
	MaxBids        int             `json:"max_bids"`
	Eligibility    []string        `json:"eligibility"`
	PublishedAt    int64           `json:"published_at"`
	CommitCloses   int64           `json:"commit_closes"`    // bids are sealed while now <= commit_closes
	RevealCloses   int64           `json:"reveal_closes"`    // reveals while commit_closes < now <= reveal_closes
	DecideCloses   int64           `json:"decide_closes"`    // the buyer decides while reveal_closes < now <= decide_closes
	Phase          string          `json:"phase"`            // at the arena's clock: "commit", "reveal", "decide", "closed" or "settled"
	State          string          `json:"state"`            // TenderOpen, TenderAwarded, TenderDeclined or TenderAbandoned
	Paused         string          `json:"paused,omitempty"` // why award and decline are refused now, if they are
	LastScoredAt   int64           `json:"last_scored_at,omitempty"`
	AwardFrom      int64           `json:"award_from,omitempty"` // the first moment award is allowed by the appeal wait
	Winner         *book.Address   `json:"winner,omitempty"`
	WinningBid     BidID           `json:"winning_bid,omitempty"`
	WinningTotal   uint64          `json:"winning_total,omitempty"`
	DeclineReason  string          `json:"decline_reason,omitempty"`
	SettledAt      int64           `json:"settled_at,omitempty"`
	Forfeited      book.Amount     `json:"forfeited"` // deposits and bonds this tender forfeited to the treasury
	Bids           []BidView       `json:"bids"`
	Questions      []QuestionView  `json:"questions"`
}

// CriterionView is one published criterion.
type CriterionView struct {
	Index   int    `json:"i"` // from 0
	Text    string `json:"text"`
	Weight  uint64 `json:"weight"`
	Primary bool   `json:"primary"`
}

// BidView is one bid. Its proposal is shown only after its reveal; its scores only once
// scored.
type BidView struct {
	ID          BidID        `json:"id"`
	Tender      TenderID     `json:"tender"`
	Bidder      book.Address `json:"bidder"`
	Seq         int          `json:"seq"` // commit order on the tender, from 1
	Commitment  string       `json:"commitment"`
	Status      string       `json:"status"` // BidSealed, BidRevealed, BidScored, BidExpired or BidWithdrawn
	Proposal    string       `json:"proposal,omitempty"`
	Salt        string       `json:"salt,omitempty"` // published with the proposal, so anyone can re-derive the commitment
	Deposit     book.Amount  `json:"deposit"`
	CommittedAt int64        `json:"committed_at"`
	Amendments  int          `json:"amendments"`
	AmendedAt   int64        `json:"amended_at,omitempty"`
	WithdrawnAt int64        `json:"withdrawn_at,omitempty"`
	RevealedAt  int64        `json:"revealed_at,omitempty"`
	ExpiredAt   int64        `json:"expired_at,omitempty"`
	ScoredAt    int64        `json:"scored_at,omitempty"`
	// Scores are the kept leader's, one per criterion in order, with the weighted
	// total the ledger computed and the most it could be (every score 5).
	Scores   []ScoreView `json:"scores"`
	Total    uint64      `json:"total"`
	TotalMax uint64      `json:"total_max"`
	Rank     int         `json:"rank,omitempty"` // 1-based among scored bids; 0 when unscored
	Rescored bool        `json:"rescored"`
	Appeal   *AppealView `json:"appeal,omitempty"`
	Round    round.ID    `json:"round,omitempty"` // the round whose scorecard is in force
	Rounds   []round.ID  `json:"rounds"`          // every scoring round, oldest first
	Outcome  string      `json:"outcome,omitempty"`
}

// ScoreView is one criterion's agreed score, with how each committee member who
// agreed scored it.
type ScoreView struct {
	Criterion int    `json:"i"`
	Score     int    `json:"score"`
	Weighted  uint64 `json:"weighted"` // score * weight
	Reason    string `json:"reason"`
	Members   []int  `json:"members"` // the agreeing members' scores, leader first
}

// AppealView is a bid's one appeal.
type AppealView struct {
	Argument    string      `json:"argument"`
	Bond        book.Amount `json:"bond"`
	FiledAt     int64       `json:"filed_at"`
	Status      string      `json:"status"` // AppealOpen, AppealUpheld, AppealRejected or AppealLapsed
	TotalBefore uint64      `json:"total_before"`
	TotalAfter  uint64      `json:"total_after,omitempty"`
	Round       round.ID    `json:"round,omitempty"` // the rescoring round
	ResolvedAt  int64       `json:"resolved_at,omitempty"`
}

// QuestionView is one public clarification: clarify.View.
type QuestionView = clarify.View

// CheckView is one scorability check of a criteria digest.
type CheckView struct {
	ID        CheckID      `json:"id"`
	Digest    string       `json:"digest"`
	Criteria  []string     `json:"criteria"`
	Asker     book.Address `json:"asker"`
	State     string       `json:"state"` // CheckRunning, CheckScorable, CheckNotScorable or CheckFailed
	Flagged   []int        `json:"flagged"`
	Reasons   []string     `json:"reasons"`
	AskedAt   int64        `json:"asked_at"`
	CheckedAt int64        `json:"checked_at,omitempty"`
	Round     round.ID     `json:"round"`
}

// TenderRoundView is a tender round (scoring or scorability) with the inputs frozen
// when it opened, which is what a validator grades.
type TenderRoundView struct {
	ID        round.ID       `json:"id"`
	Kind      string         `json:"kind"` // Kind or CheckKind
	Tender    TenderID       `json:"tender,omitempty"`
	Bid       BidID          `json:"bid,omitempty"`
	Check     CheckID        `json:"check,omitempty"`
	Rescoring bool           `json:"rescoring"` // opened by an appeal
	Criteria  []string       `json:"criteria"`  // the frozen criteria texts, in order, never the weights
	Proposal  string         `json:"proposal,omitempty"`
	Argument  string         `json:"argument,omitempty"` // the appeal's argument on a rescoring
	State     string         `json:"state"`
	OpenedAt  int64          `json:"opened_at"`
	SettledAt int64          `json:"settled_at,omitempty"` // the arena's clock when a verdict was kept; 0 until then and on a failed round
	Committee []book.Address `json:"committee"`
	Attempts  []AttemptView  `json:"attempts"` // every attempt with its attestations
}

// BuyerRecord is an address's record as a buyer.
type BuyerRecord struct {
	Address   book.Address `json:"address"`
	Tenders   int          `json:"tenders"`
	Awarded   int          `json:"awarded"`
	Declined  int          `json:"declined"`
	Abandoned int          `json:"abandoned"`
	Escrowed  book.Amount  `json:"escrowed"` // every budget it published
	Paid      book.Amount  `json:"paid"`     // what its awards paid winners
}

// BidderRecord is an address's record as a bidder.
type BidderRecord struct {
	Address   book.Address `json:"address"`
	Bids      int          `json:"bids"` // every bid it sealed: revealed + expired + withdrawn + still sealed
	Revealed  int          `json:"revealed"`
	Scored    int          `json:"scored"`
	Expired   int          `json:"expired"`
	Withdrawn int          `json:"withdrawn"`
	Won       int          `json:"won"`
	WonValue  book.Amount  `json:"won_value"`
	Points    uint64       `json:"points"`     // the sum of its scored bids' totals
	PointsMax uint64       `json:"points_max"` // the most those bids could have scored
}

// AttemptView is one attempt of a tender round.
type AttemptView struct {
	Attempt      int               `json:"attempt"`
	Leader       book.Address      `json:"leader"`
	OpenedAt     int64             `json:"opened_at"`
	Deadline     int64             `json:"deadline"`
	State        string            `json:"state"`
	Attestations []AttestationView `json:"attestations"`
}

// AttestationView is one committee member's verdict as the ledger recorded it: a
// Scorecard on a scoring round, a CheckResult on a scorability round.
type AttestationView struct {
	Validator book.Address `json:"validator"`
	Height    uint64       `json:"height"`
	Scorecard *Scorecard   `json:"scorecard,omitempty"`
	Check     *CheckResult `json:"check,omitempty"`
	Agrees    bool         `json:"agrees_with_leader"`
	Late      bool         `json:"late,omitempty"` // recorded after the attempt ended; never tallied
}
