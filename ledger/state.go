package ledger

import (
	"bytes"
	"errors"
	"slices"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/digest"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ledger/valset"
)

// State is an arena's whole ledger state: the book, the rounds of every kind, each
// kind's own state, and the award outbox. It is a pure state machine: it changes only in
// Apply, reads no clock but the blocks it is given, and two States that applied the same
// transactions in the same blocks encode to the same bytes and hash. A State is not safe
// for concurrent use; callers serialise access.
type State struct {
	founding  Terms  // the founding terms, which the genesis hash names
	terms     Terms  // the terms in force: the founding terms and every adopted change that took effect
	version   uint64 // the protocol version in force (version.go)
	height    uint64
	blockTime int64 // the latest block time seen
	offset    int64 // dev_advance seconds added to the clock

	book   *book.Book
	rounds *round.Set
	bounty *bounty.State
	tender *tender.State
	match  *match.State
	chall  *challenge.State
	learn  *learn.State
	gov    *govern.State // proposals, votes and what took effect
	vals   *valset.State // the validator set's records, once it first changed or bonds were posted
	events []Event       // the award outbox
	begun  []Event       // what the current height's begin-block work produced; not part of the state

	updates []valset.Update // the current height's changes to the CometBFT set; not part of the state

	outbox    digest.Chain // running hash of events
	termsHash [32]byte     // the founding terms never change, so they are hashed once
	hash      *[32]byte    // cached until the next change
}

// New opens an arena under terms t: it validates t and funds the genesis wallets. The
// returned state is at height 0.
func New(t Terms) (*State, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	if v := t.foundingVersion(); !Knows(v) {
		return nil, refusef("The terms open under protocol version %d; this binary knows versions %d to %d", v, FirstVersion, KnownVersion())
	}
	s := newState(cloneTerms(t), govern.New(), valset.New())
	for _, g := range t.Genesis {
		if g.Address.IsZero() {
			return nil, errGenesisZero
		}
		if !s.book.Fund(g.Address, g.Amount) {
			return nil, errGenesisOverflow
		}
	}
	if err := s.foundingBonds(); err != nil {
		return nil, err
	}
	return s, nil
}

// newState returns the state of an arena founded under t with the proposals of gov, the
// validator records of vals and nothing else: the terms in force and the version in
// force are derived from what gov records as done, the validator set in force from
// vals.
func newState(t Terms, gov *govern.State, vals *valset.State) *State {
	s := &State{founding: t, termsHash: digest.Sum(t), book: book.New(), gov: gov, vals: vals}
	s.terms, s.version = inForce(t, gov)
	if !vals.Empty() {
		s.terms.Validators = vals.InForce()
	}
	s.rounds = round.NewSet(s.terms.roundTerms())
	for _, c := range contests {
		c.open(s, s.terms)
	}
	return s
}

// GenesisHash returns the arena's genesis hash, the hash of its founding terms
// (Terms.GenesisHash): every transaction names it.
func (s *State) GenesisHash() [32]byte { return s.termsHash }

// Terms returns a copy of the founding terms, which the genesis hash names.
func (s *State) Terms() Terms { return cloneTerms(s.founding) }

// InForce returns a copy of the terms in force: the founding terms with every adopted
// change that has reached its height. Fees, bonds, windows and committees follow them.
func (s *State) InForce() Terms { return cloneTerms(s.terms) }

// Height returns the height of the last block applied.
func (s *State) Height() uint64 { return s.height }

// Now returns the arena's clock: the last block time plus any dev-mode advance, in unix
// seconds.
func (s *State) Now() int64 { return s.blockTime + s.offset }

// ClockAt returns the arena's clock in a block timed wall (unix seconds): the later of
// wall and the last block's time, plus any dev-mode advance. It is the clock CheckIn
// admits that block's transactions at, so a client that counts a validity bound from
// ClockAt of its own clock never signs a transaction already past it.
func (s *State) ClockAt(wall int64) int64 { return max(s.blockTime, wall) + s.offset }

// BlockTime returns the time of the last block applied, in unix seconds, without any
// dev-mode advance.
func (s *State) BlockTime() int64 { return s.blockTime }

// NextNonce returns the nonce a's next transaction must carry; the first is 1.
func (s *State) NextNonce(a Address) uint64 { return s.book.Account(a).Nonce + 1 }

// Balance returns a's wallet balance: money outside the arena's balances.
func (s *State) Balance(a Address) Amount { return s.book.Account(a).Wallet }

// Claimable returns what the arena owes a.
func (s *State) Claimable(a Address) Amount { return s.book.Account(a).Claimable }

// AwaitsAnchor reports whether a match or a run started in the last block waits for
// the next block, whose start hands it the state hash as its seed's anchor. An engine
// that makes blocks only for transactions must make one then, so that the wait never
// depends on some other transaction arriving.
func (s *State) AwaitsAnchor() bool {
	for _, c := range contests {
		if c.anchoring != nil && c.anchoring(s) {
			return true
		}
	}
	return false
}

// BeginBlock tells the ledger a block has started. Apply does the same with the block it
// is given, so engines need call it only for blocks without transactions; but they must
// call one or the other for every block, since a new height hands the state hash at the
// end of the previous block to the matches and challenge runs that started in it (their
// seed's anchor), and moves on the challenge rounds whose attempt timed out.
// Heights and times never move backwards. A block applied under a protocol version this
// binary does not know (NeedsUpgrade) is not begun: engines stop before it.
func (s *State) BeginBlock(b Block) {
	var anchor *[32]byte
	moved := b.Height > s.height
	if moved && s.NeedsUpgrade(b.Height) != nil {
		return // never applied under rules this binary does not have: engines ask NeedsUpgrade and stop
	}
	if moved {
		if s.AwaitsAnchor() {
			h := s.Hash() // the state as the previous block left it
			anchor = &h
		}
		s.height = b.Height
		s.hash = nil
		s.updates = nil
	}
	if b.Time > s.blockTime {
		s.blockTime = b.Time
		s.hash = nil
	}
	if moved {
		s.begun = s.beginGovernance(s.height)
		s.begun = append(s.begun, s.beginValidators(s.height)...)
		env := s.env(book.At{Height: s.height, Now: s.Now()})
		for _, c := range contests {
			if c.begin != nil {
				s.begun = append(s.begun, c.begin(s, env, anchor)...)
			}
		}
	}
}

// BlockEvents returns what the begin-block work of the current height produced, in
// order: the runs whose seed the block anchored, the attempts and rounds that timed out,
// and what their ends settled and released. Engines record them with the block, since no
// transaction's outcome carries them, and a replay must produce them again. They are not
// part of the state: a state decoded from its encoding has none until its next block.
func (s *State) BlockEvents() []Event { return slices.Clone(s.begun) }

// ErrCorrupt wraps every error that means the state broke an invariant; a node that
// meets one must stop.
var ErrCorrupt = errors.New("ledger state is corrupt")

func cloneTerms(t Terms) Terms {
	t.Validators = append([]Address(nil), t.Validators...)
	if t.Operators != nil {
		t.Operators = append([]Address{}, t.Operators...)
	}
	t.Genesis = append([]Allocation(nil), t.Genesis...)
	if t.Joins != nil {
		t.Joins = cloneJoins(t.Joins)
	}
	if t.Registry != nil {
		r := *t.Registry
		t.Registry = &r
	}
	if t.Treasury != nil {
		r := *t.Treasury
		t.Treasury = &r
	}
	return t
}

func cloneJoins(js []Join) []Join {
	out := make([]Join, len(js))
	for i, j := range js {
		j.ConsensusPubKey = bytes.Clone(j.ConsensusPubKey)
		j.GradingSig, j.ConsensusSig = bytes.Clone(j.GradingSig), bytes.Clone(j.ConsensusSig)
		if j.Allocation != nil {
			a := *j.Allocation
			j.Allocation = &a
		}
		out[i] = j
	}
	return out
}

// Block is what an engine hands the ledger with each transaction: the height of the
// block and its time in unix seconds. The ledger reads no other clock.
type Block struct {
	Height uint64 `json:"height"`
	Time   int64  `json:"time"`
}
