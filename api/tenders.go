package api

import (
	"net/http"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/ledger"
)

// The tender's views: tenders with their bids and questions, one bid, scorability
// checks by criteria digest, buyers' and bidders' records, and tender rounds with the
// inputs frozen when they opened. Each answers exactly what the ledger's view returns.

func (s *server) getTenders(w http.ResponseWriter, r *http.Request) {
	var v []ledger.TenderView
	s.chain.View(func(st *ledger.State) { v = st.Tenders() })
	writeJSON(w, http.StatusOK, nonNil(v))
}

func (s *server) getTender(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "tender")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.TenderView
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.Tender(ledger.TenderID(id)) })
	s.found(w, r, v, ok, "no tender %d", id)
}

func (s *server) getBid(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "bid")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.BidView
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.Bid(ledger.BidID(id)) })
	s.found(w, r, v, ok, "no bid %d", id)
}

func (s *server) getTenderChecks(w http.ResponseWriter, r *http.Request) {
	var v []ledger.CheckView
	s.chain.View(func(st *ledger.State) { v = st.TenderChecks() })
	writeJSON(w, http.StatusOK, nonNil(v))
}

// getTenderCheck answers the latest scorability check of the criteria digest in the
// path (tender.Digest of the criteria texts).
func (s *server) getTenderCheck(w http.ResponseWriter, r *http.Request) {
	d := r.PathValue("digest")
	if !wire.IsDigest(d) {
		s.fail(w, r, badRequest("criteria digest must be 64 lowercase hex digits"))
		return
	}
	var v ledger.CheckView
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.TenderCheck(d) })
	if !ok {
		s.fail(w, r, notFound("no check of criteria digest "+d))
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// getBuyer answers an address's record as a buyer; one with none gets a zero record.
func (s *server) getBuyer(w http.ResponseWriter, r *http.Request) {
	a, err := pathAddress(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.BuyerRecord
	s.chain.View(func(st *ledger.State) { v = st.Buyer(a) })
	writeJSON(w, http.StatusOK, v)
}

// getBidder answers an address's record as a bidder; one with none gets a zero record.
func (s *server) getBidder(w http.ResponseWriter, r *http.Request) {
	a, err := pathAddress(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.BidderRecord
	s.chain.View(func(st *ledger.State) { v = st.Bidder(a) })
	writeJSON(w, http.StatusOK, v)
}

// getTenderRound answers a tender round, scoring or scorability, with its frozen
// inputs; a round of another kind is not found here (GET /v1/rounds/{id} has bounty
// rounds).
func (s *server) getTenderRound(w http.ResponseWriter, r *http.Request) {
	id, err := pathID(r, "round")
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var v ledger.TenderRoundView
	var ok bool
	s.chain.View(func(st *ledger.State) { v, ok = st.TenderRound(ledger.RoundID(id)) })
	s.found(w, r, v, ok, "no tender round %d", id)
}
