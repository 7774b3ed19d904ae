package sandbox

import (
	"context"
	"crypto/sha256"
	"sync"
	"testing"
	"time"

	gt "github.com/arena/arena/sandbox/gas/gastest"
)

// noop is a command module whose _start returns at once, declaring pages pages of
// memory, so that each page count is a module of its own.
func noop(pages uint32) []byte {
	m := &gt.Module{
		Types:   []gt.FuncType{{}},
		Funcs:   []gt.Func{{Type: 0, Code: []byte{gt.End}}},
		Memory:  gt.Ptr(pages),
		Exports: []gt.Export{{Name: "_start", Kind: 0, Index: 0}, {Name: "memory", Kind: 2, Index: 0}},
	}
	return m.Bytes()
}

func newCache(t *testing.T, c Config) *Runtime {
	t.Helper()
	ctx := context.Background()
	r, err := New(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(ctx) })
	return r
}

func compileBytes(t *testing.T, r *Runtime, wasm []byte) *Module {
	t.Helper()
	m, err := r.Compile(context.Background(), wasm, Offer{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func cachedKeys(r *Runtime) map[[32]byte]bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	keys := map[[32]byte]bool{}
	for k := range r.modules {
		keys[k.digest] = true
	}
	return keys
}

// TestCallersCompilingOneModuleAtOnceShareOneCompilation: the validators of a node grade
// the same run at once, and each compiles the run's modules; one compilation serves all.
func TestCallersCompilingOneModuleAtOnceShareOneCompilation(t *testing.T) {
	r := newCache(t, Config{})
	wasm := noop(1)
	mods := make([]*Module, 8)
	var wg sync.WaitGroup
	for i := range mods {
		wg.Go(func() { mods[i] = compileBytes(t, r, wasm) })
	}
	wg.Wait()
	for i, m := range mods {
		if m != mods[0] {
			t.Errorf("caller %d got another Module", i)
		}
	}
	if r.compilations != 1 {
		t.Errorf("%d compilations, want 1", r.compilations)
	}
}

// TestTheModuleCacheIsBoundedByTheBytesOfItsModules: past MaxCachedBytes of originals,
// the least recently used module is released.
func TestTheModuleCacheIsBoundedByTheBytesOfItsModules(t *testing.T) {
	a, b, c := noop(1), noop(2), noop(3)
	r := newCache(t, Config{MaxCachedBytes: len(a) + len(b)})
	ma := compileBytes(t, r, a)
	compileBytes(t, r, b)
	compileBytes(t, r, a) // a is now the most recently used
	compileBytes(t, r, c)
	keys := cachedKeys(r)
	if len(keys) != 2 || !keys[ma.Digest] || keys[sha(b)] || !keys[sha(c)] {
		t.Errorf("cached %d modules (a %v, b %v, c %v), want a and c", len(keys), keys[ma.Digest], keys[sha(b)], keys[sha(c)])
	}
	if r.cached > len(a)+len(b) {
		t.Errorf("%d bytes cached, over the bound of %d", r.cached, len(a)+len(b))
	}
}

// TestAModuleUnusedForMaxIdleIsReleased: a module nobody compiled, reused or ran for
// MaxIdle is released at the next use of the cache, and by the cache's own sweep when
// nothing uses it.
func TestAModuleUnusedForMaxIdleIsReleased(t *testing.T) {
	r := newCache(t, Config{MaxIdle: time.Hour})
	now := time.Unix(1767225600, 0)
	r.mu.Lock()
	r.now = func() time.Time { return now }
	r.mu.Unlock()
	a, b := noop(1), noop(2)
	compileBytes(t, r, a)
	now = now.Add(time.Hour)
	compileBytes(t, r, b)
	if keys := cachedKeys(r); len(keys) != 1 || !keys[sha(b)] {
		t.Errorf("cached %d modules (b %v), want b alone", len(keys), keys[sha(b)])
	}

	swept := newCache(t, Config{MaxIdle: time.Millisecond})
	compileBytes(t, swept, a)
	for deadline := time.Now().Add(30 * time.Second); len(cachedKeys(swept)) > 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the idle module was never released")
		}
	}
}

// TestAnEvictedModuleStillRuns: eviction releases a module's code, not the Module a
// caller holds; its next run compiles it again.
func TestAnEvictedModuleStillRuns(t *testing.T) {
	r := newCache(t, Config{MaxModules: 1})
	a := compileBytes(t, r, noop(1))
	compileBytes(t, r, noop(2))
	if cachedKeys(r)[a.Digest] {
		t.Fatal("a was not evicted")
	}
	if _, _, err := r.Command(context.Background(), a, nil, [32]byte{}, clockStart, commandLimits); err != nil {
		t.Fatalf("run of the evicted module: %v", err)
	}
	if !cachedKeys(r)[a.Digest] {
		t.Error("running the evicted module did not cache it again")
	}
}

func sha(b []byte) [32]byte { return sha256.Sum256(b) }
