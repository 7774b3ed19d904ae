package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/arena/arena/board"
	"github.com/arena/arena/ledger"
)

// finish reads the final snapshot, writes it and the board into dir, and prints the
// scorecard and whether each story held.
func (d *driver) finish(ctx context.Context, dir string) (Summary, error) {
	s, err := d.c.Snapshot(ctx)
	if err != nil {
		return Summary{}, err
	}
	sum := Summary{Dir: dir, Snapshot: filepath.Join(dir, "snapshot.json"), Board: filepath.Join(dir, "board", "index.html"),
		Height: s.Arena.Height, StateHash: s.Arena.Hash}
	if err := writeFiles(s, sum.Snapshot, sum.Board); err != nil {
		return sum, err
	}
	sum.Rows = d.rows(s)
	sum.Stories = d.check(s)
	printScorecard(d.out, sum)
	return sum, nil
}

func writeFiles(s ledger.Snapshot, snapPath, boardPath string) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("encode snapshot: %w", err)
	}
	if err := os.WriteFile(snapPath, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("write snapshot: %w", err)
	}
	var page bytes.Buffer
	if err := board.Render(&page, s); err != nil {
		return fmt.Errorf("render board: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(boardPath), 0o755); err != nil {
		return fmt.Errorf("write board: %w", err)
	}
	if err := os.WriteFile(boardPath, page.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write board: %w", err)
	}
	return nil
}

// rows makes one scorecard row per entry, by entry id.
func (d *driver) rows(s ledger.Snapshot) []Row {
	var out []Row
	for _, e := range s.Entries {
		r := Row{Task: e.Task, Entry: e.ID, Solver: d.names[e.Solver], Outcome: e.Outcome}
		if g := e.Current; g != nil {
			r.Rung, r.Label, r.Judged, r.Score = g.Tier, g.Label, g.Result.JudgedScore, g.Score
			r.Note = note(g)
		}
		if e.Appeal != nil && e.Appeal.Outcome != "" {
			r.Note = strings.TrimPrefix(r.Note+"; appeal "+e.Appeal.Outcome, "; ")
		}
		out = append(out, r)
	}
	return out
}

// note says why code ruled on a grade: a copy, a failed mandatory check, or the
// preferred criteria missed.
func note(g *ledger.GradeView) string {
	switch {
	case g.DuplicateOf != 0:
		return fmt.Sprintf("duplicate of entry %d (%d%% overlap)", g.DuplicateOf, g.Result.Similarity)
	case g.Disqualified:
		for _, c := range g.Result.Checks {
			if c.Mandatory && !c.Passed {
				return "disqualified: " + c.Criterion
			}
		}
		return "disqualified"
	case g.Violations > 0:
		return fmt.Sprintf("%d preferred %s missed (-%d)", g.Violations, plural(g.Violations, "criterion", "criteria"), g.Violations*ledger.SoftDeduction)
	}
	return ""
}

func printScorecard(w io.Writer, sum Summary) {
	fmt.Fprintln(w, "\nscorecard")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TASK\tENTRY\tSOLVER\tRUNG\tJUDGED\tSCORE\tOUTCOME\tWHY")
	for _, r := range sum.Rows {
		fmt.Fprintf(tw, "%d\t%d\t%s\t%d %s\t%d\t%d\t%s\t%s\n", r.Task, r.Entry, r.Solver, r.Rung, r.Label, r.Judged, r.Score, r.Outcome, r.Note)
	}
	tw.Flush()
	fmt.Fprintln(w, "\nstories")
	for _, s := range sum.Stories {
		mark := "held"
		if !s.Held {
			mark = "DID NOT HOLD"
		}
		fmt.Fprintf(w, "  %s: %s (%s)\n", s.Name, mark, s.Detail)
	}
	fmt.Fprintf(w, "\nstate hash %s at height %d\nsnapshot: %s\nboard:    %s\n", sum.StateHash, sum.Height, sum.Snapshot, sum.Board)
}

// units renders atto as whole units with the decimals it needs.
func units(a ledger.Amount) string {
	s := a.String()
	const decimals = 18
	if len(s) <= decimals {
		s = strings.Repeat("0", decimals-len(s)+1) + s
	}
	whole, frac := s[:len(s)-decimals], strings.TrimRight(s[len(s)-decimals:], "0")
	if frac == "" {
		return whole
	}
	return whole + "." + frac
}

// plural returns one when n is 1 and many otherwise.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
