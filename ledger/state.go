package ledger

import (
	"errors"
	"fmt"
)

// State is an arena's whole ledger state. It is a pure state machine: it changes only in
// Apply, reads no clock but the blocks it is given, and two States that applied the same
// transactions in the same blocks encode to the same bytes and hash. A State is not safe
// for concurrent use; callers serialise access.
type State struct {
	terms     Terms
	height    uint64
	blockTime int64 // the latest block time seen
	offset    int64 // dev_advance seconds added to the clock

	accounts map[Address]*account
	bal      Balances
	genesis  Amount // sum of genesis allocations
	faucet   Amount // sum of faucet credits

	tasks   []*task  // tasks[id-1]
	entries []*entry // entries[id-1]
	rounds  []*round // rounds[id-1]
	events  []Event  // the award outbox

	// Indexes derived from the above; rebuilt by Decode, never encoded.
	filed   map[filing]EntryID
	solvers map[Address]bool
	open    []RoundID // rounds with an open attempt, ascending
	awarded int
	voided  int

	mark  marks     // what changed: for the store's view rows and for the hash cache
	hc    hashCache // per-object hashes behind Hash
	fault error     // set when arithmetic proves the state corrupt
	hash  *[32]byte
}

// account is everything the ledger keeps per address.
type account struct {
	Nonce     uint64      `json:"nonce"`
	Wallet    Amount      `json:"wallet"`
	Claimable Amount      `json:"claimable"`
	Rep       *Reputation `json:"reputation,omitempty"`
}

// filing keys the one-entry-per-solver rule.
type filing struct {
	task   TaskID
	solver Address
}

// New opens an arena under terms t: it validates t and funds the genesis wallets. The
// returned state is at height 0.
func New(t Terms) (*State, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	s := newState(cloneTerms(t))
	for _, g := range t.Genesis {
		if g.Address.IsZero() {
			return nil, errGenesisZero
		}
		sum, over := s.genesis.Add(g.Amount)
		if over {
			return nil, errGenesisOverflow
		}
		s.genesis = sum
		a := s.account(g.Address)
		a.Wallet, _ = a.Wallet.Add(g.Amount) // bounded by the genesis sum
	}
	s.mark.view = dirtySet{}
	return s, nil
}

func newState(t Terms) *State {
	return &State{
		terms:    t,
		accounts: map[Address]*account{},
		filed:    map[filing]EntryID{},
		solvers:  map[Address]bool{},
	}
}

// Terms returns a copy of the founding terms.
func (s *State) Terms() Terms { return cloneTerms(s.terms) }

// Height returns the height of the last block applied.
func (s *State) Height() uint64 { return s.height }

// Now returns the arena's clock: the last block time plus any dev-mode advance, in unix
// seconds.
func (s *State) Now() int64 { return s.blockTime + s.offset }

// NextNonce returns the nonce a's next transaction must carry; the first is 1.
func (s *State) NextNonce(a Address) uint64 {
	if acc, ok := s.accounts[a]; ok {
		return acc.Nonce + 1
	}
	return 1
}

// Balance returns a's wallet balance: money outside the arena's four balances.
func (s *State) Balance(a Address) Amount {
	if acc, ok := s.accounts[a]; ok {
		return acc.Wallet
	}
	return Amount{}
}

// Claimable returns what the arena owes a.
func (s *State) Claimable(a Address) Amount {
	if acc, ok := s.accounts[a]; ok {
		return acc.Claimable
	}
	return Amount{}
}

// BeginBlock tells the ledger a block has started. Apply does the same with the block it
// is given, so engines need call it only for blocks without transactions. Heights and
// times never move backwards.
func (s *State) BeginBlock(b Block) {
	if b.Height > s.height {
		s.height = b.Height
		s.hash = nil
	}
	if b.Time > s.blockTime {
		s.blockTime = b.Time
		s.hash = nil
	}
}

// account returns a's account, creating it; the address is marked dirty.
func (s *State) account(a Address) *account {
	acc, ok := s.accounts[a]
	if !ok {
		acc = &account{}
		s.accounts[a] = acc
		s.hc.addAccount(a)
	}
	s.mark.account(a)
	return acc
}

func (s *State) task(id TaskID) *task {
	if id == 0 || id > TaskID(len(s.tasks)) {
		return nil
	}
	return s.tasks[id-1]
}

func (s *State) entry(id EntryID) *entry {
	if id == 0 || id > EntryID(len(s.entries)) {
		return nil
	}
	return s.entries[id-1]
}

func (s *State) round(id RoundID) *round {
	if id == 0 || id > RoundID(len(s.rounds)) {
		return nil
	}
	return s.rounds[id-1]
}

// add returns a+b, marking the state corrupt on overflow: every amount is bounded by the
// money that exists, so an overflow means a broken invariant.
func (s *State) add(a, b Amount) Amount {
	r, over := a.Add(b)
	if over && s.fault == nil {
		s.fault = fmt.Errorf("ledger: amount overflow adding %s and %s", b, a)
	}
	return r
}

// sub returns a-b, marking the state corrupt on underflow.
func (s *State) sub(a, b Amount) Amount {
	r, under := a.Sub(b)
	if under && s.fault == nil {
		s.fault = fmt.Errorf("ledger: amount underflow taking %s from %s", b, a)
	}
	return r
}

// ErrCorrupt wraps every error that means the state broke an invariant; a node that
// meets one must stop.
var ErrCorrupt = errors.New("ledger state is corrupt")

func cloneTerms(t Terms) Terms {
	t.Validators = append([]Address(nil), t.Validators...)
	t.Genesis = append([]Allocation(nil), t.Genesis...)
	if t.Registry != nil {
		r := *t.Registry
		t.Registry = &r
	}
	return t
}
