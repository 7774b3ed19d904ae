package fetch

import (
	"net"
	"net/netip"
	"net/url"
	"testing"
)

// FuzzGuard: whatever the URL and address, the guard never panics; a URL it accepts is a
// plain https URL within the length limit whose address literal, if any, is public; and
// an address the standard library calls loopback, private, link-local, multicast or
// unspecified is never accepted by default (agreement with net.IP as a reference).
func FuzzGuard(f *testing.F) {
	for _, tc := range hostileURLs {
		f.Add(tc.url, []byte{})
	}
	for _, tc := range addrTests {
		a := netip.MustParseAddr(tc.addr)
		f.Add("https://"+netip.AddrPortFrom(a, 443).String()+"/", a.AsSlice())
	}
	f.Add("https://example.com/work.md", []byte{93, 184, 215, 14})
	f.Fuzz(func(t *testing.T, raw string, ip []byte) {
		g := guard{maxURLLen: DefaultMaxURLLen}
		if u, fail := g.checkURL(raw); fail == nil {
			acceptedURL(t, g, raw, u)
		}
		a, ok := netip.AddrFromSlice(ip)
		if !ok {
			return
		}
		if g.checkAddr(a) == nil {
			n := net.IP(ip)
			if n.IsLoopback() || n.IsPrivate() || n.IsLinkLocalUnicast() || n.IsLinkLocalMulticast() ||
				n.IsMulticast() || n.IsUnspecified() || n.IsInterfaceLocalMulticast() {
				t.Fatalf("checkAddr(%s) accepted an address net.IP calls non-public", a)
			}
		}
		all := guard{allowLoopback: true, allowPrivate: true}
		if isMetadata(a.Unmap()) && all.checkAddr(a) == nil {
			t.Fatalf("checkAddr(%s) accepted a metadata address", a)
		}
	})
}

func acceptedURL(t *testing.T, g guard, raw string, u *url.URL) {
	t.Helper()
	if len(raw) > g.maxURLLen || u.Scheme != "https" || u.User != nil || u.Hostname() == "" {
		t.Fatalf("checkURL(%q) accepted %#v", raw, u)
	}
	if a, err := netip.ParseAddr(u.Hostname()); err == nil && g.checkAddr(a) != nil {
		t.Fatalf("checkURL(%q) accepted a refused address %s", raw, a)
	}
	if _, fail := g.checkURL(u.String()); fail != nil {
		t.Fatalf("checkURL(%q) accepted, but refused its own re-encoding %q: %v", raw, u, fail)
	}
}
