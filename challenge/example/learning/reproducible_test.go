package learning

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/arena/arena/challenge/abi"
)

func TestTheEmbeddedModulesAreBuiltFromTheirSource(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command("./build.sh", dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build.sh: %v\n%s", err, out)
	}
	built, err := filepath.Glob(filepath.Join(dir, "*.wasm"))
	if err != nil || len(built) != 2*len(Names()) {
		t.Fatalf("build.sh built %v (%v), want 2 modules per submission", built, err)
	}
	for _, n := range Names() {
		for part, embedded := range map[string]func(string) ([]byte, bool){"arch": Arch, "train": Train} {
			f := n + "-" + part + ".wasm"
			want, _ := embedded(n)
			got, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("modules/%s (sha256 %s) is not what its source builds (sha256 %s with %s): run challenge/example/learning/build.sh and commit modules/",
					f, abi.Digest(want), abi.Digest(got), runtime.Version())
			}
		}
	}
}

func TestEveryModuleIsWebAssemblyUnderTheSizeCap(t *testing.T) {
	const maxModuleBytes = 8 << 20 // the sandbox's cap
	for _, n := range Names() {
		a, ok1 := Arch(n)
		tr, ok2 := Train(n)
		if !ok1 || !ok2 {
			t.Fatalf("%s: arch %v, train %v", n, ok1, ok2)
		}
		if bytes.Equal(a, tr) {
			t.Fatalf("%s: the two modules are the same bytes", n)
		}
		for _, m := range [][]byte{a, tr} {
			if !bytes.HasPrefix(m, []byte("\x00asm\x01\x00\x00\x00")) || len(m) > maxModuleBytes {
				t.Fatalf("%s: %d bytes, header % x", n, len(m), m[:8])
			}
		}
	}
}

func TestTheSubmissionsAreNamed(t *testing.T) {
	if got := Names(); len(got) != 2 || got[0] != "mix" || got[1] != "order2" {
		t.Fatalf("Names() = %v", got)
	}
	if _, ok := Arch("order9"); ok {
		t.Fatal("Arch(order9) exists")
	}
	if _, ok := Train("order9"); ok {
		t.Fatal("Train(order9) exists")
	}
	a, _ := Arch("order2")
	a[0] = 'X'
	if b, _ := Arch("order2"); b[0] != 0 {
		t.Fatal("Arch hands out the embedded bytes themselves")
	}
}
