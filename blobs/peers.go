package blobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"
)

// Routes of a node's API that serve artifacts by digest.
const (
	BlobRoute = "/v1/blobs/" // modules, datasets, splits and transcripts
	WorkRoute = "/v1/work/"  // the work bytes a URL entry committed
)

// DefaultPeerTimeout bounds one request to one peer when Peers.Timeout is zero.
const DefaultPeerTimeout = 30 * time.Second

// Peers is a source that asks the other nodes of the network, in order, for an artifact
// this node does not hold: GET <base><Route><sha256> on each. A peer is a mirror, never
// an authority: every answer is checked against the digest, and a peer that answers
// other bytes, too many bytes, an error or nothing is skipped (its reason logged) and the
// next one asked. So no failure of a peer is definitive: when none holds the artifact the
// answer is a FaultNoPeer failure (ErrMissing), which may pass, and which a later source
// (the https URL a transaction named) may still settle.
//
// The peers are the operator's own choice (its configuration, or the founding terms'
// joins), so they may be on loopback or a private network, as the node itself is; an
// https URL a transaction names goes through URL and package fetch's guard instead. A
// peer's redirect is never followed, so a peer cannot point the node at another host.
type Peers struct {
	Bases    []string      // API base URLs, e.g. "http://10.0.0.2:7545"
	Route    string        // BlobRoute when empty
	MaxBytes int64         // the most bytes read from a peer; MaxBytes when zero
	Timeout  time.Duration // one request to one peer; DefaultPeerTimeout when zero
	Log      *slog.Logger  // where a skipped or lacking peer is logged; nil discards
	Client   *http.Client  // nil: one with Timeout that follows no redirect
}

// What a Peers source logs of a peer it asked and moved on from, with the peer's URL for
// the artifact ("peer"). PeerSkipped, a warning with the reason ("reason"), is for a
// peer whose answer was wrong or none (bytes that do not match, too many bytes, a status
// other than 200 or 404, no answer); PeerLacks, at debug level, for a peer that answered
// 404, the ordinary miss of an artifact not yet copied there.
const (
	PeerSkipped = "peer skipped; asking the next"
	PeerLacks   = "peer does not hold it; asking the next"
)

// Where names the peers.
func (p Peers) Where(string) string {
	return fmt.Sprintf("any of the %d peers asked", len(p.Bases))
}

// Blob asks each peer in turn and returns the first answer that hashes to d.
func (p Peers) Blob(ctx context.Context, d string) ([]byte, error) {
	var errs []error
	for _, base := range p.Bases {
		n := p.node(base)
		b, err := n.Blob(ctx, d)
		if err == nil {
			err = n.check(d, b)
		}
		if err == nil {
			return b, nil
		}
		if ctx.Err() != nil {
			return nil, transport(n.Where(d), d, ctx.Err())
		}
		if errors.Is(err, ErrMissing) {
			// A peer that lacks it (its 404) is the ordinary case, not a fault of the peer.
			p.logger().Debug(PeerLacks, "peer", n.Where(d))
		} else {
			p.logger().Warn(PeerSkipped, "peer", n.Where(d), "reason", asError(n.Where(d), d, err).Error())
		}
		errs = append(errs, err)
	}
	return nil, &Error{Fault: FaultNoPeer, Digest: d, Where: p.Where(d), Peers: len(p.Bases), Err: errors.Join(errs...)}
}

func (p Peers) node(base string) Node {
	hc := p.Client
	if hc == nil {
		t := p.Timeout
		if t <= 0 {
			t = DefaultPeerTimeout
		}
		hc = &http.Client{Timeout: t, CheckRedirect: noRedirect}
	}
	return Node{Base: base, Client: hc, Route: p.Route, MaxBytes: p.MaxBytes}
}

func (p Peers) logger() *slog.Logger {
	if p.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return p.Log
}

// noRedirect refuses every redirect: the answer is the 3xx itself, a refusal.
func noRedirect(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// Union returns the peer base URLs of every list, in order, each once (a trailing slash
// ignored) and never self: the one place a node merges the peers its configuration names
// with those the founding terms name.
func Union(self string, lists ...[]string) []string {
	seen := map[string]bool{norm(self): true}
	var out []string
	for _, l := range lists {
		for _, b := range l {
			if k := norm(b); k != "" && !seen[k] {
				seen[k] = true
				out = append(out, b)
			}
		}
	}
	return out
}

func norm(base string) string { return strings.TrimRight(strings.TrimSpace(base), "/") }

// check is check of a Node's bytes under its own limit.
func (n Node) check(d string, b []byte) error {
	if int64(len(b)) > n.limit() {
		return n.tooLarge(d)
	}
	return check(n.Where(d), d, b)
}

var _ Source = Peers{}
