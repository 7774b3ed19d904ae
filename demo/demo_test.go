package demo_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena/arena/board/boardtest"
	"github.com/arena/arena/demo"
	"github.com/arena/arena/ledger"
)

// TestDemoTellsEveryStory: the demo runs three contests, a tender, an agent match and a
// benchmark challenge end to end through the real API with the builtin reader and the
// embedded example modules, every story it claims is on the ledger, and it writes the
// snapshot and the board where it says. (Its wall time is a figure in BENCHMARKS.md,
// measured by `arena perf demo`, not asserted here.)
func TestDemoTellsEveryStory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "demo")
	var out bytes.Buffer
	sum, err := demo.Run(t.Context(), demo.Options{Dir: dir, Out: &out})
	if err != nil {
		t.Fatalf("demo.Run: %v\n%s", err, out.String())
	}
	t.Logf("demo took %s\n%s", sum.Elapsed, out.String())
	for _, s := range sum.Stories {
		if !s.Held {
			t.Errorf("story %q did not hold: %s", s.Name, s.Detail)
		}
	}
	if len(sum.Stories) != 23 || len(sum.Rows) != 6 {
		t.Errorf("%d stories and %d scorecard rows, want 23 and 6", len(sum.Stories), len(sum.Rows))
	}
	for _, p := range []string{sum.Snapshot, sum.Board} {
		if _, err := os.Stat(p); err != nil || !strings.HasPrefix(p, dir) {
			t.Errorf("output %s: %v (want it under %s)", p, err, dir)
		}
		if !strings.Contains(out.String(), p) {
			t.Errorf("the demo does not say where %s is", p)
		}
	}
	checkMoneyLine(t, sum)
}

// checkMoneyLine: the board the demo wrote shows a money line whose figures, read back
// from the page, add up and list every pool of the demo's snapshot that holds something
// (the learning pool among them).
func checkMoneyLine(t *testing.T, sum demo.Summary) {
	t.Helper()
	page, err := os.ReadFile(sum.Board)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(sum.Snapshot)
	if err != nil {
		t.Fatal(err)
	}
	var snap ledger.Snapshot
	if err := json.Unmarshal(raw, &snap); err != nil {
		t.Fatalf("decode the demo's snapshot: %v", err)
	}
	if err := boardtest.CheckMoneyLine(string(page), snap.Arena.Balances); err != nil {
		t.Error(err)
	}
	if snap.Arena.Balances.LearnPool.IsZero() {
		t.Errorf("the demo's learning pool holds nothing, so its money line proves nothing about it")
	}
	if m, err := boardtest.ReadMoneyLine(string(page)); err == nil {
		t.Logf("the demo's money line: %s", m.Sums())
	}
}

// TestSkipNamesOnlyStoriesItCanSkip: an unknown story is refused before any arena is
// made.
func TestSkipNamesOnlyStoriesItCanSkip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d")
	_, err := demo.Run(t.Context(), demo.Options{Dir: dir, Skip: []string{demo.SkipLearning, "tender"}})
	if err == nil || !strings.Contains(err.Error(), `no story "tender" to skip`) {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the directory was made: %v", err)
	}
}

// A long run plays the contests again on the one arena, by new people: every story of
// the second round holds on its own (the tender's criteria, checked in the first round,
// are not asked for again; the benchmark challenge is published on the first round's
// bench, whose name its first registrant owns), and AfterRound hears each round.
func TestASecondRoundOnTheSameArenaTellsEveryStoryAgain(t *testing.T) {
	var rounds []demo.Summary
	sum, err := demo.Run(t.Context(), demo.Options{Dir: filepath.Join(t.TempDir(), "d"), Skip: []string{demo.SkipLearning}, Rounds: 2,
		AfterRound: func(_ int, s demo.Summary) { rounds = append(rounds, s) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(rounds) != 2 || len(rounds[1].Stories) == 0 || len(sum.Stories) != 2*len(rounds[1].Stories) || rounds[1].Height <= rounds[0].Height {
		t.Fatalf("%d rounds heard, %d stories in all; heights %v", len(rounds), len(sum.Stories), rounds)
	}
	for i, r := range rounds {
		for _, s := range r.Stories {
			if !s.Held {
				t.Errorf("round %d: %s: %s", i+1, s.Name, s.Detail)
			}
		}
	}
}
