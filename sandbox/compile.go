package sandbox

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"github.com/arena/arena/sandbox/gas"
)

// Offer is what a module may import besides wasi_snapshot_preview1.
type Offer struct {
	Arena bool // the arena host module (agents)
	Model bool // the model channel of arena.call (when the bench pins a model)
	// Train is a learning challenge's training program: it may import any function of
	// "arch" (checked against its architecture when the two are paired: CompileTrain) and
	// arena.copy_from_arch / arena.copy_to_arch (the learn host module), not the agents'
	// arena functions.
	Train bool
	// Arch is a learning challenge's architecture: WASI only, as the zero Offer, but run
	// by the learning runtime.
	Arch bool
}

// learning reports whether the offer's modules run in the learning runtime.
func (o Offer) learning() bool { return o.Arch || o.Train }

// Module is a compiled, metered module. It is safe for concurrent use. Its compiled
// code is kept in its Runtime's cache while that holds it; once evicted (see
// Config.MaxModules, MaxCachedBytes and MaxIdle) the next instance compiles it again,
// from the disk cache when the Runtime has one, so eviction costs time, never a run.
type Module struct {
	Digest   [32]byte // sha256 of the original bytes
	offer    Offer
	rt       wazero.Runtime // the runtime it was compiled in, and runs in
	wasm     []byte         // the original, compiled again once evicted
	exports  map[string]api.FunctionDefinition
	imports  []api.FunctionDefinition // the imported functions, read at compile time
	minPages uint32                   // the declared minimum of its memory, if any

	mu       sync.RWMutex          // read-held while instantiating; eviction writes
	compiled wazero.CompiledModule // nil once evicted

	used uint64    // the Runtime's tick when last compiled or reused (under its mu)
	last time.Time // when last compiled or reused (under the Runtime's mu)
}

type moduleKey struct {
	digest [32]byte
	offer  Offer
}

// Compile gates and compiles wasm: its size, what it declares (gas.Gate, before any
// compiler sees it: compile and instantiate costs are not bounded by size), its validity, its imports (only what offer
// allows, with the host's signatures), then meters it (gas.Inject) and compiles the
// metered module. Gate failures are *Error values. Compiling the same bytes
// with the same offer again returns the cached Module; callers compiling the same
// module at once share one compilation, and a process compiles one module at a time
// (compileSlots), since a compilation holds many times its module's size while it runs.
func (r *Runtime) Compile(ctx context.Context, wasm []byte, offer Offer) (*Module, error) {
	if len(wasm) > MaxModuleBytes {
		return nil, errTooLarge(len(wasm))
	}
	if err := gas.Gate(wasm); err != nil {
		return nil, errLimit(err)
	}
	key := moduleKey{sha256.Sum256(wasm), offer}
	for {
		r.mu.Lock()
		if m := r.modules[key]; m != nil {
			r.touch(m)
			r.mu.Unlock()
			return m, nil
		}
		f := r.flights[key]
		if f == nil {
			f = &flight{done: make(chan struct{})}
			r.flights[key] = f
			r.mu.Unlock()
			f.m, f.err = r.compileOne(ctx, wasm, key)
			r.mu.Lock()
			delete(r.flights, key)
			r.compilations++
			if f.err == nil {
				r.touch(f.m)
				r.modules[key] = f.m
				r.cached += len(f.m.wasm)
				r.evict(ctx, r.now())
			}
			r.mu.Unlock()
			close(f.done)
			return f.m, f.err
		}
		r.mu.Unlock()
		select {
		case <-f.done:
		case <-ctx.Done():
			return nil, fmt.Errorf("sandbox: compile: %w", ctx.Err())
		}
		if f.err == nil {
			return f.m, nil
		}
		// The compilation failed: a gate's failure is the module's, and compiling again
		// finds it again; a cancelled one was its caller's, so try under this ctx.
		var e *Error
		if errors.As(f.err, &e) || ctx.Err() != nil {
			return nil, f.err
		}
	}
}

// flight is one compilation in progress, which callers of the same key wait for.
type flight struct {
	done chan struct{}
	m    *Module
	err  error
}

// compileSlots bounds the compilations a process runs at once: compiling a 4 MB module
// holds 100-200 MB of intermediate code until it ends, and the validators of a node
// share the process's cores anyway.
var compileSlots = make(chan struct{}, 1)

// compileOne runs compile in one of the process's compile slots.
func (r *Runtime) compileOne(ctx context.Context, wasm []byte, key moduleKey) (*Module, error) {
	select {
	case compileSlots <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("sandbox: compile: %w", ctx.Err())
	}
	defer func() { <-compileSlots }()
	// What the compilation allocated is garbage once it returns; hand it back to the
	// system now rather than keep it as headroom for the next one.
	defer debug.FreeOSMemory()
	return r.compile(ctx, wasm, key)
}

// touch marks m used now. It runs under r.mu.
func (r *Runtime) touch(m *Module) {
	r.tick++
	m.used = r.tick
	m.last = r.now()
}

// evict closes the least recently used modules while the cache holds more than
// maxModules, or more than maxBytes of originals, keeping the one most recently used,
// and then every module unused since maxIdle before now. It runs under r.mu.
func (r *Runtime) evict(ctx context.Context, now time.Time) {
	for len(r.modules) > 1 && (len(r.modules) > r.maxModules || r.cached > r.maxBytes) {
		var oldest *Module
		for _, m := range r.modules {
			if oldest == nil || m.used < oldest.used {
				oldest = m
			}
		}
		r.drop(ctx, oldest)
	}
	for _, m := range r.modules {
		if now.Sub(m.last) >= r.maxIdle {
			r.drop(ctx, m)
		}
	}
	r.armSweep()
}

// drop closes m's compiled code and forgets it. It runs under r.mu; it waits for the
// instantiations of m in progress, which take no lock of the Runtime's.
func (r *Runtime) drop(ctx context.Context, m *Module) {
	delete(r.modules, moduleKey{m.Digest, m.offer})
	r.cached -= len(m.wasm)
	m.mu.Lock()
	if m.compiled != nil {
		_ = m.compiled.Close(ctx) // closing compiled code cannot fail in a way worth reporting
		m.compiled = nil
	}
	m.mu.Unlock()
}

// armSweep schedules the release of idle modules for when the oldest one's idle time
// runs out, unless the cache is empty or a sweep is already scheduled. It runs under r.mu.
func (r *Runtime) armSweep() {
	if len(r.modules) == 0 || r.sweep != nil || r.closed {
		return
	}
	oldest := r.now()
	for _, m := range r.modules {
		if m.last.Before(oldest) {
			oldest = m.last
		}
	}
	r.sweep = time.AfterFunc(max(time.Until(oldest.Add(r.maxIdle)), 0), func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.sweep = nil
		if !r.closed {
			r.evict(context.Background(), r.now())
		}
	})
}

// code returns m's compiled code with m read-locked until done is called, so that no
// eviction closes it meanwhile; when m has been evicted, it compiles m again (Compile)
// and returns that Module's code. m.mu is only write-locked under r.mu, so taking its
// read lock under r.mu never waits.
func (r *Runtime) code(ctx context.Context, m *Module) (c wazero.CompiledModule, done func(), err error) {
	for {
		r.mu.Lock()
		if m.compiled != nil {
			r.touch(m)
			m.mu.RLock()
			r.mu.Unlock()
			return m.compiled, m.mu.RUnlock, nil
		}
		r.mu.Unlock()
		if m, err = r.Compile(ctx, m.wasm, m.offer); err != nil {
			return nil, nil, err
		}
	}
}

func (r *Runtime) compile(ctx context.Context, wasm []byte, key moduleKey) (*Module, error) {
	orig, err := r.check.CompileModule(ctx, wasm)
	if err != nil {
		return nil, errInvalid(err)
	}
	defer orig.Close(ctx)
	if err := r.gateImports(wasm, orig, key.offer); err != nil {
		return nil, err
	}
	metered, err := gas.Inject(wasm)
	if err != nil {
		return nil, errUnmeterable(err)
	}
	rt := r.rt
	if key.offer.learning() {
		rt = r.learn
	}
	compiled, err := rt.CompileModule(ctx, metered)
	if err != nil {
		return nil, fmt.Errorf("sandbox: compile the metered module: %w", err)
	}
	m := &Module{Digest: key.digest, offer: key.offer, rt: rt, wasm: bytes.Clone(wasm), compiled: compiled,
		exports: compiled.ExportedFunctions(), imports: compiled.ImportedFunctions(), minPages: gas.MinPages(wasm)}
	for _, mem := range compiled.ExportedMemories() {
		m.minPages = max(m.minPages, mem.Min())
	}
	for _, mem := range compiled.ImportedMemories() {
		m.minPages = max(m.minPages, mem.Min())
	}
	return m, nil
}

// gateImports refuses every import but functions of the offered host modules, with the
// host's signatures.
func (r *Runtime) gateImports(wasm []byte, orig wazero.CompiledModule, offer Offer) error {
	imports, err := gas.Imports(wasm)
	if err != nil {
		return errUnmeterable(err)
	}
	for _, im := range imports {
		if offer.Train && im.Module == archModule && im.Kind == 0 {
			continue
		}
		if im.Kind != 0 || !offered(im.Module, offer) || r.host(im.Module, offer)[im.Name] == nil {
			return errNotOffered(im.Module, im.Name)
		}
	}
	for _, f := range orig.ImportedFunctions() {
		mod, name, _ := f.Import()
		if offer.Train && mod == archModule {
			continue
		}
		host := r.host(mod, offer)[name]
		if !slices.Equal(f.ParamTypes(), host.ParamTypes()) || !slices.Equal(f.ResultTypes(), host.ResultTypes()) {
			return errSignature(mod, name)
		}
	}
	return nil
}

func offered(module string, offer Offer) bool {
	return module == wasi_snapshot_preview1.ModuleName || module == arenaModule && (offer.Arena || offer.Train)
}

// host returns the functions the host module named module offers under offer: a training
// program's arena is the learn host module.
func (r *Runtime) host(module string, offer Offer) map[string]api.FunctionDefinition {
	if module == arenaModule && offer.Train {
		return r.hosts[learnHostModule]
	}
	return r.hosts[module]
}

// export checks that m exports name as a function with no parameters and no results.
func (m *Module) export(name string) error {
	f := m.exports[name]
	if f == nil {
		return errNoExport(name)
	}
	if len(f.ParamTypes()) != 0 || len(f.ResultTypes()) != 0 {
		return errExportType(name)
	}
	return nil
}
