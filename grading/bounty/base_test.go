package bounty

import (
	"context"
	"testing"

	"github.com/arena/arena/grading/bounty/overlap"
	"github.com/arena/arena/ledger"
	"github.com/google/go-cmp/cmp"
)

// A template every entrant was handed: two honest entries that fill it in differently.
const (
	form = "Incident report template. Summary of the outage. Timeline of detection, " +
		"escalation, mitigation and recovery. Customer impact and affected regions. " +
		"Root cause analysis. Follow-up actions with owners and due dates.\n"
	firstFill = form + "Database failover stalled.\n"
	otherFill = form + "Expired certificate.\n"
)

// TestTheCopyCheckLeavesOutTheBase: "a copy check that does not count text every
// entrant was handed". Without a base, the second of two filled-in templates is a copy
// of the first; on a task posted with the template, only what each entrant wrote is
// compared, the grade records how many of its tokens were left out, and the entry
// passes.
func TestTheCopyCheckLeavesOutTheBase(t *testing.T) {
	p := &Pipeline{Reader: answers(`{"rung": 3, "reason": "complete"}`)}
	plain := task("")
	based := plain
	based.ID, based.CopyBase, based.Template = 2, true, form
	earlier := []ledger.EntryView{entry(1, firstFill)}

	copied := p.Run(context.Background(), Inputs{Task: plain, Entry: entry(2, otherFill), Earlier: earlier})
	if copied.DuplicateOf != 1 || copied.Excluded != 0 {
		t.Fatalf("without a base: duplicate_of %d, excluded %d; want 1, 0", copied.DuplicateOf, copied.Excluded)
	}
	res := p.Run(context.Background(), Inputs{Task: based, Entry: entry(2, otherFill), Earlier: earlier})
	if diff := cmp.Diff(graded{Tier: 3, Score: 60, Passed: true}, gradedOf(res)); diff != "" {
		t.Fatalf("with the template as base (-want +got):\n%s", diff)
	}
	if res.Similarity != 0 {
		t.Errorf("Similarity = %d, want 0: the two share nothing but the template", res.Similarity)
	}
	if want := len(distinctTokens(form)); res.Excluded != want {
		t.Errorf("Excluded = %d, want %d, the template's tokens in the work", res.Excluded, want)
	}
}

// TestTheBaseIsTheSpecRubricAndTemplate: with copy_base set, the spec's and the
// rubric's tokens are left out as the template's are; the overlap stays an integer
// percentage that two pipelines, as two validators, compute alike.
func TestTheBaseIsTheSpecRubricAndTemplate(t *testing.T) {
	tk := task("Name the Ledger Sync endpoint.")
	tk.CopyBase = true
	work := "Announce Ledger Sync API developers endpoint: sync now pages with cursors."
	prior := "Announce Ledger Sync API developers endpoint: batches arrive hourly."
	in := Inputs{Task: tk, Entry: entry(2, work), Earlier: []ledger.EntryView{entry(1, prior)}}
	a := (&Pipeline{Reader: answers(`{"rung": 2, "reason": "thin"}`)}).Run(context.Background(), in)
	b := (&Pipeline{Reader: answers(`{"rung": 2, "reason": "thin"}`)}).Run(context.Background(), in)
	if a.Similarity != b.Similarity || a.Excluded != b.Excluded {
		t.Fatalf("two validators differ: %d/%d and %d/%d", a.Similarity, a.Excluded, b.Similarity, b.Excluded)
	}
	// announce, ledger, sync, api, developers and endpoint come from the spec and the
	// rubric; what remains (pages, cursors) the earlier entry does not hold.
	if a.Excluded != 6 || a.Similarity != 0 {
		t.Errorf("excluded %d similarity %d, want 6 and 0", a.Excluded, a.Similarity)
	}
	tk.CopyBase = false
	if c := (&Pipeline{Reader: answers(`{"rung": 2, "reason": "thin"}`)}).Run(context.Background(), Inputs{Task: tk, Entry: in.Entry, Earlier: in.Earlier}); c.Similarity != 75 || c.Excluded != 0 {
		t.Errorf("without copy_base: similarity %d excluded %d, want 75 and 0", c.Similarity, c.Excluded)
	}
}

func distinctTokens(s string) map[string]bool {
	out := map[string]bool{}
	for _, t := range overlap.Tokens(s) {
		out[t] = true
	}
	return out
}
