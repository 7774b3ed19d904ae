package fetch

import (
	"context"
	"errors"
	"net"
	"net/url"
	"os"
	"testing"
)

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
