package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"

	"github.com/arena/arena/api"
	"github.com/arena/arena/board"
	"github.com/arena/arena/fetch"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
	"github.com/spf13/cobra"
)

func (a *app) nodeCmd() *cobra.Command {
	var listen, reader, logLevel, engine, home string
	c := &cobra.Command{
		Use:   "node",
		Short: "Run the arena's node: the engine, its validators, the API and the live board",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			var lv slog.Level
			if err := lv.UnmarshalText([]byte(logLevel)); err != nil {
				return fmt.Errorf("--log-level: %w", err)
			}
			log := slog.New(slog.NewTextHandler(a.stderr, &slog.HandlerOptions{Level: lv}))
			if home != "" {
				a.dir = home
			}
			return a.runNode(cmd.Context(), log, listen, node.OpenOptions{
				Logger: log, Env: a.getenv, ReaderOverride: reader, Engine: engine, CometLog: a.stderr,
			})
		},
	}
	c.Flags().StringVar(&listen, "listen", "", "API listen address (default: arena.toml's)")
	c.Flags().StringVar(&reader, "reader", "", `replace every validator's reader, e.g. "replay:answers.json"`)
	c.Flags().StringVar(&logLevel, "log-level", "info", "debug, info, warn or error")
	c.Flags().StringVar(&engine, "engine", "", `"solo" or "comet" (default: arena.toml's)`)
	c.Flags().StringVar(&home, "home", "", "the node's directory, e.g. a localnet's DIR/node0 (same as --dir)")
	return c
}

// runNode opens the node, serves the API and board, and runs the validators until ctx
// ends; then it shuts everything down in order.
func (a *app) runNode(ctx context.Context, log *slog.Logger, listen string, o node.OpenOptions) error {
	n, err := node.Open(a.dir, o)
	if err != nil {
		return err
	}
	defer n.Close()
	if listen == "" {
		listen = n.Config().Listen
	}
	ln, err := net.Listen("tcp", listen)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	addrPath := filepath.Join(a.dir, addrFile)
	if err := os.WriteFile(addrPath, []byte(ln.Addr().String()+"\n"), 0o644); err != nil {
		ln.Close()
		return fmt.Errorf("record the API address: %w", err)
	}
	defer os.Remove(addrPath)
	h := handler(n, log)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	served := make(chan error, 1)
	go func() {
		served <- api.Serve(ctx, ln, h)
		cancel() // an API that stopped serving stops the node too
	}()
	log.Info("API listening", "url", "http://"+ln.Addr().String(), "board", "http://"+ln.Addr().String()+"/")
	runErr := n.Run(ctx)
	cancel()
	if err := <-served; err != nil && runErr == nil {
		runErr = err
	}
	log.Info("node stopped")
	return runErr
}

// handler returns the API of n, whichever engine it runs, with its live board at /, and
// POST /v1/tx and uploads limited per client, apart, as arena.toml's [api] says; the board marks each award
// with the sinks it reached and each run with its blocks' begin-block events, both read from the store per request.
func handler(n *node.Node, log *slog.Logger) http.Handler {
	snap := func() (ledger.Snapshot, error) {
		var s ledger.Snapshot
		n.View(func(st *ledger.State) { s = st.Snapshot() })
		return s, nil
	}
	crossed := func() (map[ledger.TaskID][]board.Crossing, error) {
		ds, err := n.Deliveries()
		return crossingsOf(ds), err
	}
	lim := n.Config().API
	var fetchCfg *fetch.Config // POST /v1/work/fetch fetches as the node's validators do
	if fc, err := n.Config().Fetch.Client(n.Dir()); err == nil {
		fetchCfg = &fc
	} else {
		log.Warn("POST /v1/work/fetch is off: the [fetch] table's ca_file cannot be read", "err", err)
	}
	return api.New(api.Config{Chain: n.Chain(), Deliveries: n.Deliveries, Logger: log,
		Works: n.Works(), MaxWork: n.Config().Fetch.MaxBytes, Fetch: fetchCfg, Blobs: n.Blobs(),
		Board: board.Handler(snap, board.WithCrossingsFunc(crossed), board.WithBlockEventsFunc(n.BlockEvents), board.WithApp()), TxLimit: api.Limit{Rate: lim.Rate, Burst: lim.Burst},
		UploadLimit: api.Limit{Rate: lim.Rate, Burst: lim.Burst}})
}
