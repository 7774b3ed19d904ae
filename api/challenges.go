package api

import (
	"net/http"

	"github.com/arena/arena/ledger"
)

// The benchmark challenge's views: every challenge with its entries, runs and folds;
// every bench version with its frozen identity and its check; and one run with the
// result it kept and every attestation. Each answers exactly what the ledger's view
// returns.

func (s *server) getChallenges(w http.ResponseWriter, r *http.Request) {
	var v []ledger.ChallengeView
	s.chain.View(func(st *ledger.State) { v = st.Challenges() })
	writeJSON(w, http.StatusOK, nonNil(v))
}

func (s *server) getChallenge(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "challenge")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.ChallengeView
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.Challenge(ledger.ChallengeID(id)) })
	s.found(w, r, v, ok, "no challenge %d", id)
}

func (s *server) getBenches(w http.ResponseWriter, r *http.Request) {
	var v []ledger.BenchView
	s.chain.View(func(st *ledger.State) { v = st.Benches() })
	writeJSON(w, http.StatusOK, nonNil(v))
}

func (s *server) getBench(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "bench")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.BenchView
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.Bench(ledger.BenchID(id)) })
	s.found(w, r, v, ok, "no bench %d", id)
}

func (s *server) getRun(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "run")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.RunView
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.Run(ledger.RunID(id)) })
	s.found(w, r, v, ok, "no run %d", id)
}
