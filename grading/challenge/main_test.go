package challenge_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/arena/arena/challenge/example"
)

// guests holds the modules the tests run: the example bench and agents as embedded in
// the binary, and the bad modules of testdata, built once for the whole package by
// TestMain with the standard toolchain (GOOS=wasip1 GOARCH=wasm): agents as reactors,
// benches as commands.
var guests = map[string][]byte{"toolbench": example.Bench()}

// reactors and commands are the testdata guests by how they are built.
var (
	reactors = map[string]string{
		"loop": "./testdata/loop", "silent": "./testdata/silent", "greedy": "./testdata/greedy",
		"trap": "./testdata/trap", "asker": "./testdata/asker", "hog": "./testdata/hog", "garbage": "./testdata/garbage",
		"flood": "./testdata/flood",
	}
	commands = map[string]string{"randbench": "./testdata/randbench", "catbench": "./testdata/catbench"}
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "challenge-guests")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	cacheDir = filepath.Join(dir, "cache")
	for _, name := range example.Agents() {
		guests[name], _ = example.Agent(name)
	}
	err = buildGuests(dir)
	if err == nil {
		code := m.Run()
		os.RemoveAll(dir)
		os.Exit(code)
	}
	os.RemoveAll(dir)
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

// buildGuests builds every testdata guest into dir and reads it into guests.
func buildGuests(dir string) error {
	build := func(name, pkg string, args ...string) error {
		out := filepath.Join(dir, name+".wasm")
		cmd := exec.Command("go", append(append([]string{"build", "-trimpath", "-ldflags=-s -w -buildid="}, args...), "-o", out, pkg)...)
		cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0")
		if b, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("build %s: %w\n%s", pkg, err, b)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			return err
		}
		guests[name] = b
		return nil
	}
	for name, pkg := range reactors {
		if err := build(name, pkg, "-buildmode=c-shared"); err != nil {
			return err
		}
	}
	for name, pkg := range commands {
		if err := build(name, pkg); err != nil {
			return err
		}
	}
	return nil
}
