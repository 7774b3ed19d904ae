package sandbox

import (
	"context"
	"crypto/sha256"
	"fmt"
	"slices"

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

// Module is a compiled, metered module. It is safe for concurrent use and lives until its
// Runtime closes.
type Module struct {
	Digest   [32]byte // sha256 of the original bytes
	offer    Offer
	rt       wazero.Runtime // the runtime it was compiled in, and runs in
	compiled wazero.CompiledModule
	used     uint64 // the Runtime's tick when last compiled or reused (under its mu)
	exports  map[string]api.FunctionDefinition
	minPages uint32 // the declared minimum of its memory, if any
}

type moduleKey struct {
	digest [32]byte
	offer  Offer
}

// Compile gates and compiles wasm: its size, what it declares (gas.Gate, before any
// compiler sees it: compile and instantiate costs are not bounded by size), its validity, its imports (only what offer
// allows, with the host's signatures), then meters it (gas.Inject) and compiles the
// metered module. Gate failures are *Error values. Compiling the same bytes
// with the same offer again returns the cached Module.
func (r *Runtime) Compile(ctx context.Context, wasm []byte, offer Offer) (*Module, error) {
	if len(wasm) > MaxModuleBytes {
		return nil, errTooLarge(len(wasm))
	}
	if err := gas.Gate(wasm); err != nil {
		return nil, errLimit(err)
	}
	key := moduleKey{sha256.Sum256(wasm), offer}
	r.mu.Lock()
	m := r.modules[key]
	if m != nil {
		r.tick++
		m.used = r.tick
	}
	r.mu.Unlock()
	if m != nil {
		return m, nil
	}
	m, err := r.compile(ctx, wasm, key)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if prev := r.modules[key]; prev != nil {
		return prev, m.compiled.Close(ctx)
	}
	r.tick++
	m.used = r.tick
	r.modules[key] = m
	r.evict(ctx)
	return m, nil
}

// evict closes least recently used modules while the cache holds more than maxModules.
// It runs under r.mu. Closing compiled code cannot fail in a way worth reporting here.
func (r *Runtime) evict(ctx context.Context) {
	for len(r.modules) > r.maxModules {
		var oldest moduleKey
		first := true
		for k, m := range r.modules {
			if first || m.used < r.modules[oldest].used {
				oldest, first = k, false
			}
		}
		_ = r.modules[oldest].compiled.Close(ctx)
		delete(r.modules, oldest)
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
	m := &Module{Digest: key.digest, offer: key.offer, rt: rt, compiled: compiled, exports: compiled.ExportedFunctions(), minPages: gas.MinPages(wasm)}
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
