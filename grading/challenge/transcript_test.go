package challenge_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/arena/arena/challenge/abi"
)

// A run publishes its transcript to the node under its digest; anyone holding the
// bench, the seed and that blob regrades it to the very result the validator attested.
func TestTheTranscriptIsPublishedAndRegradable(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	run := practice(runOf(m, toolbench(m), "sharp", "published"))
	out := newValidator(t, n, m).Run(context.Background(), run)
	if out.Result.Error != "" {
		t.Fatal(out.Result.Error)
	}
	blob := n.blob(t, out.Result.Transcript)
	if abi.Digest(blob) != out.Result.Transcript || string(blob) != string(out.Transcript.Canonical()) {
		t.Fatalf("the published blob is not the canonical transcript")
	}
	auditor := newValidator(t, n, m)
	got, err := auditor.Regrade(context.Background(), run, blob)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, out.Result) {
		t.Fatalf("regraded\n%+v\nattested\n%+v", got, out.Result)
	}
}

// The transcript holds only what the host observed: every tool call the program made,
// with the mock endpoint's answer, and the probe that opened the run.
func TestTheTranscriptIsWhatTheHostObserved(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	run := practice(runOf(m, toolbench(m), "sharp", "observed"))
	out := newValidator(t, n, m).Run(context.Background(), run)
	if out.Result.Error != "" {
		t.Fatal(out.Result.Error)
	}
	var d abi.Dataset
	if err := json.Unmarshal(out.Dataset, &d); err != nil {
		t.Fatal(err)
	}
	tr := out.Transcript
	if tr.Probe.ID != d.Probe.ID || len(tr.Probe.Calls) == 0 {
		t.Fatalf("probe %+v: want the dataset's probe with its tool calls", tr.Probe)
	}
	if len(tr.Cases) != len(d.Cases) {
		t.Fatalf("%d records for %d cases", len(tr.Cases), len(d.Cases))
	}
	calls := 0
	for i, r := range tr.Cases {
		if r.ID != d.Cases[i].ID || r.Outcome != abi.OutcomeOK {
			t.Fatalf("case %d: record %s %s", i, r.ID, r.Outcome)
		}
		for _, c := range r.Calls {
			calls++
			var req abi.ToolRequest
			if err := json.Unmarshal([]byte(c.Request), &req); err != nil || c.Channel != abi.ChannelTool {
				t.Fatalf("case %s: a call %+v that is not a tool request", r.ID, c)
			}
			want, ok := d.Cases[i].Mocks[req.Name]
			if !ok {
				want = []byte(abi.UnknownTool)
			}
			if c.Response != string(want) {
				t.Fatalf("case %s: tool %s answered %q; its mock is %q", r.ID, req.Name, c.Response, want)
			}
		}
	}
	if calls == 0 || !strings.Contains(string(out.Transcript.Canonical()), `"calls":[{"channel":"tool"`) {
		t.Fatalf("no tool call recorded")
	}
}

// Regrade refuses a transcript that cannot be the run's: bytes that are not a
// transcript or not canonical, or one that names another program, dataset or seed.
func TestRegradeRefusesATranscriptThatIsNotTheRuns(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	run := runOf(m, toolbench(m), "sharp", "refused")
	run.Profile = abi.ProfilePractice
	v := newValidator(t, n, m)
	out := v.Run(context.Background(), run)
	if out.Result.Error != "" {
		t.Fatal(out.Result.Error)
	}
	edit := func(f func(*abi.Transcript)) []byte {
		tr := *out.Transcript
		f(&tr)
		return tr.Canonical()
	}
	indented, _ := json.MarshalIndent(out.Transcript, "", " ")
	other := run
	other.Seed = seedOf("another")
	cases := []struct {
		name string
		blob []byte
		want string
	}{
		{"not a transcript", []byte("[1,2]"), "regrade: the transcript is not one: json: cannot unmarshal array into Go value of type abi.Transcript"},
		{"not canonical", indented, "regrade: the transcript's bytes are not canonical"},
		{"another program", edit(func(t *abi.Transcript) { t.Program = seedOf("x") }), "regrade: the transcript names program " + seedOf("x") + ", not " + run.Program},
		{"another dataset", edit(func(t *abi.Transcript) { t.Dataset = seedOf("y") }), "regrade: the transcript names dataset " + seedOf("y") + "; the seed generates " + out.Result.Dataset},
		{"another seed", edit(func(t *abi.Transcript) { t.Seed = seedOf("z") }), "regrade: the transcript names seed " + seedOf("z") + ", not " + run.Seed},
	}
	for _, c := range cases {
		if _, err := v.Regrade(context.Background(), run, c.blob); err == nil || err.Error() != c.want {
			t.Fatalf("%s: got %v, want %s", c.name, err, c.want)
		}
	}
	if _, err := v.Regrade(context.Background(), other, n.blob(t, out.Result.Transcript)); err == nil {
		t.Fatal("a transcript regraded under another seed")
	}
}
