// Package demo runs the end-to-end demo contest: in a fresh directory it opens a dev
// arena with four validators, serves the real HTTP API on a loopback port and drives
// three bundled contests through the client with signed transactions: entries graded
// under consensus, a disqualification by code and a held appeal, a copy caught by
// overlap, and a clean win; a sealed-bid tender; and an agent match that the node's
// operator plays with the builtin reader, with two bets on a move, finished and paid;
// and a learning challenge on the embedded 1 MiB text dataset, with both example pairs
// (order2 and mix) run by a committee of three, the held-out split revealed and
// measured, and an epoch folded. Then it withdraws, and writes a snapshot and the board.
// The learning challenge dominates its wall time: every committee member codes the
// whole dataset with each pair, then again with the held-out split.
package demo

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
)

// Options configure Run.
type Options struct {
	Dir            string    // a directory without an arena in it; empty means a new temporary one
	Out            io.Writer // progress and the scorecard; nil discards
	ReaderOverride string    // replaces every validator's reader, e.g. "replay:answers.json"
}

// Summary is what the demo did and where it left its files.
type Summary struct {
	Dir       string        `json:"dir"`
	Snapshot  string        `json:"snapshot"` // DIR/snapshot.json
	Board     string        `json:"board"`    // DIR/board/index.html
	Height    uint64        `json:"height"`
	StateHash string        `json:"state_hash"`
	Rows      []Row         `json:"rows"`
	Stories   []Story       `json:"stories"`
	Elapsed   time.Duration `json:"elapsed_ns"`
}

// Row is one line of the scorecard: an entry and how it ended.
type Row struct {
	Task    ledger.TaskID  `json:"task"`
	Entry   ledger.EntryID `json:"entry"`
	Solver  string         `json:"solver"`
	Rung    int            `json:"rung"`
	Label   string         `json:"label"`
	Judged  int            `json:"judged_score"` // what the reader's rung was worth
	Score   int            `json:"score"`        // what the ledger settled
	Outcome string         `json:"outcome"`      // won, refunded or slashed
	Note    string         `json:"note"`         // why code ruled, if it did
}

// Story is one contest's claim and whether the ledger shows it held.
type Story struct {
	Name   string `json:"name"`
	Held   bool   `json:"held"`
	Detail string `json:"detail"`
}

// Run runs the demo. It fails only when something could not be done; whether each
// contest's story happened is reported in Summary.Stories.
func Run(ctx context.Context, o Options) (Summary, error) {
	start := time.Now()
	if o.Out == nil {
		o.Out = io.Discard
	}
	dir, err := demoDir(o.Dir)
	if err != nil {
		return Summary{}, err
	}
	fmt.Fprintf(o.Out, "demo arena in %s\n", dir)
	a, err := boot(ctx, dir, o.ReaderOverride)
	if err != nil {
		return Summary{Dir: dir}, err
	}
	d := &driver{c: a.client, out: o.Out, senders: map[string]*client.Sender{}, names: map[ledger.Address]string{}}
	runErr := d.play(ctx, a)
	sum := Summary{Dir: dir}
	if runErr == nil {
		sum, runErr = d.finish(ctx, dir)
	}
	if err := a.stop(); err != nil && runErr == nil {
		runErr = fmt.Errorf("stop node: %w", err)
	}
	sum.Elapsed = time.Since(start)
	if runErr == nil {
		fmt.Fprintf(o.Out, "\ndone in %.1fs\n", sum.Elapsed.Seconds())
	}
	return sum, runErr
}

// demoDir returns dir, creating it, or a new temporary directory when dir is empty.
func demoDir(dir string) (string, error) {
	if dir == "" {
		d, err := os.MkdirTemp("", "arena-demo-")
		if err != nil {
			return "", fmt.Errorf("demo directory: %w", err)
		}
		return d, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("demo directory: %w", err)
	}
	return filepath.Abs(dir)
}
