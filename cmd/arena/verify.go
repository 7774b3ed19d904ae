package main

import (
	"fmt"
	"path/filepath"

	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/node"
	"github.com/spf13/cobra"
)

func (a *app) verifyCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "verify",
		Short: "Replay the directory's log from genesis (or the snapshot it was restored from or pruned to) and check every outcome and state hash",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := node.LoadConfig(a.dir)
			if err != nil {
				return err
			}
			db := cfg.DB
			if !filepath.IsAbs(db) {
				db = filepath.Join(a.dir, db)
			}
			rep, err := solo.Verify(db)
			if err != nil {
				return err
			}
			if a.json {
				return a.emit(rep, nil)
			}
			if rep.From > 0 {
				fmt.Fprintln(a.stdout, rep.Start())
			}
			fmt.Fprintf(a.stdout, "ok: state hash %s (%d blocks, %d transactions replayed)\n", rep.Hash, rep.Blocks, rep.Txs)
			if rep.Joins > 0 {
				fmt.Fprintf(a.stdout, "ok: %d founding join statements, each signed by its grading and consensus keys\n", rep.Joins)
			}
			return nil
		},
	}
}
