package match

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/round"
)

// maxTurns is the most turns a game lasts.
func maxTurns() int { return battle.MaxTurns }

func itoa(n int) string { return strconv.Itoa(n) }

// Create opens a match run by the sender, escrowing the value, exactly the operator
// bond, in the bond pool until the match settles.
func (s *State) Create(env round.Env, b Create) (book.Outcome, *book.Error) {
	if err := s.creatable(env.At, b); err != nil {
		return book.Outcome{}, err
	}
	at := env.At
	env.Book.Escrow(at.From, BondPool, at.Value)
	m := &match{
		ID: MatchID(len(s.matches) + 1), Operator: at.From, Entrants: b.Entrants, Agents: b.Agents,
		EntryFee: b.EntryFee, FeeBps: b.FeeBps, Bond: at.Value, SeedCommitment: b.SeedCommitment,
		CreatedAt: at.Now, CreatedHeight: at.Height, State: StateWaiting, Turns: []*turn{}, Bets: []BetID{},
		LastActive: at.Now, Winner: -1,
	}
	s.matches = append(s.matches, m)
	s.anchoring = append(s.anchoring, m.ID)
	return book.Outcome{Created: uint64(m.ID), Events: []book.Event{{
		Type: "match_created", Height: at.Height, Match: uint64(m.ID), Address: book.AddrPtr(at.From), Amount: book.AmountPtr(m.Bond),
	}}}, nil
}

// creatable refuses a creation, in the order the refusals are listed.
func (s *State) creatable(at book.At, b Create) *book.Error {
	if err := s.Runs(); err != nil {
		return err
	}
	e := b.Entrants
	switch {
	case !s.operators[at.From]:
		return errNotOperator
	case !at.Value.Eq(s.terms.OperatorBond):
		return errBond
	case e[0].IsZero() || e[1].IsZero() || e[0] == e[1] || e[0] == at.From || e[1] == at.From:
		return errEntrants
	}
	for _, a := range b.Agents {
		if !runes(a.Model, 1, MaxModelLen) || strings.TrimSpace(a.Model) == "" {
			return errModel
		}
		// Bytes, not characters: the template around it must keep every prompt within
		// MaxTextBytes, or an honest operator could never reveal turn 1.
		if len(a.SystemPrompt) > MaxSystemPromptLen || !utf8.ValidString(a.SystemPrompt) {
			return errSystemPrompt
		}
	}
	if b.FeeBps > MaxFeeBps {
		return errFeeBps
	}
	if _, ok := ParseHex32(b.SeedCommitment); !ok {
		return errSeedCommitment
	}
	return nil
}

// open returns the unsettled match id, or the refusal every transaction on a match meets
// first.
func (s *State) open(id MatchID) (*match, *book.Error) {
	if err := s.Runs(); err != nil {
		return nil, err
	}
	m := s.match(id)
	switch {
	case m == nil:
		return nil, errNoMatch
	case m.settled():
		return nil, errSettled
	}
	return m, nil
}

// Join enters the sender, one of the entrants, escrowing the value, exactly the entry
// fee. The second join starts the match, which is anchored by then unless both joins
// landed in the block that created it (then the next block anchors and starts it).
func (s *State) Join(env round.Env, b Join) (book.Outcome, *book.Error) {
	m, err := s.open(b.Match)
	if err != nil {
		return book.Outcome{}, err
	}
	at := env.At
	i := -1
	for k, e := range m.Entrants {
		if e == at.From {
			i = k
		}
	}
	switch {
	case i < 0:
		return book.Outcome{}, errNotEntrant
	case m.Joined[i]:
		return book.Outcome{}, errJoinedTwice
	case !at.Value.Eq(m.EntryFee):
		return book.Outcome{}, errEntryFee
	}
	env.Book.Escrow(at.From, FeePool, at.Value)
	m.Joined[i], m.JoinedAt[i] = true, at.Now
	evs := []book.Event{{Type: "match_joined", Height: at.Height, Match: uint64(m.ID), Address: book.AddrPtr(at.From), Amount: book.AmountPtr(at.Value)}}
	if m.joins() == 2 {
		m.State, m.JoinHeight, m.LastActive = StateAnchoring, at.Height, at.Now
		if m.Anchor != "" {
			m.State, m.StartedAt = StatePlaying, at.Now
		}
		evs = append(evs, book.Event{Type: "match_started", Height: at.Height, Match: uint64(m.ID), Note: "seeded by the state hash at the end of its creation block"})
	}
	s.markMatch(m.ID)
	return book.Outcome{Events: evs}, nil
}

// Anchoring reports whether a match waits for the next block to anchor its seed, so the
// root knows to hand the previous block's state hash to Anchor.
func (s *State) Anchoring() bool { return len(s.anchoring) > 0 }

// Anchor records hash, the state hash at the end of the block before the one beginning
// at now, as the anchor of every match created in that block, and starts those both
// entrants already joined. The root calls it at the beginning of each new height, before
// any of the block's transactions, and adds the match_anchored events, one a match in
// the order they were created, that name the anchor each match's seed is drawn from.
func (s *State) Anchor(hash [32]byte, at book.At) []book.Event {
	var ev []book.Event
	for _, id := range s.anchoring {
		m := s.match(id)
		m.Anchor = Hex32(hash)
		if m.State == StateAnchoring {
			m.StartedAt, m.LastActive, m.State = at.Now, at.Now, StatePlaying
		}
		s.markMatch(id)
		ev = append(ev, book.Event{Type: "match_anchored", Height: at.Height, Match: uint64(id), Note: m.Anchor})
	}
	s.anchoring = nil
	return ev
}

// Commit seals the next turn of a playing match: the operator's per-agent commitments.
// Betting on the turn closes with it.
func (s *State) Commit(env round.Env, b Commit) (book.Outcome, *book.Error) {
	m, err := s.open(b.Match)
	if err != nil {
		return book.Outcome{}, err
	}
	at := env.At
	switch {
	case at.From != m.Operator:
		return book.Outcome{}, errNotMatchOperator
	case m.State != StatePlaying:
		return book.Outcome{}, errNotStarted
	case m.reportedOver() || len(m.Turns) >= maxTurns():
		return book.Outcome{}, errGameOver
	case m.hidden() != nil || b.Turn != len(m.Turns)+1:
		return book.Outcome{}, errTurnOrder
	}
	for _, c := range b.Commitments {
		if _, ok := ParseHex32(c); !ok {
			return book.Outcome{}, errCommitment
		}
	}
	m.Turns = append(m.Turns, &turn{Turn: b.Turn, Commitments: b.Commitments, CommittedAt: at.Now, CommittedHeight: at.Height, Events: []battle.Event{}})
	m.LastActive = at.Now
	s.markMatch(m.ID)
	return book.Outcome{Events: []book.Event{{Type: "match_committed", Height: at.Height, Match: uint64(m.ID), Turn: b.Turn, Note: "betting on this turn is closed"}}}, nil
}

// Bet stakes the value on an agent's move in a turn whose betting is open, escrowing it
// in the stake pool until the turn's reveal or the match's settlement.
func (s *State) Bet(env round.Env, b Bet) (book.Outcome, *book.Error) {
	m, err := s.open(b.Match)
	if err != nil {
		return book.Outcome{}, err
	}
	at := env.At
	if at.Value.IsZero() {
		return book.Outcome{}, errStake
	}
	if b.Turn < 1 || b.Turn > maxTurns() || (b.Agent != 0 && b.Agent != 1) {
		return book.Outcome{}, errBetTarget
	}
	if _, ok := parseMove(b.Move); !ok {
		return book.Outcome{}, errMove
	}
	if b.Turn <= len(m.Turns) || m.reportedOver() {
		return book.Outcome{}, errBettingClosed
	}
	if len(m.Bets) >= MaxBets {
		return book.Outcome{}, errBetsFull
	}
	env.Book.Escrow(at.From, StakePool, at.Value)
	x := &bet{
		ID: BetID(len(s.bets) + 1), Match: m.ID, Turn: b.Turn, Agent: b.Agent, Move: b.Move, Bettor: at.From,
		Stake: at.Value, PlacedAt: at.Now, PlacedHeight: at.Height, State: BetOpen,
	}
	s.bets = append(s.bets, x)
	m.Bets = append(m.Bets, x.ID)
	s.markMatch(m.ID)
	return book.Outcome{Created: uint64(x.ID), Events: []book.Event{{
		Type: "match_bet", Height: at.Height, Match: uint64(m.ID), Turn: b.Turn, Address: book.AddrPtr(at.From), Amount: book.AmountPtr(at.Value),
		Note: "agent " + itoa(b.Agent) + " plays " + b.Move,
	}}}, nil
}
