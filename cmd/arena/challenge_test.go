package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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

// The leaderboard ranks final runs by composite, first seen first among equals, and
// writes scores in millionths as decimals.
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
