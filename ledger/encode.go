package ledger

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
)

// encodingVersion is the first field of every encoded state.
const encodingVersion = 4

// wireState is the canonical encoding: every map becomes a slice sorted by key.
type wireState struct {
	Version   int              `json:"version"`
	Terms     Terms            `json:"terms"`
	Height    uint64           `json:"height"`
	BlockTime int64            `json:"block_time"`
	Offset    int64            `json:"offset"`
	Book      *book.Book       `json:"book"`
	Rounds    []*round.Round   `json:"rounds"`
	Bounty    *bounty.State    `json:"bounty"`
	Tender    *tender.State    `json:"tender"`
	Match     *match.State     `json:"match"`
	Challenge *challenge.State `json:"challenge"`
	Learn     *learn.State     `json:"learn"`
	Events    []Event          `json:"events"`
}

// wireIn is wireState as Decode reads it: each part is decoded by its owner.
type wireIn struct {
	Version   int             `json:"version"`
	Terms     Terms           `json:"terms"`
	Height    uint64          `json:"height"`
	BlockTime int64           `json:"block_time"`
	Offset    int64           `json:"offset"`
	Book      *book.Book      `json:"book"`
	Rounds    json.RawMessage `json:"rounds"`
	Bounty    json.RawMessage `json:"bounty"`
	Tender    json.RawMessage `json:"tender"`
	Match     json.RawMessage `json:"match"`
	Challenge json.RawMessage `json:"challenge"`
	Learn     json.RawMessage `json:"learn"`
	Events    []Event         `json:"events"`
}

// Encode returns the state's canonical bytes. Two states that applied the same
// transactions in the same blocks encode identically. It costs O(size of the state).
func (s *State) Encode() ([]byte, error) {
	w := wireState{
		Version: encodingVersion, Terms: s.terms, Height: s.height, BlockTime: s.blockTime, Offset: s.offset,
		Book: s.book, Rounds: s.rounds.All(), Bounty: s.bounty, Tender: s.tender, Match: s.match, Challenge: s.chall, Learn: s.learn, Events: s.events,
	}
	if w.Rounds == nil {
		w.Rounds = []*round.Round{}
	}
	if w.Events == nil {
		w.Events = []Event{}
	}
	b, err := json.Marshal(&w)
	if err != nil {
		return nil, fmt.Errorf("encode state: %w", err)
	}
	return b, nil
}

// decodeVerdict is the verdict switch: a round's verdicts are decoded by the round's kind.
func decodeVerdict(kind string, raw json.RawMessage) (round.Verdict, error) {
	switch kind {
	case bounty.Kind:
		return bounty.DecodeVerdict(raw)
	case tender.Kind:
		return tender.DecodeVerdict(raw)
	case tender.CheckKind:
		return tender.DecodeCheckVerdict(raw)
	case challenge.CheckKind:
		return challenge.DecodeCheckVerdict(raw)
	case challenge.RunKind:
		return challenge.DecodeRunVerdict(raw)
	case learn.RunKind:
		return learn.DecodeRunVerdict(raw)
	case learn.HeldoutKind:
		return learn.DecodeHeldoutVerdict(raw)
	}
	return nil, fmt.Errorf("round of unknown kind %q", kind)
}

// Decode rebuilds a state from its canonical bytes. It refuses bytes that are not the
// canonical encoding of a state that keeps the invariants, so Decode(Encode(s)) has the
// same Hash as s and nothing else decodes.
func Decode(b []byte) (*State, error) {
	var w wireIn
	if err := strictUnmarshal(b, &w); err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	if w.Version != encodingVersion {
		return nil, fmt.Errorf("decode state: version %d, want %d", w.Version, encodingVersion)
	}
	if err := w.Terms.Validate(); err != nil {
		return nil, fmt.Errorf("decode state: terms: %w", err)
	}
	if w.Book == nil {
		return nil, fmt.Errorf("decode state: no book")
	}
	s := newState(w.Terms)
	s.height, s.blockTime, s.offset = w.Height, w.BlockTime, w.Offset
	s.book, s.events = w.Book, w.Events
	rounds, err := round.Restore(w.Terms.roundTerms(), w.Rounds, decodeVerdict)
	if err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	s.rounds = rounds
	if s.bounty, err = bounty.Restore(w.Terms.bountyTerms(), w.Bounty, rounds); err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	if s.tender, err = tender.Restore(w.Terms.tenderTerms(), w.Tender, rounds); err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	if s.match, err = match.Restore(w.Terms.matchTerms(), w.Match); err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	if s.chall, err = challenge.Restore(w.Terms.challengeTerms(), w.Challenge, rounds); err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	if s.learn, err = learn.Restore(w.Terms.learnTerms(), w.Learn, rounds); err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	if err := s.CheckInvariants(); err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	again, err := s.Encode()
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(again, b) {
		return nil, fmt.Errorf("decode state: bytes are not in canonical form")
	}
	return s, nil
}
