package api

import (
	"fmt"
	"net/http"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ocds"
)

// A tender's OCDS documents (package ocds): its release package, its record package,
// and the Arena extension the packages list. The documents name this node by the URL
// the request reached it at, so their uri and the extension's URL resolve here.

func (s *server) getTenderOCDS(w http.ResponseWriter, r *http.Request) {
	src, ok := s.ocdsSource(w, r)
	if ok {
		writeJSON(w, http.StatusOK, ocds.Package(src, baseURL(r)))
	}
}

func (s *server) getTenderOCDSRecord(w http.ResponseWriter, r *http.Request) {
	src, ok := s.ocdsSource(w, r)
	if !ok {
		return
	}
	rec, err := ocds.RecordOf(src, baseURL(r))
	if err != nil {
		s.fail(w, r, fmt.Errorf("ocds record: %w", err))
		return
	}
	writeJSON(w, http.StatusOK, rec)
}

// ocdsSource reads the tender in the path with its scoring rounds, or answers why not.
func (s *server) ocdsSource(w http.ResponseWriter, r *http.Request) (ocds.Source, bool) {
	id, err := pathID(r, "tender")
	if err != nil {
		s.fail(w, r, err)
		return ocds.Source{}, false
	}
	var src ocds.Source
	var ok bool
	s.chain.View(func(st *ledger.State) { src, ok = ocds.FromState(st, ledger.TenderID(id)) })
	if !ok {
		s.fail(w, r, notFound(fmt.Sprintf("no tender %d", id)))
	}
	return src, ok
}

func (s *server) getOCDSExtension(w http.ResponseWriter, r *http.Request) {
	writeRawJSON(w, ocds.Extension)
}

func (s *server) getOCDSReleaseSchema(w http.ResponseWriter, r *http.Request) {
	writeRawJSON(w, ocds.ReleaseSchema)
}

func writeRawJSON(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}

// baseURL is the URL the request reached this node at: its scheme and host.
func baseURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}
