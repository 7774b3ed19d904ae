package demo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"

	"github.com/arena/arena/api"
	"github.com/arena/arena/board"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
)

// arena is a running demo node: the node, its API on a loopback port and a client.
type arena struct {
	node   *node.Node
	client *client.Client
	stop   func() error
}

// boot initialises a dev arena in dir, opens its node, serves the API on 127.0.0.1:0
// and runs the validators. The node's log goes to dir/node.log.
func boot(ctx context.Context, dir, readerOverride string) (*arena, error) {
	_, err := node.Init(dir, node.InitOptions{
		Terms: node.Terms{Name: "Demo arena", DevMode: true}, Validators: 4, LightScrypt: true, Listen: "127.0.0.1:0",
	})
	if err != nil {
		return nil, err
	}
	logf, err := os.Create(filepath.Join(dir, "node.log"))
	if err != nil {
		return nil, fmt.Errorf("node log: %w", err)
	}
	log := slog.New(slog.NewTextHandler(logf, nil))
	n, err := node.Open(dir, node.OpenOptions{Logger: log, Env: demoEnv, ReaderOverride: readerOverride})
	if err != nil {
		logf.Close()
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		n.Close()
		logf.Close()
		return nil, fmt.Errorf("listen: %w", err)
	}
	snap := func() (ledger.Snapshot, error) { return snapshotOf(n), nil }
	h := api.New(api.Config{Chain: n.Chain(), Deliveries: n.Deliveries, Works: n.Works(), Blobs: n.Blobs(), Logger: log, Board: board.Handler(snap)})
	ctx, cancel := context.WithCancel(ctx)
	served, ran := make(chan error, 1), make(chan error, 1)
	go func() { served <- api.Serve(ctx, ln, h) }()
	go func() { ran <- n.Run(ctx) }()
	stop := func() error {
		cancel()
		err := errors.Join(<-served, <-ran, n.Close())
		logf.Close()
		return err
	}
	return &arena{node: n, client: client.New("http://"+ln.Addr().String(), nil), stop: stop}, nil
}

// demoEnv is the environment the demo's node sees: the real one, except that the
// keystore passphrase is always the empty one the demo's keys are made with.
func demoEnv(k string) string {
	if k == node.DefaultPassEnv {
		return ""
	}
	return os.Getenv(k)
}

func snapshotOf(n *node.Node) ledger.Snapshot {
	var s ledger.Snapshot
	n.Engine().View(func(st *ledger.State) { s = st.Snapshot() })
	return s
}
