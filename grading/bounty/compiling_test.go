package bounty

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/google/go-cmp/cmp"
)

// proseRubric has one sentence the pattern compiler handles and one only a model can.
const proseRubric = "The note must be at most 500 characters.\n" + linkRubric

var linkCheck = `{"checks":[{"criterion":"` + linkRubric + `","expr":"has_url","mandatory":false}]}`

// compiles counts the calls a scripted model received.
func compiles(m *scripted) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.prompts)
}

// TestARubricIsCompiledOncePerTaskAndValidator: every entry on a task is measured
// against the same checks, and a criterion only a model can compile costs one model
// call per validator, not one per entry. Twenty entries graded by four workers at once
// make exactly one compile call, and each result carries that call's receipt.
func TestARubricIsCompiledOncePerTaskAndValidator(t *testing.T) {
	compiler := answers(linkCheck)
	p := &Pipeline{Reader: answers(`{"rung": 3, "reason": "fine"}`), Compiler: compiler, Now: fixedNow}
	results := make([]ledger.Result, 20)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := w; i < len(results); i += 4 {
				work := fmt.Sprintf("Entry %d, docs at https://docs.example/%d.", i, i)
				results[i] = p.Run(context.Background(), Inputs{Task: task(proseRubric), Entry: entry(ledger.EntryID(i+1), work)})
			}
		})
	}
	wg.Wait()
	if got := compiles(compiler); got != 1 {
		t.Errorf("compile calls for 20 entries = %d, want 1", got)
	}
	first := results[0]
	for i, res := range results {
		if res.Error != "" || len(res.Checks) != 2 || res.Checks[1].Expr != "has_url" {
			t.Fatalf("entry %d: error %q, checks %+v", i+1, res.Error, res.Checks)
		}
		if len(res.Calls) != 2 || res.Calls[0].Purpose != "compile" || res.Calls[1].Purpose != "read" {
			t.Fatalf("entry %d: calls %+v", i+1, res.Calls)
		}
		if diff := cmp.Diff(first.Calls[0], res.Calls[0]); diff != "" {
			t.Errorf("entry %d: compile receipt differs from entry 1's (-first +got):\n%s", i+1, diff)
		}
	}
	if c := first.Calls[0]; c.PromptSHA != digest(c.Prompt) || c.ResponseSHA != digest(linkCheck) || c.Started != "2026-03-01T12:00:00Z" {
		t.Errorf("compile receipt %+v: not the call that compiled the checks", c)
	}
}

// TestEachRubricIsCompiledOnItsOwn: the cache is keyed by everything the compiler
// reads. Two rubrics make two compile calls; the same rubric under another task title or
// brief (which the compile prompt carries) makes a third; grading more entries on any of
// them makes none.
func TestEachRubricIsCompiledOnItsOwn(t *testing.T) {
	compiler := answers(linkCheck)
	p := &Pipeline{Reader: answers(`{"rung": 3, "reason": "fine"}`), Compiler: compiler}
	other := task("It should sound friendly.\n" + linkRubric)
	retitled := task(proseRubric)
	retitled.Title = "Launch note, second edition"
	for range 3 {
		for _, tk := range []ledger.TaskView{task(proseRubric), other, retitled} {
			p.Run(context.Background(), Inputs{Task: tk, Entry: entry(1, "see https://docs.example")})
		}
	}
	if got := compiles(compiler); got != 3 {
		t.Errorf("compile calls = %d, want 3 (two rubrics, one retitled task)", got)
	}
}

// TestAnotherCompilerCompilesAgain: the compiler's identity is part of the key. A
// pipeline given another compiler does not reuse what the first compiled.
func TestAnotherCompilerCompilesAgain(t *testing.T) {
	a, b := answers(linkCheck), answers(linkCheck)
	p := &Pipeline{Reader: answers(`{"rung": 3, "reason": "fine"}`), Compiler: a}
	in := Inputs{Task: task(proseRubric), Entry: entry(1, "see https://docs.example")}
	p.Run(context.Background(), in)
	p.Compiler = b
	p.Run(context.Background(), in)
	p.Run(context.Background(), in)
	if compiles(a) != 1 || compiles(b) != 1 {
		t.Errorf("compile calls: first compiler %d, second %d; want 1 and 1", compiles(a), compiles(b))
	}
}

// TestACompileThatFailedTransientlyIsNotKept: a model compiler that is unavailable
// degrades that entry to prose, and the next entry asks again; once it answers, its
// checks are kept. A compile whose answer could not be read is an answer, and is kept.
func TestACompileThatFailedTransientlyIsNotKept(t *testing.T) {
	compiler := &scripted{err: errors.Join(grading.ErrModelUnavailable, errors.New("connection refused"))}
	p := &Pipeline{Reader: answers(`{"rung": 3, "reason": "fine"}`), Compiler: compiler}
	in := Inputs{Task: task(proseRubric), Entry: entry(1, "see https://docs.example")}
	if res := p.Run(context.Background(), in); len(res.Checks) != 1 || len(res.Prose) != 1 {
		t.Fatalf("compiler down: checks %+v, prose %q", res.Checks, res.Prose)
	}
	compiler.mu.Lock()
	compiler.err, compiler.answers = nil, []string{linkCheck}
	compiler.mu.Unlock()
	for range 3 {
		if res := p.Run(context.Background(), in); len(res.Checks) != 2 || len(res.Prose) != 0 {
			t.Fatalf("compiler back: checks %+v, prose %q", res.Checks, res.Prose)
		}
	}
	if got := compiles(compiler); got != 2 {
		t.Errorf("compile calls = %d, want 2: the failed one and the one kept", got)
	}

	garbled := answers("Sure! Here are your checks.")
	q := &Pipeline{Reader: answers(`{"rung": 3, "reason": "fine"}`), Compiler: garbled}
	for range 3 {
		q.Run(context.Background(), in)
	}
	if got := compiles(garbled); got != 1 {
		t.Errorf("unreadable answer: compile calls = %d, want 1", got)
	}
}

// TestTheCompileCacheIsBounded: at most maxCompiled tasks are kept, the least recently
// used dropped first: a task graded again after maxCompiled others is compiled again,
// one graded again after fewer is not.
func TestTheCompileCacheIsBounded(t *testing.T) {
	compiler := answers(linkCheck)
	p := &Pipeline{Reader: answers(`{"rung": 3, "reason": "fine"}`), Compiler: compiler}
	grade := func(i int) {
		tk := task(proseRubric)
		tk.ID, tk.Title = ledger.TaskID(i), fmt.Sprint("task ", i)
		p.Run(context.Background(), Inputs{Task: tk, Entry: entry(1, "see https://docs.example")})
	}
	for i := range maxCompiled {
		grade(i)
	}
	grade(0)           // used again: now the most recent
	grade(maxCompiled) // evicts task 1, the least recently used
	grade(0)           // still cached
	grade(1)           // compiled again
	if got, want := compiles(compiler), maxCompiled+2; got != want {
		t.Errorf("compile calls = %d, want %d", got, want)
	}
	p.compileCache.mu.Lock()
	defer p.compileCache.mu.Unlock()
	if len(p.compileCache.items) != maxCompiled || p.compileCache.lru.Len() != maxCompiled {
		t.Errorf("cache holds %d items, %d in order; want %d", len(p.compileCache.items), p.compileCache.lru.Len(), maxCompiled)
	}
}
