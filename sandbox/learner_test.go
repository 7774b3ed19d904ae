package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/arena/arena/sandbox/gas"
)

// learnGuests are the learning test modules: name → package under testdata and extra
// build flags.
var learnGuests = map[string]struct {
	pkg  string
	args []string
}{
	"learn-arch":       {"learn-arch", nil},
	"learn-arch-loop":  {"learn-arch", []string{"-ldflags=-X=main.mode=loop"}},
	"learn-arch-trap":  {"learn-arch", []string{"-ldflags=-X=main.mode=trap"}},
	"learn-arch-zero":  {"learn-arch", []string{"-ldflags=-X=main.mode=zero"}},
	"learn-arch-big":   {"learn-arch", []string{"-ldflags=-X=main.mode=big"}},
	"learn-arch-wild":  {"learn-arch", []string{"-ldflags=-X=main.mode=wild"}},
	"learn-train":      {"learn-train", nil},
	"learn-train-loop": {"learn-train", []string{"-ldflags=-X=main.mode=loop"}},
	"learn-smuggle":    {"learn-smuggle", nil},
	"learn-combined":   {"learn-combined", nil},
	"learn-missing":    {"learn-missing", nil},
}

// learnLimits are the test limits: the data cap is the one the brief suggests (just above
// what a small Go reactor carries; see TestAGoReactorsDataSegments).
var learnLimits = LearnLimits{MaxPages: 512, InitGas: 1 << 40, ByteGas: 1 << 20, ParamCap: 1 << 16, DataCap: testDataCap}

const testDataCap = 576 << 10

func compileArch(t testing.TB, r *Runtime, name string) *Arch {
	t.Helper()
	a, err := r.CompileArch(context.Background(), guest(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func compileTrain(t testing.TB, r *Runtime, name string, a *Arch) *Train {
	t.Helper()
	tr, err := r.CompileTrain(context.Background(), guest(t, name), a)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func newLearner(t testing.TB, r *Runtime, arch, train string, seed byte) *Learner {
	t.Helper()
	ctx := context.Background()
	a := compileArch(t, r, arch)
	l, err := r.Learner(ctx, a, compileTrain(t, r, train, a), [32]byte{seed}, learnLimits)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close(ctx) })
	return l
}

// text is the stream the tests feed.
var text = []byte(strings.Repeat("the quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs. ", 40))

// step runs byte i: predict, then learn; it returns the frequency of the byte.
func step(t testing.TB, l *Learner, i int64, b byte) ([]uint32, error) {
	ctx := context.Background()
	f, err := l.Predict(ctx, i)
	if err != nil {
		return nil, err
	}
	return f, l.Learn(ctx, i, b)
}

// costBits is an ideal code length of b under f in bits (for tests: float).
func costBits(f []uint32, b byte) float64 {
	var total uint64
	for _, v := range f {
		total += uint64(v)
	}
	p := float64(f[b]) / float64(total)
	bits := 0.0
	for p < 1 {
		p *= 2
		bits++
	}
	return bits
}

func TestTheOrder0ExampleLearns(t *testing.T) {
	l := newLearner(t, newRuntime(t, false), "learn-arch", "learn-train", 1)
	var first, last float64
	for i, b := range text[:2000] {
		f, err := step(t, l, int64(i), b)
		if err != nil {
			t.Fatal(err)
		}
		if i < 100 {
			first += costBits(f, b)
		}
		if i >= 1900 {
			last += costBits(f, b)
		}
	}
	if first/100 < 7 || last/100 > 5.5 {
		t.Errorf("bits per byte: %.2f on the first 100 bytes, %.2f on the last 100; want it to learn", first/100, last/100)
	}
	t.Logf("init gas %d, gas per byte %d, ~bits/byte %.2f -> %.2f", l.InitGas(), l.Gas()/2000, first/100, last/100)
}

func TestForcedInitOverwritesTheRegion(t *testing.T) {
	seed := [32]byte{9}
	l := newLearner(t, newRuntime(t, false), "learn-arch", "learn-train", seed[0])
	ptr, n := l.Params()
	if n != 1024 {
		t.Fatalf("params_len %d", n)
	}
	want := make([]byte, n)
	key := sha256.Sum256([]byte("arena learn init\n" + hex.EncodeToString(seed[:])))
	rand.NewChaCha8(key).Read(want)
	got, _ := l.arch.mod.Memory().Read(ptr, n)
	if string(got) != string(want) {
		t.Fatal("the region is not ChaCha8 of the init key")
	}
	// The module set every count to 1000 in _initialize; its first prediction sees the
	// random bytes instead.
	f, err := l.Predict(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range f {
		if w := 1 + binary.LittleEndian.Uint32(want[4*i:])&0x7fff; v != w {
			t.Fatalf("f[%d] = %d, want %d (from the random region)", i, v, w)
		}
	}
}

func TestTwoLearnersOfTheSameModulesAreIndependent(t *testing.T) {
	r := newRuntime(t, false)
	a, b := newLearner(t, r, "learn-arch", "learn-train", 3), newLearner(t, r, "learn-arch", "learn-train", 3)
	// a learns 500 bytes while b only predicts; then b learns the same bytes and must end
	// where a ended, and a third one, created last, starts where both started.
	for i, c := range text[:500] {
		if _, err := step(t, a, int64(i), c); err != nil {
			t.Fatal(err)
		}
	}
	fb, err := b.Predict(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	fresh := append([]uint32(nil), fb...)
	for i, c := range text[:500] {
		if _, err := step(t, b, int64(i), c); err != nil {
			t.Fatal(err)
		}
	}
	fa, _ := a.Predict(context.Background(), 500)
	fa = append([]uint32(nil), fa...)
	fb, _ = b.Predict(context.Background(), 500)
	if string(u32bytes(fa)) != string(u32bytes(fb)) {
		t.Error("two learners fed the same bytes predict differently")
	}
	c := newLearner(t, r, "learn-arch", "learn-train", 3)
	fc, _ := c.Predict(context.Background(), 0)
	if string(u32bytes(fc)) != string(u32bytes(fresh)) {
		t.Error("a third learner does not start where the others started")
	}
	d := newLearner(t, r, "learn-arch", "learn-train", 4)
	fd, _ := d.Predict(context.Background(), 0)
	if string(u32bytes(fd)) == string(u32bytes(fresh)) {
		t.Error("another seed starts at the same parameters")
	}
}

func u32bytes(f []uint32) []byte {
	b := make([]byte, 0, 4*len(f))
	for _, v := range f {
		b = binary.LittleEndian.AppendUint32(b, v)
	}
	return b
}

// learnRecord runs n bytes and returns the digest of every prediction and the gas.
func learnRecord(t *testing.T, r *Runtime, n int) ([32]byte, int64, int64) {
	l := newLearner(t, r, "learn-arch", "learn-train", 5)
	h := sha256.New()
	for i := range n {
		f, err := step(t, l, int64(i), text[i])
		if err != nil {
			t.Fatal(err)
		}
		h.Write(u32bytes(f))
	}
	return [32]byte(h.Sum(nil)), l.InitGas(), l.Gas()
}

func TestLearnerCompilerAndInterpreterAgree(t *testing.T) {
	dc, ic, gc := learnRecord(t, newRuntime(t, false), 1000)
	di, ii, gi := learnRecord(t, newRuntime(t, true), 1000)
	if dc != di || ic != ii || gc != gi {
		t.Errorf("compiler %x init %d gas %d; interpreter %x init %d gas %d", dc[:4], ic, gc, di[:4], ii, gi)
	}
	t.Logf("1,000 bytes: init gas %d, gas %d", ic, gc)
}

func TestLearnGates(t *testing.T) {
	r := newRuntime(t, false)
	ctx := context.Background()
	arch := compileArch(t, r, "learn-arch")
	_, err := r.CompileArch(ctx, guest(t, "learn-combined"))
	wantFault(t, err, Error{Fault: FaultBothExports, Role: RoleArch})
	_, err = r.CompileTrain(ctx, guest(t, "learn-combined"), arch)
	wantFault(t, err, Error{Fault: FaultBothExports, Role: RoleTrain})
	_, err = r.CompileTrain(ctx, guest(t, "learn-arch"), arch)
	wantFault(t, err, Error{Fault: FaultSameModule, Role: RoleTrain})
	_, err = r.CompileTrain(ctx, guest(t, "learn-missing"), arch)
	wantFault(t, err, Error{Fault: FaultArchMissing, Role: RoleTrain, Name: "update"})
	_, err = r.CompileArch(ctx, guest(t, "learn-train"))
	wantFault(t, err, Error{Fault: FaultNotOffered, Role: RoleArch, Module: "arch", Name: "params"})
	_, err = r.CompileTrain(ctx, guest(t, "echo"), arch)
	wantFault(t, err, Error{Fault: FaultNotOffered, Role: RoleTrain, Module: "arena", Name: "input"})
	_, err = r.CompileArch(ctx, guest(t, "spin"))
	wantFault(t, err, Error{Fault: FaultNoExport, Role: RoleArch, Name: "params"})
	_, err = r.CompileArch(ctx, []byte("not wasm"))
	wantFault(t, err, Error{Fault: FaultInvalid, Role: RoleArch, Detail: "invalid magic number"})
	// An agent may not import the copy functions: they are offered to training programs only.
	if _, err := r.Compile(ctx, guest(t, "learn-train"), Offer{Arena: true}); err == nil {
		t.Error("an agent compiled with imports of arch and the learn host")
	}

	seed := [32]byte{1}
	train := compileTrain(t, r, "learn-train", arch)
	for _, tc := range []struct {
		arch string
		want Error
	}{
		{"learn-arch-big", Error{Fault: FaultParamCap, Role: RoleArch, N: 1048576, Limit: 65536}},
		{"learn-smuggle", Error{Fault: FaultDataCap, Role: RoleArch, Limit: 589824}}, // N depends on the toolchain: checked over the cap
	} {
		a := compileArch(t, r, tc.arch)
		tr := compileTrain(t, r, "learn-train", a)
		_, err := r.Learner(ctx, a, tr, seed, learnLimits)
		if tc.want.Fault == FaultDataCap {
			got := failure(t, err)
			if got.N <= got.Limit {
				t.Errorf("%v: data not over the cap", err)
			}
			got.N = 0
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
			continue
		}
		wantFault(t, err, tc.want)
	}
	small := learnLimits
	small.ParamCap = 1023
	_, err = r.Learner(ctx, arch, train, seed, small)
	wantFault(t, err, Error{Fault: FaultParamCap, Role: RoleArch, N: 1024, Limit: 1023})
	small = learnLimits
	small.InitGas = 1000
	_, err = r.Learner(ctx, arch, train, seed, small)
	wantFault(t, err, Error{Fault: FaultInitGas, Role: RoleArch, Name: "_initialize"})
	small.MaxPages = 1
	_, err = r.Learner(ctx, arch, train, seed, small)
	if got := failure(t, err); got.Fault != FaultMemory || got.Role != RoleArch || got.Limit != 1 || got.N <= 1 {
		t.Errorf("got %+v, want the architecture's memory over 1 page", got)
	}
}

func TestLearnFailuresAreClassedAtTheirByte(t *testing.T) {
	r := newRuntime(t, false)
	for _, tc := range []struct {
		arch, train string
		want        Error
	}{
		{"learn-arch-loop", "learn-train", Error{Fault: FaultByteGas, Role: RoleArch, Byte: 5}},
		{"learn-arch-trap", "learn-train", Error{Fault: FaultByteTrap, Role: RoleArch, Byte: 7}}, // Detail: the trap's text, checked present
		{"learn-arch", "learn-train-loop", Error{Fault: FaultByteGas, Role: RoleTrain, Byte: 3}},
		{"learn-arch-wild", "learn-train", Error{Fault: FaultFreqOutside, Role: RoleArch, Byte: 0, Ptr: 4294967280, N: 1024}},
	} {
		t.Run(tc.arch+"+"+tc.train, func(t *testing.T) {
			l := newLearner(t, r, tc.arch, tc.train, 1)
			var err error
			for i, b := range text[:20] {
				if _, err = step(t, l, int64(i), b); err != nil {
					break
				}
			}
			if tc.want.Fault == FaultByteTrap {
				got := failure(t, err)
				if got.Detail == "" || strings.Contains(got.Detail, "\n") {
					t.Errorf("a trap's detail %q is not its first line", got.Detail)
				}
				got.Detail = ""
				if got != tc.want {
					t.Errorf("got %+v, want %+v", got, tc.want)
				}
			} else {
				wantFault(t, err, tc.want)
			}
			if _, err := l.Predict(context.Background(), 100); !errors.Is(err, errDead) {
				t.Errorf("a dead learner predicted: %v", err)
			}
		})
	}
}

func TestAZeroPredictionIsNotAnError(t *testing.T) {
	l := newLearner(t, newRuntime(t, false), "learn-arch-zero", "learn-train", 1)
	for i, b := range text[:10] {
		f, err := step(t, l, int64(i), b)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range f {
			if v != 0 {
				t.Fatalf("byte %d: a frequency %d", i, v)
			}
		}
	}
}

func TestByteGasIsSharedByThePair(t *testing.T) {
	r := newRuntime(t, false)
	l := newLearner(t, r, "learn-arch", "learn-train", 1)
	ctx := context.Background()
	if _, err := l.Predict(ctx, 0); err != nil {
		t.Fatal(err)
	}
	predict := l.Gas()
	if err := l.Learn(ctx, 0, 'a'); err != nil {
		t.Fatal(err)
	}
	learn := l.Gas() - predict
	t.Logf("predict %d gas, learn %d gas (copying 2 KiB and calling arch.params)", predict, learn)
	// A budget that covers each call alone but not both runs out in learn; one gas more
	// than both passes.
	for _, tc := range []struct {
		budget int64
		ok     bool
	}{{predict + learn, true}, {predict + learn - 1, false}} {
		lim := learnLimits
		lim.ByteGas = tc.budget
		a := compileArch(t, r, "learn-arch")
		m, err := r.Learner(ctx, a, compileTrain(t, r, "learn-train", a), [32]byte{1}, lim)
		if err != nil {
			t.Fatal(err)
		}
		_, err = step(t, m, 0, 'a')
		m.Close(ctx)
		if tc.ok && err != nil || !tc.ok {
			if tc.ok {
				t.Fatalf("budget %d: %v", tc.budget, err)
			}
			wantFault(t, err, Error{Fault: FaultByteGas, Role: RoleTrain, Byte: 0})
		}
	}
}

func TestConcurrentLearnersOnOneRuntime(t *testing.T) {
	r := newRuntime(t, false)
	want, _, _ := learnRecord(t, r, 300)
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			got, _, _ := learnRecord(t, r, 300)
			if got != want {
				t.Error("a concurrent learner predicted differently")
			}
		})
	}
	wg.Wait()
}

// TestAGoReactorsDataSegments measures what a small Go-built reactor carries in data
// segments (outside its parameter region): the figure the data cap is set just above.
func TestAGoReactorsDataSegments(t *testing.T) {
	for _, name := range []string{"learn-arch", "learn-combined", "learn-smuggle"} {
		segs, err := gas.DataSegments(guest(t, name))
		if err != nil {
			t.Fatal(err)
		}
		var total int64
		for _, s := range segs {
			total += int64(s.Len)
		}
		n, err := gas.DataOutside(guest(t, name), 0, 0)
		if err != nil || n != total {
			t.Fatal(n, total, err)
		}
		t.Logf("%s: %d data segments, %d bytes", name, len(segs), total)
		if name == "learn-arch" && total > testDataCap {
			t.Errorf("a small Go reactor carries %d bytes of data, over the cap %d", total, testDataCap)
		}
	}
}

func TestTheWallTimeNetAndCancellationAreTransient(t *testing.T) {
	r := newRuntime(t, false)
	ctx := context.Background()
	a := compileArch(t, r, "learn-arch")
	tr := compileTrain(t, r, "learn-train", a)
	lim := learnLimits
	lim.Wall = 1
	_, err := r.Learner(ctx, a, tr, [32]byte{}, lim)
	wantFault(t, err, Error{Fault: FaultWall, Role: RoleLearner, Wall: 1})
	l, err := r.Learner(ctx, a, tr, [32]byte{}, learnLimits)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close(ctx)
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = l.Predict(cancelled, 0)
	wantFault(t, err, Error{Fault: FaultStopped, Role: RoleLearner, Detail: "context canceled"})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("the cause of %v is not the context's", err)
	}
}

// The wall-time net and the caller's ctx stop a learner mid-stream at its next call,
// each with its exact fault: the net's timer fires (Rearm with a 1 ns net) between two
// bytes, or the ctx the calls ran under is cancelled between two bytes. A net rearmed
// before the next call is the one that counts.
func TestTheNetAndTheCallersContextStopALearnerMidStream(t *testing.T) {
	r := newRuntime(t, false)
	bytes := func(ctx context.Context, l *Learner, from, to int64) {
		t.Helper()
		for i := from; i < to; i++ {
			if _, err := l.Predict(ctx, i); err != nil {
				t.Fatal(err)
			}
			if err := l.Learn(ctx, i, text[i]); err != nil {
				t.Fatal(err)
			}
		}
	}
	ctx := context.Background()
	l := newLearner(t, r, "learn-arch", "learn-train", 3)
	bytes(ctx, l, 0, 100)
	wall := l.lim.Wall
	l.lim.Wall = 1
	l.Rearm()
	l.lim.Wall = wall
	l.Rearm()
	bytes(ctx, l, 100, 200)
	l.lim.Wall = 1
	l.Rearm()
	_, err := l.Predict(ctx, 200)
	wantFault(t, err, Error{Fault: FaultWall, Role: RoleLearner, Wall: 1})
	if err := l.Learn(ctx, 200, text[200]); err != errDead {
		t.Errorf("a call after the net fired: %v", err)
	}

	l = newLearner(t, r, "learn-arch", "learn-train", 3)
	run, cancel := context.WithCancel(ctx)
	bytes(run, l, 0, 100)
	cancel()
	err = l.Learn(run, 100, text[100])
	wantFault(t, err, Error{Fault: FaultStopped, Role: RoleLearner, Detail: "context canceled"})
}

// A learner reads no clock around its calls: no function of learner.go or
// learner_observe.go calls time.Now, time.Since or time.Until (the wall-time net is one
// timer's channel).
func TestALearnerReadsNoClock(t *testing.T) {
	for _, file := range []string{"learner.go", "learner_observe.go"} {
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if s, ok := n.(*ast.SelectorExpr); ok {
				if x, ok := s.X.(*ast.Ident); ok && x.Name == "time" && (s.Sel.Name == "Now" || s.Sel.Name == "Since" || s.Sel.Name == "Until") {
					t.Errorf("%s calls time.%s", file, s.Sel.Name)
				}
			}
			return true
		})
	}
}
