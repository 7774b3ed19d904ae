package api

import (
	"net/http"

	"github.com/arena/arena/ledger"
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
