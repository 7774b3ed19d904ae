package ocds_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/demo"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ocds"
	"github.com/arena/arena/ocds/ocdstest"
	"github.com/cockroachdb/datadriven"
)

const base = "http://127.0.0.1:8545"

// demoSnapshot runs the demo (real validators with the builtin reader, real
// signatures; its benchmark and learning challenges skipped, as they hold no tender) and
// returns the snapshot it published.
func demoSnapshot(t *testing.T) *ledger.Snapshot {
	t.Helper()
	sum, err := demo.Run(t.Context(), demo.Options{Dir: filepath.Join(t.TempDir(), "d"), Skip: []string{demo.SkipChallenge, demo.SkipLearning}})
	if err != nil {
		t.Fatalf("demo: %v", err)
	}
	raw, err := os.ReadFile(sum.Snapshot)
	if err != nil {
		t.Fatal(err)
	}
	var s ledger.Snapshot
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

// checkTender checks src's release and record packages as served: they validate
// against the official schemas with the bids, enquiries and Arena extensions, declare
// every field they use, and the record's compiled release is the one the merge routine,
// run independently, compiles from the releases.
func checkTender(t *testing.T, name string, src ocds.Source) {
	t.Helper()
	s, err := ocdstest.Load()
	if err != nil {
		t.Fatalf("schemas: %v", err)
	}
	pkg, rec := documents(t, src)
	if err := s.CheckDocuments(pkg, rec); err != nil {
		t.Errorf("%s: %v", name, err)
	}
}

// documents returns src's release and record packages as JSON.
func documents(t *testing.T, src ocds.Source) (pkg, rec []byte) {
	t.Helper()
	r, err := ocds.RecordOf(src, base)
	if err != nil {
		t.Fatal(err)
	}
	if pkg, err = json.Marshal(ocds.Package(src, base)); err != nil {
		t.Fatal(err)
	}
	if rec, err = json.Marshal(r); err != nil {
		t.Fatal(err)
	}
	return pkg, rec
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
					checkStatus(t, d.Pos, src)
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

// statusOf is the tender status each ledger state publishes, and the tag of the release
// that settles it.
var statusOf = map[string][2]string{
	tender.TenderOpen:      {"active", ""},
	tender.TenderAwarded:   {"complete", "award"},
	tender.TenderDeclined:  {"cancelled", "tenderCancellation"},
	tender.TenderAbandoned: {"unsuccessful", "tenderUpdate"},
}

// checkStatus: the compiled release's tender status follows the ledger's state (an open
// tender is active, with no award), the releases are in date order with dates the
// arena's clock gave, and a settled tender's last release settles it.
func checkStatus(t *testing.T, name string, src ocds.Source) {
	t.Helper()
	rs := ocds.Releases(src)
	c, err := ocds.Compile(rs)
	if err != nil {
		t.Fatal(err)
	}
	want := statusOf[src.Tender.State]
	if got := c["tender"].(map[string]any)["status"]; got != want[0] {
		t.Errorf("%s: tender %d %s has status %v, want %s", name, src.Tender.ID, src.Tender.State, got, want[0])
	}
	if _, ok := c["awards"]; ok != (src.Tender.State == tender.TenderAwarded) {
		t.Errorf("%s: tender %d %s: awards %v", name, src.Tender.ID, src.Tender.State, c["awards"])
	}
	checkParties(t, name, c)
	last := rs[len(rs)-1]
	if want[1] != "" && (last.Tag[0] != want[1] || last.Date != ocds.Date(src.Tender.SettledAt)) {
		t.Errorf("%s: tender %d %s ends with %s %v, want %s at %s", name, src.Tender.ID, src.Tender.State, last.ID, last.Tag, want[1], ocds.Date(src.Tender.SettledAt))
	}
	for i, r := range rs {
		at, err := time.Parse(time.RFC3339, r.Date)
		if err != nil || !strings.HasSuffix(r.Date, "Z") || at.Unix() > src.Now || at.Unix() < src.Tender.PublishedAt {
			t.Errorf("%s: release %s dated %q, not a time of the arena's clock between publication and now", name, r.ID, r.Date)
		}
		if i > 0 && r.Date < rs[i-1].Date {
			t.Errorf("%s: release %s (%s) comes after %s (%s)", name, r.ID, r.Date, rs[i-1].ID, rs[i-1].Date)
		}
	}
}

// The ocid is "ocds-", the first six hex digits of sha256 of the chain id, "-tender-"
// and the tender's number; every release of a tender carries it, and ids are unique.
func TestTheOCIDIsTheChainsPrefixAndTheTendersNumber(t *testing.T) {
	h := sha256.Sum256([]byte("arena-contest"))
	if got, want := ocds.OCID("arena-contest", 12), "ocds-"+hex.EncodeToString(h[:])[:6]+"-tender-12"; got != want {
		t.Errorf("OCID = %q, want %q", got, want)
	}
	if !regexp.MustCompile(`^ocds-[0-9a-f]{6}-tender-12$`).MatchString(ocds.OCID("x", 12)) {
		t.Errorf("OCID(x, 12) = %q", ocds.OCID("x", 12))
	}
	src := scriptSource(t, "tender_appeals.txt")
	seen := map[string]bool{}
	for _, r := range ocds.Releases(src) {
		if r.OCID != ocds.OCID(src.Chain, src.Tender.ID) || seen[r.ID] || strings.Contains(r.ID, "#") {
			t.Errorf("release %s of ocid %s: want ocid %s and a unique id without #", r.ID, r.OCID, ocds.OCID(src.Chain, src.Tender.ID))
		}
		seen[r.ID] = true
	}
}

// scriptSource runs a tender contest script to its end and returns tender 1's source.
func scriptSource(t *testing.T, script string) ocds.Source {
	t.Helper()
	h := ledgertest.New()
	datadriven.RunTest(t, filepath.Join("..", "ledger", "testdata", "contest", script), h.Handle)
	src, ok := ocds.FromState(h.State(), 1)
	if !ok {
		t.Fatalf("%s published no tender 1", script)
	}
	return src
}

// The same views give the same bytes: no clock, no map order.
func TestTheDocumentsAreDeterministic(t *testing.T) {
	src := scriptSource(t, "tender_appeals.txt")
	p1, r1 := documents(t, src)
	p2, r2 := documents(t, src)
	if !bytes.Equal(p1, p2) || !bytes.Equal(r1, r2) {
		t.Error("the same source gave different documents")
	}
}

// Money is in whole units with currency XXX (the arena's symbol is no ISO 4217 code),
// its exact atto amount and symbol in the Arena extension; a symbol as the currency
// fails the schema.
func TestValuesAreWholeUnitsOfXXXWithTheExactAmountBeside(t *testing.T) {
	src := scriptSource(t, "tender_appeals.txt")
	tv := ocds.Releases(src)[0].Tender.Value
	want := ocds.Value{Amount: json.Number(src.Tender.Budget.Units()), Currency: "XXX", Arena: &ocds.ValueArena{Symbol: src.Symbol, Atto: src.Tender.Budget.String()}}
	if !reflect.DeepEqual(*tv, want) {
		t.Errorf("tender value %+v, want %+v", *tv, want)
	}
}

// The checks catch what OCDS forbids, each at its field: a currency outside ISO 4217, a
// bid status outside the bids extension's codelist, a date without a time, and (which a
// validator lets pass) a field no schema declares.
func TestTheChecksCatchWhatOCDSForbids(t *testing.T) {
	s, err := ocdstest.Load()
	if err != nil {
		t.Fatal(err)
	}
	pkg, _ := documents(t, scriptSource(t, "tender_appeals.txt"))
	for _, tc := range []struct {
		name, from, to, want string
	}{
		{"currency", `"currency":"XXX"`, `"currency":"GEN"`, "/releases/0/tender/value/currency"},
		{"bid status", `"status":"pending"`, `"status":"winner"`, "/releases/1/bids/details/0/status"},
		{"date", `"date":"2023-11-14T22:13:20Z"`, `"date":"2023-11-14"`, "/releases/0/date"},
	} {
		bad := []byte(strings.Replace(string(pkg), tc.from, tc.to, 1))
		if bytes.Equal(bad, pkg) {
			t.Fatalf("%s: %s is not in the package", tc.name, tc.from)
		}
		if err := s.CheckPackage(bad); err == nil || !strings.Contains(err.Error(), "does not validate") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: CheckPackage = %v, want it to fail at %s", tc.name, err, tc.want)
		}
	}
	bad := []byte(strings.Replace(string(pkg), `"weight":3`, `"wieght":3`, 1))
	want := "a field no schema declares: /releases/0/tender/arena/criteria/0/wieght"
	if err := s.CheckPackage(bad); err == nil || err.Error() != want {
		t.Errorf("CheckPackage = %v, want %q", err, want)
	}
	if err := s.CheckPackage(pkg); err != nil {
		t.Errorf("the package itself: %v", err)
	}
}

// checkParties: every organization the compiled release refers to (buyer, procuring
// entity, tenderers, bid tenderers, enquiry authors, suppliers) is in its parties, as
// OCDS requires of a reference.
func checkParties(t *testing.T, name string, c map[string]any) {
	t.Helper()
	parties := map[string]bool{}
	for _, p := range c["parties"].([]any) {
		parties[p.(map[string]any)["id"].(string)] = true
	}
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch x := v.(type) {
		case map[string]any:
			if key == "buyer" || key == "procuringEntity" || key == "author" || key == "tenderers" || key == "suppliers" {
				if id, _ := x["id"].(string); !parties[id] {
					t.Errorf("%s: %s %v is not among the parties", name, key, x)
				}
			}
			for k, e := range x {
				walk(k, e)
			}
		case []any:
			for _, e := range x {
				walk(key, e)
			}
		}
	}
	walk("", c)
}

// A snapshot gives the documents its state gives (the CLI's offline readers and the
// demo read snapshots); a tender it does not hold is not found, and a doctored award
// naming no winner still gives a document rather than a panic.
func TestASnapshotGivesTheDocumentsItsStateGives(t *testing.T) {
	h := ledgertest.New()
	datadriven.RunTest(t, filepath.Join("..", "ledger", "testdata", "contest", "tender_appeals.txt"), h.Handle)
	snap := h.State().Snapshot()
	fromState, _ := ocds.FromState(h.State(), 1)
	fromSnap, ok := ocds.FromSnapshot(&snap, 1)
	if !ok {
		t.Fatal("FromSnapshot found no tender 1")
	}
	p1, r1 := documents(t, fromState)
	p2, r2 := documents(t, fromSnap)
	if !bytes.Equal(p1, p2) || !bytes.Equal(r1, r2) {
		t.Error("the snapshot's documents differ from the state's")
	}
	if _, ok := ocds.FromSnapshot(&snap, 9); ok {
		t.Error("FromSnapshot found a tender 9")
	}
	if fromSnap.Tender.State != tender.TenderAwarded {
		t.Fatalf("tender 1 is %s, want awarded", fromSnap.Tender.State)
	}
	fromSnap.Tender.Winner = nil
	if rs := ocds.Releases(fromSnap); rs[len(rs)-1].Awards[0].Suppliers != nil {
		t.Errorf("an award naming no winner has suppliers %v", rs[len(rs)-1].Awards[0].Suppliers)
	}
}
