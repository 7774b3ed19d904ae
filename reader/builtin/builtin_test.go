package builtin

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/reader/call"
)

var launch = prompt.Brief{
	Title:  "Launch note for the Settlement API",
	Spec:   "Write a launch note telling developers what the Settlement API does, how payouts settle, and where the reference lives.",
	Rubric: "The note must be at most 600 characters. Include a link to the reference.",
}

// readTests: the heuristic's rung for works of growing coverage and length.
var readTests = []struct {
	name string
	work string
	rung int
}{
	{"empty", "", 0},
	{"only stopwords", "and the of it is", 0},
	{"off topic", "Our office moves to the third floor next Tuesday; bring boxes and tape.", 0},
	{"one term of 15", "Settlement is here.", 0},
	{"two terms of 15", "The Settlement API is here.", 1},
	{"six terms of 15", "The Settlement API settles payouts for developers. Reference: https://docs.example/api", 3},
	{"covers the brief", "Launch: the Settlement API is live. Developers can now settle payouts through one call; " +
		"each payout settles within a day. This note links the reference at https://docs.example/settlement, " +
		"which lives beside the other API references, with characters and limits described.", 4},
	{"twelve terms of 15", "Launch: the Settlement API is live. Developers can now settle payouts through one call. " +
		"This note, telling you where, includes a link to the reference at https://docs.example/settlement.", 5},
}

// TestTheRungFollowsCoverageAndLength: the documented heuristic, rung by rung.
func TestTheRungFollowsCoverageAndLength(t *testing.T) {
	for _, tc := range readTests {
		b := launch
		b.Work = tc.work
		if got := Read(b); got.Rung != tc.rung {
			t.Errorf("Read(%s) = %d (%s), want %d", tc.name, got.Rung, got.Reason, tc.rung)
		}
	}
}

// TestAShortWorkIsHeldDown: against a stated "N words", a work under a quarter of it
// reaches rung 1 at most and one under half of it rung 2, however well it covers the
// brief.
func TestAShortWorkIsHeldDown(t *testing.T) {
	b := prompt.Brief{Spec: "Explain settlement payouts in 40 words.", Rubric: "Mention payouts."}
	full := "Explain settlement payouts: a word to mention." // every term, 7 words
	for _, tc := range []struct {
		words int
		rung  int
	}{{7, 1}, {9, 1}, {10, 2}, {19, 2}, {20, 5}} {
		b.Work = full + strings.Repeat(" filler", tc.words-7)
		if got := Read(b); got.Rung != tc.rung {
			t.Errorf("%d words: rung %d (%s), want %d", tc.words, got.Rung, got.Reason, tc.rung)
		}
	}
}

// TestTheSameBriefGivesTheSameBytes: deterministic, "same Brief -> same answer, every
// time": a hundred readings of one brief are byte-identical, and the receipt hashes
// them.
func TestTheSameBriefGivesTheSameBytes(t *testing.T) {
	b := launch
	b.Work = readTests[len(readTests)-1].work
	p := prompt.Prompt{Purpose: prompt.Read, System: "s", User: "u", Brief: &b}
	first, rec, err := New().Complete(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for range 100 {
		if again, _, _ := New().Complete(context.Background(), p); again != first {
			t.Fatalf("answers differ:\n%s\n%s", first, again)
		}
	}
	var r Reading
	if err := json.Unmarshal([]byte(first), &r); err != nil || r != Read(b) {
		t.Fatalf("answer %s is not Read's reading %+v: %v", first, Read(b), err)
	}
	if rec.ResponseSHA != call.Hash(first) || rec.PromptSHA != call.Hash("s\n\nu") || rec.Provider != Provider {
		t.Fatalf("receipt %+v does not hash the texts", rec)
	}
}

// TestCompilingLeavesTheRubricToThePatterns: for prompt.Compile the answer is no checks.
func TestCompilingLeavesTheRubricToThePatterns(t *testing.T) {
	got, _, err := New().Complete(context.Background(), prompt.Prompt{Purpose: prompt.Compile, Brief: &launch})
	var v map[string][]any
	if err != nil || json.Unmarshal([]byte(got), &v) != nil {
		t.Fatalf("Compile = %q, %v", got, err)
	}
	if d := cmp.Diff(map[string][]any{"checks": {}}, v); d != "" {
		t.Fatalf("answer (-want +got):\n%s", d)
	}
}

// TestAReadingNeedsTheBrief: without a Brief, or for an unknown purpose, the reader
// refuses.
func TestAReadingNeedsTheBrief(t *testing.T) {
	for _, p := range []prompt.Prompt{{Purpose: prompt.Read}, {Purpose: "summarise", Brief: &launch}} {
		if _, _, err := New().Complete(context.Background(), p); !errors.Is(err, grading.ErrModelRefused) {
			t.Errorf("Complete(%+v) = %v, want ErrModelRefused", p, err)
		}
	}
}

// FuzzRead: whatever the brief and work, Read never panics, returns a rung on the ladder
// and gives the same answer twice.
func FuzzRead(f *testing.F) {
	for _, tc := range readTests {
		f.Add(launch.Spec, launch.Rubric, tc.work)
	}
	f.Add("in 0 words", "99999 words", "x")
	f.Fuzz(func(t *testing.T, spec, rubric, work string) {
		b := prompt.Brief{Spec: spec, Rubric: rubric, Work: work}
		r := Read(b)
		if r.Rung < 0 || r.Rung > 5 || r.Reason == "" {
			t.Fatalf("Read = %+v", r)
		}
		if again := Read(b); again != r {
			t.Fatalf("Read not deterministic: %+v then %+v", r, again)
		}
	})
}

// BenchmarkRead measures one builtin reading of a 600-word work.
func BenchmarkRead(b *testing.B) {
	br := launch
	br.Work = strings.Repeat(readTests[len(readTests)-1].work+" ", 15)
	for b.Loop() {
		Read(br)
	}
}
