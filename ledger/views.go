package ledger

import (
	"github.com/arena/arena/ledger/book"
)

// The arena-wide views: get_arena, get_claimable and the snapshot. Each kind's own views
// (tasks, entries, rounds, reputations) are its package's types, named here in surface.go.

// Balances are the arena's pools, the claimable total and what entered and left:
// prize_escrow + bond_escrow + slash_pool + grading_fees + fee_pool + tender_budget +
// tender_deposits + tender_grading_fees + match_fees + match_stakes + match_bonds +
// challenge_pool + challenge_deposits + challenge_grading_fees + learn_pool +
// learn_deposits + learn_grading_fees + validator_bonds + validator_slashed +
// claimable_total ==
// paid_in - paid_out.
type Balances struct {
	PrizeEscrow          Amount `json:"prize_escrow"`
	BondEscrow           Amount `json:"bond_escrow"`
	SlashPool            Amount `json:"slash_pool"`
	GradingFees          Amount `json:"grading_fees"`               // paid with entries and appeals, not yet earned by graders
	FeePool              Amount `json:"fee_pool"`                   // transaction fees paid at admission
	TenderBudget         Amount `json:"tender_budget"`              // budgets of tenders not yet settled
	TenderDeposits       Amount `json:"tender_deposits"`            // bid deposits held and open appeal bonds
	TenderGradingFees    Amount `json:"tender_grading_fees"`        // paid with checks, bids and appeals, not yet earned or returned
	MatchFees            Amount `json:"match_fees"`                 // entry fees of matches not yet settled
	MatchStakes          Amount `json:"match_stakes"`               // stakes of bets not yet settled
	MatchBonds           Amount `json:"match_bonds"`                // operator bonds of matches not yet settled
	ChallengePool        Amount `json:"challenge_pool"`             // unspent emission pools of open challenges
	ChallengeDeposits    Amount `json:"challenge_deposits"`         // deposits of entries whose entry run has not ended
	ChallengeGradingFees Amount `json:"challenge_grading_fees"`     // paid with bench registrations and commits, not yet earned or returned
	LearnPool            Amount `json:"learn_pool"`                 // unspent emission pools of open learning challenges
	LearnDeposits        Amount `json:"learn_deposits"`             // deposits of learning runs not yet final
	LearnGradingFees     Amount `json:"learn_grading_fees"`         // paid with learning commits whose run round has not ended
	ValidatorBonds       Amount `json:"validator_bonds,omitzero"`   // bonds of validators in the set, waiting to join or unbonding
	ValidatorSlashed     Amount `json:"validator_slashed,omitzero"` // slashed validator bonds, in an arena without a treasury
	ClaimableTotal       Amount `json:"claimable_total"`
	PaidIn               Amount `json:"paid_in"`
	PaidOut              Amount `json:"paid_out"`
}

// PoolLine is one pool as the arena's balances list it: the book's name for it, its
// name in words, and what it holds.
type PoolLine struct {
	Pool   book.Pool
	Name   string
	Amount Amount
}

// Pools lists every pool the balances carry, in the order the arena shows them: the
// bounty's, the fee pool, then the tender's, the match's, the benchmark challenge's and
// the learning challenge's (each kind's pools in contests, kinds.go). It is the one list
// of pools: Held sums it, the board's money line shows it, and a test fails when the
// book holds money in a pool it does not name.
func (b Balances) Pools() []PoolLine {
	var out []PoolLine
	for _, l := range poolLines() {
		if v := *l.field(&b); !optionalPool(l.pool) || !v.IsZero() {
			out = append(out, PoolLine{l.pool, l.name, v})
		}
	}
	return out
}

// Held returns the sum of every pool Pools lists and the claimable total, and whether it
// overflowed; the money identity is Held() == PaidIn - PaidOut.
func (b Balances) Held() (Amount, bool) {
	sum := b.ClaimableTotal
	for _, p := range b.Pools() {
		var over bool
		if sum, over = sum.Add(p.Amount); over {
			return Amount{}, true
		}
	}
	return sum, false
}

// Account is one address as the arena sees it: its nonce, wallet and what it is owed,
// the transaction fees it paid and the grading fees it earned (book.Account).
type Account = book.Account

// Counts are the arena's headline numbers.
type Counts struct {
	Tasks      int `json:"tasks"`
	Open       int `json:"open"`
	Awarded    int `json:"awarded"`
	Voided     int `json:"voided"`
	Entries    int `json:"entries"`
	Solvers    int `json:"solvers"`
	Rounds     int `json:"rounds"`
	Tenders    int `json:"tenders"`    // every tender published
	Bids       int `json:"bids"`       // every tender bid sealed
	Matches    int `json:"matches"`    // every agent match created
	Bets       int `json:"bets"`       // every match bet placed
	Challenges int `json:"challenges"` // every benchmark challenge published
	Benches    int `json:"benches"`    // every bench version registered
	Learning   int `json:"learning"`   // every learning challenge published
	LearnRuns  int `json:"learn_runs"` // every learning run committed
}

// ArenaView is get_arena: the founding terms, the ladder as published, the balances
// and the counts, as of a height and block time.
type ArenaView struct {
	Terms    Terms       `json:"terms"`
	Ladder   [Rungs]Rung `json:"ladder"`
	Rules    RulesView   `json:"rules"`
	Balances Balances    `json:"balances"`
	Counts   Counts      `json:"counts"`
	Height   uint64      `json:"height"`
	Time     int64       `json:"time"` // the arena's clock: block time plus any dev advance, unix seconds
	Hash     string      `json:"state_hash"`
}

// Claimable is get_claimable.
type Claimable struct {
	Address Address `json:"address"`
	Amount  Amount  `json:"amount"`
}

// Snapshot is every view at one height: what `arena snapshot` writes and the board reads.
type Snapshot struct {
	Arena        ArenaView            `json:"arena"`
	Tasks        []TaskView           `json:"tasks"`
	Entries      []EntryView          `json:"entries"`
	Rounds       []RoundView          `json:"rounds"`
	Leaderboard  []Reputation         `json:"leaderboard"`
	Claimable    []Claimable          `json:"claimable"`     // every address owed, by address
	Events       []Event              `json:"events"`        // award events, for the bridge
	Tenders      []TenderView         `json:"tenders"`       // every tender with its bids and questions
	Checks       []CheckView          `json:"checks"`        // every scorability check
	TenderRounds []TenderRoundView    `json:"tender_rounds"` // every tender round with its attempts
	Matches      []MatchView          `json:"matches"`       // every agent match with its turns and bets
	Agents       []AgentView          `json:"agents"`        // every rated agent, by rating (match.Agents of Matches)
	Challenges   []ChallengeView      `json:"challenges"`    // every benchmark challenge with its entries, runs and folds
	Benches      []BenchView          `json:"benches"`       // every bench version registered
	Learning     []LearnChallengeView `json:"learning"`      // every learning challenge with its runs, ranking and folds
	// Governance is the protocol version in force and every proposal, once the arena
	// has made one; nil before.
	Governance *Governance `json:"governance,omitempty"`
	// Validators is every validator's record with its bond and status, once the set has
	// changed or a bond was posted; nil before.
	Validators []ValidatorView `json:"validators,omitempty"`
}
