package checks

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/arena/arena/grading/bounty/facts"
	"github.com/arena/arena/ledger"
)

// Sources of a compiled check.
const (
	FromPattern = "pattern"
	FromModel   = "model"
)

// Candidate is a compiled criterion not yet through the filters.
type Candidate struct {
	Criterion Criterion
	Expr      string
	Source    string // FromPattern or FromModel
}

// Plan is a rubric after the pattern compiler: every criterion, what compiled, and what
// is left for the model compiler.
type Plan struct {
	Criteria []Criterion
	Compiled []Candidate
	Pending  []Criterion
}

// Compile splits rubric into criteria and runs the pattern compiler over each.
func Compile(rubric string) Plan {
	var p Plan
	p.Criteria = Criteria(rubric)
	for _, c := range p.Criteria {
		if e, ok := Pattern(c.Text); ok {
			p.Compiled = append(p.Compiled, Candidate{Criterion: c, Expr: e, Source: FromPattern})
		} else {
			p.Pending = append(p.Pending, c)
		}
	}
	return p
}

// Set is a validated list of checks, ready to evaluate. It is safe for concurrent use.
type Set struct {
	checks  []compiled
	Dropped []string // every candidate the filters refused, as "why: expr"
	Prose   []string // criteria with no surviving check, in rubric order
}

type compiled struct {
	Candidate
	prg *program
}

// Build passes candidates, in order, through the filters and CEL's type checker: an
// expression containing "__" or "import", one over 400 code points, one the checker
// refuses (undeclared names, a non-bool result, a worst-case cost over CostBudget), and
// every check past the 24th are dropped, each with its reason. A criterion is checked
// whole or not at all: when any of its candidates is dropped, all of them are, and the
// criterion goes to Prose with the criteria of uncompiled (no candidate at all).
func Build(cands []Candidate, uncompiled []Criterion) *Set {
	s := &Set{}
	bad := map[string]bool{}
	var ok []compiled
	for _, c := range cands {
		p, why := admit(c.Expr)
		if why != "" {
			s.Dropped = append(s.Dropped, why+": "+clip(c.Expr))
			bad[c.Criterion.Text] = true
			continue
		}
		ok = append(ok, compiled{Candidate: c, prg: p})
	}
	for _, c := range ok {
		switch {
		case bad[c.Criterion.Text]:
			s.Dropped = append(s.Dropped, "another check of its criterion was dropped: "+clip(c.Expr))
		case len(s.checks) == ledger.MaxChecks:
			s.Dropped = append(s.Dropped, "past the 24th check: "+clip(c.Expr))
			bad[c.Criterion.Text] = true
		default:
			s.checks = append(s.checks, c)
		}
	}
	kept := s.checks[:0]
	for _, c := range s.checks {
		if bad[c.Criterion.Text] { // a later check of the same criterion fell past the 24th
			s.Dropped = append(s.Dropped, "another check of its criterion was dropped: "+clip(c.Expr))
			continue
		}
		kept = append(kept, c)
	}
	s.checks = kept
	s.Prose = prose(cands, uncompiled, bad)
	return s
}

// prose lists, in first-seen order, the criteria that were dropped or never compiled.
func prose(cands []Candidate, uncompiled []Criterion, bad map[string]bool) []string {
	var out []string
	seen := map[string]bool{}
	add := func(t string) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, c := range cands {
		if bad[c.Criterion.Text] {
			add(c.Criterion.Text)
		}
	}
	for _, c := range uncompiled {
		add(c.Text)
	}
	return out
}

// admit applies the lexical filters and the type checker, returning why when it refuses.
func admit(expr string) (*program, string) {
	switch {
	case strings.Contains(expr, "__"):
		return nil, `contains "__"`
	case strings.Contains(expr, "import"):
		return nil, `contains "import"`
	case utf8.RuneCountInString(expr) > ledger.MaxCheckLen:
		return nil, "over 400 characters"
	}
	p, err := compileExpr(expr)
	if errors.Is(err, errRefused) {
		return nil, strings.TrimPrefix(err.Error(), errRefused.Error()+": ")
	}
	if err != nil {
		return nil, err.Error()
	}
	return p, ""
}

func clip(s string) string {
	if utf8.RuneCountInString(s) <= 120 {
		return s
	}
	return string([]rune(s)[:120]) + "…"
}

// Len returns the number of checks that will run.
func (s *Set) Len() int { return len(s.checks) }

// Eval runs every check against f, in order. A check whose evaluation fails (the cost
// limit, an integer overflow) is recorded with its error and counts as not passed.
func (s *Set) Eval(f *facts.Facts) []ledger.Check {
	if len(s.checks) == 0 {
		return nil
	}
	a := newActivation(f)
	out := make([]ledger.Check, len(s.checks))
	for i, c := range s.checks {
		ok, err := c.prg.run(a)
		out[i] = ledger.Check{Criterion: c.Criterion.Text, Expr: c.Expr, Mandatory: c.Criterion.Mandatory,
			Source: c.Source, Passed: ok && err == nil}
		if err != nil {
			out[i].Error = fmt.Sprintf("evaluation failed: %s", firstLine(err.Error()))
		}
	}
	return out
}

// Missed returns, in order, the mandatory and the preferred criteria with at least one
// failed check. A criterion counts once however many checks it compiled to, so that two
// compilers that split a sentence differently count the same violations.
func Missed(results []ledger.Check) (mandatory, preferred []string) {
	seen := map[string]bool{}
	for _, c := range results {
		if c.Passed || seen[c.Criterion] {
			continue
		}
		seen[c.Criterion] = true
		if c.Mandatory {
			mandatory = append(mandatory, c.Criterion)
		} else {
			preferred = append(preferred, c.Criterion)
		}
	}
	return mandatory, preferred
}
