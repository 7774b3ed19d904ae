package api

import (
	"net/http"

	"github.com/arena/arena/ledger"
)

// The learning challenge's views (issue 14): every learning challenge with its runs,
// its ranking and its folds, and one learning run with its modules, seeds, kept results,
// score and every attestation of both its rounds. Each answers exactly what the
// ledger's view returns.

func (s *server) getLearnChallenges(w http.ResponseWriter, r *http.Request) {
	var v []ledger.LearnChallengeView
	s.chain.View(func(st *ledger.State) { v = st.LearnChallenges() })
	writeJSON(w, http.StatusOK, nonNil(v))
}

func (s *server) getLearnChallenge(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "learning challenge")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.LearnChallengeView
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.LearnChallenge(ledger.LearnChallengeID(id)) })
	s.found(w, r, v, ok, "no learning challenge %d", id)
}

func (s *server) getLearnRun(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "learning run")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.LearnRunView
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.LearnRun(ledger.LearnRunID(id)) })
	s.found(w, r, v, ok, "no learning run %d", id)
}
