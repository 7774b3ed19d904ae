package bridge_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestTheBridgeLinksNoTestCodeAndNoEngine: doc.go, "delivery never reaches back into
// the ledger or the engine". The bridge's packages, and everything they link, leave out
// testing, every engine and the test arenas of solotest: those are for its tests only.
func TestTheBridgeLinksNoTestCodeAndNoEngine(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the dependencies with")
	}
	list := func(args ...string) []string {
		out, err := exec.Command(gobin, append([]string{"list"}, args...)...).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", strings.Join(args, " "), err)
		}
		return strings.Fields(string(out))
	}
	var roots []string
	for _, p := range list("github.com/arena/arena/bridge/...") {
		if !strings.HasSuffix(p, "test") {
			roots = append(roots, p)
		}
	}
	if len(roots) < 4 {
		t.Fatalf("the bridge's packages: %v", roots)
	}
	for _, dep := range list(append([]string{"-deps"}, roots...)...) {
		rel, ours := strings.CutPrefix(dep, "github.com/arena/arena/")
		engine := rel == "chain/solo" || rel == "chain/comet" || rel == "chain/blocks" // the engine interface package, chain, links none
		forTests := ours && (strings.HasSuffix(rel, "test") || engine)
		if forTests || dep == "testing" || strings.HasPrefix(dep, "testing/") || dep == "net/http/httptest" {
			t.Errorf("the bridge links %s", dep)
		}
	}
}
