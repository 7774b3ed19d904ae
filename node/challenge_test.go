package node

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/challenge/example"
	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/reader/builtin"
)

// A bench registered with a node is checked by the node's own validators, reading its
// module from the node's blob store on the node's one sandbox runtime, whose compiled
// code is cached under the arena directory.
func TestTheNodesValidatorsCheckABenchFromItsBlobStore(t *testing.T) {
	dir := t.TempDir()
	sponsor := newKey(t)
	if _, err := Init(dir, InitOptions{Terms: Terms{Name: "node test", DevMode: true, Genesis: []ledger.Allocation{
		{Address: sponsor.Address(), Amount: ledger.Ether(1000)},
	}}, LightScrypt: true}); err != nil {
		t.Fatal(err)
	}
	n, err := Open(dir, OpenOptions{Logger: quiet(), Env: noEnv})
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	bench := example.Bench()
	if err := n.Blobs().Put(abi.Digest(bench), bytes.NewReader(bench)); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- n.Run(ctx) }()

	tx := ledgertest.Stamped(n.Terms(), &ledger.Tx{Body: challenge.BenchRegister{
		Name: "toolbench", Version: 1, Module: abi.Digest(bench), Size: int64(len(bench)),
		Kinds: []string{abi.KindMemory, abi.KindTool}, MinCases: 100, Profiles: []string{abi.ProfileFull},
		Quorum: 3, InitGas: 200_000_000, CaseGas: 200_000_000, BenchGas: 50_000_000_000, MaxPages: 2048,
		Platform: challenge.Platform, Fold: challenge.DefaultFold(),
	}})
	n.View(func(s *ledger.State) { tx.Nonce = s.NextNonce(sponsor.Address()) })
	if err := sponsor.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	r, err := n.Engine().Submit(ctx, tx)
	if err != nil || !r.Outcome.OK() {
		t.Fatalf("bench_register: %v %s", err, r.Outcome.Err)
	}
	var b ledger.BenchView
	deadline := time.Now().Add(2 * time.Minute)
	for b.State == "" || b.State == challenge.BenchChecking {
		if time.Now().After(deadline) {
			t.Fatalf("the bench is still %s", b.State)
		}
		time.Sleep(50 * time.Millisecond)
		n.View(func(s *ledger.State) { b, _ = s.Bench(ledger.BenchID(r.Outcome.Created)) })
	}
	if b.State != challenge.BenchAccepted || b.Cases != 110 {
		t.Fatalf("bench %s (%s), %d cases", b.State, b.Reason, b.Cases)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if entries, err := os.ReadDir(filepath.Join(dir, WasmCacheDir)); err != nil || len(entries) == 0 {
		t.Fatalf("no compiled code cached under %s: %v", WasmCacheDir, err)
	}
}

// A validator serves a bench's pinned model only when its reader's spec names exactly
// that model.
func TestAValidatorServesOnlyTheModelItsReaderNames(t *testing.T) {
	m := builtin.New()
	for _, c := range []struct {
		spec, pin string
		ok        bool
	}{
		{"openai:http://127.0.0.1:8000/v1#qwen/qwen3-32b", "qwen/qwen3-32b", true},
		{"openai:http://127.0.0.1:8000/v1#qwen/qwen3-32b", "qwen/qwen3-32b-instruct", false},
		{"builtin", "builtin", false},
		{"replay:answers.json", "", false},
	} {
		p := &pipelineModels{reader: m, model: specModel(c.spec)}
		got, ok := p.serve(c.pin)
		if ok != c.ok || (ok && got != grading.Model(m)) {
			t.Fatalf("%s serving %q: %v", c.spec, c.pin, ok)
		}
	}
}
