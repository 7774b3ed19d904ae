package govern

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/digest"
)

// Transaction kinds of the governance bodies.
const (
	KindProposeUpgrade book.Kind = "propose_upgrade"
	KindProposeCancel  book.Kind = "propose_cancel"
	KindProposeTerms   book.Kind = "propose_terms"
	KindVote           book.Kind = "vote"
	KindProposeRemoval book.Kind = "propose_removal"
)

// What a proposal does.
const (
	ActionUpgrade = "upgrade" // switch the protocol to Version at Height
	ActionCancel  = "cancel"  // cancel the upgrade proposal Target before its height
	ActionTerms   = "terms"   // put the Set of term changes in force at Height
	ActionAdmit   = "admit"   // put the joining Validator in the set at the height after adoption
	ActionRemove  = "remove"  // take Validator out of the set at the height after adoption
)

// A proposal's status.
const (
	Open      = "open"      // taking votes until its deadline
	Adopted   = "adopted"   // more than two thirds signed it; waiting for its height
	Done      = "done"      // its height came and it took effect (a cancel: at adoption)
	Expired   = "expired"   // its deadline passed first
	Cancelled = "cancelled" // an adopted cancel removed it before its height
)

// Limits on a proposal.
const (
	MaxReleaseLen = 200 // characters of an upgrade's release
	MaxSettings   = 16  // term changes in one proposal
	MaxValueLen   = 80  // characters of one setting's value
	// MaxVoteBlocks bounds how long a proposal takes votes, so that no proposal waits
	// without a bound.
	MaxVoteBlocks = 1_000_000
	// DefaultNotice is the fewest blocks between a proposal and its height when the
	// terms name none: the time operators have to install the release it needs.
	DefaultNotice = 100
)

// ProposeUpgrade proposes that the protocol switch to Version at Height, a release of
// the software that carries it being Release (a version tag or URL operators install).
// It takes votes until the block at Deadline, which comes before Height.
type ProposeUpgrade struct {
	Version  uint64 `json:"version"`
	Height   uint64 `json:"height"`
	Release  string `json:"release"`
	Deadline uint64 `json:"deadline"`
}

// ProposeCancel proposes that the adopted or open upgrade proposal Proposal be
// cancelled; it takes votes until Deadline, which comes before the upgrade's height.
type ProposeCancel struct {
	Proposal uint64 `json:"proposal"`
	Deadline uint64 `json:"deadline"`
}

// Setting is one term change: the term's JSON name in the founding terms and its new
// value, written as it would be there (a decimal string for an amount).
type Setting struct {
	Term  string `json:"term"`
	Value string `json:"value"`
}

// ProposeTerms proposes that the Set of term changes take effect at Height; it takes
// votes until Deadline, which comes before Height.
type ProposeTerms struct {
	Set      []Setting `json:"set"`
	Height   uint64    `json:"height"`
	Deadline uint64    `json:"deadline"`
}

// Vote signs proposal Proposal. A proposer's proposal counts as its own vote.
type Vote struct {
	Proposal uint64 `json:"proposal"`
}

// ProposeRemoval proposes that Validator leave the set in force, at the height after
// the proposal is adopted; it takes votes until Deadline.
type ProposeRemoval struct {
	Validator book.Address `json:"validator"`
	Deadline  uint64       `json:"deadline"`
}

// Kind implementations name each body on the wire.
func (ProposeRemoval) Kind() book.Kind { return KindProposeRemoval }
func (ProposeUpgrade) Kind() book.Kind { return KindProposeUpgrade }
func (ProposeCancel) Kind() book.Kind  { return KindProposeCancel }
func (ProposeTerms) Kind() book.Kind   { return KindProposeTerms }
func (Vote) Kind() book.Kind           { return KindVote }

// Proposal is one proposal and its votes, in the order they were counted.
type Proposal struct {
	ID       uint64       `json:"id"`
	Action   string       `json:"action"`
	Proposer book.Address `json:"proposer"`
	Opened   uint64       `json:"opened"`   // height of the block that carried it
	Deadline uint64       `json:"deadline"` // the last height a vote counts at
	Version  uint64       `json:"version,omitempty"`
	Height   uint64       `json:"height,omitempty"` // when it takes effect
	Release  string       `json:"release,omitempty"`
	Target   uint64       `json:"target,omitempty"` // the proposal a cancel cancels
	Set      []Setting    `json:"set,omitempty"`
	// Validator is the validator an admission admits or a removal removes.
	Validator *book.Address  `json:"validator,omitempty"`
	Votes     []book.Address `json:"votes"`
	Needed    int            `json:"needed"` // votes that adopt it, counted against the set when it opened
	Status    string         `json:"status"`
	Adopted   uint64         `json:"adopted,omitempty"` // height it was adopted at
	Closed    uint64         `json:"closed,omitempty"`  // height it took effect, expired or was cancelled
}

// Needed returns the votes that adopt a proposal among n validators: more than two
// thirds of them.
func Needed(n int) int { return n*2/3 + 1 }

// State is every proposal ever made, in id order.
type State struct {
	Proposals []*Proposal `json:"proposals"`
}

// New returns a state with no proposals.
func New() *State { return &State{} }

// Empty reports whether no proposal was ever made: the state then hashes and encodes
// as the ledger did before governance existed.
func (s *State) Empty() bool { return len(s.Proposals) == 0 }

// Hash returns the hash of every proposal.
func (s *State) Hash() [32]byte { return digest.Sum(s.Proposals) }

// Restore decodes a state written by the ledger's encoding.
func Restore(raw json.RawMessage) (*State, error) {
	s := New()
	if raw == nil {
		return s, nil
	}
	if err := json.Unmarshal(raw, &s.Proposals); err != nil {
		return nil, fmt.Errorf("governance: %w", err)
	}
	for i, p := range s.Proposals {
		if p == nil || p.ID != uint64(i+1) {
			return nil, fmt.Errorf("governance: proposal %d is out of order", i+1)
		}
	}
	return s, nil
}

// Get returns proposal id, or nil.
func (s *State) Get(id uint64) *Proposal {
	if id == 0 || id > uint64(len(s.Proposals)) {
		return nil
	}
	return s.Proposals[id-1]
}

// Env is what a governance transaction sees of the ledger.
type Env struct {
	Height     uint64
	From       book.Address
	Validators []book.Address // the set in force
	Version    uint64         // the protocol version in force
	Notice     uint64         // fewest blocks between a proposal and its height
	// CheckTerms reports the refusal a set of term changes meets, if any: the root
	// ledger applies it to a copy of the terms in force and validates the result.
	CheckTerms func([]Setting) *book.Error
	// CheckRemoval reports the refusal taking a validator out of the set in force
	// meets, if any: one the set cannot lose and keep its committees and quorums.
	CheckRemoval func(book.Address) *book.Error
}

func (e *Env) validator() bool { return slices.Contains(e.Validators, e.From) }

// pendingUpgrade returns the open or adopted upgrade proposal, if any.
func (s *State) pendingUpgrade() *Proposal {
	for _, p := range s.Proposals {
		if p.Action == ActionUpgrade && (p.Status == Open || p.Status == Adopted) {
			return p
		}
	}
	return nil
}

// window checks a proposal's height and then its deadline against the env.
func window(e *Env, height, deadline uint64) *book.Error {
	switch {
	case height <= e.Height:
		return refusef("Height %d is not after the current height %d", height, e.Height)
	case height < e.Height+e.Notice:
		return refusef("Height %d is too soon: operators need %d blocks' notice, so the earliest is %d", height, e.Notice, e.Height+e.Notice)
	case deadline <= e.Height:
		return refusef("A proposal's deadline must be after the current height %d", e.Height)
	case deadline-e.Height > MaxVoteBlocks:
		return refusef("A proposal takes votes for at most %d blocks", MaxVoteBlocks)
	case deadline >= height:
		return refusef("The deadline %d must come before height %d", deadline, height)
	}
	return nil
}

// Refusal reports the refusal governance body b from e.From meets, changing nothing;
// nil for a body it would apply. The ledger asks it at admission, so that a refused
// proposal or vote consumes no nonce and pays no fee.
func (s *State) Refusal(e Env, b book.Body) *book.Error {
	switch b := b.(type) {
	case ProposeUpgrade:
		return s.checkUpgrade(&e, b)
	case ProposeCancel:
		return s.checkCancel(&e, b)
	case ProposeTerms:
		return s.checkTerms(&e, b)
	case Vote:
		_, err := s.checkVote(&e, b)
		return err
	case ProposeRemoval:
		return s.checkRemoval(&e, b)
	}
	return nil
}

// deadline checks a proposal's deadline that names no height against the env.
func deadline(e *Env, d uint64) *book.Error {
	switch {
	case d <= e.Height:
		return refusef("A proposal's deadline must be after the current height %d", e.Height)
	case d-e.Height > MaxVoteBlocks:
		return refusef("A proposal takes votes for at most %d blocks", MaxVoteBlocks)
	}
	return nil
}

// pendingFor returns the open or adopted proposal of action that names validator v, if any.
func (s *State) pendingFor(action string, v book.Address) *Proposal {
	for _, p := range s.Proposals {
		if p.Action == action && p.Validator != nil && *p.Validator == v && (p.Status == Open || p.Status == Adopted) {
			return p
		}
	}
	return nil
}

func (s *State) checkRemoval(e *Env, b ProposeRemoval) *book.Error {
	if !e.validator() {
		return errNotValidator
	}
	if !slices.Contains(e.Validators, b.Validator) {
		return errNotInSet
	}
	if p := s.pendingFor(ActionRemove, b.Validator); p != nil {
		return refusef("The removal of this validator is already %s (proposal %d)", p.Status, p.ID)
	}
	if err := e.CheckRemoval(b.Validator); err != nil {
		return err
	}
	return deadline(e, b.Deadline)
}

// ProposeRemoval opens a proposal to take a validator out of the set, with the
// proposer's vote.
func (s *State) ProposeRemoval(e Env, b ProposeRemoval) (book.Outcome, *book.Error) {
	if err := s.checkRemoval(&e, b); err != nil {
		return book.Outcome{}, err
	}
	return s.open(e, &Proposal{Action: ActionRemove, Validator: book.AddrPtr(b.Validator), Deadline: b.Deadline}), nil
}

// CheckAdmit reports the refusal an admission of validator v taking votes until d
// meets at e: the root ledger checks the join itself.
func (s *State) CheckAdmit(e Env, v book.Address, d uint64) *book.Error {
	if p := s.pendingFor(ActionAdmit, v); p != nil {
		return refusef("A join of this grading address is already %s (proposal %d)", p.Status, p.ID)
	}
	return deadline(&e, d)
}

// OpenAdmit opens the proposal to admit validator v, who joins from e.From and is not
// a validator: it takes the set in force's votes until d, and its joiner's is not one.
func (s *State) OpenAdmit(e Env, v book.Address, d uint64) (book.Outcome, *book.Error) {
	if err := s.CheckAdmit(e, v, d); err != nil {
		return book.Outcome{}, err
	}
	p := &Proposal{ID: uint64(len(s.Proposals) + 1), Action: ActionAdmit, Proposer: e.From, Opened: e.Height, Deadline: d,
		Validator: book.AddrPtr(v), Votes: []book.Address{}, Needed: Needed(len(e.Validators)), Status: Open}
	s.Proposals = append(s.Proposals, p)
	evs := []book.Event{{Type: "proposal_opened", Height: e.Height, Proposal: p.ID, Address: book.AddrPtr(e.From), Note: p.Action}}
	return book.Outcome{Created: p.ID, Events: evs}, nil
}

func (s *State) checkUpgrade(e *Env, b ProposeUpgrade) *book.Error {
	if !e.validator() {
		return errNotValidator
	}
	if p := s.pendingUpgrade(); p != nil {
		return refusef("An upgrade to version %d is already %s (proposal %d)", p.Version, p.Status, p.ID)
	}
	switch {
	case b.Version != e.Version+1:
		return refusef("The protocol is at version %d: an upgrade names version %d", e.Version, e.Version+1)
	case strings.TrimSpace(b.Release) == "" || len([]rune(b.Release)) > MaxReleaseLen:
		return errRelease
	}
	return window(e, b.Height, b.Deadline)
}

func (s *State) checkCancel(e *Env, b ProposeCancel) *book.Error {
	if !e.validator() {
		return errNotValidator
	}
	t := s.Get(b.Proposal)
	switch {
	case t == nil || t.Action != ActionUpgrade:
		return errNoUpgrade
	case t.Status != Open && t.Status != Adopted:
		return refusef("Proposal %d is %s: only an open or adopted upgrade can be cancelled", t.ID, t.Status)
	case b.Deadline <= e.Height:
		return refusef("A proposal's deadline must be after the current height %d", e.Height)
	case b.Deadline >= t.Height:
		return refusef("The deadline %d must come before the upgrade's height %d", b.Deadline, t.Height)
	}
	return nil
}

func (s *State) checkTerms(e *Env, b ProposeTerms) *book.Error {
	if !e.validator() {
		return errNotValidator
	}
	if len(b.Set) == 0 || len(b.Set) > MaxSettings {
		return errSettings
	}
	seen := map[string]bool{}
	for _, st := range b.Set {
		if seen[st.Term] {
			return refusef("Term %q is set twice", st.Term)
		}
		seen[st.Term] = true
		if len(st.Value) > MaxValueLen {
			return errValueLen
		}
	}
	if err := e.CheckTerms(b.Set); err != nil {
		return err
	}
	return window(e, b.Height, b.Deadline)
}

func (s *State) checkVote(e *Env, b Vote) (*Proposal, *book.Error) {
	p := s.Get(b.Proposal)
	switch {
	case !e.validator():
		return nil, errNotValidator
	case p == nil:
		return nil, errNoProposal
	case e.Height > p.Deadline:
		return nil, refusef("Voting on proposal %d closed at height %d", p.ID, p.Deadline)
	case p.Status != Open:
		return nil, refusef("Proposal %d is %s: it takes no more votes", p.ID, p.Status)
	case slices.Contains(p.Votes, e.From):
		return nil, refusef("This validator has already voted on proposal %d", p.ID)
	}
	return p, nil
}

// ProposeUpgrade opens an upgrade proposal, with the proposer's vote.
func (s *State) ProposeUpgrade(e Env, b ProposeUpgrade) (book.Outcome, *book.Error) {
	if err := s.checkUpgrade(&e, b); err != nil {
		return book.Outcome{}, err
	}
	return s.open(e, &Proposal{Action: ActionUpgrade, Version: b.Version, Height: b.Height, Release: b.Release, Deadline: b.Deadline}), nil
}

// ProposeCancel opens a proposal to cancel an upgrade proposal, with the proposer's vote.
func (s *State) ProposeCancel(e Env, b ProposeCancel) (book.Outcome, *book.Error) {
	if err := s.checkCancel(&e, b); err != nil {
		return book.Outcome{}, err
	}
	return s.open(e, &Proposal{Action: ActionCancel, Target: b.Proposal, Deadline: b.Deadline}), nil
}

// ProposeTerms opens a proposal to change terms, with the proposer's vote.
func (s *State) ProposeTerms(e Env, b ProposeTerms) (book.Outcome, *book.Error) {
	if err := s.checkTerms(&e, b); err != nil {
		return book.Outcome{}, err
	}
	return s.open(e, &Proposal{Action: ActionTerms, Set: slices.Clone(b.Set), Height: b.Height, Deadline: b.Deadline}), nil
}

// open records p with the proposer's vote and adopts it at once when that is enough.
func (s *State) open(e Env, p *Proposal) book.Outcome {
	p.ID = uint64(len(s.Proposals) + 1)
	p.Proposer, p.Opened, p.Status = e.From, e.Height, Open
	p.Needed = Needed(len(e.Validators))
	s.Proposals = append(s.Proposals, p)
	evs := []book.Event{{Type: "proposal_opened", Height: e.Height, Proposal: p.ID, Address: book.AddrPtr(e.From), Note: p.Action}}
	evs = append(evs, s.count(e, p)...)
	return book.Outcome{Created: p.ID, Events: evs}
}

// Vote counts the sender's vote on an open proposal.
func (s *State) Vote(e Env, b Vote) (book.Outcome, *book.Error) {
	p, err := s.checkVote(&e, b)
	if err != nil {
		return book.Outcome{}, err
	}
	evs := []book.Event{{Type: "vote", Height: e.Height, Proposal: p.ID, Address: book.AddrPtr(e.From)}}
	return book.Outcome{Events: append(evs, s.count(e, p)...)}, nil
}

// count adds the sender's vote to p and adopts p when it has enough: votes are counted
// against the set in force when it opened (Needed), and a vote counts only while its
// voter is in the set in force.
func (s *State) count(e Env, p *Proposal) []book.Event {
	p.Votes = append(p.Votes, e.From)
	if len(p.Votes) < p.Needed {
		return nil
	}
	p.Status, p.Adopted = Adopted, e.Height
	if p.Action == ActionAdmit || p.Action == ActionRemove {
		p.Height = e.Height + 1
	}
	evs := []book.Event{{Type: "proposal_adopted", Height: e.Height, Proposal: p.ID, Note: p.Action}}
	if p.Action == ActionCancel {
		t := s.Get(p.Target)
		p.Status, p.Closed = Done, e.Height
		if t.Status == Open || t.Status == Adopted {
			t.Status, t.Closed = Cancelled, e.Height
			evs = append(evs, book.Event{Type: "proposal_cancelled", Height: e.Height, Proposal: t.ID})
		}
	}
	return evs
}

// Due returns the adopted proposals that take effect by height h, in id order: those
// whose height is h, or, where a height was never begun, before it.
func (s *State) Due(h uint64) []*Proposal {
	var due []*Proposal
	for _, p := range s.Proposals {
		if p.Status == Adopted && p.Height <= h {
			due = append(due, p)
		}
	}
	return due
}

// Begin moves the proposals on at height h: those past their deadline expire. The
// caller carries out what Due(h) names and then calls Took for each.
func (s *State) Begin(h uint64) []book.Event {
	var evs []book.Event
	for _, p := range s.Proposals {
		if p.Status == Open && h > p.Deadline {
			p.Status, p.Closed = Expired, h
			evs = append(evs, book.Event{Type: "proposal_expired", Height: h, Proposal: p.ID})
		}
	}
	return evs
}

// Took records that the adopted proposal p took effect at height h.
func (s *State) Took(p *Proposal, h uint64) book.Event {
	p.Status, p.Closed = Done, h
	return book.Event{Type: "proposal_done", Height: h, Proposal: p.ID, Note: p.Action}
}

// Upgrade returns the adopted upgrade waiting for its height, if any: what a node must
// be ready to apply.
func (s *State) Upgrade() *Proposal {
	for _, p := range s.Proposals {
		if p.Action == ActionUpgrade && p.Status == Adopted {
			return p
		}
	}
	return nil
}

// Check reports a proposal whose fields break the package's own rules.
func (s *State) Check() error {
	adopted := 0
	for _, p := range s.Proposals {
		if p.Action == ActionUpgrade && p.Status == Adopted {
			adopted++
		}
		if p.Action != ActionAdmit && len(p.Votes) > 0 && p.Votes[0] != p.Proposer {
			return fmt.Errorf("proposal %d: the first vote is not its proposer's", p.ID)
		}
	}
	if adopted > 1 {
		return fmt.Errorf("%d adopted upgrades wait at once", adopted)
	}
	return nil
}

// Views returns a copy of every proposal, newest first.
func (s *State) Views() []Proposal {
	out := make([]Proposal, 0, len(s.Proposals))
	for i := len(s.Proposals) - 1; i >= 0; i-- {
		p := *s.Proposals[i]
		p.Votes, p.Set = slices.Clone(p.Votes), slices.Clone(p.Set)
		if p.Validator != nil {
			p.Validator = book.AddrPtr(*p.Validator)
		}
		out = append(out, p)
	}
	return out
}

// Summary says what p does, and from which height: the words the CLI and the board
// both show.
func (p *Proposal) Summary() string {
	switch p.Action {
	case ActionUpgrade:
		return fmt.Sprintf("protocol version %d from height %d (release %s)", p.Version, p.Height, p.Release)
	case ActionCancel:
		return fmt.Sprintf("cancel upgrade proposal %d", p.Target)
	case ActionTerms:
		parts := make([]string, len(p.Set))
		for i, s := range p.Set {
			parts[i] = s.Term + " = " + s.Value
		}
		return strings.Join(parts, ", ") + fmt.Sprintf(" from height %d", p.Height)
	case ActionAdmit, ActionRemove:
		if p.Validator != nil {
			return fmt.Sprintf("%s validator %s at the height after adoption", p.Action, p.Validator)
		}
	}
	return p.Action
}
