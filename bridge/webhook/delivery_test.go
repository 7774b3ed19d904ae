package webhook_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/bridge"
	"github.com/arena/arena/bridge/internal/solotest"
	"github.com/arena/arena/bridge/webhook"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// receiver is a webhook endpoint that checks every request with Verify, answers 503 to
// the first `unavailable` requests and 200 after, and keeps what it was sent.
type receiver struct {
	unavailable int

	mu       sync.Mutex
	requests int
	bodies   map[string][]string // idempotency key -> every body received
	accepted map[string]int      // idempotency key -> 2xx answers given
	bad      []string            // requests that failed Verify
}

func newReceiver(unavailable int) *receiver {
	return &receiver{unavailable: unavailable, bodies: map[string][]string{}, accepted: map[string]int{}}
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.requests++
	if err := webhook.Verify(secret, r.Header, body); err != nil || r.Method != http.MethodPost {
		rc.bad = append(rc.bad, r.Method+" "+string(body)+": "+err.Error())
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	key := r.Header.Get(webhook.HeaderIdempotency)
	rc.bodies[key] = append(rc.bodies[key], string(body))
	if rc.requests <= rc.unavailable {
		http.Error(w, "warming up", http.StatusServiceUnavailable)
		return
	}
	rc.accepted[key]++
	w.WriteHeader(http.StatusNoContent)
}

func (rc *receiver) snapshot() (map[string]int, map[string][]string, []string) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	acc := map[string]int{}
	for k, v := range rc.accepted {
		acc[k] = v
	}
	bodies := map[string][]string{}
	for k, v := range rc.bodies {
		bodies[k] = append([]string{}, v...)
	}
	return acc, bodies, append([]string{}, rc.bad...)
}

// TestAReceiverThatWasDownGetsEachAwardOnceWhenItReturns: the brief, "a receiver that is
// down (connection refused, then 503s) and comes back: the event is delivered exactly
// once more after it returns, and recorded". Every attempt is recorded (refused
// connections, then 503s, then the 2xx), the body is the same on every attempt, and once
// each award is accepted nothing more is sent.
func TestAReceiverThatWasDownGetsEachAwardOnceWhenItReturns(t *testing.T) {
	a := solotest.Open(t, nil)
	won, _ := a.Won("alice", 4)
	voided := a.Voided()
	addr := freeAddr(t)
	sink, err := webhook.New(webhook.Config{URL: "http://" + addr + "/hooks/arena?token=x", Secret: secret})
	if err != nil {
		t.Fatal(err)
	}
	backoff := bridge.Backoff{Base: 5 * time.Millisecond, Max: 40 * time.Millisecond}
	r, err := bridge.New(a.DB(), bridge.Config{Sinks: []bridge.Sink{sink}, Backoff: backoff, Poll: time.Hour,
		AttemptTimeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	stop := runRelayer(t, r)
	ids := []string{bridge.EventID(solotest.Chain, store.BountyKey(won)), bridge.EventID(solotest.Chain, store.BountyKey(voided))}
	waitFor(t, "two refused connections per award", func() bool {
		for _, id := range ids {
			if at, err := a.DB().Attempts(id, sink.Name()); err != nil || len(at) < 2 {
				return false
			}
		}
		return true
	})
	rc := newReceiver(3)
	serve(t, addr, rc)
	waitFor(t, "both awards delivered", func() bool {
		ds, err := a.DB().Deliveries()
		return err == nil && len(ds) == 2 && ds[0].Delivered() && ds[1].Delivered()
	})
	time.Sleep(10 * backoff.Max) // long enough for any stray retry to arrive
	stop()

	accepted, bodies, bad := rc.snapshot()
	if len(bad) != 0 {
		t.Errorf("requests that failed Verify: %q", bad)
	}
	if diff := cmp.Diff(map[string]int{ids[0]: 1, ids[1]: 1}, accepted); diff != "" {
		t.Errorf("2xx answers per award (-want +got):\n%s", diff)
	}
	unavailable := 0
	for _, id := range ids {
		checkBodies(t, id, bodies[id])
		unavailable += checkAttempts(t, a, id, sink.Name())
	}
	if unavailable != rc.unavailable {
		t.Errorf("%d attempts recorded a 503, the receiver answered %d", unavailable, rc.unavailable)
	}
	if sink.Name() != "webhook:http://"+addr+"/hooks/arena" {
		t.Errorf("sink name %q keeps the query", sink.Name())
	}
}

// checkBodies: every attempt on one award sent the same bytes, naming the award.
func checkBodies(t *testing.T, id string, bodies []string) {
	t.Helper()
	if len(bodies) == 0 {
		t.Fatalf("%s: the receiver got nothing", id)
	}
	for _, b := range bodies[1:] {
		if b != bodies[0] {
			t.Errorf("%s: a retry sent %s, the first attempt %s", id, b, bodies[0])
		}
	}
	var aw bridge.Award
	if err := json.Unmarshal([]byte(bodies[0]), &aw); err != nil || aw.ID != id {
		t.Errorf("%s: body %s decodes to %+v, %v", id, bodies[0], aw, err)
	}
}

// checkAttempts: the store holds refused connections first, then any 503s, then one 204.
// It returns how many 503s it holds.
func checkAttempts(t *testing.T, a *solotest.Arena, id, sink string) int {
	t.Helper()
	at, err := a.DB().Attempts(id, sink)
	if err != nil {
		t.Fatal(err)
	}
	last := at[len(at)-1]
	if last.Err != "" || last.HTTPStatus != http.StatusNoContent {
		t.Errorf("%s: last attempt %+v, want a 204", id, last)
	}
	if !strings.Contains(at[0].Err, "connection refused") || at[0].HTTPStatus != 0 {
		t.Errorf("%s: first attempt %+v, want a refused connection", id, at[0])
	}
	n503 := 0
	for _, x := range at[:len(at)-1] {
		refused := strings.Contains(x.Err, "connection refused")
		unavailable := x.HTTPStatus == 503 && strings.Contains(x.Err, "webhook answered 503 Service Unavailable")
		if unavailable {
			n503++
		}
		if !refused && !unavailable {
			t.Errorf("%s: attempt %d: %+v, want refused or 503", id, x.N, x)
		}
	}
	d, err := a.DB().Deliveries()
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range d {
		if x.Event == id && (x.Attempts != len(at) || x.HTTPStatus != 204 || x.DeliveredAt != last.At) {
			t.Errorf("%s: delivery row %+v disagrees with its %d attempts", id, x, len(at))
		}
	}
	return n503
}

// TestADeliveryCarriesTheAwardAndItsProof: one Deliver is one POST of the award as JSON
// with the timestamp, signature and idempotency headers, which Verify accepts.
func TestADeliveryCarriesTheAwardAndItsProof(t *testing.T) {
	var got http.Header
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, body = r.Header.Clone(), must(io.ReadAll(r.Body))
	}))
	defer srv.Close()
	now := time.Unix(1_800_000_000, 0)
	s, err := webhook.New(webhook.Config{URL: srv.URL, Secret: secret, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	w := ledger.MustAddress("0x00000000000000000000000000000000000000a1")
	award := bridge.Award{ID: "c/award/7", Kind: store.Bounty, Chain: "c", Height: 9, Time: 1_700_000_000, Task: 7, Entry: 3, Winner: &w,
		Score: 80, Prize: ledger.Ether(5)}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rec, err := s.Deliver(ctx, award)
	if err != nil || rec.HTTPStatus != 200 {
		t.Fatalf("Deliver: %+v, %v", rec, err)
	}
	const wantBody = `{"id":"c/award/7","kind":"bounty","chain":"c","height":9,"time":1700000000,"task":7,"voided":false,"entry":3,` +
		`"winner":"0x00000000000000000000000000000000000000A1","score":80,"prize":"5000000000000000000"}`
	if string(body) != wantBody {
		t.Errorf("body\n got %s\nwant %s", body, wantBody)
	}
	if err := webhook.VerifyAt(secret, got, body, now, time.Minute); err != nil {
		t.Errorf("VerifyAt: %v", err)
	}
	for k, want := range map[string]string{webhook.HeaderIdempotency: "c/award/7", webhook.HeaderTimestamp: "1800000000",
		"Content-Type": "application/json"} {
		if got.Get(k) != want {
			t.Errorf("header %s = %q, want %q", k, got.Get(k), want)
		}
	}
}

// TestNewRefusesWhatCannotBeDeliveredOrChecked: a URL that is not absolute http(s) and
// a secret too short to trust are refused by their exact messages, which never quote a
// password, query or fragment of the URL, nor any of a URL that does not parse.
func TestNewRefusesWhatCannotBeDeliveredOrChecked(t *testing.T) {
	for _, tc := range []struct {
		url, secret, want string
	}{
		{"ftp://x/y", "0123456789abcdef", `webhook: url "ftp://x/y" is not an absolute http or https URL`},
		{"/relative", "0123456789abcdef", `webhook: url "/relative" is not an absolute http or https URL`},
		{"http://%zz", "0123456789abcdef", `webhook: url is not an absolute http or https URL: unparsable URL`},
		{"http://u:pw@%zz/h?token=t", "0123456789abcdef", `webhook: url is not an absolute http or https URL: unparsable URL`},
		{"ftp://u:pw@x/y?token=t#frag", "0123456789abcdef", `webhook: url "ftp://u:xxxxx@x/y" is not an absolute http or https URL`},
		{"hooks.example/a?token=t", "0123456789abcdef", `webhook: url "hooks.example/a" is not an absolute http or https URL`},
		{"https://u:pw@example.test/h", "short", "webhook https://u:xxxxx@example.test/h: secret must be at least 16 bytes"},
		{"https://u:pw@example.test/h?token=t", "short", "webhook https://u:xxxxx@example.test/h: secret must be at least 16 bytes"},
	} {
		if _, err := webhook.New(webhook.Config{URL: tc.url, Secret: []byte(tc.secret)}); err == nil || err.Error() != tc.want {
			t.Errorf("New(%q): got %v, want %q", tc.url, err, tc.want)
		}
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// freeAddr returns a loopback address nothing listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// serve starts h on addr until the test ends.
func serve(t *testing.T, addr string, h http.Handler) {
	t.Helper()
	var ln net.Listener
	var err error
	for range 50 { // the port was just released; give the kernel a moment if it must
		if ln, err = net.Listen("tcp", addr); err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
}

// runRelayer runs r until stop is called or the test ends.
func runRelayer(t *testing.T, r *bridge.Relayer) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.Run(ctx) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("Run: %v", err)
				}
			case <-time.After(10 * time.Second):
				t.Error("Run did not return within 10s")
			}
		})
	}
	t.Cleanup(stop)
	return stop
}

// waitFor polls cond until it holds, failing the test after 10 seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("after 10s: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestAFailedDeliveryKeepsTheURLsSecretsOutOfItsError: the error of a failed delivery is
// recorded in the store and shown by `arena show deliveries`, so it must not repeat a
// token in the URL's query or its credentials. Tried: a receiver that refuses the
// connection, at a URL with user:password and ?token=.
func TestAFailedDeliveryKeepsTheURLsSecretsOutOfItsError(t *testing.T) {
	u := "http://user:hunter2@" + freeAddr(t) + "/hook?token=s3cret"
	s := must(webhook.New(webhook.Config{URL: u, Secret: []byte("0123456789abcdef")}))
	_, err := s.Deliver(t.Context(), bridge.Award{ID: "arena-x/award/1", Chain: "arena-x", Task: 1})
	if err == nil {
		t.Fatal("a delivery to a closed port succeeded")
	}
	for _, secret := range []string{"s3cret", "hunter2", "token="} {
		if strings.Contains(err.Error(), secret) {
			t.Errorf("delivery error %q contains %q", err, secret)
		}
	}
	if !strings.Contains(err.Error(), "connection refused") {
		t.Errorf("delivery error %q does not say what failed", err)
	}
}
