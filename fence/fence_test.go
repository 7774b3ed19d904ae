// Package fence holds the dependency fence of the whole module: which packages may link
// which outside dependencies, measured with the go command over the real import graph,
// in the spirit of a deptest.
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

// deps returns every package pkg links, directly or not.
func deps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", module+"/"+pkg).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
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

// A Go program that only talks to a node links neither an engine nor SQLite.
func TestTheClientLinksNoEngineAndNoSQLite(t *testing.T) {
	for _, d := range deps(t, "client") {
		switch {
		case strings.HasPrefix(d, "github.com/cometbft/"), strings.HasPrefix(d, "modernc.org/sqlite"):
			t.Errorf("client links %s", d)
		case d == module+"/chain/solo", d == module+"/chain/comet", d == module+"/store":
			t.Errorf("client links %s", d)
		}
	}
}

// The API serves one engine interface and imports no engine.
func TestTheAPIImportsNoEngine(t *testing.T) {
	for _, imp := range imports(t)[module+"/api"] {
		if imp == module+"/chain/solo" || imp == module+"/chain/comet" {
			t.Errorf("api imports %s", imp)
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
