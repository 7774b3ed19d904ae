package match

import (
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/digest"
)

// Kind names the match kind in the state hash.
const Kind = "match"

// The pools a match holds money in.
const (
	FeePool   book.Pool = "match/fees"   // entry fees of matches not yet settled
	StakePool book.Pool = "match/stakes" // stakes of bets not yet settled
	BondPool  book.Pool = "match/bonds"  // operator bonds of matches not yet settled
)

// MatchID and BetID number matches and bets from 1 in the order the ledger created them,
// across every match. 0 means none.
type (
	MatchID uint64
	BetID   uint64
)

// Terms are the founding terms matches run under.
type Terms struct {
	Chain        string         // the arena's chain id
	Arena        [32]byte       // the arena's genesis hash, which every receipt's EIP-712 domain names
	Operators    []book.Address // who may create and run matches; none: the arena runs no matches
	OperatorBond book.Amount    // exact value of every create, held until the match settles
	Treasury     *book.Address  // receives fees and slashed bonds as claimable balance; set whenever Operators is
}

// Limits and constants of the match, in characters (runes) unless named otherwise.
const (
	StallS             = 1800 // seconds of operator inactivity after which anyone may reclaim
	MaxFeeBps          = 1000
	BpsDenominator     = 10000
	MaxModelLen        = 120
	MaxSystemPromptLen = 4000     // bytes; with the template every prompt stays far below MaxTextBytes
	MaxTextBytes       = 16 << 10 // bytes of each revealed prompt and response
	MaxBets            = 1000     // bets per match
	MaxEvents          = 16       // events one turn may report
)

// Match states.
const (
	StateWaiting   = "waiting"   // created; not both entrants have joined
	StateAnchoring = "anchoring" // both joined in the block that created it; the next block captures the anchor
	StatePlaying   = "playing"   // anchored; turns are committed and revealed
	StateFinished  = "finished"  // the replay matched and the match paid out
	StateVoid      = "void"      // voided at finish or reclaimed; see VoidReason
)

// Why a match is void.
const (
	VoidCancelled = "cancelled" // the entrants did not both join in time; the bond was returned
	VoidStalled   = "stalled"   // the operator stalled; the bond was slashed
	// Any other reason is the first mismatch the replay at finish found; the bond was slashed.
)

// Bet states.
const (
	BetOpen     = "open"
	BetWon      = "won"
	BetLost     = "lost"
	BetReturned = "returned" // no stake was on the revealed move, or the match settled first
)

// State is every match of an arena and their bets. It is not safe for concurrent use.
type State struct {
	terms     Terms
	operators map[book.Address]bool
	matches   []*match // matches[id-1]
	bets      []*bet   // bets[id-1]

	// Derived from the above; rebuilt on decode, never encoded.
	anchoring []MatchID // unsettled matches created in the last block, waiting for its anchor, ascending
	settled   int       // matches finished or void

	sums struct{ matches, bets digest.List }
}

// New returns an empty match state under t.
func New(t Terms) *State {
	s := &State{terms: t, operators: map[book.Address]bool{}}
	for _, o := range t.Operators {
		s.operators[o] = true
	}
	return s
}

// Runs returns the refusal every match transaction meets when the founding terms name
// no operators, and nil when they name some.
func (s *State) Runs() *book.Error {
	if len(s.terms.Operators) == 0 || s.terms.Treasury == nil {
		return errNoOperators
	}
	return nil
}

func (s *State) treasury() book.Address { return *s.terms.Treasury }

func (s *State) match(id MatchID) *match {
	if id == 0 || id > MatchID(len(s.matches)) {
		return nil
	}
	return s.matches[id-1]
}

func (s *State) bet(id BetID) *bet {
	if id == 0 || id > BetID(len(s.bets)) {
		return nil
	}
	return s.bets[id-1]
}

func (s *State) markMatch(id MatchID) { s.sums.matches.Mark(uint64(id)) }
func (s *State) markBet(id BetID)     { s.sums.bets.Mark(uint64(id)) }

// Hash returns the combined hash of every match and bet, recomputing only those that
// changed.
func (s *State) Hash() [32]byte {
	return digest.Combine(Kind, digest.Refresh(&s.sums.matches, s.matches), digest.Refresh(&s.sums.bets, s.bets))
}

// Counts are the match's headline numbers.
type Counts struct {
	Matches int // every match created
	Open    int // not yet finished or void
	Bets    int // every bet placed
}

// Counts returns the match's headline numbers.
func (s *State) Counts() Counts {
	return Counts{Matches: len(s.matches), Open: len(s.matches) - s.settled, Bets: len(s.bets)}
}

// Retune puts the terms t in force from now on; what a match already took stays as taken.
func (s *State) Retune(t Terms) { s.terms = t }
