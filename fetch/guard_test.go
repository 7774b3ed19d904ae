package fetch

import (
	"context"
	"errors"
	"net/netip"
	"strings"
	"testing"
)

// addrTests is the address table: whether each address may be dialled by default,
// with loopback allowed, and with private networks allowed.
var addrTests = []struct {
	addr                      string
	public, loopback, private bool
}{
	{"93.184.215.14", true, true, true},
	{"2606:2800:21f:cb07:6820:80da:af6b:8b2c", true, true, true},
	{"8.8.8.8", true, true, true},
	{"127.0.0.1", false, true, false},
	{"127.9.9.9", false, true, false},
	{"::1", false, true, false},
	{"::ffff:127.0.0.1", false, true, false},
	{"10.0.0.1", false, false, true},
	{"172.16.5.4", false, false, true},
	{"192.168.1.1", false, false, true},
	{"fd12:3456::1", false, false, true},
	{"100.64.0.1", false, false, true},
	{"169.254.169.254", false, false, false},
	{"fd00:ec2::254", false, false, false},
	{"100.100.100.200", false, false, false},
	{"169.254.1.1", false, false, false},
	{"fe80::1", false, false, false},
	{"fe80::1%eth0", false, false, false},
	{"0.0.0.0", false, false, false},
	{"::", false, false, false},
	{"0.1.2.3", false, false, false},
	{"224.0.0.1", false, false, false},
	{"ff02::1", false, false, false},
	{"255.255.255.255", false, false, false},
	{"240.0.0.1", false, false, false},
	{"198.18.0.1", false, false, false},
	{"192.0.2.1", false, false, false},
	{"2001:db8::1", false, false, false},
	{"64:ff9b::7f00:1", false, true, false},                       // NAT64 of 127.0.0.1
	{"64:ff9b::808:808", true, true, true},                        // NAT64 of 8.8.8.8
	{"2002:a00:1::", false, false, true},                          // 6to4 of 10.0.0.1
	{"2002:a9fe:a9fe::", false, false, false},                     // 6to4 of 169.254.169.254
	{"::127.0.0.1", false, false, false},                          // IPv4-compatible, deprecated
	{"2001:0:4136:e378:8000:63bf:3fff:fdd2", false, false, false}, // Teredo
}

// TestOnlyPublicAddressesAreDialled: DESIGN "private and loopback addresses refused
// unless the operator allows them"; link-local, CGNAT, unspecified, multicast, reserved
// and cloud-metadata addresses are refused whatever is allowed (CGNAT only with
// AllowPrivate).
func TestOnlyPublicAddressesAreDialled(t *testing.T) {
	for _, tc := range addrTests {
		a := netip.MustParseAddr(tc.addr)
		for _, g := range []struct {
			name string
			g    guard
			want bool
		}{
			{"default", guard{}, tc.public},
			{"AllowLoopback", guard{allowLoopback: true}, tc.loopback},
			{"AllowPrivate", guard{allowPrivate: true}, tc.private},
		} {
			err := g.g.checkAddr(a)
			if (err == nil) != g.want {
				t.Errorf("%s checkAddr(%s) = %v, want allowed=%v", g.name, tc.addr, err, g.want)
			}
		}
	}
}

// hostileURLs are refused by the default client before any connection (and before any
// name is resolved), each with its kind of failure.
var hostileURLs = []struct {
	url  string
	kind *Failure
}{
	{"file:///etc/passwd", ErrNotHTTPS},
	{"http://example.com/work.md", ErrNotHTTPS},
	{"HTTP://example.com/", ErrNotHTTPS},
	{"gopher://example.com/", ErrNotHTTPS},
	{"ftp://example.com/a.txt", ErrNotHTTPS},
	{"//example.com/", ErrNotHTTPS},
	{"example.com/work.md", ErrNotHTTPS},
	{"https://169.254.169.254/latest/meta-data/", ErrPrivateAddress},
	{"https://[fd00:ec2::254]/", ErrPrivateAddress},
	{"https://[::1]/", ErrPrivateAddress},
	{"https://[::ffff:127.0.0.1]/", ErrPrivateAddress},
	{"https://127.0.0.1:8443/", ErrPrivateAddress},
	{"https://10.0.0.1/", ErrPrivateAddress},
	{"https://192.168.0.1/", ErrPrivateAddress},
	{"https://100.64.0.1/", ErrPrivateAddress},
	{"https://0.0.0.0/", ErrPrivateAddress},
	{"https://224.0.0.251/", ErrPrivateAddress},
	{"https://[fe80::1%25eth0]/", ErrPrivateAddress},
	{"https://[64:ff9b::a9fe:a9fe]/", ErrPrivateAddress},
	{"https://user@example.com/", ErrBadURL},
	{"https://user:secret@example.com/", ErrBadURL},
	{"https://example.com/" + strings.Repeat("a", 3000), ErrBadURL},
	{"https:example.com", ErrBadURL},
	{"https:///path", ErrBadURL},
	{"https://exa mple.com/", ErrBadURL},
	{"https://example.com/\n", ErrBadURL},
	{"https://example.com:0/", ErrBadURL},
	{"https://example.com:99999/", ErrBadURL},
	{"https://example.com:08/", ErrBadURL},
	{"https://[::1/", ErrBadURL},
	{"", ErrNotHTTPS},
}

// TestHostileURLsAreRefusedBeforeAnyConnection: every URL in the hostile list is refused
// with its kind of failure and the dialer is never reached.
func TestHostileURLsAreRefusedBeforeAnyConnection(t *testing.T) {
	c := New(Config{})
	dials := countDials(c)
	for _, tc := range hostileURLs {
		_, err := c.Fetch(context.Background(), tc.url)
		if err == nil {
			t.Fatalf("Fetch(%q) succeeded", tc.url)
		}
		match(t, err, tc.kind)
	}
	if n := dials.Load(); n != 0 {
		t.Fatalf("%d dials for refused URLs, want 0", n)
	}
}

// TestFailuresAreComparedByKind: the kinds are errors.Is targets, and the wrapper keeps
// the underlying cause for logs.
func TestFailuresAreComparedByKind(t *testing.T) {
	_, err := New(Config{}).Fetch(context.Background(), "http://example.com/")
	if !errors.Is(err, ErrNotHTTPS) || errors.Is(err, ErrBadURL) {
		t.Fatalf("err = %v: want ErrNotHTTPS and only it", err)
	}
	if got, want := err.Error(), "fetch http://example.com/: url is not https"; got != want {
		t.Fatalf("err.Error() = %q, want %q", got, want)
	}
}
