package bounty

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/google/go-cmp/cmp"
)

const guideRubric = "The guide must include a code block.\nIt should be at most 400 words."

const guide = "Moving off the v1 invoices endpoint\n\n" +
	"1. Create an export token in the dashboard under Settings, Developer, Exports.\n" +
	"2. Replace calls to /v1/invoices with /v2/exports and pass the token as a bearer header.\n" +
	"3. The new endpoint pages results with a cursor; keep requesting until next_cursor is empty.\n" +
	"4. Totals are now integers in minor units, so divide by 100 before display.\n" +
	"5. Retire the nightly cron job once the webhook subscription confirms delivery.\n\n" +
	"```sh\ncurl -H \"Authorization: Bearer $TOKEN\" https://api.example/v2/exports?cursor=abc\n```\n"

// reworded changes a handful of words in every sentence, as a copier would.
var reworded = strings.NewReplacer(
	"Moving off", "Migrating from", "Create", "Generate", "Replace calls to", "Swap",
	"keep requesting", "continue fetching", "so divide", "therefore divide", "Retire", "Remove",
	"before display", "prior to display").Replace(guide)

// TestARewordedCopyIsCaught: seed 000, "the reader liked it exactly as much ... What
// stopped it was measurement". Every check passes, the reader places the copy on rung
// 4, and the overlap with the earlier guide disqualifies it with duplicate_of.
func TestARewordedCopyIsCaught(t *testing.T) {
	p := &Pipeline{Reader: answers(`{"rung": 4, "reason": "a clear migration guide"}`)}
	in := Inputs{Task: task(guideRubric), Entry: entry(3, reworded), Earlier: []ledger.EntryView{entry(2, guide)}}
	res := p.Run(context.Background(), in)
	if diff := cmp.Diff(graded{Disqualified: true, DuplicateOf: 2}, gradedOf(res)); diff != "" {
		t.Fatalf("graded (-want +got):\n%s", diff)
	}
	if res.Similarity < ledger.CopyThreshold || res.Similarity == 100 {
		t.Errorf("Similarity = %d, want a reworded copy (80..99)", res.Similarity)
	}
	for _, c := range res.Checks {
		if !c.Passed {
			t.Errorf("check %q failed; the copy should pass every check", c.Expr)
		}
	}
	if want := "duplicate of submission #2 (" + strconv.Itoa(res.Similarity) + "% overlap)"; res.Reason != want {
		t.Errorf("Reason = %q, want %q", res.Reason, want)
	}
	if res.JudgedTier != 4 || res.JudgedScore != 80 {
		t.Errorf("judged %d/%d, want 4/80", res.JudgedTier, res.JudgedScore)
	}
}

// TestTheOriginalIsNeverTheCopy: seed 000, "Order of filing decides, not order of
// grading. The original is never the copy, even when the copy is graded first." The same
// pipeline grades the copy (filed second) and then the original (filed first).
func TestTheOriginalIsNeverTheCopy(t *testing.T) {
	p := &Pipeline{Reader: answers(`{"rung": 4, "reason": "clear"}`)}
	original, copied := entry(2, guide), entry(3, reworded)
	first := p.Run(context.Background(), Inputs{Task: task(guideRubric), Entry: copied, Earlier: []ledger.EntryView{original}})
	second := p.Run(context.Background(), Inputs{Task: task(guideRubric), Entry: original})
	if first.DuplicateOf != 2 {
		t.Errorf("copy graded first: DuplicateOf = %d, want 2", first.DuplicateOf)
	}
	if diff := cmp.Diff(graded{Tier: 4, Score: 80, Passed: true}, gradedOf(second)); diff != "" {
		t.Errorf("original graded second (-want +got):\n%s", diff)
	}
	if second.Similarity != 0 {
		t.Errorf("original's Similarity = %d, want 0: nothing was filed before it", second.Similarity)
	}
}

// TestARuleBreakIsNeverFiledAsACopy: seed 000, "a rule break is not filed as a copy".
// A copy that also breaks a mandatory criterion is disqualified for the rule, with
// duplicate_of 0, and its similarity is still recorded.
func TestARuleBreakIsNeverFiledAsACopy(t *testing.T) {
	noCode := reworded[:strings.Index(reworded, "```")]
	p := &Pipeline{Reader: answers(`{"rung": 4, "reason": "clear"}`)}
	res := p.Run(context.Background(), Inputs{Task: task(guideRubric), Entry: entry(3, noCode),
		Earlier: []ledger.EntryView{entry(2, guide)}})
	if diff := cmp.Diff(graded{Disqualified: true}, gradedOf(res)); diff != "" {
		t.Fatalf("graded (-want +got):\n%s", diff)
	}
	if res.Similarity < ledger.CopyThreshold {
		t.Errorf("Similarity = %d, want >= 80", res.Similarity)
	}
	if want := "required criteria not met, established deterministically: The guide must include a code block."; res.Reason != want {
		t.Errorf("Reason = %q, want %q", res.Reason, want)
	}
}

// TestTheIndexFollowsEachRoundsFrozenInputs: one pipeline grading entries of a task in
// any order measures each against exactly its own earlier entries.
func TestTheIndexFollowsEachRoundsFrozenInputs(t *testing.T) {
	p := &Pipeline{Reader: answers(`{"rung": 3, "reason": "fine"}`)}
	a, b, c := entry(1, "alpha beta gamma delta"), entry(2, "epsilon zeta eta theta"), entry(3, "alpha beta gamma delta")
	tk := task("")
	runs := []struct {
		in   Inputs
		want int
	}{
		{Inputs{Task: tk, Entry: c, Earlier: []ledger.EntryView{a, b}}, 100},
		{Inputs{Task: tk, Entry: b, Earlier: []ledger.EntryView{a}}, 0},
		{Inputs{Task: tk, Entry: a}, 0},
		{Inputs{Task: tk, Entry: c, Earlier: []ledger.EntryView{b}}, 0}, // not a prefix: rebuilt
		{Inputs{Task: tk, Entry: c, Earlier: []ledger.EntryView{a, b}}, 100},
	}
	for i, r := range runs {
		if got := p.Run(context.Background(), r.in).Similarity; got != r.want {
			t.Errorf("run %d: Similarity = %d, want %d", i, got, r.want)
		}
	}
}
