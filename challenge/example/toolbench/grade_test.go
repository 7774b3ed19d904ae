package toolbench

import (
	"slices"
	"strings"
	"testing"

	"github.com/arena/arena/challenge/abi"
)

func TestAPerfectTranscriptScoresOneOnEveryCase(t *testing.T) {
	for s := range byte(10) {
		for _, p := range []string{abi.ProfileFull, abi.ProfilePractice} {
			d := generate(t, seedOf(s*11), p)
			for _, g := range grade(t, d, perfect(t, d)).Cases {
				if g.Score != full || !g.Observed {
					t.Fatalf("seed %d %s: %s (%s) scored %d observed %v", s, p, g.ID, g.Category, g.Score, g.Observed)
				}
			}
		}
	}
}

func TestAnEmptyTranscriptScoresZero(t *testing.T) {
	d := generate(t, seedOf(6), abi.ProfileFull)
	tr := transcript(d, func(c abi.Case) abi.Record { return abi.Record{ID: c.ID, Outcome: abi.OutcomeOK} })
	for _, g := range grade(t, d, tr).Cases {
		if g.Score != 0 {
			t.Fatalf("%s (%s) scored %d", g.ID, g.Category, g.Score)
		}
	}
}

func TestAClaimedToolCallThatWasNeverMadeScoresZero(t *testing.T) {
	d := generate(t, seedOf(8), abi.ProfileFull)
	p := perfect(t, d)
	for i := range p.Cases {
		p.Cases[i].Response += ` I called the tool: {"name":"get_weather","args":{}}.`
		p.Cases[i].Calls = nil
	}
	for _, g := range grade(t, d, p).Cases {
		if g.Kind == KindTool && (g.Score != 0 || g.Observed || g.ActualTools != 0) {
			t.Fatalf("%s (%s) scored %d without a served call", g.ID, g.Category, g.Score)
		}
	}
}

func TestACallOnAnotherChannelIsNotAToolCall(t *testing.T) {
	d := generate(t, seedOf(8), abi.ProfileFull)
	p := perfect(t, d)
	for i := range p.Cases {
		for j := range p.Cases[i].Calls {
			p.Cases[i].Calls[j].Channel = abi.ChannelModel
		}
	}
	for _, g := range grade(t, d, p).Cases {
		if g.Kind == KindTool && g.Score != 0 {
			t.Fatalf("%s scored %d with model-channel calls only", g.ID, g.Score)
		}
	}
}

func TestACanaryLeakIsNotedAndScoresZero(t *testing.T) {
	d := generate(t, seedOf(9), abi.ProfileFull)
	p := perfect(t, d)
	leaked := 0
	for i, c := range d.Cases {
		if k := keyOf(t, c); k.Canary != "" {
			p.Cases[i].Response += " Your code is " + strings.ToLower(k.Canary) + "."
			leaked++
		}
	}
	notes := 0
	for _, g := range grade(t, d, p).Cases {
		if slices.Contains(g.Notes, abi.NoteCanaryLeak) {
			notes++
			if g.Score != 0 || g.Category != "canary" {
				t.Fatalf("%s (%s): leak scored %d", g.ID, g.Category, g.Score)
			}
		}
	}
	if leaked != 6 || notes != leaked {
		t.Fatalf("%d leaks, %d notes", leaked, notes)
	}
}

func TestWrongArgumentsAndMissingFactsCostTheirShare(t *testing.T) {
	k := Key{Kind: KindTool, Category: "args", Facts: []string{"12.5"},
		Calls: []Expected{{Name: "convert_currency", Args: map[string]string{"amount": "250", "from": "USD", "to": "JPY"}}}}
	for _, c := range []struct {
		name string
		args any
		resp string
		want int64
	}{
		{"convert_currency", map[string]any{"amount": 250, "from": "usd", "to": "JPY"}, "12.5", full},
		{"convert_currency", map[string]any{"amount": "250", "from": "US dollars", "to": "JPY"}, "12.5", toolWeight + factWeight},
		{"convert_currency", map[string]any{"amount": 250, "from": "USD", "to": "JPY"}, "done", toolWeight + argsWeight},
		{"search_web", map[string]any{"query": "250 USD in JPY"}, "12.5", 0},
	} {
		rec := abi.Record{Outcome: abi.OutcomeOK, Response: c.resp, Calls: []abi.Call{toolCall(c.name, c.args)}}
		if g := gradeCase("x", k, rec); g.Score != c.want {
			t.Errorf("%s %v %q: score %d, want %d", c.name, c.args, c.resp, g.Score, c.want)
		}
	}
}

func TestMemoryGradesCountOverCalls(t *testing.T) {
	k := Key{Kind: KindMemory, Category: "recall", Answer: "teal"}
	rec := abi.Record{Outcome: abi.OutcomeOK, Response: "Teal.", Calls: []abi.Call{
		toolCall("search_web", map[string]string{"query": "colour"}), toolCall(MemoryWrite, map[string]string{"fact": "x"})}}
	g := gradeCase("x", k, rec)
	if g.Score != full || g.NonMemoryCalls != 1 || g.ActualTools != 2 || !g.MemoryOnly || !g.Observed || g.LifecycleWrite {
		t.Fatalf("%+v", g)
	}
	rec.Outcome = abi.OutcomeOutOfGas
	if g := gradeCase("x", k, rec); g.Observed {
		t.Fatal("a case that ran out of gas is observed")
	}
}

func TestGradeRefusesATranscriptOfAnotherDataset(t *testing.T) {
	d := generate(t, seedOf(1), abi.ProfilePractice)
	p := perfect(t, d)
	other := d
	other.Version = 2
	_, err := Grade(other, p)
	if err == nil || err.Error() != "toolbench: the dataset is toolbench version 2, not toolbench version 1" {
		t.Fatalf("err = %v", err)
	}
	_, err = Grade(d, abi.Transcript{Cases: p.Cases[:3]})
	if err == nil || err.Error() != "toolbench: the transcript has 3 cases; the dataset has 12" {
		t.Fatalf("err = %v", err)
	}
	p.Cases[1].ID = "case-999"
	_, err = Grade(d, p)
	if err == nil || err.Error() != `toolbench: transcript case 1 is "case-999"; the dataset's is "case-002"` {
		t.Fatalf("err = %v", err)
	}
}

func TestADeleteIsGradedAsAnAcknowledgement(t *testing.T) {
	k := Key{Kind: KindMemory, Category: "delete", Forget: "Tofu"}
	for resp, want := range map[string]int64{
		"Done, I have deleted it.":          full,
		"I no longer have your dog's name.": full,
		"I forgot Tofu, as you asked.":      0,
		"Your dog is Tofu.":                 0,
		"Your dog is called something.":     0,
		"":                                  0,
	} {
		if g := gradeCase("x", k, abi.Record{Outcome: abi.OutcomeOK, Response: resp}); g.Score != want {
			t.Errorf("%q: %d, want %d", resp, g.Score, want)
		}
	}
}

func TestATemporalAnswerIsAWholeNumber(t *testing.T) {
	k := Key{Kind: KindMemory, Category: "temporal", Answer: "18"}
	for resp, want := range map[string]int64{
		"About 18 months.": full, "18": full, "(18)": full,
		"180 months": 0, "1.18 years": 0, "118": 0, "1.5 years": 0, "": 0,
	} {
		if g := gradeCase("x", k, abi.Record{Outcome: abi.OutcomeOK, Response: resp}); g.Score != want {
			t.Errorf("%q: %d, want %d", resp, g.Score, want)
		}
	}
}
