package rating

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExpAgreesWithTheMathPackage: the package's own exponential is within a few units
// in the last place of math.Exp over the range the fit uses.
func TestExpAgreesWithTheMathPackage(t *testing.T) {
	for x := -745.0; x <= 0; x += 0.0137 {
		got, want := expNeg(x), math.Exp(x)
		if want == 0 && got == 0 {
			continue
		}
		if rel := math.Abs(got-want) / want; rel > 1e-15 && want > 1e-300 {
			t.Fatalf("expNeg(%v) = %v, math.Exp %v (relative error %g)", x, got, want, rel)
		}
	}
	if got := expNeg(-800); got != 0 {
		t.Errorf("expNeg(-800) = %v, want 0", got)
	}
	if s := sigmoid(40); s != 1 || sigmoid(-800) != 0 || sigmoid(0) != 0.5 {
		t.Errorf("sigmoid(40, -800, 0) = %v %v %v", s, sigmoid(-800), sigmoid(0))
	}
}

// TestNoProductCanFuse: in the package's code every floating-point product is the
// argument of a float64 conversion (mul), so no platform fuses it into a multiply-add,
// and no function of the math package but exact ones (Abs, Floor, Ldexp, Round, Sqrt,
// IsNaN, IsInf) is called.
func TestNoProductCanFuse(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	exact := map[string]bool{"Abs": true, "Floor": true, "Ldexp": true, "Round": true, "Sqrt": true, "IsNaN": true, "IsInf": true}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		wrapped := map[ast.Expr]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "float64" && len(n.Args) == 1 {
					wrapped[ast.Unparen(n.Args[0])] = true
				}
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
					if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "math" && !exact[sel.Sel.Name] {
						t.Errorf("%s: math.%s is not exact on every platform", fset.Position(n.Pos()), sel.Sel.Name)
					}
				}
			case *ast.BinaryExpr:
				if n.Op == token.MUL && !wrapped[n] {
					t.Errorf("%s: a product outside float64(…) may fuse", fset.Position(n.Pos()))
				}
			case *ast.AssignStmt:
				if n.Tok == token.MUL_ASSIGN {
					t.Errorf("%s: *= may fuse", fset.Position(n.Pos()))
				}
			}
			return true
		})
	}
}
