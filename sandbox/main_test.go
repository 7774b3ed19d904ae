package sandbox

import (
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// guests are the test modules under testdata, built once per test binary.
var (
	guestDir string
	cacheDir string
	reactors = []string{"echo", "spin", "hog", "panic", "garbage", "foreign"}
	commands = []string{"clock", "escape"}
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "sandbox-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	guestDir, cacheDir = filepath.Join(dir, "guests"), filepath.Join(dir, "cache")
	if err := buildGuests(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func buildGuests() error {
	build := func(name string, args ...string) error {
		pkg := name
		if g, ok := learnGuests[name]; ok {
			pkg = g.pkg
			args = append(args, g.args...)
		}
		args = append(append([]string{"build"}, args...), "-o", filepath.Join(guestDir, name+".wasm"), "./testdata/"+pkg)
		cmd := exec.Command("go", args...)
		cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("build guest %s: %v\n%s", name, err, out)
		}
		return nil
	}
	for _, g := range slices.Sorted(maps.Keys(learnGuests)) {
		if err := build(g, "-buildmode=c-shared"); err != nil {
			return err
		}
	}
	for _, g := range reactors {
		if err := build(g, "-buildmode=c-shared"); err != nil {
			return err
		}
	}
	for _, g := range commands {
		if err := build(g); err != nil {
			return err
		}
	}
	return nil
}

// guest returns the bytes of a built test module.
func guest(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(guestDir, name+".wasm"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// newRuntime returns a Runtime sharing the test binary's compilation cache, closed at the
// end of the test.
func newRuntime(t testing.TB, interpreter bool) *Runtime {
	t.Helper()
	ctx := context.Background()
	r, err := New(ctx, Config{CacheDir: cacheDir, Interpreter: interpreter})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(ctx) })
	return r
}

func compile(t testing.TB, r *Runtime, name string, offer Offer) *Module {
	t.Helper()
	m, err := r.Compile(context.Background(), guest(t, name), offer)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// session is a Session that answers every call with "<channel>:<request>" and records.
type session struct {
	input     string
	responses []string
	calls     []string
}

func (s *session) Input() []byte   { return []byte(s.input) }
func (s *session) Output(b []byte) { s.responses = append(s.responses, string(b)) }
func (s *session) Call(ch string, req []byte) []byte {
	s.calls = append(s.calls, ch+" "+string(req))
	return []byte(ch + ":" + string(req))
}

var agentLimits = Limits{MaxPages: 512, Gas: 1 << 40}

const initGas = 1 << 40
