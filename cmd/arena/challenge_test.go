package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/challenge/composite"
)

// A program over the module cap is refused before anything is sent, with the size and
// the cap, since validators would refuse it at the gate and its committer pay for the
// run; an empty one and a missing source are refused too.
func TestAnOversizedModuleIsRefusedBeforeSending(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.wasm")
	if err := os.WriteFile(big, make([]byte, 8<<20+1), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.wasm")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	none := func(string) ([]byte, bool) { return nil, false }
	for _, tc := range []struct {
		src  moduleSource
		want string
	}{
		{moduleSource{file: big}, big + " is 8388609 bytes; a module may be at most 8388608 bytes (8 MiB), and validators refuse a larger one at the gate"},
		{moduleSource{file: empty}, empty + " is empty"},
		{moduleSource{}, "give a program file (.wasm) or --example"},
		{moduleSource{file: big, example: "sharp"}, "give a program file or --example, not both"},
	} {
		_, _, err := tc.src.read("program", none, nil)
		if err == nil || err.Error() != tc.want {
			t.Errorf("read(%+v) = %v, want %q", tc.src, err, tc.want)
		}
	}
}

// Scores in millionths are written as decimals with six places, an SE beside them.
func TestScoresAreWrittenAsDecimals(t *testing.T) {
	for in, want := range map[int64]string{0: "0.000000", 1: "0.000001", 940000: "0.940000", 1_000_000: "1.000000", -5: "-0.000005"} {
		if got := microsWords(in); got != want {
			t.Errorf("microsWords(%d) = %q, want %q", in, got, want)
		}
	}
	if got := scoreWords(612345, 21000); !strings.Contains(got, "0.612345 ± 0.021000") {
		t.Errorf("scoreWords = %q", got)
	}
}

// The leaderboard ranks only final full runs on the active version, by composite with
// first seen first among equals; a provisional median is shown, marked, and never
// ranked, whatever its composite; the champion is named.
func TestTheBoardRanksOnlyFinalRuns(t *testing.T) {
	final := func(id ledger.ChallengeEntryID, c int64) ledger.ChallengeEntryView {
		return ledger.ChallengeEntryView{ID: id, Profile: challenge.ProfileFull, Ranked: ledger.RunID(id), Composite: c, SE: 1000, N: 110, Eligible: true}
	}
	v := &ledger.ChallengeView{
		Active: 1, Champion: 2,
		Entries: []ledger.ChallengeEntryView{final(1, 500000), final(2, 700000), {ID: 3, Profile: challenge.ProfileFull}, final(4, 700000)},
		Runs: []ledger.RunView{{ID: 3, Entry: 3, Bench: 1, Purpose: challenge.PurposeEntry, State: challenge.RunProvisional,
			Kept: &challenge.RunResult{Composite: composite.Result{N: 110, Composite: 900000, SE: 2000}}}},
	}
	var got []string
	for _, r := range boardRows(v) {
		got = append(got, fmt.Sprintf("%d:%d %s %s %s", r.rank, r.entry.ID, r.composite, r.state, r.note))
	}
	want := []string{
		"1:2 0.700000 ± 0.001000 final champion",
		"2:4 0.700000 ± 0.001000 final ",
		"3:1 0.500000 ± 0.001000 final ",
		"0:3 0.900000 ± 0.002000 provisional PROVISIONAL: below quorum, feedback only, never ranked",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("board (-want +got):\n%s", d)
	}
}
