package comet_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	abci "github.com/cometbft/cometbft/abci/types"
	cfg "github.com/cometbft/cometbft/config"
	cmtjson "github.com/cometbft/cometbft/libs/json"
	cmttypes "github.com/cometbft/cometbft/types"

	"github.com/arena/arena/account"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

const ceremonyChain = "arena-ceremony"

// ceremonyTerms are founding terms naming no validators, as an assembler starts.
func ceremonyTerms() ledger.Terms {
	return ledger.Terms{
		Chain: ceremonyChain, Name: "ceremony", Symbol: "GEN",
		EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20), AppealWindowS: 60, GradingWindowS: 86400,
		Attempts: 3, RoundTimeoutS: 30, DevMode: true,
	}
}

// founder is an operator of a ceremony: its home and its signed join statement.
type founder struct {
	home string
	join ledger.Join
	key  *account.Key
}

// newFounder makes an operator's keys in a fresh home and signs its join statement for
// chain, as `arena operator init` does.
func newFounder(t *testing.T, chain, name, p2p string) founder {
	t.Helper()
	home := filepath.Join(t.TempDir(), name)
	keys, err := comet.NewOperatorKeys(home)
	if err != nil {
		t.Fatal(err)
	}
	f := founder{home: home, key: mustKey(t)}
	f.join = ledger.Join{
		Chain: chain, Name: name, NodeID: keys.NodeID, P2P: p2p, API: "http://" + p2p + "/api",
		ConsensusPubKey: keys.ConsensusPubKey, GradingAddress: f.key.Address(),
	}
	f.sign(t)
	return f
}

// sign signs f's join statement as it stands with both of f's keys.
func (f *founder) sign(t *testing.T) {
	t.Helper()
	var err error
	if f.join.GradingSig, err = f.key.Sign(f.join.Digest()); err != nil {
		t.Fatal(err)
	}
	if err := comet.SignJoin(f.home, &f.join); err != nil {
		t.Fatal(err)
	}
}

func newFounders(t *testing.T, n int) []founder {
	t.Helper()
	fs := make([]founder, n)
	for i := range fs {
		fs[i] = newFounder(t, ceremonyChain, fmt.Sprintf("op%d", i), fmt.Sprintf("127.0.0.1:%d", 40000+10*i))
	}
	return fs
}

func joinsOf(fs []founder) []ledger.Join {
	js := make([]ledger.Join, len(fs))
	for i, f := range fs {
		js[i] = f.join
	}
	return js
}

// launch is the genesis time the tests' assemblers agree on.
var launch = time.Date(2027, time.March, 1, 12, 0, 0, 0, time.UTC)

func assemble(t *testing.T, terms ledger.Terms, js []ledger.Join) []byte {
	t.Helper()
	doc, err := comet.AssembleGenesis(terms, js, launch)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// "arena genesis assemble (anyone) ... writes one genesis with a pinned genesis_time,
// the founding terms and the validator set from the joins": the same terms and joins in
// any order give the same bytes, the time is the one the assembler named rather than a
// clock, the validators are the joins' grading addresses, and CometBFT's own list is
// left for InitChain to fill.
func TestAnyoneAssemblesTheSameGenesisFromTheSameJoins(t *testing.T) {
	fs := newFounders(t, 4)
	js := joinsOf(fs)
	a := assemble(t, ceremonyTerms(), js)
	slices.Reverse(js)
	if b := assemble(t, ceremonyTerms(), js); !bytes.Equal(a, b) {
		t.Fatalf("the joins' order changed the genesis:\n%s\n%s", a, b)
	}
	doc, err := cmttypes.GenesisDocFromJSON(a)
	if err != nil {
		t.Fatal(err)
	}
	if !doc.GenesisTime.Equal(launch) || len(doc.Validators) != 0 || doc.ChainID != ceremonyChain {
		t.Errorf("genesis time %s, %d CometBFT validators, chain %q; want %s, none, %q",
			doc.GenesisTime, len(doc.Validators), doc.ChainID, launch, ceremonyChain)
	}
	terms := termsOf(t, doc.AppState)
	var want []ledger.Address
	for _, f := range fs {
		want = append(want, f.join.GradingAddress)
	}
	slices.SortFunc(want, func(x, y ledger.Address) int { return strings.Compare(x.String(), y.String()) })
	if !slices.Equal(terms.Validators, want) || len(terms.Joins) != 4 {
		t.Errorf("validators %v with %d joins; want %v with 4", terms.Validators, len(terms.Joins), want)
	}
}

// "InitChain takes the validator set from the founding terms' joins": a fresh
// application returns one ed25519 validator of power 10 per join, in the joins' order,
// and refuses a genesis whose own validator list names other keys.
func TestInitChainTakesTheValidatorsFromTheJoins(t *testing.T) {
	fs := newFounders(t, 4)
	doc, err := cmttypes.GenesisDocFromJSON(assemble(t, ceremonyTerms(), joinsOf(fs)))
	if err != nil {
		t.Fatal(err)
	}
	terms := termsOf(t, doc.AppState)
	res, err := freshApp(t).InitChain(context.Background(), &abci.RequestInitChain{ChainId: doc.ChainID, AppStateBytes: doc.AppState})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Validators) != len(terms.Joins) {
		t.Fatalf("InitChain returned %d validators, want %d", len(res.Validators), len(terms.Joins))
	}
	for i, v := range res.Validators {
		if !bytes.Equal(v.PubKey.GetEd25519(), terms.Joins[i].ConsensusPubKey) || v.Power != comet.JoinPower {
			t.Errorf("validator %d: key %x power %d, want %x power %d", i, v.PubKey.GetEd25519(), v.Power, terms.Joins[i].ConsensusPubKey, comet.JoinPower)
		}
	}
	other := abci.Ed25519ValidatorUpdate(bytes.Repeat([]byte{7}, 32), comet.JoinPower)
	_, err = freshApp(t).InitChain(context.Background(), &abci.RequestInitChain{
		ChainId: doc.ChainID, AppStateBytes: doc.AppState, Validators: []abci.ValidatorUpdate{other},
	})
	if err == nil || err.Error() != "the genesis file's validators are not the founding terms' join statements" {
		t.Errorf("InitChain with foreign genesis validators: %v", err)
	}
}

func termsOf(t *testing.T, state []byte) ledger.Terms {
	t.Helper()
	var terms ledger.Terms
	if err := json.Unmarshal(state, &terms); err != nil {
		t.Fatal(err)
	}
	return terms
}

func freshApp(t *testing.T) *comet.App {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "arena.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	app, err := comet.NewApp(db, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	return app
}

// A genesis time before 2020 is a certain mistake, and the likeliest one is no time at
// all: CometBFT stamps block 1 with it, so a task posted there closes at once. It is
// refused by its message; 2020-01-01 itself is accepted.
func TestAssembleRefusesAGenesisTimeBefore2020(t *testing.T) {
	js := joinsOf(newFounders(t, 1))
	for _, at := range []time.Time{{}, time.Unix(0, 0), comet.EarliestGenesisTime.Add(-time.Second)} {
		_, err := comet.AssembleGenesis(ceremonyTerms(), js, at)
		want := "genesis: the genesis time " + at.UTC().Format(time.RFC3339) +
			" is before 2020-01-01T00:00:00Z, and CometBFT stamps block 1 with it: give the planned launch"
		if err == nil || err.Error() != want {
			t.Errorf("genesis time %s: %v; want %s", at, err, want)
		}
	}
	if _, err := comet.AssembleGenesis(ceremonyTerms(), js, comet.EarliestGenesisTime); err != nil {
		t.Errorf("genesis time %s: %v", comet.EarliestGenesisTime, err)
	}
}

// Bad input: every statement is checked before anything is written: both signatures,
// one chain name, no duplicate node id, key, address or p2p address, and a quorum the
// set can reach. Each refusal is pinned by its exact message.
func TestAssembleRefusesEveryBadSet(t *testing.T) {
	fs := newFounders(t, 3)
	g := func(f founder) string { return f.join.GradingAddress.String() }
	tests := []struct {
		name string
		edit func(t *testing.T, terms *ledger.Terms, js *[]ledger.Join)
		want string
	}{
		{"no joins", func(t *testing.T, _ *ledger.Terms, js *[]ledger.Join) { *js = nil },
			"genesis: no join statements: pass one --join per founding operator"},
		{"terms naming validators", func(t *testing.T, terms *ledger.Terms, _ *[]ledger.Join) {
			terms.Validators = []ledger.Address{fs[0].join.GradingAddress}
		}, "genesis: the founding terms name validators or joins; the join statements supply them"},
		{"a statement changed after signing", func(t *testing.T, _ *ledger.Terms, js *[]ledger.Join) {
			(*js)[1].P2P = "127.0.0.1:1"
		}, "genesis: [EXPECTED] Join statement of \"op1\" (" + g(fs[1]) + "): its signature does not match its contents: a field was edited after signing, or a key other than its grading address signed it"},
		{"a consensus signature by another key", func(t *testing.T, _ *ledger.Terms, js *[]ledger.Join) {
			(*js)[2].ConsensusSig = fs[0].join.ConsensusSig
		}, "genesis: [EXPECTED] Join statement of \"op2\" (" + g(fs[2]) + "): the consensus signature is not by its consensus key"},
		{"a foreign chain", func(t *testing.T, _ *ledger.Terms, js *[]ledger.Join) {
			f := newFounder(t, "arena-elsewhere", "stranger", "127.0.0.1:40090")
			*js = append(*js, f.join)
		}, `genesis: the join statement of "stranger" is for chain "arena-elsewhere", the founding terms found "arena-ceremony"`},
		{"the same statement twice", func(t *testing.T, _ *ledger.Terms, js *[]ledger.Join) {
			*js = append(*js, (*js)[0])
		}, "genesis: founding terms: [EXPECTED] Join statement of \"op0\" (" + g(fs[0]) + "): it appears twice: give each operator's join statement once"},
		{"two operators on one p2p address", func(t *testing.T, _ *ledger.Terms, js *[]ledger.Join) {
			f := newFounder(t, ceremonyChain, "squatter", fs[1].join.P2P)
			*js = append(*js, f.join)
		}, "genesis: founding terms: [EXPECTED] Join statements of SQUATTER_OR_OP1 name the same p2p address"},
		{"committees larger than the set", func(t *testing.T, terms *ledger.Terms, _ *[]ledger.Join) { terms.Committee = 4 },
			"genesis: the founding terms ask committees of 4 validators, but 3 operators join"},
		{"a quorum no committee reaches", func(t *testing.T, terms *ledger.Terms, _ *[]ledger.Join) { terms.Quorum = 4 },
			"genesis: the founding terms ask a quorum of 4 agreeing validators, but a committee has 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			terms, js := ceremonyTerms(), joinsOf(fs)
			tt.edit(t, &terms, &js)
			_, err := comet.AssembleGenesis(terms, js, launch)
			if err == nil {
				t.Fatalf("assembled; want %s", tt.want)
			}
			want := tt.want
			if strings.Contains(want, "SQUATTER_OR_OP1") { // sorted by grading address: either comes first
				a, b := "op1 and squatter", "squatter and op1"
				if err.Error() != strings.Replace(want, "SQUATTER_OR_OP1", a, 1) {
					want = strings.Replace(want, "SQUATTER_OR_OP1", b, 1)
				} else {
					want = strings.Replace(want, "SQUATTER_OR_OP1", a, 1)
				}
			}
			if err.Error() != want {
				t.Errorf("got  %s\nwant %s", err, want)
			}
		})
	}
}

// "arena genesis install --dir OP GENESIS checks the file against the operator's own
// join and keys, writes the node's configuration (peers from the other joins, never
// itself; its own listen addresses)".
func TestInstallPeersWithEveryOtherJoin(t *testing.T) {
	fs := newFounders(t, 4)
	doc := assemble(t, ceremonyTerms(), joinsOf(fs))
	in, err := comet.InstallGenesis(fs[2].home, doc, fs[2].join, comet.InstallOptions{})
	if err != nil {
		t.Fatal(err)
	}
	written, err := os.ReadFile(filepath.Join(fs[2].home, "config", "genesis.json"))
	if err != nil || !bytes.Equal(written, doc) {
		t.Fatalf("config/genesis.json is not the assembled file byte for byte (%v)", err)
	}
	c, err := comet.LoadConfig(fs[2].home)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for i, f := range fs {
		if i != 2 {
			want = append(want, f.join.NodeID+"@"+f.join.P2P)
		}
	}
	peers := strings.Split(c.P2P.PersistentPeers, ",")
	slices.Sort(peers)
	slices.Sort(want)
	if !slices.Equal(peers, want) || !slices.Equal(in.Peers, strings.Split(c.P2P.PersistentPeers, ",")) {
		t.Errorf("persistent peers %v, want %v", peers, want)
	}
	if c.P2P.ListenAddress != "tcp://127.0.0.1:40020" || c.RPC.ListenAddress != "tcp://127.0.0.1:40021" || c.Moniker != "op2" {
		t.Errorf("p2p %s, rpc %s, moniker %s; want loopback 40020, 40021, op2", c.P2P.ListenAddress, c.RPC.ListenAddress, c.Moniker)
	}
}

// An operator whose statement names a public address listens on every interface and
// tells its peers the address it named.
func TestInstallOnAPublicAddressListensEverywhere(t *testing.T) {
	f := newFounder(t, ceremonyChain, "public", "203.0.113.7:26656")
	if _, err := comet.InstallGenesis(f.home, assemble(t, ceremonyTerms(), []ledger.Join{f.join}), f.join, comet.InstallOptions{}); err != nil {
		t.Fatal(err)
	}
	c, err := comet.LoadConfig(f.home)
	if err != nil {
		t.Fatal(err)
	}
	if c.P2P.ListenAddress != "tcp://0.0.0.0:26656" || c.P2P.ExternalAddress != "203.0.113.7:26656" ||
		!c.P2P.AddrBookStrict || c.P2P.AllowDuplicateIP || c.P2P.PersistentPeers != "" {
		t.Errorf("p2p listen %s, external %s, strict %v, duplicate IPs %v, peers %q",
			c.P2P.ListenAddress, c.P2P.ExternalAddress, c.P2P.AddrBookStrict, c.P2P.AllowDuplicateIP, c.P2P.PersistentPeers)
	}
}

// Bad input: "a genesis that differs from the operator's join ... refused with a clear
// message, and nothing applied".
func TestInstallRefusesAGenesisNotMadeFromThisOperatorsJoin(t *testing.T) {
	fs := newFounders(t, 4)
	withAll := assemble(t, ceremonyTerms(), joinsOf(fs))
	withoutOp3 := assemble(t, ceremonyTerms(), joinsOf(fs[:3]))
	changed := fs[3]
	changed.join.API = "https://elsewhere.example"
	changed.sign(t) // the operator's own statement, re-signed after the assembler took the first
	withValidators, err := cmttypes.GenesisDocFromJSON(withAll)
	if err != nil {
		t.Fatal(err)
	}
	pub := cmttypes.NewMockPV().PrivKey.PubKey()
	withValidators.Validators = []cmttypes.GenesisValidator{{Address: pub.Address(), PubKey: pub, Power: 10}}
	listed, err := cmtjson.Marshal(withValidators)
	if err != nil {
		t.Fatal(err)
	}
	foreign := comet.ErrForeignGenesis.Error()
	tests := []struct {
		name string
		home string
		own  ledger.Join
		doc  []byte
		want string
	}{
		{"its join left out", fs[3].home, fs[3].join, withoutOp3,
			"genesis: no join statement for node " + fs[3].join.NodeID + ": " + foreign},
		{"its join as it was before a change", changed.home, changed.join, withAll,
			"genesis: the join statement for node " + fs[3].join.NodeID + " differs from this operator's: " + foreign},
		{"another operator's keys", fs[0].home, fs[3].join, withAll,
			"genesis: the keys in " + fs[0].home + " are not the ones this operator's join statement names: " + foreign},
		{"CometBFT validators listed", fs[3].home, fs[3].join, listed,
			"genesis: it lists CometBFT validators; an assembled genesis takes them from the join statements"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := comet.InstallGenesis(tt.home, tt.doc, tt.own, comet.InstallOptions{})
			if err == nil || err.Error() != tt.want {
				t.Fatalf("got  %v\nwant %s", err, tt.want)
			}
			if !errors.Is(err, comet.ErrForeignGenesis) && !strings.Contains(tt.want, "CometBFT validators") {
				t.Errorf("%v does not wrap ErrForeignGenesis", err)
			}
			c := cfg.DefaultConfig()
			c.SetRoot(tt.home)
			if _, err := os.Stat(c.GenesisFile()); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("a refused genesis was written to %s (%v)", c.GenesisFile(), err)
			}
		})
	}
}
