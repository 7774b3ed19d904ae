package match

import (
	"encoding/hex"
	"strings"
	"unicode/utf8"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
)

// match is a match as the ledger keeps it. Its entrants, agents, fee, bond and seed
// commitment are frozen at creation.
type match struct {
	ID             MatchID         `json:"id"`
	Operator       book.Address    `json:"operator"`
	Entrants       [2]book.Address `json:"entrants"`
	Agents         [2]Agent        `json:"agents"`
	EntryFee       book.Amount     `json:"entry_fee"`
	FeeBps         uint64          `json:"fee_bps"`
	Bond           book.Amount     `json:"bond"`
	SeedCommitment string          `json:"seed_commitment"`
	CreatedAt      int64           `json:"created_at"`
	CreatedHeight  uint64          `json:"created_height"`
	Joined         [2]bool         `json:"joined"`
	JoinedAt       [2]int64        `json:"joined_at"`
	JoinHeight     uint64          `json:"join_height"` // the block of the second join, whose end state hash is the anchor
	Anchor         string          `json:"anchor"`
	StartedAt      int64           `json:"started_at"`
	State          string          `json:"state"`
	Turns          []*turn         `json:"turns"` // every committed turn, in order
	Bets           []BetID         `json:"bets"`  // in the order placed
	LastActive     int64           `json:"last_active"`
	Secret         string          `json:"secret"`
	ResultHash     string          `json:"result_hash"`
	Winner         int             `json:"winner"` // 0, 1 or -1 (a draw) once finished; -1 otherwise
	VoidReason     string          `json:"void_reason"`
	SettledAt      int64           `json:"settled_at"`
	Fee            book.Amount     `json:"fee"`
	Payout         book.Amount     `json:"payout"`
	Slashed        book.Amount     `json:"slashed"`
}

// turn is one committed turn.
type turn struct {
	Turn            int            `json:"turn"`
	Commitments     [2]string      `json:"commitments"`
	CommittedAt     int64          `json:"committed_at"`
	CommittedHeight uint64         `json:"committed_height"`
	Revealed        bool           `json:"revealed"`
	RevealedAt      int64          `json:"revealed_at"`
	RevealedHeight  uint64         `json:"revealed_height"`
	Decisions       [2]Decision    `json:"decisions"`      // as revealed, verbatim
	ReceiptHashes   [2]string      `json:"receipt_hashes"` // the receipts' EIP-712 digests
	Events          []battle.Event `json:"events"`         // as reported
	Pools           [2]pool        `json:"pools"`          // each agent's bet pool, settled at a finish whose replay holds
}

// pool is how one agent's bet pool in one turn settled.
type pool struct {
	Settled  bool        `json:"settled"`
	Staked   book.Amount `json:"staked"`
	Winning  book.Amount `json:"winning"`
	Fee      book.Amount `json:"fee"`
	Paid     book.Amount `json:"paid"`
	Returned bool        `json:"returned"`
}

// bet is one stake on one agent's move in one turn.
type bet struct {
	ID           BetID        `json:"id"`
	Match        MatchID      `json:"match"`
	Turn         int          `json:"turn"`
	Agent        int          `json:"agent"`
	Move         string       `json:"move"`
	Bettor       book.Address `json:"bettor"`
	Stake        book.Amount  `json:"stake"`
	PlacedAt     int64        `json:"placed_at"`
	PlacedHeight uint64       `json:"placed_height"`
	State        string       `json:"state"`
	Payout       book.Amount  `json:"payout"`
	SettledAt    int64        `json:"settled_at"`
}

// settled reports whether the match has finished or is void.
func (m *match) settled() bool { return m.State == StateFinished || m.State == StateVoid }

// hidden returns the committed, unrevealed turn, or nil.
func (m *match) hidden() *turn {
	if n := len(m.Turns); n > 0 && !m.Turns[n-1].Revealed {
		return m.Turns[n-1]
	}
	return nil
}

// reportedOver reports whether the last revealed turn reported the game's end.
func (m *match) reportedOver() bool {
	n := len(m.Turns)
	if n == 0 || !m.Turns[n-1].Revealed {
		return false
	}
	for _, ev := range m.Turns[n-1].Events {
		if ev.Kind == "end" {
			return true
		}
	}
	return false
}

// joins returns how many entrants have joined.
func (m *match) joins() uint64 {
	var n uint64
	for _, j := range m.Joined {
		if j {
			n++
		}
	}
	return n
}

// Hex32 returns b as the match's hex form: 0x followed by 64 lowercase hex digits.
func Hex32(b [32]byte) string { return "0x" + hex.EncodeToString(b[:]) }

// ParseHex32 reads the form Hex32 writes, and only that form.
func ParseHex32(s string) ([32]byte, bool) {
	var out [32]byte
	if len(s) != 66 || s[:2] != "0x" || strings.ToLower(s) != s {
		return out, false
	}
	if _, err := hex.Decode(out[:], []byte(s[2:])); err != nil {
		return out, false
	}
	return out, true
}

// parseSig reads a 65-byte signature as 0x followed by 130 hex digits.
func parseSig(s string) ([]byte, bool) {
	if len(s) != 132 || s[:2] != "0x" {
		return nil, false
	}
	b, err := hex.DecodeString(s[2:])
	return b, err == nil
}

// SeedCommitment returns the commitment to the operator's secret: Hex32(keccak256(secret)).
func SeedCommitment(secret [32]byte) string { return Hex32(crypto.Keccak256Hash(secret[:])) }

// Commitment returns an agent's commitment for a turn, receipt.Commitment:
//
//	keccak256(abi.encode(uint256 matchId, uint256 turn, uint256 agentId, uint8 move, bytes32 receiptHash, bytes32 salt))
//
// where receiptHash is the receipt's EIP-712 digest (receipt.Digest). Commit carries it
// as Hex32.
func Commitment(id MatchID, turnNo, agent int, move battle.Move, receiptHash, salt [32]byte) [32]byte {
	return receipt.Commitment(uint64(id), uint32(turnNo), uint32(agent), uint8(move), receiptHash, salt)
}

// parseMove reads a move's name.
func parseMove(s string) (battle.Move, bool) { return battle.ParseMove(s) }

// runes reports whether s is valid UTF-8 of min to max characters.
func runes(s string, min, max int) bool {
	if !utf8.ValidString(s) {
		return false
	}
	n := utf8.RuneCountInString(s)
	return n >= min && n <= max
}

// mustAdd adds two amounts that are bounded by the money that exists.
func mustAdd(a, b book.Amount) book.Amount {
	s, _ := a.Add(b)
	return s
}

// mustSub subtracts an amount bounded by a from a.
func mustSub(a, b book.Amount) book.Amount {
	s, _ := a.Sub(b)
	return s
}

// Fee returns the treasury's fee on v at rate basis points, v * rate / 10000 rounded
// down. The settlement and its audit both use it.
func Fee(v book.Amount, rate uint64) book.Amount {
	out, _ := v.MulDiv(book.NewAmount(rate), book.NewAmount(BpsDenominator))
	return out
}
