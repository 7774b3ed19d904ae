package fetch

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// hops redirects /hop/n to /hop/n+1 until n reaches last, then answers text.
func hops(last int, served *atomic.Int64) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		served.Add(1)
		n, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/hop/"))
		if n < last {
			http.Redirect(w, r, "/hop/"+strconv.Itoa(n+1), http.StatusFound)
			return
		}
		text("arrived")(w, r)
	}
}

// TestRedirectsAreBounded: DESIGN "redirects (default 3)". Three redirects are followed;
// a fourth is "[EXTERNAL] Work URL redirects too many times", and is never requested.
func TestRedirectsAreBounded(t *testing.T) {
	var served atomic.Int64
	srv, c := server(t, Config{}, hops(3, &served))
	if got, err := c.Fetch(context.Background(), srv.URL+"/hop/0"); err != nil || string(got) != "arrived" {
		t.Fatalf("three redirects: %q, %v", got, err)
	}
	served.Store(0)
	srv2, c2 := server(t, Config{}, hops(1000, &served))
	_, err := c2.Fetch(context.Background(), srv2.URL+"/hop/0")
	match(t, err, ErrTooManyRedirects)
	if n := served.Load(); n != 4 {
		t.Fatalf("server answered %d requests, want 4 (the first and three redirects)", n)
	}
}

// TestEveryRedirectIsHeldToTheSameRules: "each redirect re-checked against every rule":
// a redirect to http, to a private or metadata address, or to a URL with credentials is
// refused, and the refused target is never dialled.
func TestEveryRedirectIsHeldToTheSameRules(t *testing.T) {
	tests := []struct {
		to    string
		allow bool // AllowPrivate
		kind  *Failure
	}{
		{"http://127.0.0.1/plain", false, ErrNotHTTPS},
		{"https://10.0.0.1/", false, ErrPrivateAddress},
		{"https://192.168.1.1/", false, ErrPrivateAddress},
		{"https://169.254.169.254/latest/meta-data/", true, ErrPrivateAddress},
		{"https://[fd00:ec2::254]/", true, ErrPrivateAddress},
		{"https://user:pw@example.com/", false, ErrBadURL},
		{"file:///etc/passwd", false, ErrNotHTTPS},
	}
	for _, tc := range tests {
		srv, c := server(t, Config{AllowPrivate: tc.allow}, func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, tc.to, http.StatusMovedPermanently)
		})
		dials := countDials(c)
		_, err := c.Fetch(context.Background(), srv.URL)
		match(t, err, tc.kind)
		if n := dials.Load(); n != 1 {
			t.Fatalf("redirect to %s: %d dials, want only the first host's", tc.to, n)
		}
	}
}

// TestANameIsCheckedByWhatItResolvesTo: the guard runs on the address being dialled, so
// a name that resolves to loopback is refused when loopback is not allowed, although
// the URL itself names no address (the shape of a DNS-rebinding attack).
func TestANameIsCheckedByWhatItResolvesTo(t *testing.T) {
	var served atomic.Int64
	srv, _ := server(t, Config{}, hops(0, &served))
	port := srv.URL[strings.LastIndex(srv.URL, ":")+1:]
	c := New(Config{RootCAs: trust(srv)}) // loopback not allowed
	var dialled []string
	c.dialed = func(a string) { dialled = append(dialled, a) }
	_, err := c.Fetch(context.Background(), "https://localhost:"+port+"/hop/0")
	match(t, err, ErrPrivateAddress)
	if len(dialled) == 0 || served.Load() != 0 {
		t.Fatalf("dialled %v, served %d: the refusal must come at dial time, before any request", dialled, served.Load())
	}
}
