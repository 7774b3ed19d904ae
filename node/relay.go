package node

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/bridge"
	"github.com/arena/arena/bridge/evm"
	"github.com/arena/arena/bridge/webhook"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// dialTimeout bounds connecting to the EVM endpoint when the node opens.
const dialTimeout = 10 * time.Second

// buildSinks builds the sinks the [bridge] table and the founding terms call for: the
// EVM registry when the terms name one and rpc is set, and each webhook. A registry
// without rpc, or rpc without a registry, is logged and crosses nothing.
func (n *Node) buildSinks(o OpenOptions) ([]bridge.Sink, error) {
	var sinks []bridge.Sink
	for i, w := range n.cfg.Bridge.Webhooks {
		secret := o.Env(w.SecretEnv)
		if secret == "" {
			return nil, fmt.Errorf("%s: bridge.webhook[%d]: $%s is unset or empty (it holds the HMAC secret)",
				ConfigFile, i, w.SecretEnv)
		}
		s, err := webhook.New(webhook.Config{URL: w.URL, Secret: []byte(secret)})
		if err != nil {
			return nil, fmt.Errorf("%s: bridge.webhook[%d]: %w", ConfigFile, i, err)
		}
		sinks = append(sinks, s)
	}
	b, reg := n.cfg.Bridge, n.terms.Registry
	switch {
	case reg == nil && b.RPC != "":
		n.log.Warn("bridge: rpc is set but the founding terms name no registry; nothing crosses to an EVM chain")
	case reg != nil && b.RPC == "":
		n.log.Warn("bridge: the founding terms name an EVM registry but [bridge] rpc is empty; awards will not cross to it",
			"registry", reg.String())
	case reg != nil:
		s, err := n.evmSink(o)
		if err != nil {
			return nil, err
		}
		sinks = append(sinks, s)
	}
	return sinks, nil
}

// evmSink dials rpc and unlocks the operator's key for the registry of the terms.
func (n *Node) evmSink(o OpenOptions) (bridge.Sink, error) {
	b := n.cfg.Bridge
	key, err := n.Keystore().Load(b.Operator, o.Env(n.cfg.PassphraseEnv))
	if errors.Is(err, account.ErrWrongPassphrase) {
		return nil, fmt.Errorf("bridge operator key: %w (the passphrase is read from $%s)", err, n.cfg.PassphraseEnv)
	}
	if err != nil {
		return nil, fmt.Errorf("bridge operator key: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), dialTimeout)
	defer cancel()
	c, err := evm.Dial(ctx, b.RPC)
	if err != nil {
		return nil, fmt.Errorf("bridge rpc: %w", err)
	}
	s, err := evm.New(evm.Config{Backend: c, Registry: *n.terms.Registry, Key: key, ReceiptPoll: b.ReceiptPoll})
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("bridge: %w", err)
	}
	n.closers = append(n.closers, func() error { c.Close(); return nil })
	return s, nil
}

// buildRelayer makes the relayer of sinks over the engine's store; with no sink there
// is nothing to relay and the node runs none.
func (n *Node) buildRelayer(sinks []bridge.Sink, o OpenOptions) error {
	if len(sinks) == 0 {
		return nil
	}
	b := n.cfg.Bridge
	r, err := bridge.New(n.engine.DB(), bridge.Config{
		Sinks: sinks, Blocks: engineChain{n.engine}, Backoff: bridge.Backoff{Base: b.BackoffBase, Max: b.BackoffMax},
		Poll: b.Poll, Logger: o.Logger.With("component", "bridge"),
	})
	if err != nil {
		return fmt.Errorf("bridge: %w", err)
	}
	n.relayer = r
	for _, s := range sinks {
		n.log.Info("bridge: awards cross to", "sink", s.Name())
	}
	return nil
}

// Deliveries returns what the bridge has done with each award: one row per award and
// sink, delivered or pending, in log order.
func (n *Node) Deliveries() ([]store.Delivery, error) { return n.engine.DB().Deliveries() }

// BlockEvents returns what the log keeps from its blocks' begin-block work, in block
// order (store.DB.BlockEvents).
func (n *Node) BlockEvents() ([]ledger.Event, error) { return n.engine.DB().BlockEvents() }

// ReadDeliveries reads the deliveries recorded in the store of the arena in dir, without
// a node; the node may be running. A store that does not exist yet is an error, and is
// not created.
func ReadDeliveries(dir string) ([]store.Delivery, error) {
	cfg, err := LoadConfig(dir)
	if err != nil {
		return nil, err
	}
	p := path(dir, cfg.DB)
	if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("read deliveries: no store at %s: the node has not run yet", filepath.Clean(p))
	}
	db, err := store.Open(p)
	if err != nil {
		return nil, fmt.Errorf("read deliveries: %w", err)
	}
	defer db.Close()
	return db.Deliveries()
}
