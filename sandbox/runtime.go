package sandbox

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"sync"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
)

// Config configures a Runtime.
type Config struct {
	// CacheDir keeps wazero's compiled code on disk across processes ("" keeps none).
	CacheDir string
	// Interpreter runs modules in wazero's interpreter instead of its compiler: the same
	// results, 40 to 100 times slower. For cross-checks in tests only.
	Interpreter bool
	// MaxModules bounds the compiled modules kept in memory (0 means DefaultMaxModules):
	// past it, Compile closes the least recently compiled-or-reused one. Compiled code
	// lives as long as its module, so an unbounded cache grows with every program
	// submitted. A Module closed this way fails to instantiate (a [TRANSIENT] retry
	// compiles it again); instances already running are unaffected.
	MaxModules int
	// MaxCachedBytes bounds the sum of the original sizes of the compiled modules kept in
	// memory (0 means DefaultMaxCachedBytes), evicting as MaxModules does: a Go-built
	// module of 4 MB keeps about 8 MB of heap and 30 MB of machine code while cached.
	MaxCachedBytes int
	// MaxIdle releases a compiled module unused (neither compiled, reused nor
	// instantiated) for that long (0 means DefaultMaxIdle), so a node that runs no
	// programs for a while holds none of their code.
	MaxIdle time.Duration
}

// Defaults for the zero Config fields.
const (
	DefaultMaxModules     = 64
	DefaultMaxCachedBytes = 12 << 20
	DefaultMaxIdle        = time.Minute
)

// Runtime compiles and runs modules. It is safe for concurrent use.
type Runtime struct {
	rt wazero.Runtime // runs the metered modules
	// learn runs learning challenges' modules: the same configuration but without
	// CloseOnContextDone, whose goroutine per call cost more than the modules' own work at
	// two calls per byte (see BenchmarkLearner). Gas bounds every call; a Learner checks
	// its wall-time safety net between calls.
	learn wazero.Runtime
	check wazero.Runtime // an interpreter that validates originals (cheaper than compiling)
	cache wazero.CompilationCache
	hosts map[string]map[string]api.FunctionDefinition // offerable host functions by module

	mu           sync.Mutex
	modules      map[moduleKey]*Module
	flights      map[moduleKey]*flight // compilations in progress
	cached       int                   // the original bytes of modules
	compilations int                   // compilations run, failed ones included
	maxModules   int
	maxBytes     int
	maxIdle      time.Duration
	tick         uint64      // counts cache uses, for least-recently-used eviction
	sweep        *time.Timer // the next release of idle modules, if one is scheduled
	closed       bool
	now          func() time.Time
}

// New returns a Runtime with the WASI and arena host modules instantiated.
func New(ctx context.Context, c Config) (*Runtime, error) {
	cfg := wazero.NewRuntimeConfigCompiler()
	if c.Interpreter {
		cfg = wazero.NewRuntimeConfigInterpreter()
	}
	r := &Runtime{modules: map[moduleKey]*Module{}, flights: map[moduleKey]*flight{},
		maxModules: c.MaxModules, maxBytes: c.MaxCachedBytes, maxIdle: c.MaxIdle, now: time.Now}
	if r.maxModules <= 0 {
		r.maxModules = DefaultMaxModules
	}
	if r.maxBytes <= 0 {
		r.maxBytes = DefaultMaxCachedBytes
	}
	if r.maxIdle <= 0 {
		r.maxIdle = DefaultMaxIdle
	}
	if c.CacheDir != "" {
		cache, err := wazero.NewCompilationCacheWithDir(c.CacheDir)
		if err != nil {
			return nil, fmt.Errorf("sandbox: compilation cache %s: %w", c.CacheDir, err)
		}
		r.cache = cache
		cfg = cfg.WithCompilationCache(cache)
	}
	r.rt = wazero.NewRuntimeWithConfig(ctx, cfg.WithCloseOnContextDone(true))
	r.learn = wazero.NewRuntimeWithConfig(ctx, cfg)
	r.check = wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfigInterpreter())
	for _, rt := range []wazero.Runtime{r.rt, r.learn} {
		if _, err := wasi_snapshot_preview1.Instantiate(ctx, rt); err != nil {
			return nil, errors.Join(fmt.Errorf("sandbox: instantiate WASI: %w", err), r.Close(ctx))
		}
		if err := instantiateArena(ctx, rt); err != nil {
			return nil, errors.Join(fmt.Errorf("sandbox: instantiate %s: %w", arenaModule, err), r.Close(ctx))
		}
	}
	r.hosts = map[string]map[string]api.FunctionDefinition{}
	for _, name := range []string{wasi_snapshot_preview1.ModuleName, arenaModule} {
		r.hosts[name] = maps.Clone(r.rt.Module(name).ExportedFunctionDefinitions())
	}
	// The arena module's copy functions are offered to training programs only, the rest to
	// agents only.
	r.hosts[learnHostModule] = map[string]api.FunctionDefinition{}
	for _, name := range learnFunctions {
		r.hosts[learnHostModule][name] = r.hosts[arenaModule][name]
		delete(r.hosts[arenaModule], name)
	}
	return r, nil
}

// Close releases every compiled module and instance.
func (r *Runtime) Close(ctx context.Context) error {
	r.mu.Lock()
	r.closed = true
	if r.sweep != nil {
		r.sweep.Stop()
	}
	r.mu.Unlock()
	err := errors.Join(r.rt.Close(ctx), r.learn.Close(ctx), r.check.Close(ctx))
	if r.cache != nil {
		err = errors.Join(err, r.cache.Close(ctx))
	}
	return err
}
