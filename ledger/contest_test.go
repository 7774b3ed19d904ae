package ledger_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena/arena/ledger/ledgertest"
	"github.com/cockroachdb/datadriven"
)

// TestContests runs every contest script in testdata/contest: the seed's claims written
// as contests, one transaction per command, every one signed, verified and applied
// through the ledger's exported API, with the invariants checked after each. Each
// script's header quotes the rule it shows. Run with -rewrite to regenerate the
// expected outputs, then read the diff before committing.
func TestContests(t *testing.T) {
	scripts, err := filepath.Glob("testdata/contest/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(scripts) < 6 {
		t.Fatalf("found %d contest scripts in testdata/contest, want at least 6", len(scripts))
	}
	for _, path := range scripts {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txt"), func(t *testing.T) {
			datadriven.RunTest(t, path, ledgertest.New().Handle)
		})
	}
}
