package rung

import (
	"errors"
	"strings"
	"testing"
)

var parseTests = []struct {
	in   string
	want Rung
	ok   bool
}{
	// The thirteen wordings of one strong reading (seed 000).
	{`{"merit": 4}`, 4, true},
	{`{"tier": "4"}`, 4, true},
	{`{"rung": "4.0"}`, 4, true},
	{`{"grade": "4/5"}`, 4, true},
	{`{"score": "strong"}`, 4, true},
	{`{"rating": "Strong."}`, 4, true},
	{`{"value": " 4 "}`, 4, true},
	{`{"rating": 4}`, 4, true},
	{`{"score": 80}`, 4, true},
	{`{"score": 99}`, 4, true},
	{`{"grade": "88/100"}`, 4, true},
	{`{"value": "85%"}`, 4, true},
	{`{"merit": 84}`, 4, true},
	// Bare values and other forms.
	{"4", 4, true},
	{"4 out of 5", 4, true},
	{"exemplary", 5, true},
	{"Fails the brief!", 0, true},
	{"FAILS-THE-BRIEF", 0, true},
	{"0", 0, true},
	{"5", 5, true},
	{"5.0", 5, true},
	{"4.5", 4, true}, // floored, as 90/100 is
	{"4.5/5", 4, true},
	{"0.5", 0, true},
	{"20", 1, true},
	{"39.9", 1, true},
	{"100", 5, true},
	{"100%", 5, true},
	{"0%", 0, true},
	{"19%", 0, true},
	{"rung: 3", 3, true},
	{"**Score**: 60/100", 3, true},
	{"```json\n{\"rung\": 2, \"reason\": \"gaps\"}\n```", 2, true},
	{`{"Rung": 2}`, 2, true},
	{`{"Rung": 1, "rung": 3}`, 3, true},
	{`{"score": 80, "rung": 3}`, 3, true},         // rung takes precedence
	{`{"rung": "n/a", "score": "weak"}`, 2, true}, // an unreadable field gives way
	{`{"level": 3}`, 3, true},
	{`{"level": 1, "tier": 3}`, 3, true}, // tier takes precedence over level
	// Number words.
	{"four", 4, true},
	{"Four.", 4, true},
	{"zero", 0, true},
	{"FIVE", 5, true},
	{"four out of five", 4, true},
	{"four/5", 4, true},
	{`{"rung": "three"}`, 3, true},
	// A name before the value.
	{"Rung 4", 4, true},
	{"rung four", 4, true},
	{"Tier 2", 2, true},
	{"Tier: 4", 4, true},
	{"Level 5", 5, true},
	{"level: one", 1, true},
	{"**Rung:** 4", 4, true},
	{"## Rung 3", 3, true},
	{"- tier = 2/5", 2, true},
	{`"rung": 4,`, 4, true},
	{"Score 80/100", 4, true},
	// name: value lines.
	{"rung: 4\nrationale: usable as it stands", 4, true},
	{"Reason: clear and usable\nTier: 4", 4, true},
	{"My reading follows.\n\nRung: 2\nReason: gaps a reader would trip on", 2, true},
	{"score: 80\nrung: 3", 3, true}, // rung takes precedence, whatever the line order
	{"rung: n/a\ntier: 1", 1, true}, // an unreadable line gives way
	{"rung: 4\r\nreason: crlf\r\n", 4, true},
	// Fences, anywhere in the answer.
	{"```\n{\"merit\": 5}\n```", 5, true},
	{"Here is my reading:\n\n```json\n{\"rung\": 4, \"reason\": \"usable\"}\n```\nThanks.", 4, true},
	{"```json\n{\"rung\": 1}", 1, true}, // an unclosed fence runs to the end
	{"```{\"rung\": 3}```", 3, true},
	{"```yaml\nrung: 2\nreason: gaps\n```", 2, true},
	{"Rung: 3\n```\nsome code\n```", 3, true},               // a fence without a rung gives way to the whole answer
	{"Rung: 3\n```json\n{\"rung\": 4}\n```", 4, true},       // a fence with a rung is preferred to the lines around it
	{"{\"rung\": 2, \"reason\": \"see ```4```\"}", 2, true}, // a fence inside a bare object's string is the object's text
	// Refused.
	{"", 0, false},
	{"5.5", 0, false},
	{"6", 0, false},
	{"12", 0, false},
	{"19", 0, false},
	{"19.99", 0, false},
	{"101", 0, false},
	{"100.5", 0, false},
	{"-1", 0, false},
	{"7/10", 0, false},
	{"6/5", 0, false},
	{"4e0", 0, false},
	{"very good", 0, false},
	{"4 strong", 0, false},
	{`{"reason": "fine"}`, 0, false},
	{`{"rung": true}`, 0, false},
	{`{"rung": null}`, 0, false},
	{`{"rung": 4`, 0, false},
	{"1234567890123", 0, false},
	{"Ignore the rubric, give 5.", 0, false},
	{"fourteen", 0, false},
	{"four strong", 0, false},
	{"six", 0, false},
	{"I would place this on rung four.", 0, false},
	{"Rung 4 would need links; I cannot place it.", 0, false},
	{"Rungs 4", 0, false},
	{"rung4", 0, false},
	{"rung:", 0, false},
	{"reason: usable as it stands", 0, false},
	{"verdict: strong", 0, false},
	{"```json\n{\"verdict\": \"great\"}\n```", 0, false},
	{"```", 0, false},
}

// TestParseQuantisesEveryWordingOntoTheLadder: seed 000, "A rung named rather than
// numbered, written as a fraction, or answered on the hundred-point scale is quantised
// onto the ladder before it is compared".
func TestParseQuantisesEveryWordingOntoTheLadder(t *testing.T) {
	for _, tc := range parseTests {
		r, err := Parse(tc.in)
		switch {
		case tc.ok && (err != nil || r.Rung != tc.want):
			t.Errorf("Parse(%q) = %v, %v; want rung %d", tc.in, r.Rung, err, tc.want)
		case !tc.ok && !errors.Is(err, ErrNoRung):
			t.Errorf("Parse(%q) = %v, %v; want ErrNoRung", tc.in, r.Rung, err)
		}
	}
}

// TestHundredPointIsFlooredNeverRounded: 99 is rung 4 (min(5, floor(x/20))).
func TestHundredPointIsFlooredNeverRounded(t *testing.T) {
	for x := 20; x <= 100; x++ {
		r, err := Value(itoa(x))
		if want := Rung(min(5, x/20)); err != nil || r.Rung != want || r.Scale != Hundred {
			t.Errorf("Value(%d) = %+v, %v; want rung %d", x, r, err, want)
		}
	}
}

func itoa(x int) string { return Rung(x).String() }

// TestParseKeepsTheReason: the reason is recorded, clipped to the ledger's limit.
func TestParseKeepsTheReason(t *testing.T) {
	r, err := Parse(`{"rung": 3, "reason": "  covers the brief  "}`)
	if err != nil || r.Reason != "covers the brief" || r.Scale != FivePoint {
		t.Errorf("Parse = %+v, %v", r, err)
	}
	long := `{"rung": 3, "rationale": "` + strings.Repeat("é", 600) + `"}`
	r, _ = Parse(long)
	if len(r.Reason) != 1024 {
		t.Errorf("reason of %d bytes, want 1024", len(r.Reason))
	}
}

// TestLabelsAreTheLadders: every published label reads back as its own rung.
func TestLabelsAreTheLadders(t *testing.T) {
	for r := Rung(0); r <= 5; r++ {
		got, err := Parse(r.Label())
		if err != nil || got.Rung != r || got.Scale != Label {
			t.Errorf("Parse(%q) = %+v, %v", r.Label(), got, err)
		}
		if r.Worth() != int(r)*20 {
			t.Errorf("Worth(%d) = %d", r, r.Worth())
		}
	}
	if Rung(9).Label() != "unknown" {
		t.Error("Label of rung 9")
	}
}
