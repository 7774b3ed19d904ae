package node

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"

	"github.com/arena/arena/account"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
)

// JoinFile is where OperatorInit writes the operator's join statement, in its directory.
const JoinFile = "join.json"

// OperatorOptions describe the operator OperatorInit founds a directory for.
type OperatorOptions struct {
	Arena      string         // the arena's name; the chain id is ChainID(Arena)
	Name       string         // the operator's name
	P2P        string         // host:port where peers reach the node
	API        string         // http(s) URL of the node's arena API
	Allocation *ledger.Amount // the genesis wallet asked for the grading address; nil for none
	Passphrase string         // encrypts the grading key
	// LightScrypt encrypts the grading key cheaply, for tests.
	LightScrypt bool
}

// check refuses options that would make a statement nobody could use.
func (o OperatorOptions) check() error {
	if o.Name == "" {
		return errors.New("operator init: --name is empty")
	}
	if _, err := p2pPort(o.P2P); err != nil {
		return fmt.Errorf("operator init: --p2p %q: %w", o.P2P, err)
	}
	if _, err := apiListen(o.API); err != nil {
		return fmt.Errorf("operator init: --api %q: %w", o.API, err)
	}
	if o.Allocation != nil && o.Allocation.IsZero() {
		return errors.New("operator init: --fund must be positive, or left out for no allocation")
	}
	return nil
}

// p2pPort returns the port of a host:port p2p address, refusing anything else.
func p2pPort(addr string) (int, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return 0, fmt.Errorf("not HOST:PORT: %w", err)
	}
	p, err := strconv.Atoi(port)
	if host == "" || err != nil || p <= 0 || p >= 65535 {
		return 0, errors.New("not HOST:PORT with a host and a port below 65535")
	}
	return p, nil
}

// apiListen returns the address a node serving the API URL u listens on: the URL's
// host and port when the host is a loopback address, the URL's port on every interface
// otherwise, and DefaultListen when it names no port (a proxy in front).
func apiListen(u string) (string, error) {
	p, err := url.Parse(u)
	if err != nil {
		return "", err
	}
	if (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		return "", errors.New("not an http or https URL with a host")
	}
	if p.Port() == "" {
		return DefaultListen, nil
	}
	if ip := net.ParseIP(p.Hostname()); p.Hostname() == "localhost" || (ip != nil && ip.IsLoopback()) {
		return p.Host, nil
	}
	return net.JoinHostPort("0.0.0.0", p.Port()), nil
}

// OperatorInit founds an operator's directory for a network formed by ceremony: a
// CometBFT node key and consensus key (comet.NewOperatorKeys), a grading key in the
// keystore, and JoinFile, the join statement naming them and signed by both the
// grading key and the consensus key. Only the statement leaves the directory.
func OperatorInit(dir string, o OperatorOptions) (ledger.Join, error) {
	var j ledger.Join
	if err := o.check(); err != nil {
		return j, err
	}
	for _, f := range []string{JoinFile, ConfigFile} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			return j, fmt.Errorf("operator init %s: %s exists: %w", dir, f, ErrInitialised)
		}
	}
	keys, err := comet.NewOperatorKeys(dir)
	if err != nil {
		return j, fmt.Errorf("operator init %s: %w", dir, err)
	}
	k, err := account.Generate()
	if err != nil {
		return j, fmt.Errorf("operator init %s: %w", dir, err)
	}
	if err := keepKey(dir, InitOptions{Passphrase: o.Passphrase, LightScrypt: o.LightScrypt}, DefaultConfig(), k); err != nil {
		return j, fmt.Errorf("operator init %s: %w", dir, err)
	}
	j = ledger.Join{
		Chain: ChainID(o.Arena), Name: o.Name, NodeID: keys.NodeID, P2P: o.P2P, API: o.API,
		ConsensusPubKey: keys.ConsensusPubKey, GradingAddress: k.Address(), Allocation: o.Allocation,
	}
	if j.GradingSig, err = k.Sign(j.Digest()); err != nil {
		return j, fmt.Errorf("operator init %s: %w", dir, err)
	}
	if err := comet.SignJoin(dir, &j); err != nil {
		return j, fmt.Errorf("operator init %s: %w", dir, err)
	}
	if err := j.Check(); err != nil {
		return j, fmt.Errorf("operator init %s: %w", dir, err)
	}
	b, err := json.MarshalIndent(j, "", "  ")
	if err != nil {
		return j, fmt.Errorf("operator init %s: %w", dir, err)
	}
	if err := os.WriteFile(filepath.Join(dir, JoinFile), append(b, '\n'), 0o644); err != nil {
		return j, fmt.Errorf("operator init %s: %w", dir, err)
	}
	return j, nil
}

// ReadJoin reads a join statement, refusing unknown fields and trailing data. It does
// not check the statement (ledger.Join.Check does).
func ReadJoin(path string) (ledger.Join, error) {
	var j ledger.Join
	b, err := os.ReadFile(path)
	if err != nil {
		return j, fmt.Errorf("join statement: %w", err)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&j); err != nil {
		return j, fmt.Errorf("join statement %s: %w", path, err)
	}
	if d.More() {
		return j, fmt.Errorf("join statement %s: data after the statement", path)
	}
	return j, nil
}

// Installed is what InstallGenesis checked and wrote.
type Installed struct {
	comet.Installed
	SHA256 string // hex sha256 of the genesis file, to compare with the assembler's
	Listen string // the API's listen address
	Config bool   // whether arena.toml was written (false: an existing one was kept)
}

// GenesisSHA256 returns the hex sha256 of a genesis file's bytes, the figure operators
// compare.
func GenesisSHA256(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// InstallGenesis installs the assembled genesis file at path into the operator
// directory dir after checking it against the operator's join statement and keys
// (comet.InstallGenesis): config/genesis.json byte for byte, config.toml peering with
// the other joins, the founding terms as the arena's genesis.json and, unless one
// exists, an arena.toml running the comet engine with the operator's grading validator
// and its API listening where the statement's URL points. An observer (o.Observer) is an
// operator the genesis does not name: it peers with every founding operator and its
// arena.toml names no validator; it follows the chain, joining by state sync when its
// arena.toml's [statesync] is set.
func InstallGenesis(dir, path string, o comet.InstallOptions) (Installed, error) {
	var in Installed
	own, err := ReadJoin(filepath.Join(dir, JoinFile))
	if err != nil {
		return in, fmt.Errorf("genesis install %s: %w", dir, err)
	}
	doc, err := os.ReadFile(path)
	if err != nil {
		return in, fmt.Errorf("genesis install: %w", err)
	}
	if in.Listen, err = apiListen(own.API); err != nil {
		return in, fmt.Errorf("genesis install %s: join statement API URL %q: %w", dir, own.API, err)
	}
	if in.Installed, err = comet.InstallGenesis(dir, doc, own, o); err != nil {
		return in, fmt.Errorf("genesis install %s: %w", dir, err)
	}
	in.SHA256 = GenesisSHA256(doc)
	c := DefaultConfig()
	c.Engine = EngineComet
	c.DB = comet.DBFile
	c.Listen = in.Listen
	if !o.Observer {
		c.Validators = []ValidatorConfig{ValidatorConfig{Address: own.GradingAddress}.withDefaults()}
	}
	g, err := json.MarshalIndent(in.Terms, "", "  ")
	if err != nil {
		return in, fmt.Errorf("genesis install %s: encode founding terms: %w", dir, err)
	}
	if err := os.WriteFile(filepath.Join(dir, c.Genesis), append(g, '\n'), 0o644); err != nil {
		return in, fmt.Errorf("genesis install %s: %w", dir, err)
	}
	if _, err := os.Stat(filepath.Join(dir, ConfigFile)); err == nil {
		return in, nil
	}
	if err := WriteConfig(dir, c); err != nil {
		return in, fmt.Errorf("genesis install %s: %w", dir, err)
	}
	in.Config = true
	return in, nil
}

// FoundingTerms returns the founding terms t gives (defaults filled as Init fills
// them) with no validators, for a ceremony's assembler: it generates no keys, so no
// treasury is named unless t names one, and each operator's join asks for its own
// validator wallet.
func FoundingTerms(t Terms) (ledger.Terms, error) {
	t = t.withDefaults()
	if !t.DevMode && (t.Fees == nil || t.Fees.PerTx.IsZero()) {
		return ledger.Terms{}, fmt.Errorf("founding terms: %w", ErrNoFee)
	}
	lt := t.ledgerTerms(nil)
	if len(lt.Operators) > 0 && lt.Treasury == nil {
		return ledger.Terms{}, errors.New("founding terms: match operators need --treasury")
	}
	return lt, nil
}
