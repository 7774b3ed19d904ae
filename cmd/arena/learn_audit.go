package main

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/node"
	"github.com/arena/arena/sandbox"
)

// auditLearnCmd is `arena audit learn N`.
func (a *app) auditLearnCmd() *cobra.Command {
	var blobsURL string
	c := &cobra.Command{
		Use:   "learn N",
		Short: "Re-derive a learning run: seed, code length, curve, held-out bits, final score",
		Long: "Re-derives learning run N from the arena directory alone, with no node running: the seed\n" +
			"from the state hash of the block that committed the run and the init seed from it; both\n" +
			"modules and the train split from the directory's blob store (then the [artifacts] peers of\n" +
			"its arena.toml, then --blobs); the pair run\n" +
			"over the split exactly as a committee member runs it, its bits, first-window bits, loss\n" +
			"curve and gas against every learn_run attestation and the kept result; once revealed, the\n" +
			"held-out split's retrained, trained and twin bits against every learn_heldout attestation;\n" +
			"and the final score recomputed with ledger/learn/score, every part against the view's." + auditExits,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := auditID("learning run", args[0])
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			snap, anchor, err := a.learnRecord(ledger.LearnRunID(id))
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
			return a.emitAudit(audit.Learn(ctx, snap, ledger.LearnRunID(id), audit.LearnInputs{Blobs: src, Runtime: rt, Anchor: anchor}))
		},
	}
	c.Flags().StringVar(&blobsURL, "blobs", "", "a node's base URL to fetch blobs the directory's store does not hold (GET /v1/blobs/{sha256})")
	return c
}

// learnRecord replays the directory's log and returns its snapshot and the block that
// committed learning run id (nil if the log holds none).
func (a *app) learnRecord(id ledger.LearnRunID) (*ledger.Snapshot, *audit.Block, error) {
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
	run, ok := s.LearnRun(id)
	if !ok {
		return &snap, nil, nil
	}
	for b, err := range db.Blocks(1, last.Height) {
		if err != nil {
			return nil, nil, fmt.Errorf("audit: read the log: %w", err)
		}
		for _, t := range b.Txs {
			if c, ok := t.Tx.Body.(learn.Commit); ok && t.Outcome.OK() && c.Challenge == run.Challenge && c.Arch == run.Arch && c.Train == run.Train {
				return &snap, &audit.Block{Height: b.Height, Hash: b.Hash}, nil
			}
		}
	}
	return &snap, nil, nil
}
