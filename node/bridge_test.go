package node

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/bridge"
	"github.com/arena/arena/bridge/webhook"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/store"
)

const hookSecret = "a webhook secret of some length"

// hookReceiver is a webhook endpoint that checks each request with webhook.Verify and
// keeps the bodies it accepted and the failures it saw.
type hookReceiver struct {
	mu     sync.Mutex
	bodies []string
	keys   []string
	bad    []string
}

func (h *hookReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	h.mu.Lock()
	defer h.mu.Unlock()
	if err := webhook.Verify([]byte(hookSecret), r.Header, body); err != nil {
		h.bad = append(h.bad, err.Error())
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	h.bodies = append(h.bodies, string(body))
	h.keys = append(h.keys, r.Header.Get(webhook.HeaderIdempotency))
}

func (h *hookReceiver) got() (bodies, keys, bad []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string{}, h.bodies...), append([]string{}, h.keys...), append([]string{}, h.bad...)
}

// hookEnv is an environment holding the webhook secret in HOOK_SECRET.
func hookEnv(k string) string {
	if k == "HOOK_SECRET" {
		return hookSecret
	}
	return ""
}

// TestAnAwardCrossesToAWebhookOnceSigned: the bridge promise "the Relayer delivers each
// award event at least once to each Sink that accepts it, and records every attempt and
// every success in the store", wired by the node. A contest graded by the node's own
// validators and awarded through its engine reaches a real HTTP receiver once, signed
// so that webhook.Verify accepts it, and the store records the delivery.
func TestAnAwardCrossesToAWebhookOnceSigned(t *testing.T) {
	rc := &hookReceiver{}
	srv := httptest.NewServer(rc)
	defer srv.Close()
	dir := t.TempDir()
	sponsor, solver := newKey(t), newKey(t)
	cfg, err := Init(dir, InitOptions{Terms: Terms{Name: "bridge test", DevMode: true, Genesis: []ledger.Allocation{
		{Address: sponsor.Address(), Amount: ledger.Ether(1000)}, {Address: solver.Address(), Amount: ledger.Ether(100)},
	}}, LightScrypt: true})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Bridge.Poll, cfg.Bridge.BackoffBase, cfg.Bridge.BackoffMax = 20*time.Millisecond, 10*time.Millisecond, 50*time.Millisecond
	cfg.Bridge.Webhooks = []WebhookConfig{{URL: srv.URL + "/hook?token=t", SecretEnv: "HOOK_SECRET"}}
	if err := WriteConfig(dir, cfg); err != nil {
		t.Fatal(err)
	}
	n, err := Open(dir, OpenOptions{Logger: quiet(), Env: hookEnv})
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- n.Run(ctx) }()

	task, entry := winContest(t, n, sponsor, solver)
	// A bounty's Idempotency-Key keeps the form receivers already drop repeats by.
	id := fmt.Sprintf("%s/award/%d", n.Terms().Chain, task)
	if key := store.BountyKey(task); bridge.EventID(n.Terms().Chain, key) != id {
		t.Fatalf("EventID(%v) = %q, want %q", key, bridge.EventID(n.Terms().Chain, key), id)
	}
	waitUntil(t, "the award delivered", func() bool {
		ds, err := n.Deliveries()
		return err == nil && len(ds) == 1 && ds[0].Delivered()
	})
	time.Sleep(10 * cfg.Bridge.Poll) // time for any stray repeat to arrive
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}

	bodies, keys, bad := rc.got()
	if len(bad) != 0 || len(bodies) != 1 || keys[0] != id {
		t.Fatalf("receiver got %d bodies with keys %q and %q that failed Verify; want one, keyed %s", len(bodies), keys, bad, id)
	}
	var a bridge.Award
	if err := json.Unmarshal([]byte(bodies[0]), &a); err != nil {
		t.Fatal(err)
	}
	if a.ID != id || a.Kind != store.Bounty || a.Task != task || a.Voided || a.Entry != entry || a.Winner == nil || *a.Winner != solver.Address() ||
		!a.Prize.Eq(ledger.Ether(100)) {
		t.Errorf("award body %s, want task %d won by entry %d of %s for 100", bodies[0], task, entry, solver.Address())
	}
	ds, err := n.Deliveries()
	if err != nil {
		t.Fatal(err)
	}
	d := ds[0]
	if d.Event != id || d.Sink != "webhook:"+srv.URL+"/hook" || d.Task != task || store.KeyOf(d) != store.BountyKey(task) || d.Attempts != 1 || d.HTTPStatus != 200 || d.LastError != "" {
		t.Errorf("delivery %+v, want one 200 to webhook:%s/hook for %s", d, srv.URL, id)
	}
}

// winContest posts a task, enters it, has the node's validators grade the entry, waits
// out the close and the appeal window, and awards it; the entry must have won.
func winContest(t *testing.T, n *Node, sponsor, solver *account.Key) (ledger.TaskID, ledger.EntryID) {
	t.Helper()
	send := func(k *account.Key, value ledger.Amount, body ledger.Body) ledger.Outcome {
		t.Helper()
		tx := ledgertest.Stamped(n.Terms(), &ledger.Tx{Value: value, Body: body})
		n.View(func(s *ledger.State) { tx.Nonce = s.NextNonce(k.Address()) })
		if err := k.SignTx(tx); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		r, err := n.Engine().Submit(ctx, tx)
		if err != nil || !r.Outcome.OK() {
			t.Fatalf("%s: %v %s", body.Kind(), err, r.Outcome.Err)
		}
		return r.Outcome
	}
	task := ledger.TaskID(send(sponsor, ledger.Ether(100), ledger.PostTask{Title: "Launch note",
		Spec: "Write a launch note for the Settlement API.", Rubric: "The note must be at most 600 characters.",
		ClosesInS: 3600}).Created)
	entry := ledger.EntryID(send(solver, n.Terms().EntryBond, ledger.Submit{Task: task,
		Work: "Settlement API: settle payouts in one call. Send a batch, get a receipt, poll its status."}).Created)
	send(sponsor, ledger.Amount{}, ledger.Grade{Entry: entry})
	waitUntil(t, "the entry graded", func() bool {
		var e ledger.EntryView
		n.View(func(s *ledger.State) { e, _ = s.Entry(entry) })
		return e.State == ledger.EntryGraded
	})
	send(sponsor, ledger.Amount{}, ledger.Advance{Seconds: 3600 + n.Terms().AppealWindowS + 1})
	out := send(sponsor, ledger.Amount{}, ledger.Award{Task: task})
	if len(out.Events) != 1 || out.Events[0].Note != ledger.TaskAwarded || ledger.EntryID(out.Events[0].Entry) != entry {
		t.Fatalf("award of task %d emitted %+v, want entry %d to win", task, out.Events, entry)
	}
	return task, entry
}

// waitUntil polls cond until it holds, failing the test after 30 seconds.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("after 30s: not %s", what)
		}
	}
}

// TestOpenNamesWhatTheBridgeLacks: a webhook whose secret variable is unset or too
// short, and an EVM sink whose operator key is not in the keystore, stop Open with a
// message naming the table entry or the key; a registry in the founding terms without
// an rpc endpoint is only a warning, and the node then relays nothing.
func TestOpenNamesWhatTheBridgeLacks(t *testing.T) {
	dir := t.TempDir()
	cfg, err := Init(dir, InitOptions{Validators: 1, LightScrypt: true})
	if err != nil {
		t.Fatal(err)
	}
	registry := ledger.MustAddress("0x00000000000000000000000000000000000000c0")
	terms, err := ReadGenesis(dir, cfg)
	if err != nil {
		t.Fatal(err)
	}
	terms.Registry = &registry
	b, _ := json.Marshal(terms)
	if err := os.WriteFile(filepath.Join(dir, GenesisFile), b, 0o644); err != nil {
		t.Fatal(err)
	}
	stranger := newKey(t).Address()
	open := func(edit func(*BridgeConfig), env func(string) string, log *slog.Logger) (*Node, error) {
		c := cfg
		edit(&c.Bridge)
		if err := WriteConfig(dir, c); err != nil {
			t.Fatal(err)
		}
		return Open(dir, OpenOptions{Logger: log, Env: env})
	}
	short := func(k string) string {
		if k == "HOOK_SECRET" {
			return "too short"
		}
		return ""
	}
	hook := []WebhookConfig{{URL: "https://u:pw@hooks.example/arena", SecretEnv: "HOOK_SECRET"}}
	tests := []struct {
		name string
		edit func(*BridgeConfig)
		env  func(string) string
		want string
	}{
		{"unset secret", func(b *BridgeConfig) { b.Webhooks = hook }, noEnv,
			"arena.toml: bridge.webhook[0]: $HOOK_SECRET is unset or empty (it holds the HMAC secret)"},
		{"short secret", func(b *BridgeConfig) { b.Webhooks = hook }, short,
			"arena.toml: bridge.webhook[0]: webhook https://u:xxxxx@hooks.example/arena: secret must be at least 16 bytes"},
		{"operator not in the keystore", func(b *BridgeConfig) { b.RPC, b.Operator = "http://127.0.0.1:1", stranger }, noEnv,
			"bridge operator key: load key " + stranger.String() + ": no key in the keystore"},
	}
	for _, tc := range tests {
		n, err := open(tc.edit, tc.env, quiet())
		if err == nil {
			n.Close()
		}
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: Open error %v\n want %s", tc.name, err, tc.want)
		}
	}
	var logs bytes.Buffer
	n, err := open(func(b *BridgeConfig) {}, noEnv, slog.New(slog.NewTextHandler(&logs, nil)))
	if err != nil {
		t.Fatalf("Open with a registry and no rpc: %v", err)
	}
	defer n.Close()
	const warning = "bridge: the founding terms name an EVM registry but [bridge] rpc is empty; awards will not cross to it"
	if !strings.Contains(logs.String(), "level=WARN msg=\""+warning+"\" registry="+registry.String()) || n.relayer != nil {
		t.Errorf("log %q, relayer %v; want the warning and no relayer", logs.String(), n.relayer)
	}
}
