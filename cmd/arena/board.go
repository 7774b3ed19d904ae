package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/arena/arena/board"
	"github.com/arena/arena/ledger"
	"github.com/spf13/cobra"
)

func (a *app) boardCmd() *cobra.Command {
	var snap, out string
	c := &cobra.Command{
		Use:   "board --snapshot FILE --out DIR",
		Short: "Render a snapshot into DIR/index.html, a page that makes no network calls",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			b, err := os.ReadFile(snap)
			if err != nil {
				return fmt.Errorf("read snapshot: %w", err)
			}
			var s ledger.Snapshot
			if err := json.Unmarshal(b, &s); err != nil {
				return fmt.Errorf("decode snapshot %s: %w", snap, err)
			}
			path, err := writeBoard(out, s)
			if err != nil {
				return err
			}
			fmt.Fprintf(a.stdout, "wrote %s\n", path)
			return nil
		},
	}
	c.Flags().StringVar(&snap, "snapshot", "snapshot.json", "snapshot file written by `arena snapshot`")
	c.Flags().StringVar(&out, "out", "board", "directory to write index.html into")
	return c
}

// writeBoard renders s into dir/index.html and returns the path.
func writeBoard(dir string, s ledger.Snapshot) (string, error) {
	var buf bytes.Buffer
	if err := board.Render(&buf, s); err != nil {
		return "", fmt.Errorf("render board: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("board: %w", err)
	}
	path := filepath.Join(dir, "index.html")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return "", fmt.Errorf("board: %w", err)
	}
	return path, nil
}
