package ledger

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
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

// ledgerDirs are the ledger's packages: the root and each subpackage that runs inside
// Apply or derives a view from its state (match/rating). ledgertest, which drives the
// ledger from test scripts, is not one of them.
var ledgerDirs = []string{".", "book", "digest", "round", "season", "clarify", "bounty", "tender", "match", "match/battle", "match/receipt", "match/rating", "challenge", "challenge/koth", "challenge/composite", "learn", "learn/coder", "learn/score"}

// kinds are the contest kinds' packages; none imports another, or the root: what two
// kinds share lives in a core package both import (the funded season of the benchmark
// and learning challenges in season, the tender's and the bounty's questions in clarify).
var kinds = []string{"bounty", "tender", "match", "challenge", "learn"}

// outside are the imports from outside the standard library and the ledger that every
// ledger package may have.
var outside = []string{"github.com/ethereum/go-ethereum/crypto", "github.com/holiman/uint256"}

// outsideIn are further outside imports that one package may have, and why: the
// receipt is an EIP-712 typed message, hashed by go-ethereum's own encoder so that
// wallets and contracts agree with the ledger on every digest; the composite reads the
// grades in the wire types the bench writes, which live in challenge/abi (pure: see
// TestWireTypesArePure).
var outsideIn = map[string][]string{
	"challenge/composite": {"github.com/arena/arena/challenge/abi"},
	"match/receipt": {
		"github.com/ethereum/go-ethereum/signer/core/apitypes",
		"github.com/ethereum/go-ethereum/accounts/abi",
		"github.com/ethereum/go-ethereum/common",
		"github.com/ethereum/go-ethereum/common/hexutil",
		"github.com/ethereum/go-ethereum/common/math",
	},
}

const module = "github.com/arena/arena/ledger"

// parseLedger parses the non-test files of the ledger package in dir.
func parseLedger(t *testing.T, dir string) (*token.FileSet, []*ast.File) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
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
	if len(files) < 1 {
		t.Fatalf("parsed no files in %s", dir)
	}
	return fset, files
}

// "Nothing in ledger/ or grading/ calls time.Now", and "No goroutines, channels or
// context in ledger/": no ledger package imports IO, a clock or randomness, or has go
// statements, channels or selects. Only go-ethereum/crypto, uint256 and the ledger's own
// packages come from outside the standard library (and, in the match's receipt, the
// EIP-712 encoder: outsideIn); a subpackage never imports the root, and a contest kind
// never imports another kind.
func TestLedgerDoesNoIO(t *testing.T) {
	for _, dir := range ledgerDirs {
		fset, files := parseLedger(t, dir)
		for _, f := range files {
			checkLedgerFile(t, dir, fset, f)
		}
	}
}

// The wire types the composite reads come from outside the ledger, so they are held to
// the ledger's rules too: challenge/abi imports only the standard library, and nothing
// that does IO, reads a clock or draws randomness.
func TestWireTypesArePure(t *testing.T) {
	fset, files := parseLedger(t, filepath.Join("..", "challenge", "abi"))
	for _, f := range files {
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if why, bad := forbidden[path]; bad {
				t.Errorf("%s imports %s: %s", fset.Position(imp.Pos()), path, why)
			}
			if strings.Contains(path, ".") {
				t.Errorf("%s imports %s: the wire types use the standard library only", fset.Position(imp.Pos()), path)
			}
		}
	}
}

func checkLedgerFile(t *testing.T, dir string, fset *token.FileSet, f *ast.File) {
	t.Helper()
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if why, bad := forbidden[path]; bad {
			t.Errorf("%s imports %s: %s", fset.Position(imp.Pos()), path, why)
		}
		own := strings.HasPrefix(path, module+"/")
		if strings.Contains(path, ".") && !own && !slices.Contains(outside, path) && !slices.Contains(outsideIn[dir], path) {
			t.Errorf("%s imports %s: only go-ethereum/crypto, uint256 and the ledger's packages may come from outside", fset.Position(imp.Pos()), path)
		}
		if dir != "." && path == module {
			t.Errorf("%s imports the root ledger: subpackages never do", fset.Position(imp.Pos()))
		}
		if path == module+"/ledgertest" {
			t.Errorf("%s imports ledgertest, which is for tests", fset.Position(imp.Pos()))
		}
		for _, k := range kinds {
			if own && path == module+"/"+k && slices.Contains(kinds, dir) && dir != k {
				t.Errorf("%s: kind %s imports kind %s: a kind never imports another", fset.Position(imp.Pos()), dir, k)
			}
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

// The refusal table in each package's refusals_test.go names every refusal it declares.
func TestRefusalsTableIsComplete(t *testing.T) {
	total := 0
	for _, dir := range []string{".", "round", "season", "clarify", "bounty", "tender", "match", "challenge", "learn"} {
		total += checkRefusalTable(t, dir)
	}
	if total < 70 {
		t.Fatalf("found only %d refusals", total)
	}
}

// checkRefusalTable checks dir's table and returns how many refusals dir declares.
func checkRefusalTable(t *testing.T, dir string) int {
	t.Helper()
	_, files := parseLedger(t, dir)
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
						if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Refuse" {
							declared = append(declared, name.Name)
						}
					}
				}
			}
		}
	}
	src, err := os.ReadFile(filepath.Join(dir, "refusals_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range declared {
		if !regexp.MustCompile(strconv.Quote(name) + `:\s*` + name + `\b`).Match(src) {
			t.Errorf("refusal %s is not pinned in %s/refusals_test.go", name, dir)
		}
	}
	return len(declared)
}
