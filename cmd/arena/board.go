package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/arena/arena/board"
	"github.com/arena/arena/bridge"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
	"github.com/spf13/cobra"
)

func (a *app) boardCmd() *cobra.Command {
	var snap, out, deliveries string
	c := &cobra.Command{
		Use:   "board --snapshot FILE --out DIR [--deliveries FILE]",
		Short: "Render a snapshot into DIR/index.html, a page that makes no network calls",
		Long: "Render a snapshot into DIR/index.html, a page that makes no network calls. With --deliveries\n" +
			"(the output of `arena show deliveries --json`), awarded tasks are marked with the sinks they crossed to.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			b, err := os.ReadFile(snap)
			if err != nil {
				return fmt.Errorf("read snapshot: %w", err)
			}
			var s ledger.Snapshot
			if err := json.Unmarshal(b, &s); err != nil {
				return fmt.Errorf("decode snapshot %s: %w", snap, err)
			}
			var opts []board.Option
			if deliveries != "" {
				m, err := readCrossings(deliveries)
				if err != nil {
					return err
				}
				opts = append(opts, board.WithCrossings(m))
			}
			path, err := writeBoard(out, s, opts...)
			if err != nil {
				return err
			}
			return a.emit(map[string]string{"board": path}, func(w io.Writer) { fmt.Fprintf(w, "wrote %s\n", path) })
		},
	}
	c.Flags().StringVar(&snap, "snapshot", "snapshot.json", `snapshot file written by "arena snapshot"`)
	c.Flags().StringVar(&out, "out", "board", "directory to write index.html into")
	c.Flags().StringVar(&deliveries, "deliveries", "", `deliveries file written by "arena show deliveries --json"`)
	return c
}

// writeBoard renders s with opts into dir/index.html and returns the path.
func writeBoard(dir string, s ledger.Snapshot, opts ...board.Option) (string, error) {
	var buf bytes.Buffer
	if err := board.Render(&buf, s, opts...); err != nil {
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

// readCrossings reads a deliveries file and returns, by task, the sinks each award
// reached.
func readCrossings(file string) (map[ledger.TaskID][]board.Crossing, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("read deliveries: %w", err)
	}
	var ds []store.Delivery
	if err := json.Unmarshal(b, &ds); err != nil {
		return nil, fmt.Errorf("decode deliveries %s: %w", file, err)
	}
	return crossingsOf(ds), nil
}

// crossingsOf is what the board shows of ds: for each task, the sinks its award reached.
func crossingsOf(ds []store.Delivery) map[ledger.TaskID][]board.Crossing {
	out := map[ledger.TaskID][]board.Crossing{}
	for task, cs := range bridge.Crossed(ds) {
		for _, c := range cs {
			out[task] = append(out[task], board.Crossing{Sink: c.Sink, TxHash: c.TxHash, HTTPStatus: c.HTTPStatus,
				DeliveredAt: c.DeliveredAt})
		}
	}
	return out
}
