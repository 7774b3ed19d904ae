package api

import (
	"math"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"time"

	"github.com/arena/arena/ledger"
)

// Limit is the rate at which one client may send transactions: a token bucket per
// client address that holds Burst transactions and refills at Rate a second. A client
// is its IP address, or its /64 for IPv6, so one flooding client slows only itself.
// The zero Limit admits everything.
type Limit struct {
	Rate  float64 // transactions a second, refilled continuously; 0 turns the limit off
	Burst int     // the most a client may send at once after a pause; at least 1
}

// The messages of a request refused by the client's limit.
const (
	limitedMsg       = "Too many transactions from this client; try again after Retry-After seconds"
	uploadLimitedMsg = "Too many uploads from this client; try again after Retry-After seconds"
)

// maxClients bounds the buckets kept: past it, the full ones (idle clients) are dropped.
const maxClients = 100_000

// limiter keeps one token bucket per client.
type limiter struct {
	Limit
	now     func() time.Time
	mu      sync.Mutex
	buckets map[netip.Prefix]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time // when tokens was last brought up to date
}

func newLimiter(l Limit, now func() time.Time) *limiter {
	if l.Rate <= 0 {
		return nil
	}
	l.Burst = max(l.Burst, 1)
	return &limiter{Limit: l, now: now, buckets: map[netip.Prefix]*bucket{}}
}

// take takes one token from client's bucket; when it is empty it returns how long
// until the next token.
func (l *limiter) take(client netip.Prefix) (ok bool, wait time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.refill(client)
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / l.Rate * float64(time.Second))
}

// refill returns client's bucket brought up to date, a full one for a client not seen
// (or forgotten); l.mu is held.
func (l *limiter) refill(client netip.Prefix) *bucket {
	now := l.now()
	b := l.buckets[client]
	if b == nil {
		if len(l.buckets) >= maxClients {
			l.sweep(now)
		}
		b = &bucket{tokens: float64(l.Burst), at: now}
		l.buckets[client] = b
	}
	b.tokens = min(float64(l.Burst), b.tokens+now.Sub(b.at).Seconds()*l.Rate)
	b.at = now
	return b
}

// takeUpTo takes up to n whole tokens from client's bucket and returns how many it took.
func (l *limiter) takeUpTo(client netip.Prefix, n int) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.refill(client)
	k := min(n, int(b.tokens))
	b.tokens -= float64(k)
	return k
}

// sweep forgets every bucket that has refilled: its client has been idle long enough
// that a fresh bucket is the same.
func (l *limiter) sweep(now time.Time) {
	for c, b := range l.buckets {
		if b.tokens+now.Sub(b.at).Seconds()*l.Rate >= float64(l.Burst) {
			delete(l.buckets, c)
		}
	}
}

// clientOf returns the client a request comes from: its remote IP, or the IP's /64 for
// IPv6, where one host commonly holds a whole /64.
func clientOf(r *http.Request) netip.Prefix {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Prefix{}
	}
	ip = ip.Unmap()
	bits := 32
	if ip.Is6() {
		bits = 64
	}
	p, _ := ip.Prefix(bits)
	return p
}

// admit reports whether r's client may send a transaction now, answering 429 with
// Retry-After (whole seconds, at least 1) and the error body when it may not.
func (s *server) admit(w http.ResponseWriter, r *http.Request) bool {
	if s.limit == nil {
		return true
	}
	ok, wait := s.limit.take(clientOf(r))
	if ok {
		return true
	}
	s.metrics.tx("unknown", "limited")
	retryAfter(w, wait)
	writeJSON(w, http.StatusTooManyRequests, ErrorBody{Error: ErrorDetail{Class: ledger.Transient.String(), Message: limitedMsg}})
	return false
}

// admitMore takes up to n more of r's client's tokens, for the further transactions of a
// batch whose first admit took one, and returns how many it took.
func (s *server) admitMore(r *http.Request, n int) int {
	if s.limit == nil {
		return n
	}
	return s.limit.takeUpTo(clientOf(r), n)
}

// admitUpload is admit for the routes that store bytes, in their own buckets: a client
// over its limit is answered 429 before its body is read or its signature checked.
func (s *server) admitUpload(w http.ResponseWriter, r *http.Request) bool {
	if s.uploads == nil {
		return true
	}
	ok, wait := s.uploads.take(clientOf(r))
	if ok {
		return true
	}
	retryAfter(w, wait)
	writeJSON(w, http.StatusTooManyRequests, ErrorBody{Error: ErrorDetail{Class: ledger.Transient.String(), Message: uploadLimitedMsg}})
	return false
}

// retryAfter sets the Retry-After header to wait rounded up to whole seconds, at least 1.
func retryAfter(w http.ResponseWriter, wait time.Duration) {
	w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(wait.Seconds())))))
}
