package bounty

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const noteRubric = `The launch note must be at most 500 characters.
It should include a link.
Ideally it mentions "webhooks".`

// longNote is 700-odd characters: a note a reader may like that breaks the length rule.
var longNote = strings.Repeat("Ledger Sync keeps your books and your bank feed in step, every night. ", 9) +
	"Read more at https://docs.example/ledger-sync and subscribe to webhooks."

const shortNote = "Ledger Sync is live: one call reconciles your ledger with the bank feed. " +
	"Subscribe to webhooks for every settled batch. Docs: https://docs.example/ledger-sync"

// TestAnOverLengthNoteIsThrownOutByCode: seed 000, "an entry code threw out carries
// rung 0 whatever the reader thought of the writing". The reader says adequate (60);
// the sandbox measured the limit as violated; the grade is rung 0, score 0,
// disqualified, and the reason names the criterion. The judged tier is kept.
func TestAnOverLengthNoteIsThrownOutByCode(t *testing.T) {
	reader := answers(`{"rung": 3, "reason": "a long preamble before it says what the API does"}`)
	p := &Pipeline{Reader: reader, Now: fixedNow}
	res := p.Run(context.Background(), Inputs{Task: task(noteRubric), Entry: entry(1, longNote)})
	want := graded{Tier: 0, Score: 0, Disqualified: true, Passed: false}
	if diff := cmp.Diff(want, gradedOf(res)); diff != "" {
		t.Fatalf("graded (-want +got):\n%s", diff)
	}
	if res.JudgedTier != 3 || res.JudgedScore != 60 {
		t.Errorf("judged = %d/%d, want 3/60", res.JudgedTier, res.JudgedScore)
	}
	if want := "required criteria not met, established deterministically: The launch note must be at most 500 characters."; res.Reason != want {
		t.Errorf("Reason = %q, want %q", res.Reason, want)
	}
	if res.Rationale != "a long preamble before it says what the API does" {
		t.Errorf("Rationale = %q", res.Rationale)
	}
	mustContain(t, "reading prompt", reader.last().User, "VIOLATED (mandatory): The launch note must be at most 500 characters.")
	if len(res.Calls) != 1 || res.Calls[0].Purpose != "read" || res.Calls[0].Started != "2026-03-01T12:00:00Z" {
		t.Errorf("Calls = %+v", res.Calls)
	}
}

// TestAPreferredMissCostsFifteen: seed 000, "score = max(0, tier*20 - 15*preferred
// missed)". A strong note without the preferred word lands at 65 and names it.
func TestAPreferredMissCostsFifteen(t *testing.T) {
	work := strings.ReplaceAll(shortNote, "webhooks", "callbacks")
	p := &Pipeline{Reader: answers(`{"rung": 4, "reason": "clear"}`)}
	res := p.Run(context.Background(), Inputs{Task: task(noteRubric), Entry: entry(1, work)})
	if diff := cmp.Diff(graded{Tier: 4, Violations: 1, Score: 65, Passed: true}, gradedOf(res)); diff != "" {
		t.Fatalf("graded (-want +got):\n%s", diff)
	}
	if want := `read as 4/5 'strong' (80 points), less 15 for preferred criteria not met: Ideally it mentions "webhooks".`; res.Reason != want {
		t.Errorf("Reason = %q, want %q", res.Reason, want)
	}
	if res.JudgedScore != 80 || len(res.Checks) != 3 || res.WorkDigest != digest(work) {
		t.Errorf("judged %d, %d checks, digest %s", res.JudgedScore, len(res.Checks), res.WorkDigest)
	}
}

// TestDeductionsNeverGoBelowZero: a poor note missing both preferred criteria scores 0
// but is not disqualified, and still passed (rung >= 1).
func TestDeductionsNeverGoBelowZero(t *testing.T) {
	p := &Pipeline{Reader: answers(`{"rung": 1, "reason": "thin"}`)}
	res := p.Run(context.Background(), Inputs{Task: task(noteRubric), Entry: entry(1, "Ledger Sync is out.")})
	if diff := cmp.Diff(graded{Tier: 1, Violations: 2, Score: 0, Passed: true}, gradedOf(res)); diff != "" {
		t.Fatalf("graded (-want +got):\n%s", diff)
	}
}

// TestRungZeroDoesNotPass: passed = not disqualified and rung >= 1.
func TestRungZeroDoesNotPass(t *testing.T) {
	p := &Pipeline{Reader: answers(`{"rung": "fails the brief", "reason": "off topic"}`)}
	res := p.Run(context.Background(), Inputs{Task: task(noteRubric), Entry: entry(1, shortNote)})
	if diff := cmp.Diff(graded{}, gradedOf(res)); diff != "" {
		t.Fatalf("graded (-want +got):\n%s", diff)
	}
}
