package api

import (
	"net/http"

	"github.com/arena/arena/ledger"
)

// jsonMisses answers a request that matches no route with the same JSON error body as
// every other failure: 404 for an unknown path, 405 (with Allow) for a known path under
// another method. Everything else goes to mux.
func jsonMisses(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h, pattern := mux.Handler(r)
		if pattern != "" {
			mux.ServeHTTP(w, r)
			return
		}
		probe := &statusProbe{header: http.Header{}}
		h.ServeHTTP(probe, r) // the mux's own 404 or 405, which also sets Allow
		status := probe.status
		msg := "no route " + r.Method + " " + r.URL.Path
		if status == http.StatusMethodNotAllowed {
			allow := probe.header.Get("Allow")
			w.Header().Set("Allow", allow)
			msg = r.Method + " is not allowed on " + r.URL.Path + "; allowed: " + allow
		} else if status != http.StatusMovedPermanently && status != http.StatusTemporaryRedirect && status != http.StatusPermanentRedirect {
			status = http.StatusNotFound
		} else {
			mux.ServeHTTP(w, r) // a redirect to the canonical path
			return
		}
		writeJSON(w, status, ErrorBody{Error: ErrorDetail{Class: ledger.Expected.String(), Message: msg}})
	})
}

// statusProbe records what a handler would answer, writing nothing.
type statusProbe struct {
	header http.Header
	status int
}

func (p *statusProbe) Header() http.Header         { return p.header }
func (p *statusProbe) Write(b []byte) (int, error) { return len(b), nil }
func (p *statusProbe) WriteHeader(status int)      { p.status = status }
