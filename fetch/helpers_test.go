package fetch

import (
	"crypto/x509"
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
)

// server starts a real HTTPS server on loopback and returns it with a Client that
// trusts its certificate and allows loopback, as a local fixture needs.
func server(t *testing.T, cfg Config, h http.HandlerFunc) (*httptest.Server, *Client) {
	t.Helper()
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // refused handshakes are expected
	srv.StartTLS()
	t.Cleanup(srv.Close)
	cfg.RootCAs = trust(srv)
	cfg.AllowLoopback = true
	return srv, New(cfg)
}

// trust returns a pool holding srv's certificate.
func trust(srv *httptest.Server) *x509.CertPool {
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	return pool
}

// text answers 200 text/plain with body.
func text(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write([]byte(body))
	}
}

// countDials makes c count the addresses its dialer was about to connect to.
func countDials(c *Client) *atomic.Int64 {
	var n atomic.Int64
	c.dialed = func(string) { n.Add(1) }
	return &n
}

// match fails t unless err is an *Error whose Kind is want: the same *Failure, or a
// *StatusError with the same code. What grading makes of each kind is pinned in
// grading/classify_test.go.
func match(t *testing.T, err error, want error) {
	t.Helper()
	var fe *Error
	if !errors.As(err, &fe) {
		t.Fatalf("error %v (%T) is not a *fetch.Error", err, err)
	}
	if ws, ok := want.(*StatusError); ok {
		if gs, ok := fe.Kind.(*StatusError); !ok || gs.Code != ws.Code {
			t.Fatalf("error %v is of kind %v, want %v", err, fe.Kind, want)
		}
		return
	}
	if fe.Kind != want || !errors.Is(err, want) {
		t.Fatalf("error %v is of kind %v, want %v", err, fe.Kind, want)
	}
}
