// Package fence holds the dependency fence of the whole module: which packages may link
// which outside dependencies, and that no contest kind imports another, measured with
// the go command over the real import graph, in the spirit of a deptest.
package fence

import (
	"bufio"
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/arena/arena"

// imports returns every package of the module with its direct imports (test imports left
// out: a test may link what the package may not).
func imports(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	m := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		m[f[0]] = f[1:]
	}
	return m
}

// deps returns every package the module's pkgs link, directly or not.
func deps(t *testing.T, pkgs ...string) []string {
	t.Helper()
	args := []string{"list", "-deps"}
	for _, p := range pkgs {
		args = append(args, module+"/"+p)
	}
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		t.Fatalf("go list -deps %v: %v", pkgs, err)
	}
	return strings.Fields(string(out))
}

// owners says which packages alone may import a dependency directly, by import-path prefix.
var owners = []struct {
	dep string
	may func(pkg string) bool
	why string
}{
	{"modernc.org/sqlite", func(p string) bool { return p == module+"/store" }, "only store speaks SQLite"},
	{"github.com/cometbft/cometbft", func(p string) bool { return strings.HasPrefix(p, module+"/chain/comet") }, "only chain/comet runs CometBFT"},
	{"github.com/openai/openai-go", func(p string) bool { return strings.HasPrefix(p, module+"/reader/") }, "only reader/* speak to model servers"},
	{"github.com/anthropics/anthropic-sdk-go", func(p string) bool { return strings.HasPrefix(p, module+"/reader/") }, "only reader/* speak to model servers"},
}

func TestEachOutsideDependencyHasOneOwner(t *testing.T) {
	for pkg, imps := range imports(t) {
		for _, imp := range imps {
			for _, o := range owners {
				if strings.HasPrefix(imp, o.dep) && !o.may(pkg) {
					t.Errorf("%s imports %s: %s", pkg, imp, o.why)
				}
			}
		}
	}
}

// engineSide are what only the engines and the node may link, and why.
var engineSide = map[string]string{
	module + "/chain/solo":   "an engine: api serves any chain.Engine, node picks the concrete one",
	module + "/chain/comet":  "an engine: api serves any chain.Engine, node picks the concrete one",
	module + "/chain/blocks": "the engines' shared toolkit, which links the store",
	module + "/store":        "persistence is the engines' and the node's",
	"github.com/cometbft":    "CometBFT is chain/comet's alone",
	"modernc.org/sqlite":     "SQLite is store's alone",
}

// A Go program that only talks to a node links neither an engine nor SQLite, nor the
// server; and the API serves one engine interface, linking no engine and no store.
func TestTheClientAndTheAPILinkNoEngine(t *testing.T) {
	for _, pkg := range []string{"client", "api"} {
		for _, d := range deps(t, pkg) {
			for b, why := range engineSide {
				if d == b || strings.HasPrefix(d, b+"/") {
					t.Errorf("%s links %s: %s", pkg, d, why)
				}
			}
			if pkg == "client" && d == module+"/api" {
				t.Errorf("client links the server (api): it shares only the bodies in chain and api/wire")
			}
		}
	}
}

// "Delivery never reaches back into the ledger or the engine": the bridge's packages
// link no engine and nothing made for tests.
func TestTheBridgeLinksNoEngineAndNoTestCode(t *testing.T) {
	out, err := exec.Command("go", "list", module+"/bridge/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var roots []string
	for _, p := range strings.Fields(string(out)) {
		if !strings.HasSuffix(p, "test") { // the bridge's helpers for its own tests
			roots = append(roots, strings.TrimPrefix(p, module+"/"))
		}
	}
	if len(roots) < 4 {
		t.Fatalf("the bridge's packages: %v", roots)
	}
	for _, d := range deps(t, roots...) {
		rel, ours := strings.CutPrefix(d, module+"/")
		engine := rel == "chain/solo" || rel == "chain/comet" || rel == "chain/blocks"
		if ours && (strings.HasSuffix(rel, "test") || engine) || d == "testing" || strings.HasPrefix(d, "testing/") || d == "net/http/httptest" {
			t.Errorf("the bridge links %s", d)
		}
	}
}

// No production package imports testing, except the packages made for tests.
func TestNoProductionPackageImportsTesting(t *testing.T) {
	for pkg, imps := range imports(t) {
		name := pkg[strings.LastIndex(pkg, "/")+1:]
		if strings.HasSuffix(name, "test") {
			continue
		}
		for _, imp := range imps {
			if imp == "testing" {
				t.Errorf("%s imports testing", pkg)
			}
		}
	}
}

// The ledger links no SQLite, no engine, no HTTP client or server and runs no programs.
// (uint256 links database/sql's interfaces for its Scanner and Valuer; nothing opens a
// database.)
func TestTheLedgerLinksNoIO(t *testing.T) {
	for _, d := range deps(t, "ledger") {
		switch {
		case d == "net/http", d == "os/exec",
			strings.HasPrefix(d, "github.com/cometbft/"), strings.HasPrefix(d, "modernc.org/"):
			t.Errorf("ledger links %s", d)
		}
	}
}

// kinds are the contest kinds: each is ledger/<kind> and, where its rounds run programs
// or read work, grading/<kind>, with their subpackages.
var kinds = []string{"bounty", "tender", "match", "challenge", "learn"}

// kindOf returns the kind whose ledger or grading packages pkg belongs to, or "".
func kindOf(pkg string) string {
	for _, side := range []string{"ledger/", "grading/"} {
		rest, ok := strings.CutPrefix(pkg, module+"/"+side)
		if !ok {
			continue
		}
		for _, k := range kinds {
			if rest == k || strings.HasPrefix(rest, k+"/") {
				return k
			}
		}
	}
	return ""
}

// "No contest kind package imports another": what two kinds share lives in a core
// package both import (ledger/season, ledger/digest, grading/host), never in one kind
// borrowed by the other. There is no exception.
func TestNoKindImportsAnother(t *testing.T) {
	all := imports(t)
	seen := map[string]bool{}
	for pkg, imps := range all {
		k := kindOf(pkg)
		if k == "" {
			continue
		}
		seen[k] = true
		for _, imp := range imps {
			if j := kindOf(imp); j != "" && j != k {
				t.Errorf("%s (kind %s) imports %s (kind %s)", pkg, k, imp, j)
			}
		}
	}
	for _, k := range kinds {
		if !seen[k] {
			t.Errorf("kind %s has no package under ledger/ or grading/", k)
		}
	}
	if kindOf(module+"/grading/learn") != "learn" || kindOf(module+"/ledger/challenge/koth") != "challenge" || kindOf(module+"/ledger/season") != "" || kindOf(module+"/grading/host") != "" {
		t.Fatal("kindOf misreads the tree")
	}
}
