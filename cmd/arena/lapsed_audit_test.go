package main

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// After an appeal lapses, `arena audit entry` re-derives the regrade that `arena show
// grades` lists beside the grade in force: its panel, its quorum, and that no attempt
// reached it, so the grade appealed stands; a regrade round that records the terms'
// quorum for a grown panel is a mismatch.
func TestTheAuditReDerivesALapsedRegradesPanel(t *testing.T) {
	terms := ledgertest.Terms(9)
	terms.Committee, terms.Quorum, terms.AppealGrowth = 3, 0, 2
	s, err := ledger.New(terms)
	if err != nil {
		t.Fatal(err)
	}
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	const work = "A launch note for Tally Webhooks: retries with backoff, signed bodies."
	entry := c.Enter(c.Post(ledger.Ether(100)), "bob", work)
	first := c.OpenRound(entry)
	c.AttestAll(first.ID, readingBy(t, c, c.ByAddr(c.Attempt(first.ID).Leader), work, 2))
	out := c.Do("appellant", c.Terms().AppealBond, ledger.Appeal{Entry: entry, Argument: "the reading is too low"})
	regrade := ledger.RoundID(out.Created)
	for range c.Terms().Attempts {
		c.AttestAll(regrade, ledgertest.Failure(ledger.LLMError, "No merit rung in the response"))
	}
	snap := s.Snapshot()
	if e := snap.Entries[entry-1]; e.Appeal == nil || e.Appeal.Outcome != ledger.AppealLapsed || e.Current.Round != first.ID {
		t.Fatalf("entry %d: appeal %+v, grade in force %+v; want the appeal lapsed and round %d's grade standing", entry, e.Appeal, e.Current, first.ID)
	}
	dir := t.TempDir()
	write := func(name string, s ledger.Snapshot) string { return writeSnapshot(t, dir, name, s) }
	honest := write("snapshot.json", snap)
	for i := range snap.Rounds {
		if snap.Rounds[i].ID == regrade {
			snap.Rounds[i].Quorum = 2
		}
	}
	doctored := write("doctored.json", snap)
	id := strconv.FormatUint(uint64(entry), 10)
	for _, tc := range []struct {
		name, snapshot string
		code           int
		last           string
		lines          []string
	}{
		{"a lapsed regrade", honest, 0, "every number re-derived", []string{
			"  ok   regrade 2 panel settled 5, derived 5 (a regrade's panel: the committee of 3 grown by the terms' appeal growth of 2, at most the 9 validators)",
			"  ok   regrade 2 panel quorum settled 4, derived 4 (the terms' quorum of 2 grown by as many members as the panel)",
			"  ok   regrade 2 quorum settled fewer than 4, derived 0 (the most members who agreed on a result it could keep, over its 3 attempts: it lapsed, and the grade appealed stands)",
		}},
		{"the terms' quorum recorded for a lapsed regrade's panel", doctored, exitMismatch, "MISMATCH: the entry's grade does not follow from the published data", []string{
			"  FAIL regrade 2 panel quorum settled 2, derived 4 (the terms' quorum of 2 grown by as many members as the panel)",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(context.Background(), []string{"audit", "entry", id, "--snapshot", tc.snapshot, "--dir", t.TempDir()}, nil, &out, &errb)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stdout:\n%s\nstderr: %s", code, tc.code, out.String(), errb.String())
			}
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if last := lines[len(lines)-1]; last != tc.last {
				t.Errorf("the closing line is %q, want %q", last, tc.last)
			}
			for _, l := range tc.lines {
				if !strings.Contains(out.String(), "\n"+l+"\n") {
					t.Errorf("no line %q in\n%s", l, out.String())
				}
			}
		})
	}
}
