package toolbench

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/arena/arena/challenge/abi"
)

func TestServeGeneratesAndGrades(t *testing.T) {
	seed := seedOf(12)
	out, err := Serve(strings.NewReader(`{"op":"generate","seed":"` + hex.EncodeToString(seed[:]) + `","profile":"practice"}`))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(generate(t, seed, abi.ProfilePractice))
	if !bytes.Equal(out, want) {
		t.Fatal("generate answers other bytes than Generate")
	}
	var d abi.Dataset
	if err := json.Unmarshal(out, &d); err != nil {
		t.Fatal(err)
	}
	tr := perfect(t, d)
	req, _ := json.Marshal(abi.Request{Op: abi.OpGrade, Dataset: out, Transcript: tr.Canonical()})
	out, err = Serve(bytes.NewReader(req))
	if err != nil {
		t.Fatal(err)
	}
	var g abi.Grades
	if err := json.Unmarshal(out, &g); err != nil || len(g.Cases) != 12 || g.Cases[0].Score != full {
		t.Fatalf("grades %s, %v", out, err)
	}
}

func TestServeRefusesABadRequest(t *testing.T) {
	for _, c := range []struct{ req, err string }{
		{`nope`, "read request: invalid character 'o' in literal null (expecting 'u')"},
		{`{"op":"train"}`, `unknown op "train"`},
		{`{"op":"generate","seed":"abcd","profile":"full"}`, "the seed must be 64 hex digits"},
		{`{"op":"generate","seed":"` + strings.Repeat("0", 64) + `","profile":"x"}`, `toolbench: unknown profile "x" (want "full" or "practice")`},
		{`{"op":"grade","dataset":[1]}`, "read dataset: json: cannot unmarshal array into Go value of type abi.Dataset"},
		{`{"op":"grade","dataset":{},"transcript":"x"}`, "read transcript: json: cannot unmarshal string into Go value of type abi.Transcript"},
	} {
		_, err := Serve(strings.NewReader(c.req))
		if err == nil || err.Error() != c.err {
			t.Errorf("%s: err = %v, want %s", c.req, err, c.err)
		}
	}
}
