package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
	"github.com/arena/arena/store"
)

// errMismatch is returned, after the report is printed, when an audit step failed;
// the command then exits with exitMismatch.
var errMismatch = errors.New("audit: a settled number does not follow from the published data")

// exitMismatch is the exit status of an audit whose report closes with a mismatch, so
// that a script tells a wrong settlement from an audit that could not run (1).
const exitMismatch = 3

// auditExits is the exit status every audit verb's help states.
const auditExits = "\n\nExit status: 0 when every settled number follows from the published data, a cheat\n" +
	"the ledger caught included (a \"cheat caught:\" line says what it caught and how it\n" +
	"settled it: a match voided and its operator's bond slashed, a deposit forfeited); 3\n" +
	"when a settled number does not follow or a step could not be derived (a FAIL step says\n" +
	"which, and the report closes with MISMATCH); 1 when the audit cannot run (no such\n" +
	"record, an unreadable snapshot or log)."

func (a *app) auditCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "audit",
		Short: "Re-derive settled numbers offline from published data, with no node running",
		Long: "Re-derives a settled number offline from published data, step by step, and closes with\n" +
			"\"every number re-derived\" or \"MISMATCH: <the number> does not follow from the published\n" +
			"data\"." + auditExits,
	}
	var snapshot, workDir string
	entry := &cobra.Command{
		Use:   "entry N",
		Short: "Re-derive a bounty entry's settled grade: work digest, receipts, checks, overlap, rung, arithmetic",
		Long: "Re-derives the settled grade of entry N from the arena directory's log (replayed, no node\n" +
			"needed) or from a snapshot (--snapshot), and the committed bytes of URL entries: the work the\n" +
			"directory's store keeps, or --work-dir (files named by the sha256 of their bytes). Prints each\n" +
			"step." + auditExits,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := auditID("entry", args[0])
			if err != nil {
				return err
			}
			snap, kept, err := a.auditSnapshot(cmd.Context(), snapshot)
			if err != nil {
				return err
			}
			var works audit.Works
			switch {
			case workDir != "":
				works = dirWorks(workDir)
			case kept != nil:
				works = kept
			}
			return a.emitAudit(audit.Entry(snap, ledger.EntryID(id), works))
		},
	}
	entry.Flags().StringVar(&snapshot, "snapshot", "", "audit from this snapshot file (arena snapshot) instead of the directory's log")
	entry.Flags().StringVar(&workDir, "work-dir", "", "directory of committed work bytes, each file named by its sha256")
	task := &cobra.Command{
		Use:   "task N",
		Short: "Re-derive a bounty task's award: eligibility, ranking, winner and every bond's fate",
		Long: "Re-derives the award of task N from the arena directory's log (no node needed) or --snapshot:\n" +
			"which entries were eligible, their ranking, the winner, the winning score and what became\n" +
			"of each bond." + auditExits,
		Args: cobra.ExactArgs(1),
		RunE: a.auditOf("task", &snapshot, func(s *ledger.Snapshot, id uint64) (*audit.Report, error) {
			return audit.Task(s, ledger.TaskID(id))
		}),
	}
	task.Flags().StringVar(&snapshot, "snapshot", "", "audit from this snapshot file (arena snapshot) instead of the directory's log")
	tenderCmd := &cobra.Command{
		Use:   "tender N",
		Short: "Re-derive a tender: commitments, agreed scorecards, weighted totals, ranking, appeals, fee and payouts",
		Long: "Re-derives tender N from the arena directory's log (no node needed) or --snapshot: every\n" +
			"revealed bid's commitment, every scorecard in force against its round, every weighted\n" +
			"total, the ranking, each appeal's fate and, once settled (awarded, declined or abandoned),\n" +
			"the winner, the fee, the payout and each deposit's fate." + auditExits,
		Args: cobra.ExactArgs(1),
		RunE: a.auditOf("tender", &snapshot, func(s *ledger.Snapshot, id uint64) (*audit.Report, error) {
			return audit.Tender(s, ledger.TenderID(id))
		}),
	}
	tenderCmd.Flags().StringVar(&snapshot, "snapshot", "", "audit from this snapshot file (arena snapshot) instead of the directory's log")
	matchCmd := &cobra.Command{
		Use:   "match N",
		Short: "Re-derive an agent match: seed, receipts and signatures, commitments, template prompts, replayed events, result hash, payout and bets",
		Long: "Replays match N with the engine from its published secret and anchor and the revealed moves,\n" +
			"recomputing every receipt's EIP-712 hash and signer, the keccak256 of every raw prompt and\n" +
			"response, every commitment, every prompt against the public template for the replayed state,\n" +
			"every turn's events, the result hash, the settlement and each bet pool to the atto. Reads the\n" +
			"arena directory's log (no node needed) or --snapshot." + auditExits,
		Args: cobra.ExactArgs(1),
		RunE: a.auditOf("match", &snapshot, func(s *ledger.Snapshot, id uint64) (*audit.Report, error) {
			return audit.Match(s, ledger.MatchID(id))
		}),
	}
	matchCmd.Flags().StringVar(&snapshot, "snapshot", "", "audit from this snapshot file (arena snapshot) instead of the directory's log")
	ratings := &cobra.Command{
		Use:   "ratings",
		Short: "Re-derive every agent's rating across matches: which matches count, each agent's tally, one Bradley-Terry fit",
		Long: "Re-derives the agents' ratings (arena show agents, GET /v1/agents) from the published matches\n" +
			"alone: which matches count (finished, between two different agents), each agent's games,\n" +
			"wins, losses, draws and matches, and one Bradley-Terry fit over them all, compared agent by\n" +
			"agent, in order. Reads the arena directory's log (no node needed) or --snapshot." + auditExits,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			snap, _, err := a.auditSnapshot(cmd.Context(), snapshot)
			if err != nil {
				return err
			}
			return a.emitAudit(audit.Ratings(snap))
		},
	}
	ratings.Flags().StringVar(&snapshot, "snapshot", "", "audit from this snapshot file (arena snapshot) instead of the directory's log")
	c.AddCommand(entry, task, tenderCmd, matchCmd, ratings, a.auditRunCmd(), a.auditChallengeCmd(), a.auditLearnCmd())
	return c
}

// auditOf returns the RunE of an audit verb of one noun ("task", "tender", "match"):
// it reads the positive id, the snapshot (*snapshot, or the directory's log), and
// prints what derive re-derives from it.
func (a *app) auditOf(noun string, snapshot *string, derive func(*ledger.Snapshot, uint64) (*audit.Report, error)) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		id, err := auditID(noun, args[0])
		if err != nil {
			return err
		}
		snap, _, err := a.auditSnapshot(cmd.Context(), *snapshot)
		if err != nil {
			return err
		}
		return a.emitAudit(derive(snap, id))
	}
}

// auditID reads arg as the positive id of a noun.
func auditID(noun, arg string) (uint64, error) {
	id, err := strconv.ParseUint(arg, 10, 64)
	if err != nil || id == 0 {
		return 0, fmt.Errorf("%s %q: want a positive %s id", noun, arg, noun)
	}
	return id, nil
}

// emitAudit prints a report and fails when any step did not re-derive.
func (a *app) emitAudit(rep *audit.Report, err error) error {
	if err != nil {
		return err
	}
	if err := a.emit(rep, func(w io.Writer) { fmt.Fprint(w, rep.String()) }); err != nil {
		return err
	}
	if !rep.OK() {
		return errMismatch
	}
	return nil
}

// auditSnapshot reads the snapshot file, or rebuilds every view from the directory's
// log by replaying it, and then also returns the work the directory's store keeps.
func (a *app) auditSnapshot(ctx context.Context, file string) (*ledger.Snapshot, audit.Works, error) {
	if file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, nil, fmt.Errorf("read snapshot: %w", err)
		}
		var s ledger.Snapshot
		if err := json.Unmarshal(b, &s); err != nil {
			return nil, nil, fmt.Errorf("snapshot %s: %w", file, err)
		}
		return &s, nil, nil
	}
	cfg, err := node.LoadConfig(a.dir)
	if err != nil {
		return nil, nil, err
	}
	path := cfg.DB
	if !filepath.IsAbs(path) {
		path = filepath.Join(a.dir, path)
	}
	if _, err := os.Stat(path); err != nil {
		return nil, nil, fmt.Errorf("audit: %w", err)
	}
	db, err := store.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("audit: %w", err)
	}
	defer db.Close()
	terms, ok, err := db.Genesis()
	if err != nil || !ok {
		return nil, nil, fmt.Errorf("audit: %s holds no founding terms: %v", path, err)
	}
	s, _, err := blocks.Restore(db, terms)
	if err != nil {
		return nil, nil, fmt.Errorf("audit: replay %s: %w", path, err)
	}
	snap := s.Snapshot()
	kept := storeWorks{}
	for _, e := range snap.Entries {
		if e.WorkSHA == "" {
			continue
		}
		if b, ok, err := db.Work(ctx, e.WorkSHA); err == nil && ok {
			kept[e.WorkSHA] = b
		}
	}
	return &snap, kept, nil
}

// storeWorks is the committed work a directory's store keeps, read before it closes.
type storeWorks map[string][]byte

func (w storeWorks) Work(digest string) ([]byte, bool) {
	b, ok := w[digest]
	return b, ok
}

// dirWorks reads committed work bytes from files named by their sha256.
type dirWorks string

func (d dirWorks) Work(digest string) ([]byte, bool) {
	if len(digest) != 64 {
		return nil, false
	}
	b, err := os.ReadFile(filepath.Join(string(d), digest))
	return b, err == nil
}
