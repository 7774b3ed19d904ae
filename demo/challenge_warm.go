package demo

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"

	"github.com/arena/arena/challenge/example"
	"github.com/arena/arena/node"
	"github.com/arena/arena/sandbox"
)

// warmChallenge starts compiling the example bench and agents into the arena's
// compilation cache (DIR/wasm-cache, where the node's validators keep the machine code
// of challenge modules) while the other stories play, and returns at once; the
// challenge story waits for it before it registers the bench. It goes through
// sandbox.Compile, the validators' own path (gates, metering, compilation), so what it
// leaves is exactly what they would have written themselves: they still gate and meter
// every module and only read the compiled code back. Compiling a 4 MB Go-built module
// takes seconds on a small machine, and the other stories mostly wait for blocks.
func (d *driver) warmChallenge(ctx context.Context, a *arena) error {
	done := make(chan error, 1)
	d.warm = done
	go func() { done <- warmCache(ctx, filepath.Join(a.node.Dir(), node.WasmCacheDir)) }()
	return nil
}

// warmCache compiles every example module into the cache in dir, two at a time.
func warmCache(ctx context.Context, dir string) error {
	rt, err := sandbox.New(ctx, sandbox.Config{CacheDir: dir})
	if err != nil {
		return fmt.Errorf("warm the compilation cache: %w", err)
	}
	type module struct {
		wasm  []byte
		offer sandbox.Offer
	}
	mods := []module{{example.Bench(), sandbox.Offer{}}}
	for _, ag := range challengePlan.agents {
		wasm, _ := example.Agent(ag.name)
		mods = append(mods, module{wasm, sandbox.Offer{Arena: true}})
	}
	errs := make([]error, len(mods))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, m := range mods {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			_, errs[i] = rt.Compile(ctx, m.wasm, m.offer)
		})
	}
	wg.Wait()
	if err := errors.Join(append(errs, rt.Close(ctx))...); err != nil {
		return fmt.Errorf("warm the compilation cache: %w", err)
	}
	return nil
}
