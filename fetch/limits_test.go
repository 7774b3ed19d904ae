package fetch

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/ledger"
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
			if !errors.Is(err, ErrTooLarge) {
				t.Fatalf("declared=%v: err = %v, want ErrTooLarge", declared, err)
			}
			match(t, err, ledger.External, "Work exceeds 512 KiB")
		}
	}
}

// TestTheSizeMessageStatesTheConfiguredLimit: the message names the limit the fetch was
// held to, never the bytes read, so two validators with the same limit agree.
func TestTheSizeMessageStatesTheConfiguredLimit(t *testing.T) {
	srv, c := server(t, Config{MaxBytes: 1 << 20}, text(strings.Repeat("x", 1<<20+7)))
	_, err := c.Fetch(context.Background(), srv.URL)
	match(t, err, ledger.External, "Work exceeds 1 MiB")
}

// TestASlowHostTimesOut: the whole fetch, body included, must end within Timeout, and a
// timeout is "[TRANSIENT] Work host unavailable (timeout)".
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
		if !errors.Is(err, ErrTimeout) {
			t.Fatalf("%s: err = %v, want ErrTimeout", name, err)
		}
		match(t, err, ledger.Transient, "Work host unavailable (timeout)")
	}
}

// TestAnUnreachableHostIsTransient: a refused connection is "[TRANSIENT] Work host
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
	if !errors.Is(err, ErrUnreachable) {
		t.Fatalf("err = %v, want ErrUnreachable", err)
	}
	match(t, err, ledger.Transient, "Work host unavailable (connection failed)")
}

// TestAnUntrustedCertificateIsExternal: ledger.External covers "a bad certificate": a
// host whose certificate does not verify is "[EXTERNAL] Work host certificate is
// invalid".
func TestAnUntrustedCertificateIsExternal(t *testing.T) {
	srv, _ := server(t, Config{}, text("hi"))
	c := New(Config{AllowLoopback: true}) // system roots only
	_, err := c.Fetch(context.Background(), srv.URL)
	if !errors.Is(err, ErrCertificate) {
		t.Fatalf("err = %v, want ErrCertificate", err)
	}
	match(t, err, ledger.External, "Work host certificate is invalid")
}
