package receipt

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/ledger/match/battle"
)

// Reason says why a decision fell back to the default move.
type Reason uint8

// The reasons; NoFallback is the reason of a receipt whose move came from the model.
const (
	NoFallback    Reason = iota
	InvalidJSON          // the answer was not the JSON object {"move":"<name>"}
	IllegalMove          // the answer named no move
	Timeout              // the model did not answer in time
	ProviderError        // the model's provider failed
)

// reasonNames are the reasons' names, indexed by Reason.
var reasonNames = [...]string{"none", "invalid_json", "illegal_move", "timeout", "provider_error"}

// String returns the reason's name: "none", "invalid_json", "illegal_move", "timeout"
// or "provider_error", or "reason(N)" for a value that is not a reason.
func (r Reason) String() string {
	if r.Valid() {
		return reasonNames[r]
	}
	return fmt.Sprintf("reason(%d)", uint8(r))
}

// Valid reports whether r is one of the five reasons.
func (r Reason) Valid() bool { return int(r) < len(reasonNames) }

// ParseReason returns the reason named s (as String writes it) and whether it was one.
// battle.Fallback values are names of reasons; battle.NoFallback, "", reads as NoFallback.
func ParseReason(s string) (Reason, bool) {
	if s == "" {
		return NoFallback, true
	}
	for i, n := range reasonNames {
		if s == n {
			return Reason(i), true
		}
	}
	return 0, false
}

// MarshalText encodes the reason as its name.
func (r Reason) MarshalText() ([]byte, error) {
	if !r.Valid() {
		return nil, fmt.Errorf("receipt: encode %v: %w", r, ErrReason)
	}
	return []byte(r.String()), nil
}

// UnmarshalText decodes a reason's name.
func (r *Reason) UnmarshalText(b []byte) error {
	v, ok := ParseReason(string(b))
	if !ok || len(b) == 0 {
		return fmt.Errorf("receipt: decode reason %q: %w", b, ErrReason)
	}
	*r = v
	return nil
}

// Receipt is the operator's signed statement of one model decision. Its JSON encoding
// writes the hashes as 0x-prefixed lower-case hex and the reason by name.
type Receipt struct {
	Match        uint64   // the match's id
	Turn         uint32   // the turn, from 1
	Agent        uint32   // the agent, 0 or 1
	PromptHash   [32]byte // keccak256 of the exact prompt bytes sent
	ResponseHash [32]byte // keccak256 of the exact response text received
	Move         uint8    // the move taken, a battle.Move
	Fallback     bool     // whether the move is the fallback rather than the model's
	Reason       Reason   // why it fell back; NoFallback when it did not
	StartedAt    uint64   // when the call started, Unix milliseconds by the operator's clock
	FinishedAt   uint64   // when it finished, Unix milliseconds by the operator's clock
	ChainID      uint64   // the EVM chain the operator's key signed under: the domain's chainId
}

// Errors Validate and the decoders return, wrapped.
var (
	ErrReason   = errors.New("not a fallback reason")
	ErrMove     = errors.New("not a move")
	ErrFallback = errors.New("fallback and reason disagree")
	ErrDefend   = errors.New("a fallback's move must be defend")
	ErrHash     = errors.New("a hash must be 0x and 64 hex digits")
)

// Validate checks the fallback rule: the move is one of battle's four, the reason is
// known, Fallback is true exactly when Reason is not NoFallback, and a fallback's move
// is battle.Defend.
func (r Receipt) Validate() error {
	switch {
	case !battle.Move(r.Move).Valid():
		return fmt.Errorf("receipt: move %d: %w", r.Move, ErrMove)
	case !r.Reason.Valid():
		return fmt.Errorf("receipt: %v: %w", r.Reason, ErrReason)
	case r.Fallback != (r.Reason != NoFallback):
		return fmt.Errorf("receipt: fallback %t with reason %v: %w", r.Fallback, r.Reason, ErrFallback)
	case r.Fallback && battle.Move(r.Move) != battle.Defend:
		return fmt.Errorf("receipt: fallback (%v) with move %v: %w", r.Reason, battle.Move(r.Move), ErrDefend)
	}
	return nil
}

// MatchID returns the match's id as the receipt's bytes32 matchId: big-endian, 24 zero
// bytes then the 8 bytes of the id.
func MatchID(match uint64) [32]byte {
	var b [32]byte
	binary.BigEndian.PutUint64(b[24:], match)
	return b
}

// wire is a Receipt's JSON encoding.
type wire struct {
	Match        uint64 `json:"match"`
	Turn         uint32 `json:"turn"`
	Agent        uint32 `json:"agent"`
	PromptHash   string `json:"prompt_hash"`
	ResponseHash string `json:"response_hash"`
	Move         uint8  `json:"move"`
	Fallback     bool   `json:"fallback"`
	Reason       Reason `json:"reason"`
	StartedAt    uint64 `json:"started_at"`
	FinishedAt   uint64 `json:"finished_at"`
	ChainID      uint64 `json:"signature_chain_id"`
}

// MarshalJSON encodes the receipt with 0x-hex hashes and the reason by name.
func (r Receipt) MarshalJSON() ([]byte, error) {
	return json.Marshal(wire{
		Match: r.Match, Turn: r.Turn, Agent: r.Agent,
		PromptHash: Hex(r.PromptHash), ResponseHash: Hex(r.ResponseHash),
		Move: r.Move, Fallback: r.Fallback, Reason: r.Reason,
		StartedAt: r.StartedAt, FinishedAt: r.FinishedAt, ChainID: r.ChainID,
	})
}

// UnmarshalJSON decodes what MarshalJSON encodes; a hash must be 0x and 64 hex digits.
func (r *Receipt) UnmarshalJSON(b []byte) error {
	var w wire
	if err := json.Unmarshal(b, &w); err != nil {
		return fmt.Errorf("receipt: decode: %w", err)
	}
	ph, err := ParseHash(w.PromptHash)
	if err != nil {
		return fmt.Errorf("receipt: decode prompt_hash: %w", err)
	}
	rh, err := ParseHash(w.ResponseHash)
	if err != nil {
		return fmt.Errorf("receipt: decode response_hash: %w", err)
	}
	*r = Receipt{
		Match: w.Match, Turn: w.Turn, Agent: w.Agent, PromptHash: ph, ResponseHash: rh,
		Move: w.Move, Fallback: w.Fallback, Reason: w.Reason, StartedAt: w.StartedAt, FinishedAt: w.FinishedAt,
		ChainID: w.ChainID,
	}
	return nil
}

// TextHash returns keccak256 of text's exact bytes: a receipt's PromptHash of the
// prompt sent, and its ResponseHash of the response received.
func TextHash(text string) [32]byte { return crypto.Keccak256Hash([]byte(text)) }

// Hex returns h as 0x and 64 lower-case hex digits.
func Hex(h [32]byte) string { return "0x" + hex.EncodeToString(h[:]) }

// ParseHash reads 0x (or 0X) and exactly 64 hex digits of either case.
func ParseHash(s string) ([32]byte, error) {
	var h [32]byte
	if len(s) != 66 || !strings.EqualFold(s[:2], "0x") {
		return h, fmt.Errorf("%q: %w", s, ErrHash)
	}
	if _, err := hex.Decode(h[:], []byte(s[2:])); err != nil {
		return h, fmt.Errorf("%q: %w", s, ErrHash)
	}
	return h, nil
}
