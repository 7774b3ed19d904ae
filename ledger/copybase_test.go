package ledger_test

import (
	"encoding/json"
	"strings"
	"testing"

	. "github.com/arena/arena/ledger"
)

var errTemplate = expected("Template must be at most 16384 bytes of UTF-8")

// "a template the sponsor may attach at posting": a template too long or not UTF-8 is
// refused by its exact message, and nothing moves.
func TestPostingRefusesABadTemplate(t *testing.T) {
	ok := PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60}
	a := newArena(t, 5, nil)
	for name, tmpl := range map[string]string{
		"long":       strings.Repeat("x", 16<<10+1),
		"not UTF-8":  "\xff",
		"long, base": strings.Repeat("y", 16<<10+1),
	} {
		t.Run(name, func(t *testing.T) {
			b := ok
			b.Template, b.CopyBase = tmpl, strings.HasSuffix(name, "base")
			a.In(t).Refused(errTemplate, "sponsor", Ether(1), b)
		})
	}
	if n := len(a.s.Tasks()); n != 0 {
		t.Fatalf("refusals created %d tasks", n)
	}
}

// "the task's own terms": copy_base and the template are fixed at posting and shown by
// get_task; a template implies copy_base; get_tasks omits the template as it does the
// spec; a task posted without them shows neither.
func TestTheCopyBaseIsATermOfTheTask(t *testing.T) {
	a := newArena(t, 5, nil)
	plain := a.Do("sponsor", Ether(1), PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60}).Created
	based := a.Do("sponsor", Ether(1), PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60, CopyBase: true}).Created
	tmpl := a.Do("sponsor", Ether(1), PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60, Template: "## Steps\n1."}).Created
	for _, c := range []struct {
		id       uint64
		copyBase bool
		template string
	}{{plain, false, ""}, {based, true, ""}, {tmpl, true, "## Steps\n1."}} {
		v, _ := a.s.Task(TaskID(c.id))
		if v.CopyBase != c.copyBase || v.Template != c.template {
			t.Errorf("task %d: copy_base %v template %q, want %v %q", c.id, v.CopyBase, v.Template, c.copyBase, c.template)
		}
		if l := a.s.Tasks()[c.id-1]; l.Template != "" || l.CopyBase != c.copyBase {
			t.Errorf("get_tasks task %d: copy_base %v template %q", c.id, l.CopyBase, l.Template)
		}
	}
	v, _ := a.s.Task(TaskID(plain))
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(b); strings.Contains(s, "copy_base") || strings.Contains(s, "template") {
		t.Errorf("a task without a base shows one: %s", s)
	}
}

// An old form encodes exactly as it did: the new fields are omitted when unset, so its
// signature, its transaction hash and the state it builds are unchanged.
func TestAnOldPostingEncodesAsBefore(t *testing.T) {
	b, err := json.Marshal(PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"title":"t","spec":"s","rubric":"r","closes_in_s":60}`; string(b) != want {
		t.Errorf("encoded %s, want %s", b, want)
	}
	r, err := json.Marshal(Result{Tier: 3, Passed: true, Score: 60})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(r), "excluded") {
		t.Errorf("a result that excluded nothing says so: %s", r)
	}
}
