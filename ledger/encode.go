package ledger

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
)

// encodingVersion is the first field of every encoded state.
const encodingVersion = 1

// wireState is the canonical encoding: every map becomes a slice sorted by key.
type wireState struct {
	Version   int           `json:"version"`
	Terms     Terms         `json:"terms"`
	Height    uint64        `json:"height"`
	BlockTime int64         `json:"block_time"`
	Offset    int64         `json:"offset"`
	Balances  Balances      `json:"balances"`
	Genesis   Amount        `json:"genesis_total"`
	Faucet    Amount        `json:"faucet_total"`
	Accounts  []wireAccount `json:"accounts"`
	Tasks     []*task       `json:"tasks"`
	Entries   []*entry      `json:"entries"`
	Rounds    []*round      `json:"rounds"`
	Events    []Event       `json:"events"`
}

type wireAccount struct {
	Address Address `json:"address"`
	account
}

// Encode returns the state's canonical bytes. Two states that applied the same
// transactions in the same blocks encode identically. It costs O(size of the state).
func (s *State) Encode() ([]byte, error) {
	w := wireState{
		Version: encodingVersion, Terms: s.terms, Height: s.height, BlockTime: s.blockTime, Offset: s.offset,
		Balances: s.bal, Genesis: s.genesis, Faucet: s.faucet,
		Accounts: make([]wireAccount, 0, len(s.accounts)),
		Tasks:    s.tasks, Entries: s.entries, Rounds: s.rounds, Events: s.events,
	}
	for _, a := range s.sortedAccounts() {
		w.Accounts = append(w.Accounts, wireAccount{Address: a, account: *s.accounts[a]})
	}
	if w.Tasks == nil {
		w.Tasks = []*task{}
	}
	if w.Entries == nil {
		w.Entries = []*entry{}
	}
	if w.Rounds == nil {
		w.Rounds = []*round{}
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

// sortedAccounts returns every address with an account, ascending.
func (s *State) sortedAccounts() []Address {
	out := make([]Address, 0, len(s.accounts))
	for a := range s.accounts {
		out = append(out, a)
	}
	slices.SortFunc(out, func(a, b Address) int { return bytes.Compare(a[:], b[:]) })
	return out
}

// Decode rebuilds a state from its canonical bytes. It refuses bytes that are not the
// canonical encoding of a state that keeps the invariants, so Decode(Encode(s)) has the
// same Hash as s and nothing else decodes.
func Decode(b []byte) (*State, error) {
	var w wireState
	if err := strictUnmarshal(b, &w); err != nil {
		return nil, fmt.Errorf("decode state: %w", err)
	}
	if w.Version != encodingVersion {
		return nil, fmt.Errorf("decode state: version %d, want %d", w.Version, encodingVersion)
	}
	if err := w.Terms.Validate(); err != nil {
		return nil, fmt.Errorf("decode state: terms: %w", err)
	}
	s := newState(w.Terms)
	s.height, s.blockTime, s.offset = w.Height, w.BlockTime, w.Offset
	s.bal, s.genesis, s.faucet = w.Balances, w.Genesis, w.Faucet
	for _, a := range w.Accounts {
		acc := a.account
		s.accounts[a.Address] = &acc
	}
	s.tasks, s.entries, s.rounds, s.events = w.Tasks, w.Entries, w.Rounds, w.Events
	if err := s.reindex(); err != nil {
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
	s.mark = marks{}
	s.hc = hashCache{}
	return s, nil
}

// reindex rebuilds the derived indexes after decoding, checking the references they rest on.
func (s *State) reindex() error {
	for i, t := range s.tasks {
		if t == nil || t.ID != TaskID(i+1) {
			return fmt.Errorf("task %d out of place", i+1)
		}
		switch t.Settled {
		case TaskAwarded:
			s.awarded++
		case TaskVoided:
			s.voided++
		}
	}
	for i, e := range s.entries {
		if e == nil || e.ID != EntryID(i+1) || s.task(e.Task) == nil {
			return fmt.Errorf("entry %d out of place", i+1)
		}
		s.filed[filing{e.Task, e.Solver}] = e.ID
		s.solvers[e.Solver] = true
	}
	for i, r := range s.rounds {
		if r == nil || r.ID != RoundID(i+1) || s.entry(r.Entry) == nil || len(r.Attempts) == 0 || len(r.Order) == 0 {
			return fmt.Errorf("round %d out of place", i+1)
		}
		if slices.Contains(r.Attempts, nil) || r.Task != s.entry(r.Entry).Task || r.Earlier >= len(s.task(r.Task).Entries) {
			return fmt.Errorf("round %d is malformed", r.ID)
		}
		if r.State == RoundOpen {
			s.open = append(s.open, r.ID)
		}
	}
	for _, e := range s.entries {
		if e.Grade != 0 && (s.round(e.Grade) == nil || s.round(e.Grade).Grade == nil) {
			return fmt.Errorf("entry %d names round %d without a grade", e.ID, e.Grade)
		}
		for _, rid := range e.Rounds {
			if r := s.round(rid); r == nil || r.Entry != e.ID {
				return fmt.Errorf("entry %d names round %d of another entry", e.ID, rid)
			}
		}
		for _, ap := range e.Appeals {
			if ap == nil || s.round(ap.Against) == nil || s.round(ap.Against).Grade == nil {
				return fmt.Errorf("entry %d has an appeal against no grade", e.ID)
			}
		}
	}
	return nil
}
