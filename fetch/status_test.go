package fetch

import (
	"context"
	"errors"
	"net/http"
	"testing"
)

// TestTheWorkIsReadExactly: DESIGN "fetch the work URL if the entry gave one (https
// only ...)". A 200 text answer comes back byte for byte.
func TestTheWorkIsReadExactly(t *testing.T) {
	const body = "# Launch note\n\nThe Settlement API settles payouts. ü ✓\n"
	for _, ct := range []string{"text/plain", "text/plain; charset=utf-8", "text/markdown", "text/x-markdown; charset=UTF-8"} {
		srv, c := server(t, Config{}, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", ct)
			w.Write([]byte(body))
		})
		got, err := c.Fetch(context.Background(), srv.URL+"/note.md")
		if err != nil {
			t.Fatalf("Fetch with %q: %v", ct, err)
		}
		if string(got) != body {
			t.Fatalf("Fetch with %q = %q, want %q", ct, got, body)
		}
	}
}

// TestStatusesAreKeptByCode: seed 000, "[EXTERNAL] Work URL returned 404 ... identical,
// so 404 and 403 disagree" and "[TRANSIENT] Work host unavailable (503)". Any answer but
// 200 is a *StatusError carrying the exact code, which grading classes.
func TestStatusesAreKeptByCode(t *testing.T) {
	for _, code := range []int{404, 403, 410, 204, 503, 500} {
		srv, c := server(t, Config{}, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain")
			w.WriteHeader(code)
		})
		_, err := c.Fetch(context.Background(), srv.URL)
		match(t, err, &StatusError{Code: code})
		var se interface{ StatusCode() int }
		if !errors.As(err, &se) || se.StatusCode() != code {
			t.Fatalf("status %d: error %v carries no StatusCode %d", code, err, code)
		}
	}
}

// TestOnlyTextOrMarkdownInUTF8IsRead: the work must be text/plain or text/markdown, in
// UTF-8; anything else is ErrContentType.
func TestOnlyTextOrMarkdownInUTF8IsRead(t *testing.T) {
	tests := []struct{ ct, body string }{
		{"text/html", "<p>hi</p>"},
		{"application/json", `{"a":1}`},
		{"application/octet-stream", "hi"},
		{"text/plain; charset=iso-8859-1", "hi"},
		{"", "hi"},
		{"text/plain", "caf\xe9"}, // not UTF-8
		{"text/plain; charset", "hi"},
	}
	for _, tc := range tests {
		srv, c := server(t, Config{}, func(w http.ResponseWriter, r *http.Request) {
			w.Header()["Content-Type"] = []string{tc.ct}
			w.Write([]byte(tc.body))
		})
		_, err := c.Fetch(context.Background(), srv.URL)
		match(t, err, ErrContentType)
	}
}
