package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
)

// `arena audit ratings` re-derives the published ratings from the published matches:
// exit 0 with the closing line for an honest snapshot, 3 with the MISMATCH line and the
// failing rank for one whose rating was raised by a tenth of a point.
func TestTheRatingsAuditExitsThreeOnADoctoredRating(t *testing.T) {
	honest, _ := auditSnapshots(t)
	b, err := os.ReadFile(honest)
	if err != nil {
		t.Fatal(err)
	}
	var snap ledger.Snapshot
	if err := json.Unmarshal(b, &snap); err != nil {
		t.Fatal(err)
	}
	if len(snap.Agents) != 2 || snap.Agents[0].Games != 1 {
		t.Fatalf("the honest snapshot rates %+v, want two agents of one match", snap.Agents)
	}
	snap.Agents[0].Rating += 0.1
	b, err = json.Marshal(snap)
	if err != nil {
		t.Fatal(err)
	}
	doctored := filepath.Join(t.TempDir(), "doctored.json")
	if err := os.WriteFile(doctored, b, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, snapshot string
		code           int
		last, line     string
	}{
		{"honest", honest, 0, "every number re-derived", "  ok   agents       settled 2, derived 2 (every agent of a finished match between two different agents)"},
		{"doctored", doctored, exitMismatch, "MISMATCH: the ratings table does not follow from the published data", "  FAIL rank 1 "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(context.Background(), []string{"audit", "ratings", "--snapshot", tc.snapshot, "--dir", t.TempDir()}, nil, &out, &errb)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stdout:\n%s\nstderr: %s", code, tc.code, out.String(), errb.String())
			}
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if lines[0] != "audit of agent ratings (2 agents from 1 finished matches of 2)" || lines[len(lines)-1] != tc.last {
				t.Errorf("first and last lines %q, %q; want the subject and %q", lines[0], lines[len(lines)-1], tc.last)
			}
			if !strings.Contains(out.String(), "\n"+tc.line) {
				t.Errorf("no line %q in\n%s", tc.line, out.String())
			}
		})
	}
}
