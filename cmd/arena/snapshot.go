package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/spf13/cobra"
)

func (a *app) snapshotCmd() *cobra.Command {
	var out string
	c := &cobra.Command{
		Use:   "snapshot --out FILE",
		Short: "Write every view at one height into one JSON file",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			c, err := a.client()
			if err != nil {
				return err
			}
			s, err := c.Snapshot(cmd.Context())
			if err != nil {
				return err
			}
			b, err := json.MarshalIndent(s, "", "  ")
			if err != nil {
				return fmt.Errorf("encode snapshot: %w", err)
			}
			if err := os.WriteFile(out, append(b, '\n'), 0o644); err != nil {
				return fmt.Errorf("write snapshot: %w", err)
			}
			fmt.Fprintf(a.stdout, "wrote %s at height %d (state hash %s)\n", out, s.Arena.Height, s.Arena.Hash)
			return nil
		},
	}
	c.Flags().StringVarP(&out, "out", "o", "snapshot.json", "file to write")
	return c
}
