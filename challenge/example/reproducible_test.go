package example

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
	files := map[string][]byte{"toolbench.wasm": Bench()}
	for _, n := range Agents() {
		b, _ := Agent(n)
		files[n+".wasm"] = b
	}
	for _, f := range []string{"toolbench.wasm", "steady.wasm", "steady-plus.wasm", "sharp.wasm"} {
		built, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(built, files[f]) {
			t.Errorf("modules/%s (sha256 %s) is not what its source builds (sha256 %s with %s): run challenge/example/build.sh and commit modules/",
				f, abi.Digest(files[f]), abi.Digest(built), runtime.Version())
		}
	}
}

func TestEveryModuleIsWebAssemblyUnderTheSizeCap(t *testing.T) {
	const maxModuleBytes = 8 << 20 // the sandbox's cap
	mods := [][]byte{Bench()}
	for _, n := range Agents() {
		b, ok := Agent(n)
		if !ok {
			t.Fatalf("Agent(%q) is missing", n)
		}
		mods = append(mods, b)
	}
	for i, m := range mods {
		if !bytes.HasPrefix(m, []byte("\x00asm\x01\x00\x00\x00")) || len(m) > maxModuleBytes {
			t.Fatalf("module %d: %d bytes, header % x", i, len(m), m[:8])
		}
	}
}

func TestTheAgentsAreNamed(t *testing.T) {
	if got := Agents(); len(got) != 3 || got[0] != "sharp" || got[1] != "steady" || got[2] != "steady-plus" {
		t.Fatalf("Agents() = %v", got)
	}
	if _, ok := Agent("genius"); ok {
		t.Fatal("Agent(genius) exists")
	}
	a, _ := Agent("steady")
	a[0] = 'X'
	if b, _ := Agent("steady"); b[0] != 0 {
		t.Fatal("Agent hands out the embedded bytes themselves")
	}
}
