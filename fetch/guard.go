package fetch

import (
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"syscall"
)

// guard holds the rules every URL and every dialled address must pass.
type guard struct {
	allowLoopback bool
	allowPrivate  bool
	maxURLLen     int
}

// metadata lists cloud instance-metadata endpoints, refused whatever is allowed: some
// sit inside ranges an operator may allow (fd00:ec2::254 is a ULA, 100.100.100.200 is in
// the CGNAT range).
var metadata = []netip.Addr{
	netip.MustParseAddr("169.254.169.254"), // AWS, GCP, Azure, OpenStack
	netip.MustParseAddr("169.254.170.2"),   // AWS ECS task metadata
	netip.MustParseAddr("fd00:ec2::254"),   // AWS over IPv6
	netip.MustParseAddr("100.100.100.200"), // Alibaba Cloud
}

var (
	cgnat = netip.MustParsePrefix("100.64.0.0/10")
	nat64 = netip.MustParsePrefix("64:ff9b::/96")
	six4  = netip.MustParsePrefix("2002::/16")
)

// reserved lists special-purpose ranges that are global unicast to netip but never a
// public web host.
var reserved = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network"
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, and broadcast
	netip.MustParsePrefix("::/96"),           // IPv4-compatible (deprecated)
	netip.MustParsePrefix("100::/64"),        // discard
	netip.MustParsePrefix("2001::/32"),       // Teredo, which hides the real address
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
}

// checkURL parses raw and reports the first rule it breaks, as a *Failure. An address
// literal host is checked here, so such a URL is refused before any connection.
func (g guard) checkURL(raw string) (*url.URL, *Failure) {
	if len(raw) > g.maxURLLen || strings.ContainsFunc(raw, isSpaceOrControl) {
		return nil, ErrBadURL
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, ErrBadURL
	}
	if u.Scheme != "https" {
		return nil, ErrNotHTTPS
	}
	if u.Opaque != "" || u.User != nil || u.Hostname() == "" || !validPort(u.Port()) {
		return nil, ErrBadURL
	}
	if a, err := netip.ParseAddr(u.Hostname()); err == nil {
		if f := g.checkAddr(a); f != nil {
			return nil, f
		}
	}
	return u, nil
}

func isSpaceOrControl(r rune) bool { return r <= ' ' || r == 0x7f }

func validPort(p string) bool {
	if p == "" {
		return true
	}
	n, err := strconv.Atoi(p)
	return err == nil && n >= 1 && n <= 65535 && p[0] != '0'
}

// checkAddr reports ErrPrivateAddress unless a is a public unicast address, or a
// loopback or private one that the configuration allows.
func (g guard) checkAddr(a netip.Addr) *Failure {
	a = a.Unmap().WithZone("")
	if !a.IsValid() || a.IsUnspecified() || isMetadata(a) {
		return ErrPrivateAddress
	}
	if inner, ok := embedded(a); ok {
		return g.checkAddr(inner)
	}
	switch {
	case a.IsLoopback():
		return allowed(g.allowLoopback)
	case a.IsPrivate() || cgnat.Contains(a):
		return allowed(g.allowPrivate)
	case !a.IsGlobalUnicast() || isReserved(a):
		return ErrPrivateAddress
	}
	return nil
}

func allowed(ok bool) *Failure {
	if ok {
		return nil
	}
	return ErrPrivateAddress
}

func isMetadata(a netip.Addr) bool {
	for _, m := range metadata {
		if a == m {
			return true
		}
	}
	return false
}

func isReserved(a netip.Addr) bool {
	for _, p := range reserved {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// embedded returns the IPv4 address that a NAT64 or 6to4 address reaches, which is
// the address that matters.
func embedded(a netip.Addr) (netip.Addr, bool) {
	b := a.As16()
	switch {
	case a.Is6() && nat64.Contains(a):
		return netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}), true
	case a.Is6() && six4.Contains(a):
		return netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}), true
	}
	return netip.Addr{}, false
}

// control is the dialer's Control hook: it runs after name resolution, on the address
// about to be connected, so what a name resolves to is held to the same rules as a
// literal address.
func (g guard) control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return ErrPrivateAddress
	}
	if f := g.checkAddr(ap.Addr()); f != nil {
		return f
	}
	return nil
}
