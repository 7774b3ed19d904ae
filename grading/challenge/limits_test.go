package challenge_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/arena/arena/challenge/abi"
	gchallenge "github.com/arena/arena/grading/challenge"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/sandbox/gas"
)

// A program that floods its transcript (per case 32 calls of 64 KiB of control bytes and
// a response of as many, about 13 MB once JSON-escaped) is cut to fit the blob cap and
// graded on what was kept, not failed [TRANSIENT] for want of a place to publish; the
// published transcript regrades to the same result. (The cap is lowered to 1 MiB so that
// the bench grades quickly; at blobs.MaxBytes the same run takes two minutes.)
func TestAFloodedTranscriptIsCutToFitTheBlobCap(t *testing.T) {
	const limit = 1 << 20
	defer gchallenge.SetMaxTranscript(limit)()
	n, m := newNode(t), newMirror(t)
	run := practice(runOf(m, toolbench(m), "flood", "flood"))
	out := newValidator(t, n, m).Run(context.Background(), run)
	if out.Result.Error != "" {
		t.Fatal(out.Result.Error)
	}
	canon := n.blob(t, out.Result.Transcript)
	if len(canon) > limit {
		t.Fatalf("the transcript is %d bytes, over %d", len(canon), limit)
	}
	for _, r := range out.Transcript.Cases {
		if r.Outcome != abi.OutcomeOK || len(r.Calls) != abi.MaxCalls || r.Response == "" || r.Calls[0].Request != r.Response {
			t.Fatalf("case %s: %s, %d calls, %d response bytes", r.ID, r.Outcome, len(r.Calls), len(r.Response))
		}
	}
	again, err := newValidator(t, n, m).Regrade(context.Background(), run, canon)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again, out.Result) {
		t.Fatalf("regraded %+v, attested %+v", again, out.Result)
	}
}

// catbench is a bench whose grades name 257 categories.
func catbench(m *mirror) challenge.BenchView {
	b := toolbench(m)
	wasm := guests["catbench"]
	b.Name, b.Module, b.Size, b.URL = "catbench", abi.Digest(wasm), int64(len(wasm)), m.serve("catbench.wasm", wasm)
	b.Kinds, b.MinCases, b.Profiles = []string{abi.KindTool}, 1, []string{abi.ProfileFull}
	b.CheckSeed = challenge.CheckSeed(b.Name, b.Version)
	return b
}

// The check refuses a bench whose grades make a composite the ledger would refuse in
// every run result (more than 256 categories), and so does a run on it.
func TestABenchWhoseResultsTheLedgerWouldRefuseFails(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	v := newValidator(t, n, m)
	want := ledger.NewError(ledger.Expected, "The bench's grades cannot be scored: 257 categories; the limit is 256")
	failed(t, v.Check(context.Background(), catbench(m)).Error, want)
	failed(t, v.Run(context.Background(), runOf(m, catbench(m), "garbage", "cats")).Result.Error, want)
}

// A run's result names the program's canonical digest: its sha256 without custom
// sections, the same for a copy that differs only in them.
func TestARunNamesTheProgramsCanonicalDigest(t *testing.T) {
	n, m := newNode(t), newMirror(t)
	v := newValidator(t, n, m)
	plain := guests["garbage"]
	named := append(append([]byte(nil), plain...), 0, 6, 4, 'n', 'o', 't', 'e', '!') // a custom section "note"
	guests["garbage-named"] = named
	want, err := gas.Canonical(plain)
	if err != nil {
		t.Fatal(err)
	}
	for _, agent := range []string{"garbage", "garbage-named"} {
		out := v.Run(context.Background(), practice(runOf(m, toolbench(m), agent, "canonical")))
		if out.Result.Error != "" || out.Result.Canonical != want {
			t.Fatalf("%s: canonical %q (error %q), want %s", agent, out.Result.Canonical, out.Result.Error, want)
		}
	}
}
