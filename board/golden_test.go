package board

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden.html from the snapshots")

// loadSnapshot decodes testdata/<name>.snapshot.json with the ledger's own JSON rules.
func loadSnapshot(t testing.TB, name string) ledger.Snapshot {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name+".snapshot.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s ledger.Snapshot
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		t.Fatalf("decode %s snapshot: %v", name, err)
	}
	return s
}

func render(t testing.TB, s ledger.Snapshot, opts ...Option) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Render(&b, s, opts...); err != nil {
		t.Fatalf("Render: %v", err)
	}
	return b.Bytes()
}

// TestDemoMatchesGolden: STYLE.md, "Golden files for the board": the demo snapshot
// renders to testdata/demo.golden.html byte for byte (-update rewrites it).
func TestDemoMatchesGolden(t *testing.T) {
	got := render(t, loadSnapshot(t, "demo"))
	path := filepath.Join("testdata", "demo.golden.html")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("board differs from %s (-want +got):\n%s", path,
			cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n")))
	}
}

// TestRenderingIsPure: DESIGN.md, "the board is one self-contained HTML file built from a
// snapshot of the views": the same snapshot renders to the same bytes every time.
func TestRenderingIsPure(t *testing.T) {
	s := loadSnapshot(t, "demo")
	first, second := render(t, s), render(t, s)
	if !bytes.Equal(first, second) {
		t.Fatal("two renderings of one snapshot differ")
	}
}
