package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/sys"

	"github.com/arena/arena/sandbox/gas"
)

// Limits bound one instance.
type Limits struct {
	MaxPages uint32        // memory in 64 KiB pages; 0 means DefaultMaxPages; at most CapPages
	Gas      int64         // the budget of a Command (agents take theirs per call: Agent, Handle)
	Wall     time.Duration // the wall-time safety net of one call; 0 means DefaultWall
}

// DefaultWall is the wall-time safety net of a call when Limits.Wall is 0: longer than
// the longest attempt deadline the ledger gives a program run (a week), so that a run
// meets its caller's deadline first (the validator then abstains) and the net catches
// only a caller that set none. A budget the terms' gas rate spends within the deadline
// is never cut by it.
const DefaultWall = 7*24*time.Hour + time.Hour

func (l Limits) withDefaults() Limits {
	if l.MaxPages == 0 {
		l.MaxPages = DefaultMaxPages
	}
	l.MaxPages = min(l.MaxPages, CapPages)
	if l.Wall <= 0 {
		l.Wall = DefaultWall
	}
	return l
}

// instance is one instantiated metered module and what it was given.
type instance struct {
	mod     api.Module
	counter api.MutableGlobal
	meter   *meter
	wall    time.Duration
}

// meter charges host work to an instance's counter. Hooks that run before the counter is
// known (none do today) charge nothing, which is as deterministic.
type meter struct{ counter api.MutableGlobal }

func (m *meter) charge(n int) {
	if m.counter != nil {
		m.counter.Set(uint64(int64(m.counter.Get()) - gas.Host(n)))
	}
}

// fakeClock is an instance's only time: nanoseconds since clockStart, advanced by reads
// and sleeps, never by the host's clock.
type fakeClock struct {
	start int64 // seconds
	ns    int64
	meter *meter
}

func (c *fakeClock) walltime() (int64, int32) {
	c.meter.charge(0)
	c.ns += 1000
	return c.start + c.ns/1e9, int32(c.ns % 1e9)
}

func (c *fakeClock) nanotime() int64 {
	c.meter.charge(0)
	c.ns += 1000
	return c.ns
}

func (c *fakeClock) nanosleep(ns int64) {
	c.meter.charge(0)
	if ns > 0 {
		c.ns += ns
	}
}

type meteredReader struct {
	r     io.Reader
	meter *meter
}

func (r meteredReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	r.meter.charge(n)
	return n, err
}

type meteredWriter struct {
	w     io.Writer
	meter *meter
}

func (w meteredWriter) Write(p []byte) (int, error) {
	w.meter.charge(len(p))
	return w.w.Write(p)
}

// instantiate creates a fresh instance of m with a fresh deterministic WASI configuration,
// running no start function.
func (r *Runtime) instantiate(ctx context.Context, m *Module, entropy [32]byte, clockStart int64, lim Limits, stdin io.Reader, stdout io.Writer) (*instance, error) {
	if m.minPages > lim.MaxPages {
		return nil, errMemory(m.minPages, lim.MaxPages)
	}
	me := &meter{}
	clock := &fakeClock{start: clockStart, meter: me}
	cfg := wazero.NewModuleConfig().
		WithName("").
		WithStartFunctions().
		WithArgs("program").
		WithWalltime(clock.walltime, 1).
		WithNanotime(clock.nanotime, 1).
		WithNanosleep(clock.nanosleep).
		WithOsyield(func() { me.charge(0) }).
		WithRandSource(meteredReader{rand.NewChaCha8(entropy), me}).
		WithStdin(meteredReader{stdin, me}).
		WithStdout(meteredWriter{stdout, me}).
		WithStderr(meteredWriter{io.Discard, me})
	ctx = experimental.WithMemoryAllocator(ctx, limitedAllocator(uint64(lim.MaxPages)<<16))
	code, done, err := r.code(ctx, m)
	if err != nil {
		return nil, err
	}
	mod, err := m.rt.InstantiateModule(ctx, code, cfg)
	done()
	if err != nil {
		return nil, fmt.Errorf("sandbox: instantiate: %w", err)
	}
	counter, ok := mod.ExportedGlobal(gas.Export).(api.MutableGlobal)
	if !ok {
		return nil, errors.Join(errors.New("sandbox: the metered module exports no counter"), mod.Close(ctx))
	}
	me.counter = counter
	return &instance{mod: mod, counter: counter, meter: me, wall: lim.Wall}, nil
}

// result is how one call ended.
type result struct {
	used     int64
	outOfGas bool  // the counter ended below zero
	timedOut bool  // the safety net fired
	cut      bool  // the caller's context ended first
	err      error // the trap or exit, if any
}

// call runs the export name with budget gas.
func (in *instance) call(parent context.Context, name string, budget int64) result {
	ctx, cancel := context.WithTimeout(parent, in.wall)
	defer cancel()
	in.counter.Set(uint64(budget))
	_, err := in.mod.ExportedFunction(name).Call(ctx)
	res := result{err: err}
	if code, ok := exitCode(err); ok && code == 0 {
		res.err = nil
	}
	left := int64(in.counter.Get())
	res.used = budget - left
	res.cut = err != nil && parent.Err() != nil
	res.timedOut = err != nil && !res.cut && ctx.Err() != nil
	res.outOfGas = left < 0
	return res
}

func exitCode(err error) (uint32, bool) {
	var exit *sys.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), true
	}
	return 0, false
}

func (in *instance) close(ctx context.Context) error { return in.mod.Close(ctx) }

// limitedAllocator backs each memory with a slice that never grows past limit bytes, so
// memory.grow past the bench's pages returns -1.
func limitedAllocator(limit uint64) experimental.MemoryAllocator {
	return experimental.MemoryAllocatorFunc(func(_, max uint64) experimental.LinearMemory {
		return &limitedMemory{max: min(max, limit)}
	})
}

type limitedMemory struct {
	buf []byte
	max uint64
}

func (l *limitedMemory) Reallocate(size uint64) []byte {
	if size > l.max {
		return nil
	}
	if size <= uint64(cap(l.buf)) {
		l.buf = l.buf[:size]
		return l.buf
	}
	grown := make([]byte, size, max(size, min(2*uint64(cap(l.buf)), l.max)))
	copy(grown, l.buf)
	l.buf = grown
	return grown
}

func (l *limitedMemory) Free() { l.buf = nil }
