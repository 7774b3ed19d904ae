package api

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/chain"
)

// TestTheBucketHoldsBurstAndRefillsAtRate: a client may send Burst transactions at
// once, then one per 1/Rate seconds; the wait it is told is the time to its next token;
// another client's bucket is its own.
func TestTheBucketHoldsBurstAndRefillsAtRate(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	l := newLimiter(Limit{Rate: 2, Burst: 3}, func() time.Time { return now })
	a, b := netip.MustParsePrefix("192.0.2.1/32"), netip.MustParsePrefix("192.0.2.2/32")
	for i := range 3 {
		if ok, _ := l.take(a); !ok {
			t.Fatalf("take %d of a burst of 3 refused", i+1)
		}
	}
	if ok, wait := l.take(a); ok || wait != 500*time.Millisecond {
		t.Fatalf("fourth take at once = %v, wait %s; want refused, 500ms", ok, wait)
	}
	if ok, _ := l.take(b); !ok {
		t.Fatal("another client was refused by the first one's bucket")
	}
	now = now.Add(250 * time.Millisecond)
	if ok, wait := l.take(a); ok || wait != 250*time.Millisecond {
		t.Fatalf("after 250ms = %v, wait %s; want refused, 250ms", ok, wait)
	}
	now = now.Add(250 * time.Millisecond)
	if ok, _ := l.take(a); !ok {
		t.Fatal("after 500ms, one token refilled, refused")
	}
	now = now.Add(time.Hour)
	for i := range 3 {
		if ok, _ := l.take(a); !ok {
			t.Fatalf("after an hour, take %d of 3 refused: the bucket holds at most Burst", i+1)
		}
	}
	if ok, _ := l.take(a); ok {
		t.Fatal("after an hour the bucket held more than Burst")
	}
	if newLimiter(Limit{Burst: 5}, time.Now) != nil {
		t.Error("a zero Rate made a limiter; it should admit everything")
	}
}

// TestAClientIsItsAddressOrItsSlash64: clients are told apart by IP; an IPv6 host holds a
// whole /64, so its addresses share one bucket; an IPv4-mapped address is its IPv4.
func TestAClientIsItsAddressOrItsSlash64(t *testing.T) {
	for _, tc := range []struct{ remote, want string }{
		{"127.0.0.1:5555", "127.0.0.1/32"},
		{"[2001:db8:1:2:aaaa::1]:443", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2:bbbb::9]:80", "2001:db8:1:2::/64"},
		{"[::ffff:192.0.2.7]:80", "192.0.2.7/32"},
	} {
		r := httptest.NewRequest("POST", "/v1/tx", nil)
		r.RemoteAddr = tc.remote
		if got := clientOf(r); got.String() != tc.want {
			t.Errorf("clientOf(%s) = %s, want %s", tc.remote, got, tc.want)
		}
	}
}

// TestASenderOverTheMempoolCapIsToldToWait: a sender refused by the engine's per-sender
// cap (chain.ErrSenderBusy) is answered 429, class TRANSIENT, with its pinned message and
// Retry-After: 1, a block.
func TestASenderOverTheMempoolCapIsToldToWait(t *testing.T) {
	s := &server{log: slog.New(slog.DiscardHandler)}
	w := httptest.NewRecorder()
	s.fail(w, httptest.NewRequest("POST", "/v1/tx", nil), fmt.Errorf("%w: 64 waiting", chain.ErrSenderBusy))
	want := `{"error":{"class":"TRANSIENT","message":"This sender has too many transactions waiting to commit; try again after a block"}}`
	if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") != "1" || strings.TrimSpace(w.Body.String()) != want {
		t.Errorf("ErrSenderBusy answered %d, Retry-After %q, %s; want 429, 1, %s", w.Code, w.Header().Get("Retry-After"), w.Body, want)
	}
}
