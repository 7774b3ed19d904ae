package board

import (
	"bytes"
	"log/slog"
	"net/http"

	"github.com/arena/arena/ledger"
)

// Handler serves the board live at "/": each GET or HEAD takes a fresh snapshot from
// snap and renders it whole before writing, so a failure never sends half a page. Other
// paths are 404 and other methods 405. A snapshot or render failure is a 503 whose body
// says only that the board is unavailable; the cause goes to the log. Handler is safe
// for concurrent use if snap is. Options are Render's; for a live page, crossings come
// from WithCrossingsFunc, read after each snapshot (and a failure to read them is a 503
// too). With WithApp the page is the live app and carries AppPolicy instead of Policy.
func Handler(snap func() (ledger.Snapshot, error), opts ...Option) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		csp := policy
		if isApp(opts) {
			csp = appPolicy
		}
		var buf bytes.Buffer
		s, err := snap()
		if err == nil {
			err = Render(&buf, s, opts...)
		}
		if err != nil {
			slog.Error("board unavailable", "err", err)
			http.Error(w, "board unavailable", http.StatusServiceUnavailable)
			return
		}
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-store")
		if r.Method == http.MethodHead {
			return
		}
		_, _ = w.Write(buf.Bytes())
	})
}
