package comet

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	cfg "github.com/cometbft/cometbft/config"
	"github.com/cometbft/cometbft/p2p"
	"github.com/cometbft/cometbft/privval"
	cmttypes "github.com/cometbft/cometbft/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/account"
	"github.com/arena/arena/ledger"
)

// ValidatorKeyFile is where Testnet writes each node's grading validator key: the
// secp256k1 private key as 64 hex digits, mode 0600, unencrypted.
const ValidatorKeyFile = "config/validator.key"

// TestnetOptions describe a loopback network. Zero timeouts take the defaults below.
type TestnetOptions struct {
	Nodes int
	// Terms are the founding terms; Testnet fills Validators with one generated
	// grading validator per node, so Terms.Validators must be empty. Terms.Chain is
	// also the CometBFT chain id.
	Terms ledger.Terms
	// BasePort: node i listens for peers on 127.0.0.1:BasePort+10i and serves RPC on
	// BasePort+10i+1.
	BasePort int
	// ValidatorFund, if positive, is each generated grading validator's genesis wallet,
	// from which it pays its attestations' fees.
	ValidatorFund ledger.Amount
	// Observers are further nodes, after the validators, that follow the chain without
	// a vote: none of their keys is in the genesis or the founding terms.
	Observers      int
	TimeoutPropose time.Duration // default 1s
	TimeoutVote    time.Duration // prevote and precommit; default 200ms
	TimeoutCommit  time.Duration // default 300ms
	// EvidenceBlocks, if positive, is the genesis's
	// consensus_params.evidence.max_age_num_blocks (CometBFT's default is 100000): the
	// least a pruning node keeps (MinKeepBlocks).
	EvidenceBlocks int64
}

// Network is what Testnet wrote.
type Network struct {
	Terms ledger.Terms // with the generated validators
	Nodes []NetNode
}

// NetNode is one node of a Network.
type NetNode struct {
	Home      string         // dir/nodeI
	ID        string         // CometBFT node id
	P2P       string         // host:port
	RPC       string         // host:port
	Validator ledger.Address // the grading validator whose key is in Home/ValidatorKeyFile
}

// Testnet writes the homes of a loopback network of o.Nodes validators and o.Observers
// observers in dir/node0..dir/node{n-1}: one shared genesis whose app_state is the founding terms,
// and per node a CometBFT ed25519 validator key, a node key, a grading validator key
// and a config.toml that peers with every other node.
func Testnet(dir string, o TestnetOptions) (Network, error) {
	o = o.withDefaults()
	net := Network{Terms: o.Terms}
	switch {
	case o.Nodes < 1:
		return net, errors.New("testnet: need at least one node")
	case len(o.Terms.Validators) != 0:
		return net, errors.New("testnet: terms must not name validators; each node gets a generated one")
	case o.Observers < 0:
		return net, errors.New("testnet: observers cannot be negative")
	case o.BasePort <= 0 || o.BasePort+10*(o.Nodes+o.Observers) > 65535:
		return net, fmt.Errorf("testnet: base port %d out of range", o.BasePort)
	}
	confs := make([]*cfg.Config, o.Nodes+o.Observers)
	var gvals []cmttypes.GenesisValidator
	for i := range o.Nodes + o.Observers {
		n, c, gv, err := writeKeys(dir, i, o)
		if err != nil {
			return net, err
		}
		confs[i] = c
		net.Nodes = append(net.Nodes, n)
		if i >= o.Nodes {
			continue
		}
		gvals = append(gvals, gv)
		net.Terms.Validators = append(net.Terms.Validators, n.Validator)
		if !o.ValidatorFund.IsZero() {
			net.Terms.Genesis = append(net.Terms.Genesis, ledger.Allocation{Address: n.Validator, Amount: o.ValidatorFund})
		}
	}
	if err := net.Terms.Validate(); err != nil {
		return net, fmt.Errorf("testnet: founding terms: %w", err)
	}
	if err := writeGenesis(confs, gvals, net.Terms, o.EvidenceBlocks); err != nil {
		return net, err
	}
	for i, c := range confs {
		configure(c, net.Nodes, i, o)
		cfg.WriteConfigFile(filepath.Join(c.RootDir, "config", "config.toml"), c)
	}
	return net, nil
}

func (o TestnetOptions) withDefaults() TestnetOptions {
	if o.TimeoutPropose <= 0 {
		o.TimeoutPropose = time.Second
	}
	if o.TimeoutVote <= 0 {
		o.TimeoutVote = 200 * time.Millisecond
	}
	if o.TimeoutCommit <= 0 {
		o.TimeoutCommit = 300 * time.Millisecond
	}
	return o
}

// writeKeys creates node i's home and its three keys.
func writeKeys(dir string, i int, o TestnetOptions) (NetNode, *cfg.Config, cmttypes.GenesisValidator, error) {
	home := filepath.Join(dir, fmt.Sprintf("node%d", i))
	n := NetNode{Home: home,
		P2P: fmt.Sprintf("127.0.0.1:%d", o.BasePort+10*i), RPC: fmt.Sprintf("127.0.0.1:%d", o.BasePort+10*i+1)}
	var gv cmttypes.GenesisValidator
	for _, d := range []string{"config", "data"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o700); err != nil {
			return n, nil, gv, fmt.Errorf("testnet: %w", err)
		}
	}
	c := cfg.DefaultConfig()
	c.SetRoot(home)
	pv := privval.GenFilePV(c.PrivValidatorKeyFile(), c.PrivValidatorStateFile())
	pv.Save()
	nk, err := p2p.LoadOrGenNodeKey(c.NodeKeyFile())
	if err != nil {
		return n, nil, gv, fmt.Errorf("testnet: node key: %w", err)
	}
	n.ID = string(nk.ID())
	if n.Validator, err = writeValidatorKey(home); err != nil {
		return n, nil, gv, err
	}
	pub, err := pv.GetPubKey()
	if err != nil {
		return n, nil, gv, fmt.Errorf("testnet: %w", err)
	}
	gv = cmttypes.GenesisValidator{Address: pub.Address(), PubKey: pub, Power: 10, Name: fmt.Sprintf("node%d", i)}
	return n, c, gv, nil
}

// writeValidatorKey generates a grading validator key into home/ValidatorKeyFile.
func writeValidatorKey(home string) (ledger.Address, error) {
	p, err := crypto.GenerateKey()
	if err != nil {
		return ledger.Address{}, fmt.Errorf("testnet: validator key: %w", err)
	}
	text := hex.EncodeToString(crypto.FromECDSA(p)) + "\n"
	if err := os.WriteFile(filepath.Join(home, ValidatorKeyFile), []byte(text), 0o600); err != nil {
		return ledger.Address{}, fmt.Errorf("testnet: validator key: %w", err)
	}
	return ledger.Address(crypto.PubkeyToAddress(p.PublicKey)), nil
}

// LoadValidatorKey reads the grading validator key Testnet wrote into home.
func LoadValidatorKey(home string) (*account.Key, error) {
	b, err := os.ReadFile(filepath.Join(home, ValidatorKeyFile))
	if err != nil {
		return nil, fmt.Errorf("validator key: %w", err)
	}
	k, err := account.FromHex(string(b))
	if err != nil {
		return nil, fmt.Errorf("validator key %s: %w", filepath.Join(home, ValidatorKeyFile), err)
	}
	return k, nil
}

// writeGenesis writes the one genesis every node shares.
func writeGenesis(confs []*cfg.Config, vals []cmttypes.GenesisValidator, terms ledger.Terms, evidenceBlocks int64) error {
	state, err := json.Marshal(terms)
	if err != nil {
		return fmt.Errorf("testnet: encode terms: %w", err)
	}
	params := cmttypes.DefaultConsensusParams()
	if evidenceBlocks > 0 {
		params.Evidence.MaxAgeNumBlocks = evidenceBlocks
	}
	doc := &cmttypes.GenesisDoc{
		ChainID: terms.Chain, GenesisTime: time.Now().UTC().Truncate(time.Second), InitialHeight: 1,
		ConsensusParams: params, Validators: vals, AppState: state,
	}
	if err := doc.ValidateAndComplete(); err != nil {
		return fmt.Errorf("testnet: genesis: %w", err)
	}
	for _, c := range confs {
		if err := doc.SaveAs(c.GenesisFile()); err != nil {
			return fmt.Errorf("testnet: genesis: %w", err)
		}
	}
	return nil
}

// localnetRelayPeers is how many of its peers a localnet node relays the transactions
// of its mempool to. Every localnet node is every other's peer, and all of them share
// one machine's cores: relaying to every peer, CometBFT's default, delivers each
// transaction to each of the other three nodes up to three times in a network of four,
// and every delivery is received, decrypted and looked up on a core the network
// shares. Relayed to one peer, which relays it on to its own one, a transaction reaches
// at least two nodes, so it waits for the turn of one of them to propose; a node that
// never hears of it decodes it and checks its signature when its block arrives, as it
// does for any transaction it has not checked before (FinalizeBlock). A network formed
// by ceremony keeps CometBFT's default.
const localnetRelayPeers = 1

// localnetFlush is how long a localnet node's connection to a peer may hold what it has
// written before sending it, and localnetGossipSleep how long the consensus reactor's
// routines for a peer sleep when they find nothing to send. CometBFT's defaults (100 ms
// each) suit peers across a wide-area network; between processes on one machine, each
// of a block's three steps (the proposal, the prevotes, the precommits) waited up to
// both, 130-330 ms a block in all, even for an empty block. The shorter waits cost a
// few thousand wake-ups a second across a network of four.
const (
	localnetFlush       = 10 * time.Millisecond
	localnetGossipSleep = 10 * time.Millisecond
)

// configure sets node i's network and consensus settings.
func configure(c *cfg.Config, nodes []NetNode, i int, o TestnetOptions) {
	var peers []string
	for j, n := range nodes {
		if j != i {
			peers = append(peers, p2p.IDAddressString(p2p.ID(n.ID), n.P2P))
		}
	}
	setNetwork(c, fmt.Sprintf("node%d", i), nodes[i].P2P, nodes[i].RPC, peers, o)
	c.Mempool.ExperimentalMaxGossipConnectionsToPersistentPeers = localnetRelayPeers
	c.P2P.FlushThrottleTimeout = localnetFlush
	c.Consensus.PeerGossipSleepDuration = localnetGossipSleep
}

// setNetwork sets a node's moniker, its p2p and RPC listen addresses (host:port), its
// persistent peers (id@host:port) and o's consensus timeouts.
func setNetwork(c *cfg.Config, moniker, p2pAddr, rpc string, peers []string, o TestnetOptions) {
	c.Moniker = monikerOf(moniker)
	c.P2P.ListenAddress = "tcp://" + p2pAddr
	c.P2P.PersistentPeers = strings.Join(peers, ",")
	c.P2P.AddrBookStrict = false
	c.P2P.AllowDuplicateIP = true
	c.P2P.PexReactor = false
	c.RPC.ListenAddress = "tcp://" + rpc
	c.RPC.MaxRequestBatchSize = MaxPendingPerSender // a sender's whole queue in one round trip
	c.Consensus.TimeoutPropose = o.TimeoutPropose
	c.Consensus.TimeoutPrevote = o.TimeoutVote
	c.Consensus.TimeoutPrecommit = o.TimeoutVote
	c.Consensus.TimeoutCommit = o.TimeoutCommit
	c.Consensus.CreateEmptyBlocks = true
	c.Instrumentation.Prometheus = false
	c.Mempool.Recheck = true
	// The arena's store looks transactions up by id (the API's /v1/tx); CometBFT's own
	// transaction index would only write every transaction a second time.
	c.TxIndex.Indexer = "null"
}
