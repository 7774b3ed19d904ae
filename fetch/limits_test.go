package fetch

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestBodiesOverTheLimitAreRefused: DESIGN "size and time limits". A body one byte past
// 512 KiB is refused, whether or not the host declared its length; one at the limit is
// read.
func TestBodiesOverTheLimitAreRefused(t *testing.T) {
	at := strings.Repeat("a", DefaultMaxBytes)
	for _, declared := range []bool{true, false} {
		for _, body := range []string{at, at + "b"} {
			srv, c := server(t, Config{}, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/plain")
				if !declared {
					w.(http.Flusher).Flush() // chunked: no Content-Length
				}
				w.Write([]byte(body))
			})
			got, err := c.Fetch(context.Background(), srv.URL)
			if len(body) == DefaultMaxBytes {
				if err != nil || len(got) != len(body) {
					t.Fatalf("declared=%v: body at the limit: %d bytes, %v", declared, len(got), err)
				}
				continue
			}
			match(t, err, ErrTooLarge)
			if limit := err.(*Error).Limit; limit != DefaultMaxBytes {
				t.Fatalf("declared=%v: Limit = %d, want %d", declared, limit, DefaultMaxBytes)
			}
		}
	}
}

// TestTheSizeFailureStatesTheConfiguredLimit: the error carries the limit the fetch was
// held to, never the bytes read, so two validators with the same limit agree.
func TestTheSizeFailureStatesTheConfiguredLimit(t *testing.T) {
	srv, c := server(t, Config{MaxBytes: 1 << 20}, text(strings.Repeat("x", 1<<20+7)))
	_, err := c.Fetch(context.Background(), srv.URL)
	match(t, err, ErrTooLarge)
	if limit := err.(*Error).Limit; limit != 1<<20 {
		t.Fatalf("Limit = %d, want %d", limit, 1<<20)
	}
}

// TestASlowHostTimesOut: the whole fetch, body included, must end within Timeout, and a
// timeout is ErrTimeout, which grading classes "[TRANSIENT] Work host unavailable
// (timeout)".
func TestASlowHostTimesOut(t *testing.T) {
	stall := func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }
	trickle := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		for {
			w.Write([]byte("."))
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
	for name, h := range map[string]http.HandlerFunc{"no headers": stall, "endless body": trickle} {
		srv, c := server(t, Config{Timeout: 300 * time.Millisecond}, h)
		start := time.Now()
		_, err := c.Fetch(context.Background(), srv.URL)
		if took := time.Since(start); took > 3*time.Second {
			t.Fatalf("%s: fetch took %v with a 300ms limit", name, took)
		}
		match(t, err, ErrTimeout)
	}
}

// TestAnUnreachableHostIsTransient: a refused connection is ErrUnreachable, "[TRANSIENT] Work host
// unavailable (connection failed)".
func TestAnUnreachableHostIsTransient(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	_, c := server(t, Config{}, text(""))
	_, err = c.Fetch(context.Background(), "https://"+addr+"/")
	match(t, err, ErrUnreachable)
}

// TestAnUntrustedCertificateIsExternal: ledger.External covers "a bad certificate": a
// host whose certificate does not verify is ErrCertificate, which grading classes
// "[EXTERNAL] Work host certificate is invalid".
func TestAnUntrustedCertificateIsExternal(t *testing.T) {
	srv, _ := server(t, Config{}, text("hi"))
	c := New(Config{AllowLoopback: true}) // system roots only
	_, err := c.Fetch(context.Background(), srv.URL)
	match(t, err, ErrCertificate)
}
