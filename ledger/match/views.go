package match

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
)

// MatchView is a match as readers see it: its frozen terms, its operator and seed
// commitment, the anchor, its state, a turn-by-turn timeline and every bet.
type MatchView struct {
	ID             MatchID         `json:"id"`
	Operator       book.Address    `json:"operator"`
	Entrants       [2]book.Address `json:"entrants"`
	Agents         [2]Agent        `json:"agents"`
	EntryFee       book.Amount     `json:"entry_fee"`
	FeeBps         uint64          `json:"fee_bps"`
	Bond           book.Amount     `json:"bond"` // the operator bond held until settlement
	SeedCommitment string          `json:"seed_commitment"`
	Secret         string          `json:"secret,omitempty"`        // published at finish
	Seed           string          `json:"seed,omitempty"`          // battle.Seed(secret, anchor), once the secret is published
	Anchor         string          `json:"anchor,omitempty"`        // the state hash at the end of the block of the second join
	AnchorHeight   uint64          `json:"anchor_height,omitempty"` // that block's height
	CreatedAt      int64           `json:"created_at"`
	CreatedHeight  uint64          `json:"created_height"`
	Joined         [2]bool         `json:"joined"`
	JoinedAt       [2]int64        `json:"joined_at"`            // 0 until joined
	StartedAt      int64           `json:"started_at,omitempty"` // when the anchor was captured
	State          string          `json:"state"`                // StateWaiting, StateAnchoring, StatePlaying, StateFinished or StateVoid
	NextTurn       int             `json:"next_turn,omitempty"`  // the turn the operator may commit now; 0 when none
	Hidden         int             `json:"hidden,omitempty"`     // the committed turn not yet revealed; 0 when none
	ReportedOver   bool            `json:"reported_over"`        // the last revealed turn reported an "end" event
	LastActive     int64           `json:"last_active"`          // the operator's last action on the match (or its start)
	StallAt        int64           `json:"stall_at"`             // reclaim is allowed from this time while unsettled
	Turns          []TurnView      `json:"turns"`                // every committed turn and every turn with bets, in order
	Bets           []BetView       `json:"bets"`                 // every bet in the order placed
	OpenStakes     book.Amount     `json:"open_stakes"`          // stakes not yet settled
	ResultHash     string          `json:"result_hash,omitempty"`
	Winner         *int            `json:"winner,omitempty"`         // 0 or 1, or -1 for a draw; set when finished
	WinnerAddress  *book.Address   `json:"winner_address,omitempty"` // the winning entrant
	VoidReason     string          `json:"void_reason,omitempty"`    // why the match is void
	SettledAt      int64           `json:"settled_at,omitempty"`
	Fee            book.Amount     `json:"fee"`     // what the entry fees paid the treasury
	Payout         book.Amount     `json:"payout"`  // what the winner was paid
	Slashed        book.Amount     `json:"slashed"` // the bond slashed to the treasury
}

// TurnView is one turn of a match's timeline. A committed turn's betting closed at its
// commit; its moves, decisions and events are shown once revealed.
type TurnView struct {
	Turn            int            `json:"turn"`
	Committed       bool           `json:"committed"`
	CommittedAt     int64          `json:"committed_at,omitempty"`
	CommittedHeight uint64         `json:"committed_height,omitempty"`
	BettingClosed   bool           `json:"betting_closed"` // closed by the commit, or by the match's settlement
	Commitments     [2]string      `json:"commitments"`
	Revealed        bool           `json:"revealed"`
	RevealedAt      int64          `json:"revealed_at,omitempty"`
	RevealedHeight  uint64         `json:"revealed_height,omitempty"`
	Moves           [2]string      `json:"moves"`     // the revealed moves' names
	Fallbacks       [2]bool        `json:"fallbacks"` // whether each agent's move was a fallback
	Decisions       []DecisionView `json:"decisions"` // both agents' once revealed, otherwise empty
	Events          []battle.Event `json:"events"`    // as the operator reported them
	Pools           [2]BetPoolView `json:"pools"`     // the bets on each agent's move
	Bets            []BetView      `json:"bets"`      // the bets on this turn in the order placed
}

// DecisionView is one agent's revealed decision: its move, the receipt with its digest
// and signature, and the raw texts whose hashes the receipt holds.
type DecisionView struct {
	Agent       int             `json:"agent"`
	Move        string          `json:"move"`
	Fallback    bool            `json:"fallback"`
	Reason      string          `json:"reason,omitempty"` // ReasonName of the receipt's fallback reason
	Commitment  string          `json:"commitment"`
	Receipt     receipt.Receipt `json:"receipt"`
	ReceiptHash string          `json:"receipt_hash"` // the receipt's EIP-712 digest
	Sig         string          `json:"sig"`
	Prompt      string          `json:"prompt"`
	Response    string          `json:"response"`
	Salt        string          `json:"salt"`
}

// BetPoolView is the parimutuel pool of one agent's move in one turn. The reveal decides
// it; it settles when the match finishes with its replay holding: Fee went to the
// treasury and Paid to the stakes on the revealed move, or, when none was on it,
// Returned is set and every stake went back in full. A void match settles no pool and
// returns every stake.
type BetPoolView struct {
	Agent    int         `json:"agent"`
	Bets     int         `json:"bets"`
	Staked   book.Amount `json:"staked"`
	Settled  bool        `json:"settled"`
	Winning  book.Amount `json:"winning"` // the stakes on the revealed move
	Fee      book.Amount `json:"fee"`
	Paid     book.Amount `json:"paid"`
	Returned bool        `json:"returned"`
}

// BetView is one bet.
type BetView struct {
	ID           BetID        `json:"id"`
	Match        MatchID      `json:"match"`
	Turn         int          `json:"turn"`
	Agent        int          `json:"agent"`
	Move         string       `json:"move"`
	Bettor       book.Address `json:"bettor"`
	Stake        book.Amount  `json:"stake"`
	PlacedAt     int64        `json:"placed_at"`
	PlacedHeight uint64       `json:"placed_height"`
	State        string       `json:"state"`  // BetOpen, BetWon, BetLost or BetReturned
	Payout       book.Amount  `json:"payout"` // what it was paid: winnings, or the stake back
	SettledAt    int64        `json:"settled_at,omitempty"`
}
