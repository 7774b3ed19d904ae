package main

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/node"
	"github.com/arena/arena/sandbox"
	"github.com/arena/arena/store"
)

// auditRunCmd is `arena audit run N`.
func (a *app) auditRunCmd() *cobra.Command {
	var snapshot, blobsURL string
	c := &cobra.Command{
		Use:   "run N",
		Short: "Re-derive a challenge run: seed, dataset regenerated with the bench, each transcript re-graded and scored, kept result, signatures",
		Long: "Re-derives challenge run N from published data alone, with no node running: the seed from\n" +
			"the state hash of the block that created the run (or its pair's CRN seed), the bench module\n" +
			"and the program by digest, the dataset regenerated from the seed with the bench in the\n" +
			"sandbox against every attestation, each published transcript against its digest, each\n" +
			"transcript re-graded by the bench and scored against the attested composite exactly, the\n" +
			"result the ledger kept, and each attestation's signature and committee seat. Reads the\n" +
			"arena directory's log and its blob store (<dir>/blobs), then the other nodes its arena.toml\n" +
			"names ([artifacts] peers) and the founding joins name, then --blobs (a node's base URL) for blobs not held there;\n" +
			"--snapshot audits a snapshot file instead of the log, without the anchor and the\n" +
			"signatures." + auditExits,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := auditID("run", args[0])
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			snap, log, err := a.runRecord(snapshot, ledger.RunID(id))
			if err != nil {
				return err
			}
			cfg := sandbox.Config{}
			if cache := filepath.Join(a.dir, node.WasmCacheDir); dirExists(cache) {
				cfg.CacheDir = cache // the node's compiled code: the same modules compile once
			}
			rt, err := sandbox.New(ctx, cfg)
			if err != nil {
				return fmt.Errorf("audit: %w", err)
			}
			defer rt.Close(ctx)
			src, err := a.blobSources(blobsURL)
			if err != nil {
				return err
			}
			return a.emitAudit(audit.Run(ctx, snap, ledger.RunID(id), audit.RunInputs{Blobs: src, Runtime: rt, Log: log}))
		},
	}
	c.Flags().StringVar(&snapshot, "snapshot", "", "audit from this snapshot file (arena snapshot) instead of the directory's log")
	c.Flags().StringVar(&blobsURL, "blobs", "", "a node's base URL to fetch blobs the directory's store does not hold (GET /v1/blobs/{sha256})")
	return c
}

// blobSources returns the directory's blob store, when it has one, then the peers its
// arena.toml names ([artifacts]: the other nodes, whose validators published their own
// transcripts there), then the node at base, when given.
func (a *app) blobSources(base string) ([]blobs.Source, error) {
	var src []blobs.Source
	if dir := filepath.Join(a.dir, "blobs"); dirExists(dir) {
		st, err := blobs.Open(dir)
		if err != nil {
			return nil, fmt.Errorf("audit: %w", err)
		}
		src = append(src, st)
	}
	if cfg, err := node.LoadConfig(a.dir); err == nil {
		var joins []string
		if t, err := node.ReadGenesis(a.dir, cfg); err == nil {
			joins = node.JoinAPIs(t, cfg)
		}
		if peers := node.PeerBases(cfg, joins); len(peers) > 0 {
			src = append(src, blobs.Peers{Bases: peers, Timeout: cfg.Artifacts.Timeout, Log: slog.New(slog.NewTextHandler(a.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))})
		}
	}
	if base != "" {
		src = append(src, blobs.Node{Base: base})
	}
	return src, nil
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// runRecord returns the snapshot a run's audit reads and, from the directory's log,
// what the log holds about run id; with a snapshot file, the log part is nil.
func (a *app) runRecord(file string, id ledger.RunID) (*ledger.Snapshot, *audit.RunLog, error) {
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
	db, err := a.openLog()
	if err != nil {
		return nil, nil, err
	}
	defer db.Close()
	terms, ok, err := db.Genesis()
	if err != nil || !ok {
		return nil, nil, fmt.Errorf("audit: %s holds no founding terms: %v", db.Path(), err)
	}
	s, last, err := blocks.Restore(db, terms)
	if err != nil {
		return nil, nil, fmt.Errorf("audit: replay %s: %w", db.Path(), err)
	}
	snap := s.Snapshot()
	run, ok := s.Run(id)
	if !ok {
		return &snap, nil, nil
	}
	log, err := runLog(db, s, run, last.Height)
	return &snap, log, err
}

// openLog opens the directory's log, which must exist.
func (a *app) openLog() (*store.DB, error) {
	cfg, err := node.LoadConfig(a.dir)
	if err != nil {
		return nil, err
	}
	path := cfg.DB
	if !filepath.IsAbs(path) {
		path = filepath.Join(a.dir, path)
	}
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	db, err := store.Open(path)
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	return db, nil
}

// runLog reads from the log what it holds about run: the block that created it (an
// entry run's commit, a confirmation or rescore run's fold), whose end state hash is
// the run's anchor, its round's committee and every admitted challenge_attest of its
// round.
func runLog(db *store.DB, s *ledger.State, run ledger.RunView, last uint64) (*audit.RunLog, error) {
	out := &audit.RunLog{}
	base, _, ok, err := db.Base()
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	if ok {
		out.Base = base.Height
	}
	if rv, ok := s.GradingRound(run.Round); ok {
		out.Committee = rv.Committee
	}
	created := uint64(0)
	if run.Purpose == challenge.PurposeRescore || run.Purpose == challenge.PurposeConfirm {
		if c, ok := s.Challenge(run.Challenge); ok {
			created = foldHeight(c, run.ID)
		}
	}
	for b, err := range db.Blocks(1, last) {
		if err != nil {
			return nil, fmt.Errorf("audit: read the log: %w", err)
		}
		if b.Height == created {
			out.Anchor = &audit.Block{Height: b.Height, Hash: b.Hash}
		}
		for _, t := range b.Txs {
			if !t.Outcome.OK() {
				continue
			}
			switch body := t.Tx.Body.(type) {
			case challenge.Commit:
				if run.Purpose == challenge.PurposeEntry && out.Anchor == nil && body.Challenge == run.Challenge && body.Program == run.Program {
					out.Anchor = &audit.Block{Height: b.Height, Hash: b.Hash}
				}
			case challenge.Attest:
				if body.Round == run.Round {
					out.Attests = append(out.Attests, audit.SignedTx{Height: b.Height, Tx: t.Tx})
				}
			}
		}
	}
	return out, nil
}

// foldHeight returns the height of the fold of c that opened run id, or 0.
func foldHeight(c ledger.ChallengeView, id ledger.RunID) uint64 {
	for _, f := range c.Folds {
		for _, r := range f.Opened {
			if r == id {
				return f.Height
			}
		}
	}
	return 0
}

// auditChallengeCmd is `arena audit challenge N`.
func (a *app) auditChallengeCmd() *cobra.Command {
	var snapshot string
	c := &cobra.Command{
		Use:   "challenge N",
		Short: "Re-derive a challenge's folds: the king-of-the-hill fold over the entries as they stood, each payment to the atto, the pool",
		Long: "Re-runs the king-of-the-hill fold of every recorded fold of challenge N over its entries as\n" +
			"they stood at that fold (each one's latest final full run on the version it ranked on, and\n" +
			"its final confirmations, settled before the fold's block), and compares the champion, the\n" +
			"tail, each payment to the atto, the contested pairs and the unspent pool. Reads the arena\n" +
			"directory's log (no node needed) or --snapshot." + auditExits,
		Args: cobra.ExactArgs(1),
	}
	c.RunE = a.auditOf("challenge", &snapshot, func(s *ledger.Snapshot, id uint64) (*audit.Report, error) {
		return audit.Challenge(s, ledger.ChallengeID(id))
	})
	c.Flags().StringVar(&snapshot, "snapshot", "", "audit from this snapshot file (arena snapshot) instead of the directory's log")
	return c
}
