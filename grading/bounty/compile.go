package bounty

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"reflect"
	"slices"
	"sync"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/bounty/checks"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger"
)

// maxCompiled bounds the compiled rubrics a Pipeline keeps: the tasks a validator grades
// at once, with room to spare. The least recently used is dropped first.
const maxCompiled = 256

// compilerVersion names what a rubric compiles to: this version of the pattern compiler
// and the filters, and the exact compile prompt's instructions and schema. It is part of
// every cache key.
var compilerVersion = func() string {
	sum := sha256.Sum256([]byte(compileSystem + "\x00" + string(compileSchema)))
	return "bounty-compile/1 " + hex.EncodeToString(sum[:8])
}()

// compiled is a task's rubric compiled: what every entry on the task is measured
// against. It is shared by the runs that use it and never modified.
type compiled struct {
	plan    checks.Plan
	set     *checks.Set
	dropped []string     // every candidate refused, by the model compiler's decoding or the filters
	prose   []string     // criteria no check decides, in rubric order
	call    *ledger.Call // the receipt of the model compiler's call, if one was made
}

// compile gives the run its task's checks: compiled once per task and compiler and then
// taken from the Pipeline's cache, so that every entry on a task is measured against the
// same checks and a criterion only a model can compile costs one model call per
// validator, not one per entry. A result graded from the cache carries the receipt of
// the call that compiled its checks, the same receipt on every entry, so that anyone can
// re-derive the checks from the prompt and response it keeps.
func (r *run) compile() {
	if r.err != nil {
		return
	}
	c := r.p.compiledFor(r)
	r.plan, r.set = c.plan, c.set
	r.res.Dropped = slices.Clone(c.dropped)
	r.res.Prose = slices.Clone(c.prose)
	if c.call != nil {
		r.res.Calls = append(r.res.Calls, *c.call)
	}
}

// compileRubric runs the pattern compiler over the rubric, hands what it left to the
// model compiler when there is one, and validates every expression. A model compiler
// that fails, or answers with something unreadable, degrades the run rather than failing
// it: what it was asked to compile goes to the reader as prose. It reports whether the
// outcome may be kept for later entries: not when the model compiler failed for a
// reason that may pass (unavailable, timed out), which the next entry tries again.
func (r *run) compileRubric() (*compiled, bool) {
	c := &compiled{plan: checks.Compile(r.in.Task.Rubric)}
	cands, uncompiled := c.plan.Compiled, c.plan.Pending
	keep := true
	if len(uncompiled) > 0 && r.p.Compiler != nil {
		var model []checks.Candidate
		model, uncompiled, c.dropped, c.call, keep = r.modelCompile(uncompiled)
		cands = append(slices.Clone(cands), model...)
	}
	c.set = checks.Build(cands, uncompiled)
	c.dropped = append(c.dropped, c.set.Dropped...)
	c.prose = inRubricOrder(c.set.Prose, c.plan.Criteria)
	return c, keep
}

// modelCompile asks the model compiler for checks for pending. It returns the
// candidates, the criteria left uncompiled, those the decoding dropped, the call's
// receipt, and whether the outcome may be kept.
func (r *run) modelCompile(pending []checks.Criterion) ([]checks.Candidate, []checks.Criterion, []string, *ledger.Call, bool) {
	b := &prompt.Brief{Title: r.in.Task.Title, Spec: r.in.Task.Spec, Rubric: r.in.Task.Rubric, Prose: texts(pending)}
	started := r.now()
	text, call, err := r.p.Compiler.Complete(r.ctx, compilePrompt(b))
	var receipt *ledger.Call
	if call, ok := grading.Stamp(call, prompt.Compile, started, r.p.Now); ok {
		receipt = &call
	}
	if err != nil {
		return nil, pending, nil, receipt, grading.ClassifyModel(err).Class != ledger.Transient
	}
	cands, uncompiled, dropped, err := checks.Decode(text, pending)
	if err != nil {
		return nil, pending, nil, receipt, true
	}
	return cands, uncompiled, dropped, receipt, true
}

// inRubricOrder sorts prose criteria into the order the rubric gives them.
func inRubricOrder(prose []string, criteria []checks.Criterion) []string {
	pos := map[string]int{}
	for i, c := range criteria {
		if _, ok := pos[c.Text]; !ok {
			pos[c.Text] = i
		}
	}
	out := slices.Clone(prose)
	slices.SortStableFunc(out, func(a, b string) int { return pos[a] - pos[b] })
	return out
}

// compiledFor returns the run's task compiled, from the cache or by compiling it. Of
// the runs that want one key at once, one compiles and the others wait for it; if it
// fails for a reason that may pass, the next to ask compiles again. A run whose context
// ends while it waits compiles on its own, uncached.
func (p *Pipeline) compiledFor(r *run) *compiled {
	key, ok := compileKeyOf(p.Compiler, r.in.Task)
	if !ok {
		c, _ := r.compileRubric()
		return c
	}
	if c := p.compileCache.get(r.ctx, key, p.Compiler, r.compileRubric); c != nil {
		return c
	}
	c, _ := r.compileRubric()
	return c
}

// compileKey names one compilation: the compiler and every input it reads.
type compileKey struct {
	compiler string   // the model compiler's identity, "" for none
	digest   [32]byte // sha256 of compilerVersion and the task's title, brief and rubric
}

// compileKeyOf returns the key of task's rubric compiled by compiler. The compiler is
// identified by its type and address: one instance, whose provider, endpoint and model
// are fixed when it is opened. A cached entry holds the instance, so the address cannot
// be reused while the key is in the cache. A compiler that is not a pointer has no
// identity, and its compilations are not cached.
func compileKeyOf(compiler grading.Model, t ledger.TaskView) (compileKey, bool) {
	var k compileKey
	if compiler != nil {
		v := reflect.ValueOf(compiler)
		if v.Kind() != reflect.Pointer || v.IsNil() {
			return k, false
		}
		k.compiler = fmt.Sprintf("%T@%x", compiler, v.Pointer())
	}
	h := sha256.New()
	for _, f := range []string{compilerVersion, t.Title, t.Spec, t.Rubric} {
		h.Write(binary.AppendUvarint(nil, uint64(len(f))))
		h.Write([]byte(f))
	}
	h.Sum(k.digest[:0])
	return k, true
}

// compileCache is a bounded least-recently-used cache of compiled rubrics, safe for
// concurrent use. Its zero value is empty and ready.
type compileCache struct {
	mu    sync.Mutex
	items map[compileKey]*compileItem
	lru   list.List // of the finished items, the most recently used in front
}

type compileItem struct {
	key      compileKey
	done     chan struct{} // closed when the compilation has finished or been abandoned
	val      *compiled     // set when finished and kept
	elem     *list.Element
	compiler grading.Model // keeps the compiler, and so its address, alive
}

// get returns the value for key, calling compile at most once at a time per key. It
// returns nil when ctx ends while another caller compiles.
func (c *compileCache) get(ctx context.Context, key compileKey, compiler grading.Model, compile func() (*compiled, bool)) *compiled {
	for {
		c.mu.Lock()
		if c.items == nil {
			c.items = map[compileKey]*compileItem{}
		}
		it, ok := c.items[key]
		if !ok {
			it = &compileItem{key: key, done: make(chan struct{}), compiler: compiler}
			c.items[key] = it
			c.mu.Unlock()
			return c.fill(it, compile)
		}
		if it.val != nil {
			c.lru.MoveToFront(it.elem)
			c.mu.Unlock()
			return it.val
		}
		c.mu.Unlock()
		select {
		case <-it.done:
		case <-ctx.Done():
			return nil
		}
	}
}

// fill compiles it, keeps the value if compile says so, and wakes the waiters.
func (c *compileCache) fill(it *compileItem, compile func() (*compiled, bool)) *compiled {
	var val *compiled
	keep := false
	defer func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		if keep && val != nil {
			it.val = val
			it.elem = c.lru.PushFront(it)
			for c.lru.Len() > maxCompiled {
				delete(c.items, c.lru.Remove(c.lru.Back()).(*compileItem).key)
			}
		} else {
			delete(c.items, it.key)
		}
		close(it.done)
	}()
	val, keep = compile()
	return val
}
