package learn_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena/arena/challenge/example/learning"
	"github.com/arena/arena/learn/data"
)

// guests holds the modules the tests run: the example submissions as embedded in the
// binary ("order2-arch", "mix-train", …), and the test guests of testdata, built once
// for the whole package by TestMain with the standard toolchain (GOOS=wasip1
// GOARCH=wasm -buildmode=c-shared), and the cheating architecture TestMain writes.
var guests = map[string][]byte{}

// builds are the testdata guests: the package, the ldflags mode and the build tags.
var builds = map[string]struct{ pkg, mode, tags string }{
	"arch": {"./testdata/arch", "", ""}, "arch-loop": {"./testdata/arch", "loop", ""},
	"arch-trap": {"./testdata/arch", "trap", ""}, "arch-zero": {"./testdata/arch", "zero", ""},
	"arch-total": {"./testdata/arch", "total", ""}, "arch-big": {"./testdata/arch", "big", ""},
	"arch-fs": {"./testdata/arch", "fs", ""}, "arch-smuggle": {"./testdata/arch", "", "smuggle"},
	"train": {"./testdata/train", "", ""}, "train-trap": {"./testdata/train", "trap", ""},
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "learn-guests")
	if err == nil {
		cacheDir = filepath.Join(dir, "cache")
		err = buildGuests(dir)
	}
	code := 1
	if err == nil {
		code = m.Run()
	} else {
		fmt.Fprintln(os.Stderr, err)
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// buildGuests reads the examples and builds every test guest into dir.
func buildGuests(dir string) error {
	for _, name := range learning.Names() {
		guests[name+"-arch"], _ = learning.Arch(name)
		guests[name+"-train"], _ = learning.Train(name)
	}
	for name, b := range builds {
		if err := build(dir, name, b.pkg, "", "-ldflags=-s -w -buildid= -X=main.mode="+b.mode, "-tags="+b.tags); err != nil {
			return err
		}
	}
	cheat := filepath.Join(dir, "cheat")
	if err := writeCheat(cheat, data.Train()[:2048]); err != nil {
		return err
	}
	return build(dir, "arch-cheat", ".", cheat, "-ldflags=-s -w -buildid=")
}

// build builds the reactor pkg (in workdir, when set) into dir/name.wasm and reads it
// into guests.
func build(dir, name, pkg, workdir string, args ...string) error {
	out := filepath.Join(dir, name+".wasm")
	cmd := exec.Command("go", append(append([]string{"build", "-trimpath", "-buildmode=c-shared"}, args...), "-o", out, pkg)...)
	cmd.Dir = workdir
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0", "GOWORK=off")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("build %s: %w\n%s", name, err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	guests[name] = b
	return nil
}

// writeCheat writes, as a module of its own in dir, an architecture that knows the
// dataset's first bytes: they are written into a table by code, one store per byte (so
// no data segment carries them and the data cap does not see them), and predict gives
// the byte that comes 2^20 and every other byte 1.
func writeCheat(dir string, prefix []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var src strings.Builder
	src.WriteString(cheatHead)
	fmt.Fprintf(&src, "var table [%d]byte\n\nfunc fill() {\n", len(prefix))
	for i, b := range prefix {
		fmt.Fprintf(&src, "\ttable[%d] = %d\n", i, b)
	}
	src.WriteString("}\n")
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(src.String()), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module cheat\n\ngo 1.26\n"), 0o644)
}

const cheatHead = `//go:build wasip1

package main

import "unsafe"

var (
	region [16]byte
	freq   [256]uint32
	pos    int
)

func init() { fill() }

//go:wasmexport params
func params() uint32 { return uint32(uintptr(unsafe.Pointer(&region))) }

//go:wasmexport params_len
func paramsLen() uint32 { return uint32(len(region)) }

//go:wasmexport predict
func predict() uint32 {
	for i := range freq {
		freq[i] = 1
	}
	if pos < len(table) {
		freq[table[pos]] = 1 << 20
	}
	pos++
	return uint32(uintptr(unsafe.Pointer(&freq)))
}

//go:wasmexport update
func update(b int32) {}

func main() {}

`
