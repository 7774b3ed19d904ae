package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"io"

	"github.com/arena/arena/account"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
)

// addrFile is where a running node records the address its API listens on, so the
// verbs find it even when it was started on port 0. The node removes it on shutdown.
const addrFile = "api.addr"

// nodeURL returns the API base URL: --node, $ARENA_NODE, the address a running node
// recorded in the directory, or the listen address of the directory's configuration.
func (a *app) nodeURL() (string, error) {
	if a.node != "" {
		return a.node, nil
	}
	if u := a.getenv("ARENA_NODE"); u != "" {
		return u, nil
	}
	if b, err := os.ReadFile(filepath.Join(a.dir, addrFile)); err == nil {
		return "http://" + strings.TrimSpace(string(b)), nil
	}
	listen, err := configuredListen(a.dir)
	if err != nil {
		return "", fmt.Errorf("find the node of %s (start `arena node` or pass --node): %w", a.dir, err)
	}
	return "http://" + listen, nil
}

// client returns an API client of the node, and remembers its URL for the hint an
// unreachable node gets.
func (a *app) client() (*client.Client, error) {
	u, err := a.nodeURL()
	if err != nil {
		return nil, err
	}
	c := client.New(u, nil)
	a.dialed = c.BaseURL()
	return c, nil
}

// configuredListen returns the listen address in the directory's arena.toml.
func configuredListen(dir string) (string, error) {
	cfg, err := node.LoadConfig(dir)
	if err != nil {
		return "", err
	}
	return cfg.Listen, nil
}

// keystore returns the directory's keystore, which holds the validators' keys and the
// senders'. Keys are made at the light scrypt cost in a dev arena, at the standard
// cost otherwise.
func (a *app) keystore() *account.Store {
	st := &account.Store{Dir: filepath.Join(a.dir, node.KeysDir), Scrypt: account.Standard}
	cfg, err := node.LoadConfig(a.dir)
	if err != nil {
		return st
	}
	st.Dir = filepath.Join(a.dir, cfg.Keys)
	if filepath.IsAbs(cfg.Keys) {
		st.Dir = cfg.Keys
	}
	if t, err := node.ReadGenesis(a.dir, cfg); err == nil && t.DevMode {
		st.Scrypt = account.Light
	}
	return st
}

// senders returns the keystore's addresses that are not validators of the arena, its
// treasury nor its operators.
func (a *app) senders() ([]ledger.Address, error) {
	list, err := a.keystore().List()
	if err != nil {
		return nil, fmt.Errorf("list keys: %w", err)
	}
	cfg, err := node.LoadConfig(a.dir)
	if err != nil {
		return list, nil
	}
	t, err := node.ReadGenesis(a.dir, cfg)
	if err != nil {
		return list, nil
	}
	return slices.DeleteFunc(list, func(x ledger.Address) bool {
		return slices.Contains(t.Validators, x) || t.Treasury != nil && *t.Treasury == x || slices.Contains(t.Operators, x)
	}), nil
}

// treasury returns the treasury the directory's founding terms name, or nil when they
// name none or cannot be read.
func (a *app) treasury() *ledger.Address {
	cfg, err := node.LoadConfig(a.dir)
	if err != nil {
		return nil
	}
	t, err := node.ReadGenesis(a.dir, cfg)
	if err != nil {
		return nil
	}
	return t.Treasury
}

// operators returns the operators the directory's founding terms name, or nil when
// they cannot be read.
func (a *app) operators() []ledger.Address {
	cfg, err := node.LoadConfig(a.dir)
	if err != nil {
		return nil
	}
	t, err := node.ReadGenesis(a.dir, cfg)
	if err != nil {
		return nil
	}
	return t.Operators
}

// passphrase returns the keystore passphrase from the environment variable that
// arena.toml's passphrase_env names, as the node reads it ($ARENA_PASSPHRASE by
// default); unset means the empty passphrase dev arenas use.
func (a *app) passphrase() string {
	name := node.DefaultPassEnv
	if cfg, err := node.LoadConfig(a.dir); err == nil && cfg.PassphraseEnv != "" {
		name = cfg.PassphraseEnv
	}
	return a.getenv(name)
}

// errNoKey reports that no sender was named and the keystore does not hold exactly one
// key besides the validators'.
var errNoKey = errors.New("name the sender with --key ADDRESS (or $ARENA_KEY); `arena keys list` shows the keystore")

// signer loads the sender's key: --key, or the keystore's only key that is not a
// validator's.
func (a *app) signer() (*account.Key, error) {
	ks := a.keystore()
	var addr ledger.Address
	if a.key != "" {
		v, err := ledger.ParseAddress(a.key)
		if err != nil {
			return nil, fmt.Errorf("--key: %w", err)
		}
		addr = v
	} else {
		list, err := a.senders()
		if err != nil {
			return nil, err
		}
		if len(list) != 1 {
			return nil, errNoKey
		}
		addr = list[0]
	}
	return ks.Load(addr, a.passphrase())
}

// send signs body with value as the sender's next transaction and sends it, or under
// --dry-run prints it with its fee and returns errDryRun.
func (a *app) send(ctx context.Context, value ledger.Amount, body ledger.Body) (sent, error) {
	k, err := a.signer()
	if err != nil {
		return sent{}, err
	}
	c, err := a.client()
	if err != nil {
		return sent{}, err
	}
	q, err := c.Sender(k).Quote(ctx, value, body)
	if err != nil {
		return sent{}, err
	}
	if a.dryRun {
		return sent{}, a.printDryRun(q)
	}
	rc, err := c.SendTx(ctx, q.Tx)
	return sent{Receipt: rc, Fee: q.Fee, symbol: q.Symbol}, err
}

// printReceipt reports an applied transaction and the fee it paid.
func (a *app) printReceipt(rc sent, human string) error {
	return a.emit(rc, func(w io.Writer) {
		fmt.Fprintf(w, "%s (tx %s, block %d, fee %s %s)\n", human, short(rc.TxID), rc.Height, formatAmount(rc.Fee), rc.symbol)
	})
}

// short abbreviates a long hex id for people.
func short(id string) string {
	if len(id) > 14 {
		return id[:10] + "…" + id[len(id)-4:]
	}
	return id
}
