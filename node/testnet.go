package node

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"path/filepath"
	"strconv"

	"github.com/arena/arena/account"
	"github.com/arena/arena/chain/comet"
)

// TestnetOptions describe a CometBFT localnet of arena nodes on one machine. The
// embedded InitOptions give the founding terms (the same Terms as Init takes, with the
// same defaults) and key encryption; their Validators and Listen are ignored (one
// validator per node, a port per node).
type TestnetOptions struct {
	InitOptions
	Nodes    int // default DefaultValidators
	BasePort int // node i: p2p BasePort+10i, CometBFT RPC +1, arena API +2; 0 picks free ports
}

// DefaultBasePort is the first port of a localnet by default.
const DefaultBasePort = 26600

// DefaultTestnetName is the name of a localnet whose operator named none, in place of
// DefaultTerms' name, so that its chain id (arena-localnet) says what it is. Every
// other founding term of a localnet defaults as an arena's does.
const DefaultTestnetName = "localnet"

// Testnet writes a localnet of o.Nodes nodes in dir/node0..: the CometBFT homes
// (comet.Testnet: one genesis, node and consensus keys, configs peering on loopback)
// and in each home an arena directory: genesis.json (the founding terms, which are also
// the CometBFT genesis app_state), keys/ holding that node's grading validator key, and
// arena.toml running the comet engine with that one [[validator]] and its reader (the
// node's entry in o.Readers, else builtin), its API on 127.0.0.1:BasePort+10i+2 and
// the other nodes' APIs as its [artifacts] peers, so that an artifact uploaded to any
// one node reaches every validator. Unless the terms name a treasury, a treasury key is
// generated into node0's keystore and named, and each operator key it generates (as Init does: one in a dev arena) is kept
// there, named in the founding terms and configured as node0's [[operator]]. The
// founding terms are validated as Init validates them, before anything is written.
func Testnet(dir string, o TestnetOptions) (comet.Network, error) {
	if o.Nodes <= 0 {
		o.Nodes = DefaultValidators
	}
	if _, err := os.Stat(filepath.Join(dir, "node0", ConfigFile)); err == nil {
		return comet.Network{}, fmt.Errorf("testnet %s: node0/%s exists: %w", dir, ConfigFile, ErrInitialised)
	}
	if o.Name == "" {
		o.Name = DefaultTestnetName
	}
	def := o.InitOptions.withDefaults()
	treasury, err := treasuryKey(&def.Terms)
	if err != nil {
		return comet.Network{}, fmt.Errorf("testnet %s: %w", dir, err)
	}
	ops, err := operatorKeys(&def.Terms, def.Operators)
	if err != nil {
		return comet.Network{}, fmt.Errorf("testnet %s: %w", dir, err)
	}
	if err := def.check(standIns(o.Nodes)); err != nil {
		return comet.Network{}, fmt.Errorf("testnet %s: %w", dir, err)
	}
	if o.BasePort == 0 {
		base, err := freeBase(o.Nodes)
		if err != nil {
			return comet.Network{}, fmt.Errorf("testnet %s: %w", dir, err)
		}
		o.BasePort = base
	}
	terms := def.ledgerTerms(nil)
	nw, err := comet.Testnet(dir, comet.TestnetOptions{Nodes: o.Nodes, Terms: terms, BasePort: o.BasePort, ValidatorFund: def.validatorFund()})
	if err != nil {
		return nw, err
	}
	for i, nd := range nw.Nodes {
		c := DefaultConfig()
		c.Engine = EngineComet
		c.DB = comet.DBFile
		c.Listen = APIAddr(nd)
		c.Artifacts.Peers = peerAPIs(nw, i)
		v := ValidatorConfig{Address: nd.Validator}
		if i < len(def.Readers) {
			v.Reader = def.Readers[i]
		}
		c.Validators = []ValidatorConfig{v.withDefaults()}
		if i == 0 {
			for _, k := range ops {
				c.Operators = append(c.Operators, OperatorConfig{Address: k.Address()}.withDefaults())
			}
		}
		if err := writeNodeArena(nd.Home, def, nw, c); err != nil {
			return nw, fmt.Errorf("testnet %s: %w", nd.Home, err)
		}
		if i > 0 {
			continue
		}
		kept := ops
		if treasury != nil {
			kept = append([]*account.Key{treasury}, ops...)
		}
		for _, k := range kept {
			if err := keepKey(nd.Home, def, c, k); err != nil {
				return nw, fmt.Errorf("testnet %s: %w", nd.Home, err)
			}
		}
	}
	return nw, nil
}

// writeNodeArena moves the node's grading validator key into its keystore and writes
// its founding terms and arena.toml.
func writeNodeArena(home string, o InitOptions, net comet.Network, c Config) error {
	k, err := comet.LoadValidatorKey(home)
	if err != nil {
		return err
	}
	if err := keepKey(home, o, c, k); err != nil {
		return err
	}
	if err := os.Remove(filepath.Join(home, comet.ValidatorKeyFile)); err != nil {
		return err
	}
	g, err := json.MarshalIndent(net.Terms, "", "  ")
	if err != nil {
		return fmt.Errorf("encode founding terms: %w", err)
	}
	if err := os.WriteFile(filepath.Join(home, c.Genesis), append(g, '\n'), 0o644); err != nil {
		return err
	}
	return WriteConfig(home, c)
}

// keepKey adds k to the keystore of the arena directory home, encrypted as o says.
func keepKey(home string, o InitOptions, c Config, k *account.Key) error {
	st := &account.Store{Dir: filepath.Join(home, c.Keys), Scrypt: account.Standard}
	if o.LightScrypt {
		st.Scrypt = account.Light
	}
	return st.Add(k, o.Passphrase)
}

// peerAPIs returns the API base URLs of every node of nw but node i: where node i asks
// for the artifacts uploaded to another.
func peerAPIs(nw comet.Network, i int) []string {
	var out []string
	for j, nd := range nw.Nodes {
		if j != i {
			out = append(out, "http://"+APIAddr(nd))
		}
	}
	return out
}

// APIAddr returns the API address Testnet configured for nd: its p2p port plus 2.
func APIAddr(nd comet.NetNode) string {
	host, port, err := net.SplitHostPort(nd.P2P)
	if err != nil {
		return ""
	}
	p, err := strconv.Atoi(port)
	if err != nil {
		return ""
	}
	return net.JoinHostPort(host, strconv.Itoa(p+2))
}

// freeBase returns a base port whose three ports for each of n nodes are free on
// 127.0.0.1 now.
func freeBase(n int) (int, error) {
	for range 50 {
		base := 20000 + 10*rand.IntN(4000)
		if portsFree(base, n) {
			return base, nil
		}
	}
	return 0, errors.New("no free loopback ports")
}

func portsFree(base, n int) bool {
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	for p := base; p < base+10*n; p++ {
		if p%10 > 2 {
			continue
		}
		l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", p))
		if err != nil {
			return false
		}
		ls = append(ls, l)
	}
	return true
}
