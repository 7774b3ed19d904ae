package sandbox

// Learning challenges: an architecture and a training program, two WASI reactors linked by
// the host (issue 14; the protocol is pinned in the learning brief).
//
// The architecture exports _initialize, params() i32, params_len() i32 and predict() i32,
// and whatever functions its training program drives; it imports WASI only and must not
// export learn. The training program exports _initialize and learn(b i32); it imports WASI,
// functions the architecture exports ("arch", matching signatures) and the arena host
// functions copy_from_arch(dst, src, n i32) and copy_to_arch(dst, src, n i32), which copy
// n bytes between the two memories (dst in the destination's memory, src in the source's)
// and charge gas.Host(n) to the training program; a range outside either memory traps. It
// must not export predict. A module exporting both predict and learn, or a pair whose two
// modules are the same bytes, is a single combined module and is refused.
//
// Decisions beyond the brief, each deterministic:
//   - Gas. Both modules are metered, each with its own counter. The pair shares one budget
//     per byte (LearnLimits.ByteGas): Predict starts a byte and runs predict under it;
//     Learn runs learn under what predict left (a Learn with no Predict before it starts a
//     byte of its own). For every call the host sets both counters to the remaining budget
//     and afterwards charges the pair the sum of what the two used; the call ran out of gas
//     when either counter went below zero or the sum exceeds the budget (the sum is checked
//     after the call, so a call may do up to twice the budget's work before it is refused:
//     deterministic all the same). A call of the architecture's own (predict, observe, its
//     initialisation) touches only its counter: it cannot reach the training program's
//     code, whose share is 0 either way.
//   - Blame. Whatever fails in Predict is the architecture's; whatever fails in Learn
//     (including in an architecture function the training program called) is the training
//     program's, since it drove the call.
//   - Initialisation. The architecture's _initialize, params and params_len share
//     LearnLimits.InitGas; then the training program's _initialize gets InitGas of its own.
//     Failures there are *Error values of the module's role (FaultInitTrap and alike).
//   - Forced init happens after the architecture's params/params_len and before the training
//     program is instantiated: its _initialize already sees the random region.
//   - WASI entropy: the architecture's random source is ChaCha8 keyed by
//     sha256("arena learn arch\n" + seed), the training program's by
//     sha256("arena learn train\n" + seed), and the forced init's by
//     sha256(InitDomain + seed), seed in lowercase hex as the ledger writes it (so the
//     init key is ledger/learn.InitSeed); both clocks start at AgentEpoch.
//   - Data cap. The architecture's data segments that may land outside its parameter region
//     count against LearnLimits.DataCap: active segments by the bytes outside the region,
//     passive segments and segments with a non-constant offset whole (gas.Outside).
//     Measured (Go 1.26.8): a Go-built reactor carries about 520 KB of data segments
//     whatever it does (the runtime's tables): the minimal test architecture 523,753 bytes
//     in 21,504 segments, the two example architectures (-s -w) 529,987 and 530,560
//     bytes. A data_cap of 589,824 (576 KiB) admits them with room for a little more code.
//     Only the architecture is capped (as the brief pins): a training program's data can
//     still reach the region through copy_to_arch; the step-0 anomaly is what catches that.
//   - Wall time bounds a Learner's whole life (from Learner to Close), FaultWall. One timer
//     (a context with the deadline, started with the Learner) closes a channel when the
//     net fires; every call checks that channel and the caller's ctx.Done() before and after
//     it, without reading the clock. Nothing is checked during a call: learning modules run
//     in a wazero runtime without CloseOnContextDone (its goroutine per call cost more than
//     the work of a call per byte), so gas alone bounds a call. A cancelled ctx is
//     FaultStopped. A kept Learner is given a fresh net by Rearm.
//   - Bytes are numbered by the caller: Predict and Learn take the index that their errors
//     name ("at byte N").

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"
	"unsafe"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"

	"github.com/arena/arena/sandbox/gas"
)

const (
	// archModule is the import module name under which a training program sees its
	// architecture.
	archModule = "arch"
	// learnHostModule keys the arena functions offered to training programs in
	// Runtime.hosts (they live in the arena host module; see learnFunctions).
	learnHostModule = "arena (learn)"
)

// Symbols is the number of frequencies predict returns (one per byte value).
const Symbols = 256

// DefaultLearnWall is LearnLimits.Wall when it is 0: as DefaultWall, longer than the
// longest attempt deadline the ledger gives a program run.
const DefaultLearnWall = DefaultWall

// InitDomain prefixes the seed in the key of the forced fresh init.
const InitDomain = "arena learn init\n"

// Arch is a compiled architecture.
type Arch struct {
	*Module
	data []gas.Segment
}

// Train is a compiled training program.
type Train struct {
	*Module
}

// DataSegments returns the architecture's data segments.
func (a *Arch) DataSegments() []gas.Segment { return slices.Clone(a.data) }

var (
	i32      = api.ValueTypeI32
	archWant = []export{{"_initialize", nil, nil}, {"params", nil, []api.ValueType{i32}},
		{"params_len", nil, []api.ValueType{i32}}, {"predict", nil, []api.ValueType{i32}}}
	trainWant = []export{{"_initialize", nil, nil}, {"learn", []api.ValueType{i32}, nil}}
)

type export struct {
	name            string
	params, results []api.ValueType
}

// CompileArch gates and compiles an architecture: Compile's gates with WASI as the only
// import, then the exports above, and no learn. Errors name "The architecture".
func (r *Runtime) CompileArch(ctx context.Context, wasm []byte) (*Arch, error) {
	m, err := r.Compile(ctx, wasm, Offer{Arch: true})
	if err != nil {
		return nil, as(err, RoleArch)
	}
	if err := m.gateExports(RoleArch, archWant, "learn"); err != nil {
		return nil, err
	}
	segs, err := gas.DataSegments(wasm)
	if err != nil {
		return nil, as(errUnmeterable(err), RoleArch)
	}
	return &Arch{Module: m, data: segs}, nil
}

// CompileTrain gates and compiles a training program for arch: Compile's gates with WASI,
// arch.* and the learn host functions as imports, then its exports, no predict, and its
// arch imports against what arch exports. Errors name "The training program".
func (r *Runtime) CompileTrain(ctx context.Context, wasm []byte, arch *Arch) (*Train, error) {
	if sha256.Sum256(wasm) == arch.Digest {
		return nil, fault(FaultSameModule, RoleTrain)
	}
	m, err := r.Compile(ctx, wasm, Offer{Train: true})
	if err != nil {
		return nil, as(err, RoleTrain)
	}
	if err := m.gateExports(RoleTrain, trainWant, "predict"); err != nil {
		return nil, err
	}
	t := &Train{Module: m}
	if err := t.pair(arch); err != nil {
		return nil, err
	}
	return t, nil
}

func (m *Module) gateExports(role Role, want []export, forbidden string) error {
	if m.exports["predict"] != nil && m.exports["learn"] != nil {
		return fault(FaultBothExports, role)
	}
	if m.exports[forbidden] != nil {
		return &Error{Fault: FaultForbidden, Role: role, Name: forbidden}
	}
	for _, w := range want {
		f := m.exports[w.name]
		if f == nil {
			return &Error{Fault: FaultNoExport, Role: role, Name: w.name}
		}
		if !slices.Equal(f.ParamTypes(), w.params) || !slices.Equal(f.ResultTypes(), w.results) {
			return &Error{Fault: FaultExportType, Role: role, Name: w.name}
		}
	}
	return nil
}

// pair checks t's arch imports against what arch exports.
func (t *Train) pair(arch *Arch) error {
	if t.Digest == arch.Digest {
		return fault(FaultSameModule, RoleTrain)
	}
	for _, f := range t.imports {
		mod, name, _ := f.Import()
		if mod != archModule {
			continue
		}
		e := arch.exports[name]
		if e == nil {
			return &Error{Fault: FaultArchMissing, Role: RoleTrain, Name: name}
		}
		if !slices.Equal(f.ParamTypes(), e.ParamTypes()) || !slices.Equal(f.ResultTypes(), e.ResultTypes()) {
			return &Error{Fault: FaultSignature, Role: RoleTrain, Module: archModule, Name: name}
		}
	}
	return nil
}

// LearnLimits bound a Learner.
type LearnLimits struct {
	MaxPages uint32        // memory of each module in 64 KiB pages; 0 means DefaultMaxPages
	InitGas  int64         // each module's initialisation (see the doc above)
	ByteGas  int64         // the pair's budget per byte: predict, then learn
	ParamCap uint32        // bytes of the parameter region
	DataCap  uint32        // bytes of the architecture's data segments outside the region
	Wall     time.Duration // the safety net of the Learner's whole life; 0 means DefaultLearnWall
}

// Learner is an architecture and its training program, instantiated and linked, their
// parameter region freshly initialised. It is not safe for concurrent use. After a call
// fails it is dead: make a new one.
type Learner struct {
	r           *Runtime
	arch, train *instance
	predictFn   api.Function
	learnFn     api.Function
	lim         LearnLimits
	ptr, n      uint32
	initGas     int64
	used        int64
	left        int64 // of the current byte
	open        bool  // a byte was started by Predict and not yet learned
	freq        []uint32
	stack       [1]uint64
	err         error // why the learner is dead

	wall     <-chan struct{}    // closed when the wall-time safety net fires
	stopWall context.CancelFunc // stops its timer
	parent   context.Context
	done     <-chan struct{} // parent.Done()
	cctx     context.Context
}

type learnerKey struct{}

// Learner instantiates arch (fresh deterministic WASI, entropy from seed), runs its
// _initialize, reads and gates its parameter region (ParamCap, inside its memory, DataCap),
// fills the region with ChaCha8 bytes keyed by sha256(InitDomain + seed), then instantiates
// train linked to this instance of arch and runs its _initialize. Gate failures, traps and
// running out of gas are the program's faults; the wall-time safety net is FaultWall.
func (r *Runtime) Learner(ctx context.Context, arch *Arch, train *Train, seed [32]byte, lim LearnLimits) (*Learner, error) {
	if err := train.pair(arch); err != nil {
		return nil, err
	}
	if lim.MaxPages == 0 {
		lim.MaxPages = DefaultMaxPages
	}
	if lim.Wall <= 0 {
		lim.Wall = DefaultLearnWall
	}
	l := &Learner{r: r, lim: lim, freq: make([]uint32, Symbols)}
	l.Rearm()
	if err := l.start(ctx, arch, train, seed); err != nil {
		return nil, errors.Join(err, l.Close(ctx))
	}
	return l, nil
}

// InitKey returns the ChaCha8 key that fills a learner's parameter region for seed:
// sha256(InitDomain + the seed in lowercase hex), ledger/learn.InitSeed's bytes.
func InitKey(seed [32]byte) [32]byte { return derive(InitDomain, seed) }

// derive keys one use of a run's seed: sha256(domain + the seed in lowercase hex), the
// text the ledger writes the seed as, so that the init key is the init seed it publishes
// (ledger/learn.InitSeed).
func derive(domain string, seed [32]byte) [32]byte {
	return sha256.Sum256([]byte(domain + hex.EncodeToString(seed[:])))
}

func (l *Learner) start(ctx context.Context, arch *Arch, train *Train, seed [32]byte) error {
	limits := Limits{MaxPages: l.lim.MaxPages, Wall: l.lim.Wall}
	in, err := l.r.instantiate(ctx, arch.Module, derive("arena learn arch\n", seed), AgentEpoch, limits, strings.NewReader(""), discard{})
	if err != nil {
		return as(err, RoleArch)
	}
	l.arch = in
	cctx, err := l.ctx(ctx)
	if err != nil {
		return err
	}
	left := l.lim.InitGas
	var got [2]uint32
	for i, name := range []string{"_initialize", "params", "params_len"} {
		res := l.call(cctx, in.mod.ExportedFunction(name), left, true)
		l.initGas += res.used
		left -= res.used
		if err := l.initVerdict(res, RoleArch, name); err != nil {
			return err
		}
		if i > 0 {
			got[i-1] = uint32(l.stack[0])
		}
	}
	l.ptr, l.n = got[0], got[1]
	if l.n > l.lim.ParamCap {
		return &Error{Fault: FaultParamCap, Role: RoleArch, N: int64(l.n), Limit: int64(l.lim.ParamCap)}
	}
	size := uint64(in.mod.Memory().Size())
	if uint64(l.ptr)+uint64(l.n) > size {
		return &Error{Fault: FaultParamOutside, Role: RoleArch, N: int64(l.n), Ptr: int64(l.ptr), Mem: int64(size)}
	}
	if out := gas.Outside(arch.data, l.ptr, l.n); out > int64(l.lim.DataCap) {
		return &Error{Fault: FaultDataCap, Role: RoleArch, N: out, Limit: int64(l.lim.DataCap)}
	}
	region := make([]byte, l.n)
	rand.NewChaCha8(InitKey(seed)).Read(region)
	in.mod.Memory().Write(l.ptr, region)

	rctx := experimental.WithImportResolver(ctx, func(name string) api.Module {
		if name == archModule {
			return l.arch.mod
		}
		return nil
	})
	in, err = l.r.instantiate(rctx, train.Module, derive("arena learn train\n", seed), AgentEpoch, limits, strings.NewReader(""), discard{})
	if err != nil {
		return as(err, RoleTrain)
	}
	l.train = in
	if cctx, err = l.ctx(ctx); err != nil {
		return err
	}
	res := l.call(cctx, in.mod.ExportedFunction("_initialize"), l.lim.InitGas, false)
	l.initGas += res.used
	if err := l.initVerdict(res, RoleTrain, "_initialize"); err != nil {
		return err
	}
	l.predictFn = l.arch.mod.ExportedFunction("predict")
	l.learnFn = l.train.mod.ExportedFunction("learn")
	return nil
}

// Rearm starts the Learner's wall-time safety net afresh: Wall from now. A host that
// keeps a trained Learner for a later use rearms it when it takes it up again, so that the
// net bounds each use rather than the time it was kept.
func (l *Learner) Rearm() {
	if l.stopWall != nil {
		l.stopWall()
	}
	wall, stop := context.WithTimeout(context.Background(), l.lim.Wall)
	l.wall, l.stopWall = wall.Done(), stop
}

// ctx returns the context calls run under: ctx carrying the Learner (for the host
// functions), kept while the caller passes the same ctx. It fails (FaultStopped,
// FaultWall) when ctx is done or the Learner's wall-time safety net has fired, checked
// between calls (gas bounds each call) on two channels, without reading the clock.
func (l *Learner) ctx(ctx context.Context) (context.Context, error) {
	if l.cctx == nil || !same(ctx, l.parent) {
		l.parent, l.done, l.cctx = ctx, ctx.Done(), context.WithValue(ctx, learnerKey{}, l)
	}
	select {
	case <-l.done:
		err := ctx.Err()
		return nil, &Error{Fault: FaultStopped, Role: RoleLearner, Detail: err.Error(), Err: err}
	default:
	}
	if l.expired() {
		return nil, errWall(RoleLearner, l.lim.Wall)
	}
	return l.cctx, nil
}

// expired reports whether the wall-time safety net has fired.
func (l *Learner) expired() bool {
	select {
	case <-l.wall:
		return true
	default:
		return false
	}
}

// same reports whether a and b are the same context (false for incomparable ones).
func same(a, b context.Context) (eq bool) {
	defer func() { recover() }()
	return a == b
}

// call runs fn with budget on both counters (the stack holds its argument and gets its
// result) and charges the pair the sum of what both used. A call of the architecture's
// (arch true) leaves the training program's counter alone: the architecture imports
// nothing of the training program's, so it cannot run any of its code (what the
// training program used in it is 0 either way).
func (l *Learner) call(ctx context.Context, fn api.Function, budget int64, arch bool) result {
	train := l.train != nil && !arch
	l.arch.counter.Set(uint64(budget))
	if train {
		l.train.counter.Set(uint64(budget))
	}
	err := fn.CallWithStack(ctx, l.stack[:])
	usedA := budget - int64(l.arch.counter.Get())
	usedT := int64(0)
	if train {
		usedT = budget - int64(l.train.counter.Get())
	}
	res := result{used: usedA + usedT, err: err}
	res.outOfGas = usedA > budget || usedT > budget || res.used > budget
	res.timedOut = l.expired()
	return res
}

func (l *Learner) initVerdict(res result, role Role, name string) error {
	switch {
	case res.timedOut:
		return errWall(role, l.lim.Wall)
	case res.outOfGas:
		return &Error{Fault: FaultInitGas, Role: role, Name: name}
	case res.err != nil:
		return &Error{Fault: FaultInitTrap, Role: role, Name: name, Detail: firstLine(res.err), Err: res.err}
	}
	return nil
}

func (l *Learner) verdict(res result, role Role, i int64) error {
	var err error
	switch {
	case res.timedOut:
		err = errWall(role, l.lim.Wall)
	case res.outOfGas:
		err = &Error{Fault: FaultByteGas, Role: role, Byte: i}
	case res.err != nil:
		err = &Error{Fault: FaultByteTrap, Role: role, Byte: i, Detail: firstLine(res.err), Err: res.err}
	}
	l.err = err
	return err
}

var errDead = errors.New("sandbox: the learner is dead after a failed call")

// Predict starts byte i: it calls predict under ByteGas and returns the 256 little-endian
// u32 frequencies at the pointer it returned (valid until the next Predict). A pointer
// whose 1,024 bytes are not all inside the architecture's memory is a trap of the
// architecture.
func (l *Learner) Predict(ctx context.Context, i int64) ([]uint32, error) {
	if l.err != nil {
		return nil, errDead
	}
	cctx, err := l.ctx(ctx)
	if err != nil {
		l.err = err
		return nil, err
	}
	l.left, l.open = l.lim.ByteGas, true
	res := l.call(cctx, l.predictFn, l.left, true)
	l.left -= res.used
	l.used += res.used
	if err := l.verdict(res, RoleArch, i); err != nil {
		return nil, err
	}
	p := uint32(l.stack[0])
	b, ok := l.arch.mod.Memory().Read(p, 4*Symbols)
	if !ok {
		l.err = &Error{Fault: FaultFreqOutside, Role: RoleArch, Byte: i, Ptr: int64(p), N: 4 * Symbols}
		return nil, l.err
	}
	readFreq(l.freq, b)
	return l.freq, nil
}

// Learn calls learn(b) for byte i under what Predict left of the byte's gas (ByteGas when
// no Predict started the byte).
func (l *Learner) Learn(ctx context.Context, i int64, b byte) error {
	if l.err != nil {
		return errDead
	}
	cctx, err := l.ctx(ctx)
	if err != nil {
		l.err = err
		return err
	}
	if !l.open {
		l.left = l.lim.ByteGas
	}
	l.open = false
	l.stack[0] = uint64(b)
	res := l.call(cctx, l.learnFn, l.left, false)
	l.left -= res.used
	l.used += res.used
	return l.verdict(res, RoleTrain, i)
}

// Gas returns the gas the pair used in Predict and Learn so far.
func (l *Learner) Gas() int64 { return l.used }

// InitGas returns the gas both initialisations used.
func (l *Learner) InitGas() int64 { return l.initGas }

// MemoryBytes returns the size of both modules' memories: what keeping the Learner holds.
func (l *Learner) MemoryBytes() uint64 {
	n := uint64(l.arch.mod.Memory().Size())
	if l.train != nil {
		n += uint64(l.train.mod.Memory().Size())
	}
	return n
}

// Params returns the parameter region: its address in the architecture's memory and its
// length.
func (l *Learner) Params() (ptr, n uint32) { return l.ptr, l.n }

// readFreq decodes the Symbols little-endian u32 of b into freq: one copy on a
// little-endian host, whose u32 are laid out as the architecture's memory holds them.
func readFreq(freq []uint32, b []byte) {
	if littleEndian {
		copy(unsafe.Slice((*byte)(unsafe.Pointer(&freq[0])), 4*len(freq)), b[:4*len(freq)])
		return
	}
	for s := range freq {
		freq[s] = binary.LittleEndian.Uint32(b[4*s:])
	}
}

// littleEndian reports whether this host lays out integers as WebAssembly memory does.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// Close releases both instances and stops the wall-time net's timer.
func (l *Learner) Close(ctx context.Context) error {
	if l.stopWall != nil {
		l.stopWall()
	}
	var err error
	if l.train != nil {
		err = l.train.close(ctx)
	}
	if l.arch != nil {
		err = errors.Join(err, l.arch.close(ctx))
	}
	return err
}

var errOutsideLearner = errors.New("arena learn import called outside a learner")

// learnFunctions are the arena functions offered to training programs (and only to them):
//
//	copy_from_arch(dst, src, n i32)   n bytes at src in the architecture's memory to dst in the caller's
//	copy_to_arch(dst, src, n i32)     n bytes at src in the caller's memory to dst in the architecture's
var learnFunctions = []string{"copy_from_arch", "copy_to_arch"}

// defineLearn adds learnFunctions to the arena host module.
func defineLearn(b wazero.HostModuleBuilder) {
	params := []api.ValueType{i32, i32, i32}
	b.NewFunctionBuilder().WithGoModuleFunction(api.GoModuleFunc(hostCopyFromArch), params, nil).Export(learnFunctions[0])
	b.NewFunctionBuilder().WithGoModuleFunction(api.GoModuleFunc(hostCopyToArch), params, nil).Export(learnFunctions[1])
}

func learnerOf(ctx context.Context) *Learner {
	l, _ := ctx.Value(learnerKey{}).(*Learner)
	if l == nil || l.train == nil {
		panic(errOutsideLearner)
	}
	return l
}

func hostCopyFromArch(ctx context.Context, m api.Module, stack []uint64) {
	l := learnerOf(ctx)
	copyBetween(l, l.arch.mod, m, stack)
}

func hostCopyToArch(ctx context.Context, m api.Module, stack []uint64) {
	l := learnerOf(ctx)
	copyBetween(l, m, l.arch.mod, stack)
}

// copyBetween charges the training program and copies n bytes at src in from's memory to
// dst in to's; a range outside either memory traps.
func copyBetween(l *Learner, from, to api.Module, stack []uint64) {
	dst, src, n := api.DecodeU32(stack[0]), api.DecodeU32(stack[1]), api.DecodeU32(stack[2])
	l.train.meter.charge(int(n))
	b, ok := from.Memory().Read(src, n)
	if !ok {
		panic(fmt.Errorf("arena: %d bytes at %d are outside the source memory", n, src))
	}
	if !to.Memory().Write(dst, b) {
		panic(fmt.Errorf("arena: %d bytes at %d are outside the destination memory", n, dst))
	}
}
