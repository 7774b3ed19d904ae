package match

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
)

// The match's transaction kinds.
const (
	KindCreate  book.Kind = "match_create"
	KindJoin    book.Kind = "match_join"
	KindCommit  book.Kind = "match_commit"
	KindBet     book.Kind = "match_bet"
	KindReveal  book.Kind = "match_reveal"
	KindFinish  book.Kind = "match_finish"
	KindReclaim book.Kind = "match_reclaim"
)

// Agent is one entrant's agent: the model the operator serves it from and its system
// prompt, both published at creation and frozen.
type Agent struct {
	Model        string `json:"model"`
	SystemPrompt string `json:"system_prompt"`
}

// Create opens a match between two entrants' agents, run by the sender, who must be one
// of the founding terms' operators. The value is exactly the operator bond, held until
// the match settles. SeedCommitment is keccak256(secret) of the operator's 32-byte
// secret, as 0x-prefixed lowercase hex (Hex32); the battle seed is
// battle.Seed(secret, anchor), where the anchor is the state hash at the end of the
// block in which the match was created: the first block hash after creation.
type Create struct {
	Entrants       [2]book.Address `json:"entrants"`
	Agents         [2]Agent        `json:"agents"`
	EntryFee       book.Amount     `json:"entry_fee"`       // exact value of each join
	FeeBps         uint64          `json:"fee_bps"`         // the treasury's share of the entry fees and of each bet pool, 0..MaxFeeBps
	SeedCommitment string          `json:"seed_commitment"` // Hex32(keccak256(secret))
}

// Join enters the sender, one of the match's entrants, paying exactly the entry fee as
// the value. The match starts when both have joined.
type Join struct {
	Match MatchID `json:"match"`
}

// Commit seals turn Turn of a match: per agent, Commitment(match, turn, agent, move,
// receiptHash, salt) as Hex32. Only the match's operator, only for the turn after the
// last revealed one and only once the match is anchored. Betting on the turn closes in
// the same transaction.
type Commit struct {
	Match       MatchID   `json:"match"`
	Turn        int       `json:"turn"`        // from 1
	Commitments [2]string `json:"commitments"` // agent 0's, agent 1's
}

// Bet stakes the value (at least 1 atto) on agent Agent (0 or 1) playing Move in turn
// Turn. Anyone may bet while the turn is not yet committed and the match is not settled.
type Bet struct {
	Match MatchID `json:"match"`
	Turn  int     `json:"turn"`  // 1..battle.MaxTurns
	Agent int     `json:"agent"` // 0 or 1
	Move  string  `json:"move"`  // "attack", "defend", "charge" or "heal"
}

// Decision is what the operator reveals of one agent's decision in a turn: the move, the
// signed receipt of the model call that produced it, the raw prompt and response texts
// whose keccak256 the receipt holds, and the commitment's salt.
type Decision struct {
	Move     string          `json:"move"`     // battle.Move's name
	Receipt  receipt.Receipt `json:"receipt"`  // signed by the operator
	Sig      string          `json:"sig"`      // 65 bytes r||s||v, 0x-prefixed hex
	Prompt   string          `json:"prompt"`   // the exact user prompt sent
	Response string          `json:"response"` // the exact response text received
	Salt     string          `json:"salt"`     // Hex32
}

// Reveal opens the committed turn Turn: each agent's decision, and the events the engine
// produced for the turn. The ledger recomputes every commitment, the receipts' text
// hashes, digests and signatures, and refuses any mismatch; the events are checked
// against the replay at finish. The revealed moves decide the turn's bets, paid at a
// finish whose replay holds and returned in full if the match is void.
type Reveal struct {
	Match  MatchID        `json:"match"`
	Turn   int            `json:"turn"`
	Agents [2]Decision    `json:"agents"`
	Events []battle.Event `json:"events"`
}

// Finish publishes the operator's secret, whose keccak256 must be the seed commitment,
// once no turn is hidden. The ledger replays the match from battle.Seed(secret, anchor)
// and settles it: paid out when every reported event and prompt matches the replay and
// the game is over at the last revealed turn, void with the bond slashed otherwise.
type Finish struct {
	Match  MatchID `json:"match"`
	Secret string  `json:"secret"` // Hex32
}

// Reclaim settles a match its operator has left idle for StallS seconds of arena time:
// void, entry fees and open stakes back, the bond slashed to the treasury. On a match
// whose entrants have not both joined StallS after creation, it cancels the match with
// the bond returned. Anyone may send it.
type Reclaim struct {
	Match MatchID `json:"match"`
}

// Kind implementations name each body on the wire.
func (Create) Kind() book.Kind  { return KindCreate }
func (Join) Kind() book.Kind    { return KindJoin }
func (Commit) Kind() book.Kind  { return KindCommit }
func (Bet) Kind() book.Kind     { return KindBet }
func (Reveal) Kind() book.Kind  { return KindReveal }
func (Finish) Kind() book.Kind  { return KindFinish }
func (Reclaim) Kind() book.Kind { return KindReclaim }
