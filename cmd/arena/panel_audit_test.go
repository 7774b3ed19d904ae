package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// readingBy returns the result of an honest reading of work at tier, its one model call
// signed by the validator named who, as a grader sends it.
func readingBy(t *testing.T, c *ledgertest.Contest, who, work string, tier int) ledger.Result {
	t.Helper()
	sum := func(s string) string { h := sha256.Sum256([]byte(s)); return hex.EncodeToString(h[:]) }
	prompt, answer := "Place this work on the ladder.\n"+work, `{"rung": `+string(rune('0'+tier))+`}`
	call := ledger.Call{Provider: "builtin", Model: "reader", Purpose: "read", Prompt: prompt, Response: answer,
		PromptSHA: sum(prompt), ResponseSHA: sum(answer)}
	if err := c.Key(who).SignCall(&call, c.Terms().GenesisHash(), ledger.KeystoreChainID); err != nil {
		t.Fatal(err)
	}
	res := ledgertest.Reading(tier, 0, false)
	res.WorkDigest, res.Calls = sum(work), []ledger.Call{call}
	return res
}

// panelSnapshots grades an entry on an arena of nine validators, committees of three
// and an appeal growth of two, appeals it, has the fresh panel of five settle the regrade
// with four agreeing, and writes the snapshot, and a copy whose regrade round records
// the terms' quorum of two instead of the panel's four; it returns both paths and the
// entry.
func panelSnapshots(t *testing.T) (honest, doctored string, entry ledger.EntryID) {
	t.Helper()
	terms := ledgertest.Terms(9)
	terms.Committee, terms.Quorum, terms.AppealGrowth = 3, 0, 2
	s, err := ledger.New(terms)
	if err != nil {
		t.Fatal(err)
	}
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	const work = "A launch note for Tally Webhooks: retries with backoff, signed bodies."
	task := c.Post(ledger.Ether(100))
	entry = c.Enter(task, "bob", work)
	first := c.OpenRound(entry)
	c.AttestAll(first.ID, readingBy(t, c, c.ByAddr(c.Attempt(first.ID).Leader), work, 2))
	out := c.Do("appellant", c.Terms().AppealBond, ledger.Appeal{Entry: entry, Argument: "the reading is too low"})
	regrade := ledger.RoundID(out.Created)
	at := c.Attempt(regrade)
	var panel ledger.RoundView
	c.View(func(s *ledger.State) { panel, _ = s.Round(regrade) })
	if len(panel.Committee) != 5 || panel.Quorum != 4 {
		t.Fatalf("regrade panel %d, quorum %d; want 5 and 4", len(panel.Committee), panel.Quorum)
	}
	seats := []ledger.Address{at.Leader}
	for _, m := range panel.Committee {
		if m != at.Leader {
			seats = append(seats, m)
		}
	}
	for _, m := range seats[:4] {
		who := c.ByAddr(m)
		c.Do(who, ledger.Amount{}, ledger.Attest{Round: regrade, Attempt: at.Attempt, Result: readingBy(t, c, who, work, 4)})
	}
	snap := s.Snapshot()
	e := snap.Entries[entry-1]
	if e.Current == nil || e.Current.Round != regrade || len(e.Current.Agreed) != 4 {
		t.Fatalf("entry %d's grade in force: %+v; want the regrade's, four agreeing", entry, e.Current)
	}
	dir := t.TempDir()
	write := func(name string, s ledger.Snapshot) string { return writeSnapshot(t, dir, name, s) }
	honest = write("snapshot.json", snap)
	for i := range snap.Rounds {
		if snap.Rounds[i].ID == regrade {
			snap.Rounds[i].Quorum = 2
		}
	}
	return honest, write("doctored.json", snap), entry
}

// "Appeals go to a fresh, larger panel ... its quorum grows with it", in `arena audit`:
// the audit derives a regrade's panel size and quorum from the terms' appeal growth
// rather than reading them from the round, so a grade kept by the grown quorum
// re-derives (exit 0), and a round that records the terms' quorum for a grown panel
// closes with a mismatch (exit 3) naming the panel quorum it derived.
func TestTheAuditReDerivesAGrownPanelsQuorum(t *testing.T) {
	honest, doctored, entry := panelSnapshots(t)
	id := strconv.FormatUint(uint64(entry), 10)
	for _, tc := range []struct {
		name, snapshot string
		code           int
		last, stderr   string
		lines          []string
	}{
		{"the panel's own quorum", honest, 0, "every number re-derived", "", []string{
			"  ok   panel        settled 5, derived 5 (a regrade's panel: the committee of 3 grown by the terms' appeal growth of 2, at most the 9 validators)",
			"  ok   panel quorum settled 4, derived 4 (the terms' quorum of 2 grown by as many members as the panel)",
		}},
		{"the terms' quorum recorded for a grown panel", doctored, exitMismatch, "MISMATCH: the entry's grade does not follow from the published data",
			"[EXTERNAL] audit: a settled number does not follow from the published data\n", []string{
				"  FAIL panel quorum settled 2, derived 4 (the terms' quorum of 2 grown by as many members as the panel)",
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(context.Background(), []string{"audit", "entry", id, "--snapshot", tc.snapshot, "--dir", t.TempDir()}, nil, &out, &errb)
			if code != tc.code {
				t.Fatalf("exit %d, want %d; stdout:\n%s\nstderr: %s", code, tc.code, out.String(), errb.String())
			}
			if errb.String() != tc.stderr {
				t.Errorf("stderr %q, want %q", errb.String(), tc.stderr)
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
			if tc.code == 0 && strings.Contains(out.String(), "FAIL") {
				t.Errorf("a step failed:\n%s", out.String())
			}
		})
	}
}
