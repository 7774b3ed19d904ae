// Package demo runs the end-to-end demo contest: in a fresh directory it opens a dev
// arena with four validators, serves the real HTTP API on a loopback port and drives
// three bundled contests through the client with signed transactions: entries graded
// under consensus, a disqualification by code and a held appeal, a copy caught by
// overlap, and a clean win; a sealed-bid tender; and an agent match that the node's
// operator plays with the builtin reader, with two bets on a move, finished and paid;
// and a benchmark challenge on the embedded example bench and agents (challenge.go):
// a champion, a challenger inside the dethrone band confirmed on shared seeds, a clear
// dethrone, three folds and an audit of a run; and a learning challenge on a prefix of
// the embedded text dataset (learn.go). Then it awards, withdraws, and writes a
// snapshot and the board.
//
// Decisions the challenge story makes: it folds three times, not twice, so that the
// pair's paired decision (fold 2) and sharp's outright dethrone (fold 3, sharp being
// committed after fold 2) each show in a fold of their own; each agent is committed by
// its own solver, since the tail pays one entry per committer. A run's seed is handed
// over by the block after the one that opened it, which the embedded engine makes by
// itself, so the story sends nothing to make it. The example modules are compiled while the other stories play, and
// their machine code is kept in the user's cache directory as well as the arena's
// (challenge_warm.go). The run audit is made from the snapshot and the node's blob
// store while the node runs, on a confirmation run, whose seed needs no block from the
// log; `arena audit run N --dir DIR` on the stopped arena also checks the signatures.
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
	// Skip names stories not to play (SkipChallenge, SkipLearning), for tests that use
	// the demo's arena for something else and need not wait for its slowest stories.
	// Their checks are left out of Summary.Stories too.
	Skip []string
	// Rounds is how many times the contests are played on the one arena, each round by
	// new people with new keys and checked on its own; 0 means 1. A long run for a
	// node's memory under every kind (`arena perf demo --rounds`).
	Rounds int
	// AfterRound, if set, is called after each round is checked, with its number (from
	// 1) and its summary, while the node still runs.
	AfterRound func(round int, s Summary)
}

// The stories Options.Skip may name.
const (
	SkipChallenge = "challenge" // the benchmark challenge
	SkipLearning  = "learning"  // the learning challenge
)

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
	skip := map[string]bool{}
	for _, s := range o.Skip {
		if s != SkipChallenge && s != SkipLearning {
			return Summary{}, fmt.Errorf("demo: no story %q to skip (%s or %s)", s, SkipChallenge, SkipLearning)
		}
		skip[s] = true
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
	var sum Summary
	var runErr error
	for round := 1; round <= max(o.Rounds, 1) && runErr == nil; round++ {
		if round > 1 {
			fmt.Fprintf(o.Out, "\nround %d\n", round)
		}
		rs := time.Now()
		d := &driver{c: a.client, out: o.Out, senders: map[string]*client.Sender{}, names: map[ledger.Address]string{}, skip: skip, round: round}
		if runErr = d.play(ctx, a); runErr != nil {
			break
		}
		var r Summary
		if r, runErr = d.finish(ctx, dir); runErr != nil {
			break
		}
		r.Elapsed = time.Since(rs)
		if o.AfterRound != nil {
			o.AfterRound(round, r)
		}
		sum.Stories = append(sum.Stories, r.Stories...)
		sum.Rows, sum.Snapshot, sum.Board, sum.Height, sum.StateHash = r.Rows, r.Snapshot, r.Board, r.Height, r.StateHash
	}
	sum.Dir = dir
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
