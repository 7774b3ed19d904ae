package ledger

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// forbidden are the imports the ledger may never have, and why.
var forbidden = map[string]string{
	"time":         "time arrives with the block",
	"math/rand":    "randomness is derived from chain state",
	"math/rand/v2": "randomness is derived from chain state",
	"crypto/rand":  "randomness is derived from chain state",
	"os":           "the ledger never touches files or the environment",
	"os/exec":      "the ledger never runs programs",
	"net":          "the ledger never touches the network",
	"net/http":     "the ledger never touches the network",
	"database/sql": "persistence is store's job",
	"sync":         "the ledger has no concurrency",
	"context":      "the ledger has no cancellation; it never waits",
	"unsafe":       "the ledger's state must be plain data",
	"reflect":      "the ledger's rules are written out, not discovered",
}

// parseLedger parses the package's non-test files.
func parseLedger(t *testing.T) (*token.FileSet, []*ast.File) {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		src, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, n, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) < 10 {
		t.Fatalf("parsed only %d files", len(files))
	}
	return fset, files
}

// "Nothing in ledger/ or grading/ calls time.Now", and "No goroutines, channels or
// context in ledger/": the package imports no IO, clock or randomness, and has no go
// statements, channels or selects. Only go-ethereum/crypto and uint256 come from outside.
func TestLedgerDoesNoIO(t *testing.T) {
	fset, files := parseLedger(t)
	for _, f := range files {
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if why, bad := forbidden[path]; bad {
				t.Errorf("%s imports %s: %s", fset.Position(imp.Pos()), path, why)
			}
			if strings.Contains(path, ".") && path != "github.com/ethereum/go-ethereum/crypto" && path != "github.com/holiman/uint256" {
				t.Errorf("%s imports %s: only go-ethereum/crypto and uint256 may come from outside", fset.Position(imp.Pos()), path)
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				t.Errorf("%s: a go statement; the ledger runs on the caller's goroutine", fset.Position(n.Pos()))
			case *ast.ChanType, *ast.SelectStmt, *ast.SendStmt:
				t.Errorf("%s: channels; the ledger has no concurrency", fset.Position(n.Pos()))
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && x.Name == "time" && n.Sel.Name == "Now" {
					t.Errorf("%s: time.Now; time arrives with the block", fset.Position(n.Pos()))
				}
			}
			return true
		})
	}
}

// The refusal table in refusals_test.go names every refusal declared in refusals.go.
func TestRefusalsTableIsComplete(t *testing.T) {
	_, files := parseLedger(t)
	var declared []string
	for _, f := range files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, spec := range g.Specs {
				for i, name := range spec.(*ast.ValueSpec).Names {
					vs := spec.(*ast.ValueSpec)
					if i >= len(vs.Values) {
						continue
					}
					if call, ok := vs.Values[i].(*ast.CallExpr); ok {
						if fn, ok := call.Fun.(*ast.Ident); ok && (fn.Name == "refuse" || fn.Name == "refusef") {
							declared = append(declared, name.Name)
						}
					}
				}
			}
		}
	}
	src, err := os.ReadFile("refusals_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range declared {
		if !regexp.MustCompile(strconv.Quote(name) + `:\s*` + name + `\b`).Match(src) {
			t.Errorf("refusal %s is not pinned in refusals_test.go", name)
		}
	}
	if len(declared) < 60 {
		t.Fatalf("found only %d refusals", len(declared))
	}
}
