package tender

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/arena/arena/ledger/clarify"
	"github.com/arena/arena/ledger/round"
)

// wireState is the tender's canonical encoding.
type wireState struct {
	Tenders []*tender `json:"tenders"`
	Bids    []*bid    `json:"bids"`
	Checks  []*check  `json:"checks"`
	Buyers  []*buyer  `json:"buyers"`
	Bidders []*bidder `json:"bidders"`
}

// MarshalJSON encodes the tender state canonically.
func (s *State) MarshalJSON() ([]byte, error) {
	w := wireState{Tenders: s.tenders, Bids: s.bids, Checks: s.checks, Buyers: s.buyers, Bidders: s.bidders}
	if w.Tenders == nil {
		w.Tenders = []*tender{}
	}
	if w.Bids == nil {
		w.Bids = []*bid{}
	}
	if w.Checks == nil {
		w.Checks = []*check{}
	}
	if w.Buyers == nil {
		w.Buyers = []*buyer{}
	}
	if w.Bidders == nil {
		w.Bidders = []*bidder{}
	}
	return json.Marshal(w)
}

// Restore rebuilds a tender state from its encoding under t, checking every reference
// against itself and the rounds rs, and rebuilding the derived indexes.
func Restore(t Terms, data json.RawMessage, rs *round.Set) (*State, error) {
	var w wireState
	if err := json.Unmarshal(data, &w); err != nil {
		return nil, fmt.Errorf("tender: %w", err)
	}
	s := New(t)
	s.tenders, s.bids, s.checks, s.buyers, s.bidders = w.Tenders, w.Bids, w.Checks, w.Buyers, w.Bidders
	for _, step := range []func(*round.Set) error{s.restoreTenders, s.restoreBids, s.restoreChecks, s.restoreRecords, s.restoreRounds} {
		if err := step(rs); err != nil {
			return nil, fmt.Errorf("tender: %w", err)
		}
	}
	return s, nil
}

func (s *State) restoreTenders(*round.Set) error {
	for i, t := range s.tenders {
		if t == nil || t.ID != TenderID(i+1) || len(t.Criteria) < CriteriaMin || len(t.Criteria) > CriteriaMax || t.primary() < 0 {
			return fmt.Errorf("tender %d out of place or malformed", i+1)
		}
		if err := clarify.Check(t.Questions); err != nil {
			return fmt.Errorf("tender %d: %w", t.ID, err)
		}
		for j, id := range t.Bids {
			if x := s.bid(id); x == nil || x.Tender != t.ID || x.Seq != j+1 {
				return fmt.Errorf("tender %d names bid %d out of place", t.ID, id)
			}
		}
		if t.State != TenderOpen {
			s.settled++
		}
	}
	return nil
}

func (s *State) restoreBids(rs *round.Set) error {
	for i, x := range s.bids {
		if x == nil || x.ID != BidID(i+1) || s.tender(x.Tender) == nil {
			return fmt.Errorf("bid %d out of place", i+1)
		}
		if t := s.tender(x.Tender); x.Seq < 1 || x.Seq > len(t.Bids) || t.Bids[x.Seq-1] != x.ID {
			return fmt.Errorf("bid %d is not on its tender", x.ID)
		}
		for _, rid := range x.Rounds {
			if r := rs.Get(rid); r == nil || r.Kind != Kind || r.Subject != uint64(x.ID) {
				return fmt.Errorf("bid %d names round %d of another subject", x.ID, rid)
			}
		}
		if x.Score != 0 && !slices.Contains(x.Rounds, x.Score) {
			return fmt.Errorf("bid %d keeps a scorecard of a round not its own", x.ID)
		}
		if ap := x.Appeal; ap != nil && ap.Round != 0 && !slices.Contains(x.Rounds, ap.Round) {
			return fmt.Errorf("bid %d's appeal names a round not its own", x.ID)
		}
	}
	return nil
}

func (s *State) restoreChecks(rs *round.Set) error {
	for i, c := range s.checks {
		if c == nil || c.ID != CheckID(i+1) || c.Digest != Digest(c.Criteria) {
			return fmt.Errorf("check %d out of place or malformed", i+1)
		}
		if r := rs.Get(c.Round); r == nil || r.Kind != CheckKind || r.Subject != uint64(c.ID) {
			return fmt.Errorf("check %d names round %d of another subject", c.ID, c.Round)
		}
		s.latest[c.Digest] = c.ID
	}
	return nil
}

func (s *State) restoreRecords(*round.Set) error {
	for i, r := range s.buyers {
		if r == nil {
			return fmt.Errorf("buyer record %d is empty", i+1)
		}
		if _, dup := s.buyerOf[r.Address]; dup {
			return fmt.Errorf("buyer record of %s listed twice", r.Address)
		}
		s.buyerOf[r.Address] = i
	}
	for i, r := range s.bidders {
		if r == nil {
			return fmt.Errorf("bidder record %d is empty", i+1)
		}
		if _, dup := s.bidderOf[r.Address]; dup {
			return fmt.Errorf("bidder record of %s listed twice", r.Address)
		}
		s.bidderOf[r.Address] = i
	}
	return nil
}

// restoreRounds checks that every tender round names a bid or check that names it.
func (s *State) restoreRounds(rs *round.Set) error {
	for _, r := range rs.All() {
		var ok bool
		switch r.Kind {
		case Kind:
			x := s.bid(BidID(r.Subject))
			ok = x != nil && slices.Contains(x.Rounds, r.ID) && (r.Ref == 0 || (r.Ref == 1 && x.Appeal != nil))
		case CheckKind:
			c := s.check(CheckID(r.Subject))
			ok = c != nil && c.Round == r.ID
		default:
			continue
		}
		if !ok {
			return fmt.Errorf("round %d scores nothing of this state", r.ID)
		}
	}
	return nil
}
