package ledger

import "github.com/arena/arena/ledger/match"

// The agent match's names on the ledger's surface.
type (
	// MatchID is match.MatchID.
	MatchID = match.MatchID
	// BetID is match.BetID.
	BetID = match.BetID
	// MatchView is match.MatchView.
	MatchView = match.MatchView
	// MatchTurnView is match.TurnView.
	MatchTurnView = match.TurnView
	// DecisionView is match.DecisionView.
	DecisionView = match.DecisionView
	// BetPoolView is match.BetPoolView.
	BetPoolView = match.BetPoolView
	// BetView is match.BetView.
	BetView = match.BetView
	// AgentView is match.AgentView.
	AgentView = match.AgentView
)

// Match returns match id as readers see it: its terms, anchor, state, turn-by-turn
// timeline and bets.
func (s *State) Match(id MatchID) (MatchView, bool) { return s.match.Match(id) }

// Matches returns every match by id.
func (s *State) Matches() []MatchView { return s.match.Matches() }

// MatchBet returns one match bet.
func (s *State) MatchBet(id BetID) (BetView, bool) { return s.match.BetOf(id) }

// Agents returns every agent of a settled, non-void match with its rating across
// matches, highest first: a view derived from the matches, never state.
func (s *State) Agents() []AgentView { return match.Agents(s.match.Matches()) }
