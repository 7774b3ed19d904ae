package bounty

import (
	"context"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/google/go-cmp/cmp"
)

// TestAURLEntryIsGradedOnTheBytesFetched: the digest is sha256 of the exact bytes read,
// which are the bytes committed at filing.
func TestAURLEntryIsGradedOnTheBytesFetched(t *testing.T) {
	web := &pages{body: map[string]string{"https://w.example/note": shortNote}}
	p := &Pipeline{Reader: answers(`{"rung": 4, "reason": "x"}`), Fetcher: web}
	e := urlEntry(1, "https://w.example/note", shortNote)
	res := p.Run(context.Background(), Inputs{Task: task(noteRubric), Entry: e})
	if res.Error != "" || res.WorkDigest != digest(shortNote) || res.Score != 80 {
		t.Errorf("result %+v, digest %s", gradedOf(res), res.WorkDigest)
	}
}

// TestAFetchFailureIsTheRunsError: seed 000, "Failure paths need consensus too". The
// run stops at the fetch, the graded fields are zero and no model is called.
func TestAFetchFailureIsTheRunsError(t *testing.T) {
	for _, tc := range []struct {
		web  *pages
		want string
	}{
		{&pages{}, "[EXTERNAL] Work URL returned 404"},
		{&pages{errs: map[string]error{"https://w.example/x": statusErr(503)}}, "[TRANSIENT] Work host unavailable (503)"},
		{nil, "[TRANSIENT] Work host unavailable (no fetcher configured)"},
	} {
		reader := answers(`{"rung": 4, "reason": "x"}`)
		p := &Pipeline{Reader: reader}
		if tc.web != nil {
			p.Fetcher = tc.web
		}
		res := p.Run(context.Background(), Inputs{Task: task(noteRubric), Entry: urlEntry(1, "https://w.example/x", shortNote)})
		if diff := cmp.Diff(graded{Error: tc.want}, gradedOf(res)); diff != "" {
			t.Errorf("graded (-want +got):\n%s", diff)
		}
		if len(reader.prompts) != 0 || res.JudgedTier != 0 || res.Reason != "" {
			t.Errorf("%s: reader called %d times, judged %d", tc.want, len(reader.prompts), res.JudgedTier)
		}
	}
}

// TestAReadingFailureKeepsTheReceipt: an answer with no rung is exactly
// [LLM_ERROR] No merit rung in the response, and the call is still recorded.
func TestAReadingFailureKeepsTheReceipt(t *testing.T) {
	res := (&Pipeline{Reader: answers(`{"verdict": "great"}`)}).Run(context.Background(), Inputs{Task: task(noteRubric), Entry: entry(1, shortNote)})
	if diff := cmp.Diff(graded{Error: "[LLM_ERROR] No merit rung in the response"}, gradedOf(res)); diff != "" {
		t.Errorf("graded (-want +got):\n%s", diff)
	}
	if len(res.Calls) != 1 || res.Calls[0].Response != `{"verdict": "great"}` || len(res.Checks) != 3 {
		t.Errorf("calls %+v checks %d", res.Calls, len(res.Checks))
	}
}

// TestEarlierURLEntriesAreFetchedOncePerRun: earlier entries given as URLs are read
// with the same Fetcher, each URL once (two entries that committed the same page share
// the fetch); one whose host is gone cannot be an original and does not stop the run.
func TestEarlierURLEntriesAreFetchedOncePerRun(t *testing.T) {
	web := &pages{body: map[string]string{"https://w.example/guide": guide}}
	p := &Pipeline{Reader: answers(`{"rung": 4, "reason": "x"}`), Fetcher: web}
	earlier := []ledger.EntryView{
		urlEntry(1, "https://w.example/gone", guide),
		urlEntry(2, "https://w.example/guide", guide),
		urlEntry(3, "https://w.example/guide", guide),
	}
	res := p.Run(context.Background(), Inputs{Task: task(guideRubric), Entry: entry(4, reworded), Earlier: earlier})
	if res.DuplicateOf != 2 || res.Error != "" {
		t.Errorf("graded %+v, want a copy of 2", gradedOf(res))
	}
	if web.count["https://w.example/guide"] != 1 || web.count["https://w.example/gone"] != 1 {
		t.Errorf("fetches %v, want one each", web.count)
	}
}
