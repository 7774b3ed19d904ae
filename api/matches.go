package api

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
)

// The agent match's views: every match, and one match with its turn-by-turn timeline
// (commitments, reveals with signed receipts and raw texts, events), its bets and its
// settlement. Each answers exactly what the ledger's view returns.

func (s *server) getMatches(w http.ResponseWriter, r *http.Request) {
	var v []ledger.MatchView
	s.chain.View(func(st *ledger.State) { v = st.Matches() })
	writeJSON(w, http.StatusOK, nonNil(v))
}

func (s *server) getMatch(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "match")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.MatchView
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.Match(ledger.MatchID(id)) })
	s.found(w, r, v, ok, "no match %d", id)
}

// getMatchEpisode answers a finished match's episode; a match under way or void has
// none, a 409 in the ledger's words, never a partial document.
func (s *server) getMatchEpisode(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "match")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.MatchView
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.Match(ledger.MatchID(id)) })
	if !ok {
		s.fail(w, r, notFound(fmt.Sprintf("no match %d", id)))
		return
	}
	e, err := match.EpisodeOf(v)
	switch {
	case errors.Is(err, match.ErrNotFinished), errors.Is(err, match.ErrVoid):
		s.fail(w, r, conflict(err.Error()))
	case err != nil:
		s.fail(w, r, err)
	default:
		writeJSON(w, http.StatusOK, e)
	}
}

// getAgents answers every rated agent, highest first.
func (s *server) getAgents(w http.ResponseWriter, r *http.Request) {
	var v []ledger.AgentView
	s.chain.View(func(st *ledger.State) { v = st.Agents() })
	writeJSON(w, http.StatusOK, nonNil(v))
}
