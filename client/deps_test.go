package client_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTheClientAndTheAPILinkNoEngine: DESIGN, "api/ ... thin over ONE engine interface,
// imports no engine" and "client/ the Go client of the API; links no engine and no
// SQLite". go list -deps names every package each one links.
func TestTheClientAndTheAPILinkNoEngine(t *testing.T) {
	const mod = "github.com/arena/arena/"
	banned := map[string]string{
		mod + "chain/solo":    "an engine: api serves any chain.Engine, node picks the concrete one",
		mod + "chain/comet":   "an engine: api serves any chain.Engine, node picks the concrete one",
		mod + "chain/blocks":  "the engines' shared toolkit, which links the store",
		mod + "store":         "persistence is the engines' and the node's",
		"github.com/cometbft": "CometBFT is chain/comet's alone",
		"modernc.org/sqlite":  "SQLite is store's alone",
	}
	goTool := goCommand(t)
	for _, pkg := range []string{mod + "client", mod + "api"} {
		out, err := exec.Command(goTool, "list", "-deps", "-f", "{{.ImportPath}}", pkg).CombinedOutput()
		if err != nil {
			t.Fatalf("go list -deps %s: %v\n%s", pkg, err, out)
		}
		for dep := range strings.FieldsSeq(string(out)) {
			for b, why := range banned {
				if dep == b || strings.HasPrefix(dep, b+"/") {
					t.Errorf("%s links %s: %s", pkg, dep, why)
				}
			}
			if pkg == mod+"client" && dep == mod+"api" {
				t.Errorf("client links the server (api): it shares only the bodies in chain and api/wire")
			}
		}
	}
}

// goCommand returns the go command that runs this test, or skips without one.
func goCommand(t *testing.T) string {
	if goroot := os.Getenv("GOROOT"); goroot != "" {
		if p := filepath.Join(goroot, "bin", "go"); fileExists(p) {
			return p
		}
	}
	p, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list dependencies with")
	}
	return p
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
