package ledger

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/valset"
)

// encodingVersion is the first field of every encoded state.
const encodingVersion = 4

// wireHead is the canonical encoding's fields before the kinds: every map becomes a
// slice sorted by key. The encoding is one JSON object: wireHead's fields, then each
// kind's part under its name in the order of contests, then the award outbox as
// "events".
type wireHead struct {
	Version   int            `json:"version"`
	Terms     Terms          `json:"terms"`
	Height    uint64         `json:"height"`
	BlockTime int64          `json:"block_time"`
	Offset    int64          `json:"offset"`
	Book      *book.Book     `json:"book"`
	Rounds    []*round.Round `json:"rounds"`
}

// wireHeadIn is wireHead as Decode reads it: the rounds are decoded by their owner.
type wireHeadIn struct {
	Version   int             `json:"version"`
	Terms     Terms           `json:"terms"`
	Height    uint64          `json:"height"`
	BlockTime int64           `json:"block_time"`
	Offset    int64           `json:"offset"`
	Book      *book.Book      `json:"book"`
	Rounds    json.RawMessage `json:"rounds"`
}

// outboxKey is the encoding's key for the award outbox, after the kinds and the
// proposals.
const outboxKey = "events"

// governKey is the encoding's key for the governance proposals, after the kinds; it is
// left out while there are none.
const governKey = "govern"

// validatorsKey is the encoding's key for the validator set's records, after the
// proposals; it is left out while there are none.
const validatorsKey = "validators"

// Encode returns the state's canonical bytes. Two states that applied the same
// transactions in the same blocks encode identically. It costs O(size of the state).
func (s *State) Encode() ([]byte, error) {
	h := wireHead{Version: encodingVersion, Terms: s.founding, Height: s.height, BlockTime: s.blockTime, Offset: s.offset,
		Book: s.book, Rounds: s.rounds.All()}
	if h.Rounds == nil {
		h.Rounds = []*round.Round{}
	}
	head, err := json.Marshal(&h)
	if err != nil {
		return nil, fmt.Errorf("encode state: %w", err)
	}
	var buf bytes.Buffer
	buf.Write(head[:len(head)-1]) // without its closing brace
	field := func(key string, v any) error {
		b, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("encode state: %s: %w", key, err)
		}
		buf.WriteString(`,"` + key + `":`)
		buf.Write(b)
		return nil
	}
	for _, c := range contests {
		if err := field(c.name, c.part(s)); err != nil {
			return nil, err
		}
	}
	if !s.gov.Empty() { // an arena with no proposal encodes as before governance existed
		if err := field(governKey, s.gov.Proposals); err != nil {
			return nil, err
		}
	}
	if !s.vals.Empty() { // an arena whose set never changed encodes as before it could
		if err := field(validatorsKey, s.vals.Members); err != nil {
			return nil, err
		}
	}
	events := s.events
	if events == nil {
		events = []Event{}
	}
	if err := field(outboxKey, events); err != nil {
		return nil, err
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// decodeVerdict is the verdict switch: a round's verdicts are decoded by the contest
// that owns the round's kind.
func decodeVerdict(kind string, raw json.RawMessage) (round.Verdict, error) {
	if c, ok := owner(kind); ok {
		return c.rounds[kind](raw)
	}
	return nil, fmt.Errorf("round of unknown kind %q", kind)
}

// splitState splits an encoded state into its head and its other top-level fields by
// key, refusing a key that is neither the head's, a kind's nor the outbox's. Each part
// is decoded as strictly as the whole: no field its type does not know.
func splitState(b []byte) (wireHeadIn, map[string]json.RawMessage, error) {
	var h wireHeadIn
	var fields map[string]json.RawMessage
	if err := strictUnmarshal(b, &fields); err != nil {
		return h, nil, err
	}
	head := map[string]any{"version": &h.Version, "terms": &h.Terms, "height": &h.Height, "block_time": &h.BlockTime,
		"offset": &h.Offset, "book": &h.Book, "rounds": &h.Rounds}
	known := map[string]bool{outboxKey: true, governKey: true, validatorsKey: true}
	for _, c := range contests {
		known[c.name] = true
	}
	for _, k := range slices.Sorted(maps.Keys(fields)) { // the first refusal is the same on every node
		raw := fields[k]
		into, ok := head[k]
		switch {
		case ok:
			if err := strictUnmarshal(raw, into); err != nil {
				return h, nil, fmt.Errorf("%s: %w", k, err)
			}
		case !known[k]:
			return h, nil, fmt.Errorf("json: unknown field %q", k)
		}
	}
	return h, fields, nil
}

// Decode rebuilds a state from its canonical bytes. It refuses bytes that are not the
// canonical encoding of a state that keeps the invariants, so Decode(Encode(s)) has the
// same Hash as s and nothing else decodes.
func Decode(b []byte) (*State, error) {
	w, fields, err := splitState(b)
	if err != nil {
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
	var events []Event
	if raw, ok := fields[outboxKey]; ok {
		if err := strictUnmarshal(raw, &events); err != nil {
			return nil, fmt.Errorf("decode state: %w", err)
		}
	}
	gov, err := govern.Restore(fields[governKey])
	if err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	vals, err := valset.Restore(fields[validatorsKey])
	if err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	s := newState(w.Terms, gov, vals)
	s.height, s.blockTime, s.offset = w.Height, w.BlockTime, w.Offset
	s.book, s.events = w.Book, events
	rounds, err := round.Restore(s.terms.roundTerms(), w.Rounds, decodeVerdict)
	if err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	s.rounds = rounds
	for _, c := range contests {
		if err := c.restore(s, s.terms, fields[c.name], rounds); err != nil {
			return nil, fmt.Errorf("decode state: %w", err)
		}
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
