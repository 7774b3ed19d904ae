package comet_test

import (
	"context"
	"crypto/ecdsa"
	"encoding/hex"
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"

	abci "github.com/cometbft/cometbft/abci/types"
	rpchttp "github.com/cometbft/cometbft/rpc/client/http"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/account"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
)

// matchCluster is a cluster whose founding terms name one match operator, with its
// secp256k1 key both as an account (for transactions) and as ECDSA (for receipts).
type matchCluster struct {
	*cluster
	operator    *account.Key
	operatorKey *ecdsa.PrivateKey
}

// operatorBond is the bond the match terms ask of the operator for each match.
var operatorBond = ledger.Ether(50)

// newMatchCluster writes and starts a network of n nodes as newCluster does, with
// terms that name one funded operator.
func newMatchCluster(t *testing.T, n int) *matchCluster {
	t.Helper()
	pk, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	op, err := account.FromHex(hex.EncodeToString(crypto.FromECDSA(pk)))
	if err != nil {
		t.Fatal(err)
	}
	c := &cluster{t: t, dir: t.TempDir(), sponsor: mustKey(t), treasury: mustKey(t)}
	treasury := c.treasury.Address()
	terms := ledger.Terms{
		Chain: "arena-comet-test", Name: "comet test", Symbol: "GEN",
		EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20), AppealWindowS: 60, GradingWindowS: 86400,
		Attempts: 4, RoundTimeoutS: 12, DevMode: true, Treasury: &treasury,
		Operators: []ledger.Address{op.Address()}, OperatorBond: operatorBond,
		Genesis: []ledger.Allocation{{Address: c.sponsor.Address(), Amount: ledger.Ether(1000)}, {Address: op.Address(), Amount: ledger.Ether(1000)}},
	}
	for range 3 {
		k := mustKey(t)
		c.solvers = append(c.solvers, k)
		terms.Genesis = append(terms.Genesis, ledger.Allocation{Address: k.Address(), Amount: ledger.Ether(100)})
	}
	net, err := comet.Testnet(c.dir, comet.TestnetOptions{Nodes: n, Terms: terms, BasePort: freeBase(t, n)})
	if err != nil {
		t.Fatal(err)
	}
	c.net = net
	c.procs = make([]*exec.Cmd, n)
	c.env = make([][]string, n)
	for i, nd := range net.Nodes {
		c.env[i] = []string{nodeHomeEnv + "=" + nd.Home}
		cl, err := rpchttp.New("tcp://"+nd.RPC, "/websocket")
		if err != nil {
			t.Fatal(err)
		}
		c.clients = append(c.clients, cl)
	}
	t.Cleanup(c.cleanup)
	for i := range n {
		c.start(i)
	}
	c.waitHeight(2, c.up()...)
	return &matchCluster{cluster: c, operator: op, operatorKey: pk}
}

// matchAgents are the two agents of the network match.
var matchAgents = [2]match.Agent{
	{Model: "scripted/brute", SystemPrompt: "You are Brute. You hit hard and often."},
	{Model: "scripted/warden", SystemPrompt: "You are Warden. You guard, then strike."},
}

// answer is what agent's model says before turn: Brute always attacks; Warden defends on
// odd turns, charges on even ones, and in turn 2 answers with no JSON at all.
func answer(agent, turn int) string {
	switch {
	case agent == 0:
		return `{"move":"attack"}`
	case turn == 2:
		return "Let me think about that."
	case turn%2 == 1:
		return `{"move":"defend"}`
	}
	return `{"move":"charge"}`
}

// operatorRun is the test's match operator: it keeps the secret and the salts, replays
// the game from the seed, and builds each turn's decisions as the operator role does.
type operatorRun struct {
	c      *matchCluster
	id     ledger.MatchID
	secret [32]byte
	game   *battle.Game
	events []battle.Event // every turn's events, in order
}

// decide returns agent's decision in the next turn: the template prompt for the
// replayed view, the model's answer, the move it names or the fallback, and the
// receipt signed with the operator's key.
func (o *operatorRun) decide(agent int) match.Decision {
	t := o.c.t
	turn := o.game.Turn()
	prompt := battle.Prompt(matchAgents[agent].SystemPrompt, o.game.View(agent))
	resp := answer(agent, turn)
	mv, why := battle.ParseAnswer(resp)
	reason, ok := receipt.ParseReason(string(why))
	if !ok {
		t.Fatalf("ParseAnswer gave %q, not a receipt reason", why)
	}
	rc := receipt.Receipt{Match: uint64(o.id), Turn: uint32(turn), Agent: uint32(agent),
		PromptHash: receipt.TextHash(prompt), ResponseHash: receipt.TextHash(resp), Move: uint8(mv),
		Fallback: reason != receipt.NoFallback, Reason: reason,
		StartedAt: uint64(1_767_225_600_000 + 2000*turn), FinishedAt: uint64(1_767_225_600_000 + 2000*turn + 700),
		ChainID: ledger.KeystoreChainID}
	sig, err := receipt.Sign(o.c.net.Terms.GenesisHash(), rc, o.c.operatorKey)
	if err != nil {
		t.Fatal(err)
	}
	salt := crypto.Keccak256Hash([]byte(fmt.Sprintf("salt %d/%d/%d", o.id, turn, agent)))
	return match.Decision{Move: mv.String(), Receipt: rc, Sig: "0x" + hex.EncodeToString(sig), Prompt: prompt, Response: resp, Salt: match.Hex32(salt)}
}

// play commits the next turn, checks betting on it closed, then reveals it.
func (o *operatorRun) play() {
	t := o.c.t
	turn := o.game.Turn()
	ds := [2]match.Decision{o.decide(0), o.decide(1)}
	var cs [2]string
	var moves [2]battle.Move
	for i, d := range ds {
		digest, err := receipt.Digest(o.c.net.Terms.GenesisHash(), d.Receipt)
		if err != nil {
			t.Fatal(err)
		}
		moves[i], _ = battle.ParseMove(d.Move)
		salt, _ := match.ParseHex32(d.Salt)
		cs[i] = match.Hex32(match.Commitment(o.id, turn, i, moves[i], digest, salt))
	}
	o.c.send(o.c.operator, ledger.Amount{}, match.Commit{Match: o.id, Turn: turn, Commitments: cs})
	if _, out := o.c.submit(o.c.solvers[2], ledger.Ether(1), match.Bet{Match: o.id, Turn: turn, Agent: 0, Move: "attack"}); out.OK() {
		t.Fatalf("a bet on turn %d after its commit was taken", turn)
	}
	evs, err := o.game.Play(moves)
	if err != nil {
		t.Fatal(err)
	}
	o.events = append(o.events, evs...)
	o.c.send(o.c.operator, ledger.Amount{}, match.Reveal{Match: o.id, Turn: turn, Agents: ds, Events: evs})
}

// TestFourNodesRunAMatchToOneAppHash: issue 15, "Works on the CometBFT engine": four
// node processes agree on a whole agent match. The operator named in the terms creates
// it with its bond and seed commitment, both entrants join, a bettor stakes on turn 1,
// and the operator, driven from the test with the engine and the receipt package,
// commits and reveals every turn (one a fallback) with receipts signed by its key, a bet
// after a commit being refused; it publishes the secret and the ledger replays the match
// to the operator's own result hash and winner, pays out and settles the bet. Every node
// ends at one app hash and each node's file replays under solo.Verify.
func TestFourNodesRunAMatchToOneAppHash(t *testing.T) {
	c := newMatchCluster(t, 4)
	secret := crypto.Keccak256Hash([]byte("the operator's secret for the network match"))
	alice, bob, carol := c.solvers[0], c.solvers[1], c.solvers[2]
	out := c.send(c.operator, operatorBond, match.Create{
		Entrants: [2]ledger.Address{alice.Address(), bob.Address()}, Agents: matchAgents,
		EntryFee: ledger.Ether(10), FeeBps: 500, SeedCommitment: match.SeedCommitment(secret),
	})
	o := &operatorRun{c: c, id: ledger.MatchID(out.Created), secret: secret}
	path := fmt.Sprintf("/match/%d", o.id)
	c.send(carol, ledger.Ether(2), match.Bet{Match: o.id, Turn: 1, Agent: 0, Move: "attack"})
	c.send(alice, ledger.Ether(10), match.Join{Match: o.id})
	c.send(bob, ledger.Ether(10), match.Join{Match: o.id})

	var mv ledger.MatchView
	c.waitFor("the match anchored", func() bool { return c.query(c.up()[0], path, &mv) && mv.State == match.StatePlaying })
	anchor, ok := match.ParseHex32(mv.Anchor)
	if !ok {
		t.Fatalf("anchor %q", mv.Anchor)
	}
	o.game = battle.New(battle.Seed(secret, anchor))
	for !o.game.Over() {
		o.play()
	}
	c.send(c.operator, ledger.Amount{}, match.Finish{Match: o.id, Secret: match.Hex32(secret)})

	c.mustQuery(path, &mv)
	if mv.State != match.StateFinished || mv.Winner == nil || *mv.Winner != o.game.Winner() {
		t.Fatalf("match %s, winner %v, void %q: want finished with the replay's winner %d", mv.State, mv.Winner, mv.VoidReason, o.game.Winner())
	}
	if want := match.Hex32(battle.ResultHash(o.events)); mv.ResultHash != want {
		t.Errorf("result hash %s, the operator's replay %s", mv.ResultHash, want)
	}
	if len(mv.Turns) < 2 || !mv.Turns[1].Fallbacks[1] || mv.Turns[1].Moves[1] != "defend" || mv.Turns[1].Decisions[1].Reason != "invalid_json" {
		t.Errorf("turn 2's fallback is not recorded as defend for invalid JSON: %+v", mv.Turns[1].Decisions)
	}
	var bet ledger.BetView
	c.mustQuery(fmt.Sprintf("/match-bet/%d", mv.Bets[0].ID), &bet)
	if bet.State != match.BetWon || bet.Payout.Units() != "1.9" { // the whole 2 GEN pool less 5%
		t.Errorf("carol's bet %s paid %s GEN, want won and 1.9", bet.State, bet.Payout.Units())
	}
	h, wd := c.submit(carol, ledger.Amount{}, ledger.Withdraw{})
	if !wd.OK() {
		t.Fatalf("withdraw refused: %s", wd.Err)
	}
	want := c.sameAppHash(h, 0, 1, 2, 3)
	for i := range 4 {
		c.stop(i)
	}
	for i, n := range c.net.Nodes {
		if _, err := solo.Verify(filepath.Join(n.Home, comet.DBFile)); err != nil {
			t.Fatalf("node%d: %v", i, err)
		}
	}
	c.sameBlocks(0, 1)
	c.sameBlocks(2, 3)
	t.Logf("%d turns, winner %d, app hash %x", len(mv.Turns), *mv.Winner, want)
}

// TestQueryServesMatchesAndBets: /match/ID and /match-bet/ID answer from the committed
// state: not found for an id that names nothing, a bad path for one that is no number.
func TestQueryServesMatchesAndBets(t *testing.T) {
	s := newSingle(t)
	for path, want := range map[string]uint32{
		"/match/1": comet.QueryNotFound, "/match-bet/1": comet.QueryNotFound,
		"/match/x": comet.QueryBadPath, "/match-bet/": comet.QueryBadPath,
	} {
		r, err := s.app.Query(context.Background(), &abci.RequestQuery{Path: path})
		if err != nil {
			t.Fatal(err)
		}
		if r.Code != want {
			t.Errorf("%s: code %d (%s), want %d", path, r.Code, r.Log, want)
		}
	}
}
