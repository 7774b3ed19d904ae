package board

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/arena/arena/ledger"
)

func get(t *testing.T, method, url string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

// TestHandlerServesTheSamePage: DESIGN.md, "The node also serves it live": GET / is the
// page Render writes for the snapshot of the moment, under the same policy as a header.
func TestHandlerServesTheSamePage(t *testing.T) {
	s := loadSnapshot(t, "demo")
	calls := 0
	srv := httptest.NewServer(Handler(func() (ledger.Snapshot, error) { calls++; return s, nil }))
	defer srv.Close()

	resp, body := get(t, http.MethodGet, srv.URL+"/")
	if resp.StatusCode != http.StatusOK || !bytes.Equal(body, render(t, s)) {
		t.Fatalf("GET / = %d with %d bytes, want 200 with the rendered page", resp.StatusCode, len(body))
	}
	for k, want := range map[string]string{
		"Content-Type":            "text/html; charset=utf-8",
		"Content-Security-Policy": Policy(),
		"X-Content-Type-Options":  "nosniff",
	} {
		if got := resp.Header.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	s.Arena.Height = 62
	if _, body := get(t, http.MethodGet, srv.URL+"/"); !bytes.Contains(body, []byte("As of height 62,")) {
		t.Error("a second GET did not render the new snapshot")
	}
	if resp, body := get(t, http.MethodHead, srv.URL+"/"); resp.StatusCode != http.StatusOK || len(body) != 0 {
		t.Errorf("HEAD / = %d with %d bytes, want 200 and no body", resp.StatusCode, len(body))
	}
	if calls != 3 {
		t.Errorf("snapshots taken = %d, want one per request (3)", calls)
	}
}

// TestHandlerRefusals: only GET and HEAD of "/" are served; a snapshot that cannot be
// taken is a 503 that tells the reader nothing of the cause.
func TestHandlerRefusals(t *testing.T) {
	s := loadSnapshot(t, "demo")
	ok := httptest.NewServer(Handler(func() (ledger.Snapshot, error) { return s, nil }))
	defer ok.Close()
	broken := httptest.NewServer(Handler(func() (ledger.Snapshot, error) {
		return ledger.Snapshot{}, errors.New("store: database is locked at /var/arena/state.db")
	}))
	defer broken.Close()
	for _, tc := range []struct {
		method, url string
		code        int
		body, allow string
	}{
		{http.MethodPost, ok.URL + "/", http.StatusMethodNotAllowed, "method not allowed\n", "GET, HEAD"},
		{http.MethodGet, ok.URL + "/board.js", http.StatusNotFound, "404 page not found\n", ""},
		{http.MethodGet, broken.URL + "/", http.StatusServiceUnavailable, "board unavailable\n", ""},
	} {
		resp, body := get(t, tc.method, tc.url)
		if resp.StatusCode != tc.code || string(body) != tc.body || resp.Header.Get("Allow") != tc.allow {
			t.Errorf("%s %s = %d %q (Allow %q), want %d %q (Allow %q)", tc.method, tc.url,
				resp.StatusCode, body, resp.Header.Get("Allow"), tc.code, tc.body, tc.allow)
		}
	}
}
