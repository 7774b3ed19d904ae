package comet

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	abci "github.com/cometbft/cometbft/abci/types"
	cfg "github.com/cometbft/cometbft/config"
	cmtjson "github.com/cometbft/cometbft/libs/json"
	"github.com/cometbft/cometbft/p2p"
	"github.com/cometbft/cometbft/privval"
	cmttypes "github.com/cometbft/cometbft/types"

	"github.com/arena/arena/ledger"
)

// JoinPower is the consensus voting power of every founding operator: equal, so that
// any two thirds of them and more commit.
const JoinPower = 10

// EarliestGenesisTime is the earliest genesis_time AssembleGenesis accepts. CometBFT
// stamps block 1 with the genesis time, so a genesis far in the past dates the first
// block there: a task posted in it to close in an hour is closed at once. No network
// founded by this code launched before it, so an earlier time is a certain mistake;
// the assembler names the planned launch, which keeps the bytes a function of the
// inputs alone.
var EarliestGenesisTime = time.Date(2020, time.January, 1, 0, 0, 0, 0, time.UTC)

// OperatorKeys are the public parts of an operator's CometBFT keys.
type OperatorKeys struct {
	NodeID          string // the node key's id
	ConsensusPubKey []byte // the ed25519 consensus (priv_validator) public key
}

// NewOperatorKeys generates an operator's node key and consensus key into home, as a
// CometBFT home (config/node_key.json, config/priv_validator_key.json,
// data/priv_validator_state.json). It refuses a home that already has a consensus key.
func NewOperatorKeys(home string) (OperatorKeys, error) {
	c := cfg.DefaultConfig()
	c.SetRoot(home)
	if _, err := os.Stat(c.PrivValidatorKeyFile()); err == nil {
		return OperatorKeys{}, fmt.Errorf("operator keys: %s exists", c.PrivValidatorKeyFile())
	}
	for _, d := range []string{"config", "data"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o700); err != nil {
			return OperatorKeys{}, fmt.Errorf("operator keys: %w", err)
		}
	}
	privval.GenFilePV(c.PrivValidatorKeyFile(), c.PrivValidatorStateFile()).Save()
	if _, err := p2p.LoadOrGenNodeKey(c.NodeKeyFile()); err != nil {
		return OperatorKeys{}, fmt.Errorf("operator keys: node key: %w", err)
	}
	return LoadOperatorKeys(home)
}

// LoadOperatorKeys reads the public parts of the keys in home.
func LoadOperatorKeys(home string) (OperatorKeys, error) {
	c := cfg.DefaultConfig()
	c.SetRoot(home)
	nk, err := p2p.LoadNodeKey(c.NodeKeyFile())
	if err != nil {
		return OperatorKeys{}, fmt.Errorf("node key: %w", err)
	}
	pv, err := loadFilePV(c)
	if err != nil {
		return OperatorKeys{}, err
	}
	return OperatorKeys{NodeID: string(nk.ID()), ConsensusPubKey: bytes.Clone(pv.Key.PubKey.Bytes())}, nil
}

// SignJoin signs j's digest with the consensus key in home into j.ConsensusSig.
func SignJoin(home string, j *ledger.Join) error {
	c := cfg.DefaultConfig()
	c.SetRoot(home)
	pv, err := loadFilePV(c)
	if err != nil {
		return err
	}
	d := j.Digest()
	sig, err := pv.Key.PrivKey.Sign(d[:])
	if err != nil {
		return fmt.Errorf("sign join statement: %w", err)
	}
	j.ConsensusSig = sig
	return nil
}

// loadFilePV loads the consensus key without privval.LoadFilePV's exit on error.
func loadFilePV(c *cfg.Config) (pv *privval.FilePV, err error) {
	if _, err := os.Stat(c.PrivValidatorKeyFile()); err != nil {
		return nil, fmt.Errorf("consensus key: %w", err)
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("consensus key %s: %v", c.PrivValidatorKeyFile(), r)
		}
	}()
	return privval.LoadFilePV(c.PrivValidatorKeyFile(), c.PrivValidatorStateFile()), nil
}

// The assembler's refusals that the ledger's own checks of founding terms do not make.
var (
	ErrNoJoins         = errors.New("genesis: no join statements: pass one --join per founding operator")
	ErrTermsValidators = errors.New("genesis: the founding terms name validators or joins; the join statements supply them")
)

// AssembleGenesis returns the CometBFT genesis of a network founded by the operators
// whose join statements are joins, on terms (which name no validators): each statement
// checked on its own and against the others, the joins sorted by grading address (so
// that their order on the command line does not matter), the validator set their
// grading addresses, the allocations they ask for added to the genesis allocations,
// and the genesis_time at, which must be no earlier than EarliestGenesisTime. CometBFT's
// own validator list is left empty: InitChain returns the set from the joins. The same
// inputs give the same bytes.
func AssembleGenesis(terms ledger.Terms, joins []ledger.Join, at time.Time) ([]byte, error) {
	if len(joins) == 0 {
		return nil, ErrNoJoins
	}
	if len(terms.Validators) > 0 || len(terms.Joins) > 0 {
		return nil, ErrTermsValidators
	}
	for i := range joins {
		if err := joins[i].Check(); err != nil {
			return nil, fmt.Errorf("genesis: %w", err)
		}
		if joins[i].Chain != terms.Chain {
			return nil, fmt.Errorf("genesis: the join statement of %q is for chain %q, the founding terms found %q",
				joins[i].Name, joins[i].Chain, terms.Chain)
		}
	}
	joins = slices.Clone(joins)
	slices.SortStableFunc(joins, func(a, b ledger.Join) int {
		return cmp.Compare(a.GradingAddress.String(), b.GradingAddress.String())
	})
	n := len(joins)
	if terms.Committee > n {
		return nil, fmt.Errorf("genesis: the founding terms ask committees of %d validators, but %d operators join", terms.Committee, n)
	}
	if q, size := terms.Quorum, min(cmp.Or(terms.Committee, n), n); q > size {
		return nil, fmt.Errorf("genesis: the founding terms ask a quorum of %d agreeing validators, but a committee has %d", q, size)
	}
	terms.Genesis = slices.Clone(terms.Genesis)
	for _, j := range joins {
		terms.Validators = append(terms.Validators, j.GradingAddress)
		if j.Allocation != nil {
			terms.Genesis = append(terms.Genesis, ledger.Allocation{Address: j.GradingAddress, Amount: *j.Allocation})
		}
	}
	terms.Joins = joins
	if _, err := ledger.New(terms); err != nil {
		return nil, fmt.Errorf("genesis: founding terms: %w", err)
	}
	state, err := json.Marshal(terms)
	if err != nil {
		return nil, fmt.Errorf("genesis: encode founding terms: %w", err)
	}
	doc := &cmttypes.GenesisDoc{
		ChainID: terms.Chain, GenesisTime: at.UTC(), InitialHeight: 1,
		ConsensusParams: cmttypes.DefaultConsensusParams(), AppState: state,
	}
	if doc.GenesisTime.Before(EarliestGenesisTime) {
		return nil, fmt.Errorf("genesis: the genesis time %s is before %s, and CometBFT stamps block 1 with it: give the planned launch",
			doc.GenesisTime.Format(time.RFC3339), EarliestGenesisTime.Format(time.RFC3339))
	}
	if err := doc.ValidateAndComplete(); err != nil {
		return nil, fmt.Errorf("genesis: %w", err)
	}
	b, err := cmtjson.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("genesis: %w", err)
	}
	return append(b, '\n'), nil
}

// joinValidators returns the consensus validator updates of the founding joins.
func joinValidators(joins []ledger.Join) []abci.ValidatorUpdate {
	out := make([]abci.ValidatorUpdate, len(joins))
	for i, j := range joins {
		out[i] = abci.Ed25519ValidatorUpdate(j.ConsensusPubKey, JoinPower)
	}
	return out
}

// sameValidators reports whether a and b are the same updates in the same order.
func sameValidators(a, b []abci.ValidatorUpdate) bool {
	return slices.EqualFunc(a, b, func(x, y abci.ValidatorUpdate) bool {
		return x.Power == y.Power && x.PubKey.Equal(y.PubKey)
	})
}

// InstallOptions tune the node configuration InstallGenesis writes. Zero timeouts take
// TestnetOptions' defaults.
type InstallOptions struct {
	// Observer installs the genesis into a home whose operator is not among the
	// founding joins: a node that follows the chain (by state sync or from genesis)
	// without voting, peering with every founding operator.
	Observer       bool
	TimeoutPropose time.Duration
	TimeoutVote    time.Duration
	TimeoutCommit  time.Duration
}

// ErrForeignGenesis refuses a genesis that does not carry the operator's own join
// statement as it was written, or whose statement names keys other than the home's.
var ErrForeignGenesis = errors.New("this genesis was not assembled from this operator's join statement")

// Installed is what InstallGenesis checked and wrote.
type Installed struct {
	Terms ledger.Terms // the founding terms the genesis carries
	Peers []string     // persistent peers, id@host:port, the other joins
	P2P   string       // the p2p listen address
	RPC   string       // the CometBFT RPC listen address
}

// InstallGenesis checks doc, an assembled genesis, against own (the operator's join
// statement, which an observer's genesis must not carry) and the keys in home, then writes it to home/config/genesis.json byte for
// byte and a config.toml that peers with every other join (never itself), serves
// CometBFT RPC on 127.0.0.1 at the p2p port plus one and listens for peers on own.P2P
// when that is a loopback address (a network on one machine), else on every interface
// at its port with own.P2P as the external address, a strict address book and one peer
// per IP.
func InstallGenesis(home string, doc []byte, own ledger.Join, o InstallOptions) (Installed, error) {
	var in Installed
	gd, err := cmttypes.GenesisDocFromJSON(doc)
	if err != nil {
		return in, fmt.Errorf("genesis: %w", err)
	}
	terms, err := decodeTerms(gd.AppState)
	if err != nil {
		return in, err
	}
	if _, err := ledger.New(terms); err != nil {
		return in, fmt.Errorf("genesis: founding terms: %w", err)
	}
	switch {
	case terms.Chain != gd.ChainID:
		return in, fmt.Errorf("genesis: founding terms name chain %q, the genesis file %q", terms.Chain, gd.ChainID)
	case len(terms.Joins) == 0:
		return in, fmt.Errorf("genesis: its founding terms carry no join statements: %w", ErrForeignGenesis)
	case len(gd.Validators) > 0:
		return in, errors.New("genesis: it lists CometBFT validators; an assembled genesis takes them from the join statements")
	}
	i := slices.IndexFunc(terms.Joins, func(j ledger.Join) bool { return j.NodeID == own.NodeID })
	switch {
	case o.Observer && i >= 0:
		return in, fmt.Errorf("genesis: node %s is a founding operator of this genesis; install it without --observer", own.NodeID)
	case o.Observer && own.Chain != gd.ChainID:
		return in, fmt.Errorf("genesis: this node's join statement names chain %q, the genesis file %q", own.Chain, gd.ChainID)
	case o.Observer:
	case i < 0:
		return in, fmt.Errorf("genesis: no join statement for node %s: %w", own.NodeID, ErrForeignGenesis)
	case !sameJoin(terms.Joins[i], own):
		return in, fmt.Errorf("genesis: the join statement for node %s differs from this operator's: %w", own.NodeID, ErrForeignGenesis)
	}
	keys, err := LoadOperatorKeys(home)
	if err != nil {
		return in, err
	}
	if keys.NodeID != own.NodeID || !bytes.Equal(keys.ConsensusPubKey, own.ConsensusPubKey) {
		return in, fmt.Errorf("genesis: the keys in %s are not the ones this operator's join statement names: %w", home, ErrForeignGenesis)
	}
	host, port, err := net.SplitHostPort(own.P2P)
	if err != nil {
		return in, fmt.Errorf("join statement p2p address %q: %w", own.P2P, err)
	}
	p, err := strconv.Atoi(port)
	if err != nil || p <= 0 || p >= 65535 {
		return in, fmt.Errorf("join statement p2p address %q: port out of range", own.P2P)
	}
	in = Installed{Terms: terms, P2P: own.P2P, RPC: net.JoinHostPort("127.0.0.1", strconv.Itoa(p+1))}
	public := !isLoopback(host)
	if public { // listen on every interface; peers are told the statement's address
		in.P2P = net.JoinHostPort("0.0.0.0", port)
	}
	for _, j := range terms.Joins {
		if j.NodeID != own.NodeID {
			in.Peers = append(in.Peers, p2p.IDAddressString(p2p.ID(j.NodeID), j.P2P))
		}
	}
	c := cfg.DefaultConfig()
	c.SetRoot(home)
	if err := os.WriteFile(c.GenesisFile(), doc, 0o644); err != nil {
		return in, fmt.Errorf("genesis: %w", err)
	}
	to := TestnetOptions{TimeoutPropose: o.TimeoutPropose, TimeoutVote: o.TimeoutVote, TimeoutCommit: o.TimeoutCommit}.withDefaults()
	setNetwork(c, own.Name, in.P2P, in.RPC, in.Peers, to)
	if public {
		c.P2P.ExternalAddress = own.P2P
		c.P2P.AddrBookStrict, c.P2P.AllowDuplicateIP = true, false
	}
	cfg.WriteConfigFile(filepath.Join(home, "config", "config.toml"), c)
	return in, nil
}

// isLoopback reports whether host is a loopback address or names the local host; a
// network on one machine then keeps every port on it.
func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// sameJoin reports whether a and b are the same statement, signatures included.
func sameJoin(a, b ledger.Join) bool {
	return a.Digest() == b.Digest() && bytes.Equal(a.GradingSig, b.GradingSig) && bytes.Equal(a.ConsensusSig, b.ConsensusSig)
}

// monikerOf returns a CometBFT moniker for an operator's name.
func monikerOf(name string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == '"' || r == '\\' {
			return '-'
		}
		return r
	}, name)
}
