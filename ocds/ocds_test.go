package ocds_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ocds"
	"github.com/cockroachdb/datadriven"
)

const base = "http://127.0.0.1:8545"

// demoSnapshot is the snapshot the demo published (the board's golden input).
func demoSnapshot(t *testing.T) *ledger.Snapshot {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "board", "testdata", "demo.snapshot.json"))
	if err != nil {
		t.Fatal(err)
	}
	var s ledger.Snapshot
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

// checkTender validates src's release and record packages and checks that the record
// served is the one the merge routine, run independently, compiles from the releases.
func checkTender(t *testing.T, name string, src ocds.Source) {
	t.Helper()
	p := ocds.Package(src, base)
	checkPackage(t, name, p)
	rec, err := ocds.RecordOf(src, base)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	checkRecord(t, name, rec)
	s := mustSchemas(t)
	rels := decode(t, p).(map[string]any)["releases"].([]any)
	want := s.compileIndependently(rels)
	got := decode(t, rec).(map[string]any)["records"].([]any)[0].(map[string]any)["compiledRelease"]
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", " ")
		w, _ := json.MarshalIndent(want, "", " ")
		t.Errorf("%s: the compiled release served differs from the merge routine's:\ngot  %s\nwant %s", name, g, w)
	}
	if !reflect.DeepEqual(decode(t, rec.Records[0].Releases), decode(t, p.Releases)) {
		t.Errorf("%s: the record's releases are not the package's", name)
	}
}

// "OCDS for every tender": every tender of the demo gives a release package and a
// record package that validate against the official schemas with the bids, enquiries
// and Arena extensions, declare every field they use, and whose compiled release is the
// merge of its releases.
func TestEveryDemoTenderIsValidOCDS(t *testing.T) {
	snap := demoSnapshot(t)
	if len(snap.Tenders) == 0 {
		t.Fatal("the demo snapshot holds no tender")
	}
	for _, tv := range snap.Tenders {
		src, ok := ocds.FromSnapshot(snap, tv.ID)
		if !ok {
			t.Fatalf("tender %d not found", tv.ID)
		}
		checkTender(t, "demo tender "+tv.Title, src)
	}
}

// Every tender of every tender contest script, after every command of the script (open,
// questioned, sealed, revealed, scored, appealed, awarded, declined or abandoned), gives
// valid OCDS documents: a tender still open gives the releases so far.
func TestEveryTenderScriptIsValidOCDSAtEveryStep(t *testing.T) {
	scripts, err := filepath.Glob(filepath.Join("..", "ledger", "testdata", "contest", "tender_*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(scripts) < 10 {
		t.Fatalf("found %d tender scripts, want at least 10", len(scripts))
	}
	for _, path := range scripts {
		name := strings.TrimSuffix(filepath.Base(path), ".txt")
		t.Run(name, func(t *testing.T) {
			h := ledgertest.New()
			checked := 0
			datadriven.RunTest(t, path, func(t *testing.T, d *datadriven.TestData) string {
				out := h.Handle(t, d)
				st := h.State()
				for _, tv := range st.Tenders() {
					src, _ := ocds.FromState(st, tv.ID)
					checkTender(t, d.Pos, src)
					checked++
				}
				return out
			})
			if checked == 0 {
				t.Errorf("%s published no tender", name)
			}
		})
	}
}
