package challenge_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// guests holds the bad modules of testdata, built once for the whole package by
// TestMain with the standard toolchain (GOOS=wasip1 GOARCH=wasm): agents as reactors,
// benches as commands.
var guests = map[string][]byte{}

// reactors and commands are the testdata guests by how they are built.
var (
	reactors = []string{"loop", "silent", "greedy"}
	commands = []string{"randbench"}
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "challenge-guests")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
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
	build := func(name string, args ...string) error {
		out := filepath.Join(dir, name+".wasm")
		cmd := exec.Command("go", append(append([]string{"build", "-trimpath"}, args...), "-o", out, "./testdata/"+name)...)
		cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0")
		if b, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("build testdata/%s: %w\n%s", name, err, b)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			return err
		}
		guests[name] = b
		return nil
	}
	for _, name := range reactors {
		if err := build(name, "-buildmode=c-shared"); err != nil {
			return err
		}
	}
	for _, name := range commands {
		if err := build(name); err != nil {
			return err
		}
	}
	return nil
}
