package fetch

import (
	"context"
	"errors"
	"net"
	"net/url"
	"os"
	"testing"

	"github.com/arena/arena/ledger"
)

// TestEveryKindHasItsProtocolMessage pins the whole surface fetch adds to the protocol:
// each kind's class and exact message (seed 000, "Every refusal has an exact message").
func TestEveryKindHasItsProtocolMessage(t *testing.T) {
	tests := []struct {
		kind  classed
		class ledger.Class
		msg   string
	}{
		{&StatusError{Code: 404}, ledger.External, "Work URL returned 404"},
		{&StatusError{Code: 403}, ledger.External, "Work URL returned 403"},
		{&StatusError{Code: 503}, ledger.Transient, "Work host unavailable (503)"},
		{ErrTimeout, ledger.Transient, "Work host unavailable (timeout)"},
		{ErrUnreachable, ledger.Transient, "Work host unavailable (connection failed)"},
		{ErrTooLarge, ledger.External, "Work exceeds 512 KiB"},
		{ErrPrivateAddress, ledger.External, "Work URL resolves to a private address"},
		{ErrNotHTTPS, ledger.External, "Work URL must use https"},
		{ErrBadURL, ledger.External, "Work URL is invalid"},
		{ErrContentType, ledger.External, "Work must be text or markdown"},
		{ErrTooManyRedirects, ledger.External, "Work URL redirects too many times"},
		{ErrCertificate, ledger.External, "Work host certificate is invalid"},
		{ErrHostNotFound, ledger.External, "Work host not found"},
		{ErrCanceled, ledger.Transient, "Grading cancelled"},
	}
	for _, tc := range tests {
		if tc.kind.Class() != tc.class || tc.kind.Message() != tc.msg {
			t.Errorf("%v: %v %q, want %v %q", tc.kind, tc.kind.Class(), tc.kind.Message(), tc.class, tc.msg)
		}
		e := &Error{URL: "https://example.com/", Kind: tc.kind}
		if e.Class() != tc.class || e.Message() != tc.msg {
			t.Errorf("wrapped %v: %v %q, want %v %q", tc.kind, e.Class(), e.Message(), tc.class, tc.msg)
		}
	}
}

// TestSizeText: the size in a message reads as a person would write the limit.
func TestSizeText(t *testing.T) {
	for n, want := range map[int64]string{512 << 10: "512 KiB", 1 << 20: "1 MiB", 1000: "1000 bytes", 1536: "1536 bytes", 3 << 10: "3 KiB"} {
		if got := sizeText(n); got != want {
			t.Errorf("sizeText(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestTransportFailuresAreNamed: how kindOf names what net/http reports, wrapped as
// net/http wraps it.
func TestTransportFailuresAreNamed(t *testing.T) {
	wrap := func(err error) error { return &url.Error{Op: "Get", URL: "https://example.com/", Err: err} }
	tests := []struct {
		err  error
		want *Failure
	}{
		{wrap(&net.DNSError{Err: "no such host", Name: "example.invalid", IsNotFound: true}), ErrHostNotFound},
		{wrap(&net.DNSError{Err: "server misbehaving", Name: "example.com", IsTemporary: true}), ErrUnreachable},
		{wrap(&net.DNSError{Err: "i/o timeout", Name: "example.com", IsTimeout: true}), ErrTimeout},
		{wrap(context.DeadlineExceeded), ErrTimeout},
		{wrap(context.Canceled), ErrCanceled},
		{wrap(&net.OpError{Op: "dial", Net: "tcp", Err: os.ErrDeadlineExceeded}), ErrTimeout},
		{wrap(&net.OpError{Op: "dial", Net: "tcp", Err: ErrPrivateAddress}), ErrPrivateAddress},
		{wrap(errors.New("connection reset by peer")), ErrUnreachable},
	}
	for _, tc := range tests {
		if got := kindOf(tc.err); got != tc.want {
			t.Errorf("kindOf(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}
