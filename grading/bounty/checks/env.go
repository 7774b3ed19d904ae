package checks

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"cel.dev/cel-go/cel"
	"cel.dev/cel-go/common/cost"
	"cel.dev/cel-go/common/env"
	"cel.dev/cel-go/common/types"
	"cel.dev/cel-go/common/types/ref"
	"cel.dev/cel-go/interpreter"

	"github.com/arena/arena/grading/bounty/facts"
)

// Limits of the check sandbox. The cost bound assumes string facts of at most MaxText code
// points; a longer work still evaluates, and a check that then costs more than CostLimit
// fails with an error (which counts as not passed), the same on every validator.
const (
	MaxText      = 1 << 20 // code points assumed for work, work_lower, title and spec
	CostBudget   = 200_000 // a check whose estimated worst case costs more is refused
	CostLimit    = CostBudget
	nodeLimit    = 120
	nestingLimit = 24
)

// functions is the whole of the standard library a check may call: comparison, logic,
// integer + and -, the conditional, membership, size and four string predicates (RE2).
var functions = []string{
	"_&&_", "_||_", "!_", "_==_", "_!=_", "_<_", "_<=_", "_>_", "_>=_", "_+_", "_-_",
	"_?_:_", "@in", "size", "contains", "startsWith", "endsWith", "matches",
}

var sandbox = sync.OnceValues(newEnv)

func newEnv() (*cel.Env, error) {
	sub := env.NewLibrarySubset()
	sub.DisableMacros = true
	for _, f := range functions {
		sub.IncludeFunctions = append(sub.IncludeFunctions, &env.Function{Name: f})
	}
	opts := []cel.EnvOption{
		cel.StdLib(cel.StdLibSubset(sub)), cel.ClearMacros(),
		cel.ParserExpressionSizeLimit(400), cel.ParserRecursionLimit(nestingLimit),
		cel.ExpressionNodeLimit(nodeLimit),
	}
	for _, v := range facts.Vars {
		opts = append(opts, cel.Variable(v.Name, celType(v.Kind)))
	}
	return cel.NewCustomEnv(opts...)
}

func celType(k facts.Kind) *cel.Type {
	switch k {
	case facts.Int:
		return cel.IntType
	case facts.Bool:
		return cel.BoolType
	}
	return cel.StringType
}

// sizes tells the cost estimator the largest value each string fact can hold.
type sizes struct{}

func (sizes) EstimateSize(n cost.AstNode) *cost.SizeEstimate {
	if p := n.Path(); len(p) == 1 && n.Type() == cel.StringType {
		return &cost.SizeEstimate{Min: 0, Max: MaxText}
	}
	return nil
}

func (sizes) EstimateCallCost(string, string, *cost.AstNode, []cost.AstNode) *cost.CallEstimate {
	return nil
}

// program is a check expression that passed every gate, ready to run.
type program struct {
	prg cel.Program
}

var programs sync.Map // expression -> *program or error, shared by every Set

// errRefused wraps the reason an expression cannot become a check.
var errRefused = errors.New("refused")

// compileExpr type-checks src, refuses it unless it is a bool with a worst-case cost
// within CostBudget, and returns a program. Results are cached by source text; the
// returned program is safe for concurrent use.
func compileExpr(src string) (*program, error) {
	if v, ok := programs.Load(src); ok {
		if p, ok := v.(*program); ok {
			return p, nil
		}
		return nil, v.(error)
	}
	p, err := buildProgram(src)
	if err != nil {
		programs.Store(src, err)
		return nil, err
	}
	programs.Store(src, p)
	return p, nil
}

func buildProgram(src string) (*program, error) {
	e, err := sandbox()
	if err != nil {
		return nil, fmt.Errorf("check environment: %w", err)
	}
	ast, iss := e.Compile(src)
	if iss.Err() != nil {
		return nil, fmt.Errorf("%w: rejected by the type checker: %s", errRefused, firstLine(iss.Err().Error()))
	}
	if ast.OutputType() != cel.BoolType {
		return nil, fmt.Errorf("%w: not a bool but %s", errRefused, ast.OutputType())
	}
	est, err := e.EstimateCost(ast, sizes{})
	if err != nil {
		return nil, fmt.Errorf("%w: cost cannot be estimated: %s", errRefused, firstLine(err.Error()))
	}
	if est.Max > CostBudget {
		return nil, fmt.Errorf("%w: estimated cost %d over the budget of %d", errRefused, est.Max, CostBudget)
	}
	prg, err := e.Program(ast, cel.CostLimit(CostLimit), cel.EvalOptions(cel.OptOptimize))
	if err != nil {
		return nil, fmt.Errorf("%w: %s", errRefused, firstLine(err.Error()))
	}
	return &program{prg: prg}, nil
}

func firstLine(s string) string {
	s = strings.TrimPrefix(s, "ERROR: <input>:")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// activation exposes one work's facts to a check, converted once per work.
type activation struct {
	vals map[string]ref.Val
}

func newActivation(f *facts.Facts) *activation {
	a := &activation{vals: make(map[string]ref.Val, len(facts.Vars))}
	for _, v := range facts.Vars {
		x, _ := f.Value(v.Name)
		a.vals[v.Name] = types.DefaultTypeAdapter.NativeToValue(x)
	}
	return a
}

func (a *activation) ResolveName(name string) (any, bool) {
	v, ok := a.vals[name]
	return v, ok
}

func (a *activation) Parent() interpreter.Activation { return nil }

// run evaluates p against a and reports whether it held; an evaluation error (a cost
// limit, an overflow) is returned and counts as not passed.
func (p *program) run(a *activation) (bool, error) {
	out, _, err := p.prg.Eval(a)
	if err != nil {
		return false, err
	}
	b, ok := out.Value().(bool)
	if !ok {
		return false, fmt.Errorf("result is %s, not a bool", out.Type())
	}
	return b, nil
}
