package comet_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	rpchttp "github.com/cometbft/cometbft/rpc/client/http"
	cmttypes "github.com/cometbft/cometbft/types"

	"github.com/arena/arena/account"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// waitLimit bounds every wait of the network tests.
const waitLimit = 60 * time.Second

// cluster is a loopback network of node processes, each this test binary in node mode.
type cluster struct {
	t        testing.TB
	dir      string
	net      comet.Network
	procs    []*exec.Cmd // nil while a node is down
	clients  []*rpchttp.HTTP
	env      [][]string
	sponsor  *account.Key
	solvers  []*account.Key
	treasury *account.Key
}

// liar names a node whose validator is dishonest, and how (readsHigher or
// hidesDisqualification).
type liar struct {
	node int
	how  string
}

// newCluster writes and starts a network of n nodes, the validators of liars dishonest.
func newCluster(t testing.TB, n int, liars ...liar) *cluster {
	t.Helper()
	return startCluster(writeCluster(t, n, 0), liars...)
}

// startCluster starts every node of c, the validators of liars dishonest, and waits
// for height 2.
func startCluster(c *cluster, liars ...liar) *cluster {
	c.t.Helper()
	n := len(c.procs)
	for _, l := range liars {
		c.env[l.node] = append(c.env[l.node], nodeDishonestEnv+"="+l.how)
	}
	for i := range n {
		c.start(i)
	}
	c.waitHeight(2, c.up()...)
	return c
}

// writeCluster writes the homes of a network of n validators and observers more nodes,
// none of them started, with the localnet's default timeouts.
func writeCluster(t testing.TB, n, observers int) *cluster {
	t.Helper()
	return writeClusterWith(t, comet.TestnetOptions{Nodes: n, Observers: observers})
}

// writeClusterWith is writeCluster with o's node counts and timeouts; the terms and
// ports are the cluster's own.
func writeClusterWith(t testing.TB, o comet.TestnetOptions) *cluster {
	t.Helper()
	n, observers := o.Nodes, o.Observers
	c := &cluster{t: t, dir: t.TempDir(), sponsor: mustKey(t), treasury: mustKey(t)}
	treasury := c.treasury.Address()
	terms := ledger.Terms{
		Chain: "arena-comet-test", Name: "comet test", Symbol: "GEN",
		EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20), AppealWindowS: 60, GradingWindowS: 86400,
		Attempts: 4, RoundTimeoutS: 12, DevMode: true, Treasury: &treasury,
		Genesis: []ledger.Allocation{{Address: c.sponsor.Address(), Amount: ledger.Ether(1000)}},
	}
	for range 3 {
		k := mustKey(t)
		c.solvers = append(c.solvers, k)
		terms.Genesis = append(terms.Genesis, ledger.Allocation{Address: k.Address(), Amount: ledger.Ether(100)})
	}
	o.Terms, o.BasePort = terms, freeBase(t, n+observers)
	net, err := comet.Testnet(c.dir, o)
	if err != nil {
		t.Fatal(err)
	}
	c.net = net
	c.procs = make([]*exec.Cmd, n+observers)
	c.env = make([][]string, n+observers)
	for i, nd := range net.Nodes {
		var peers []string
		for j := range net.Nodes {
			if j != i {
				peers = append(peers, c.api(j))
			}
		}
		c.env[i] = []string{nodeHomeEnv + "=" + nd.Home, nodeAPIEnv + "=" + apiAddr(nd), nodePeersEnv + "=" + strings.Join(peers, " ")}
		cl, err := rpchttp.New("tcp://"+nd.RPC, "/websocket")
		if err != nil {
			t.Fatal(err)
		}
		c.clients = append(c.clients, cl)
	}
	t.Cleanup(c.cleanup)
	return c
}

func mustKey(t testing.TB) *account.Key {
	t.Helper()
	k, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// apiAddr is the address node nd's API listens on: its p2p port plus 2, as `arena
// testnet` lays a localnet out.
func apiAddr(nd comet.NetNode) string {
	host, port, _ := net.SplitHostPort(nd.P2P)
	p, _ := strconv.Atoi(port)
	return net.JoinHostPort(host, strconv.Itoa(p+2))
}

// api is the base URL of node i's API.
func (c *cluster) api(i int) string { return "http://" + apiAddr(c.net.Nodes[i]) }

// freeBase returns a base port whose 3n ports (p2p, RPC, API) are free on 127.0.0.1.
func freeBase(t testing.TB, n int) int {
	t.Helper()
	for range 50 {
		base := 20000 + 10*rand.IntN(4000)
		var ls []net.Listener
		ok := true
		for i := range n {
			for _, p := range []int{base + 10*i, base + 10*i + 1, base + 10*i + 2} {
				l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", p))
				if err != nil {
					ok = false
					break
				}
				ls = append(ls, l)
			}
		}
		for _, l := range ls {
			l.Close()
		}
		if ok {
			return base
		}
	}
	t.Fatal("no free loopback ports")
	return 0
}

// start runs node i as a process of this test binary, its output in dir/nodeI.log.
func (c *cluster) start(i int) {
	c.t.Helper()
	log, err := os.OpenFile(filepath.Join(c.dir, fmt.Sprintf("node%d.log", i)), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		c.t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), c.env[i]...)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		c.t.Fatal(err)
	}
	log.Close()
	c.procs[i] = cmd
}

// kill ends node i with SIGKILL.
func (c *cluster) kill(i int) {
	c.t.Helper()
	if p := c.procs[i]; p != nil {
		p.Process.Kill()
		p.Wait()
		c.procs[i] = nil
	}
}

// stop ends node i with SIGTERM, and SIGKILL after 15 s.
func (c *cluster) stop(i int) {
	p := c.procs[i]
	if p == nil {
		return
	}
	p.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { p.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		p.Process.Kill()
		<-done
	}
	c.procs[i] = nil
}

func (c *cluster) cleanup() {
	for i, p := range c.procs {
		if p != nil {
			p.Process.Kill()
			p.Wait()
			c.procs[i] = nil
		}
	}
	if c.t.Failed() {
		for i := range c.net.Nodes {
			b, _ := os.ReadFile(filepath.Join(c.dir, fmt.Sprintf("node%d.log", i)))
			lines := strings.Split(strings.TrimSpace(string(b)), "\n")
			c.t.Logf("node%d log tail:\n%s", i, strings.Join(lines[max(0, len(lines)-15):], "\n"))
		}
	}
}

// up returns the nodes running.
func (c *cluster) up() []int {
	var out []int
	for i, p := range c.procs {
		if p != nil {
			out = append(out, i)
		}
	}
	return out
}

// waitFor polls cond every 100 ms until it holds, failing after waitLimit.
func (c *cluster) waitFor(what string, cond func() bool) {
	c.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for !cond() {
		if time.Now().After(deadline) {
			c.t.Fatalf("after %s: still waiting for %s", waitLimit, what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// info returns node i's last committed height and app hash as its app reports them.
func (c *cluster) info(i int) (int64, []byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	r, err := c.clients[i].ABCIInfo(ctx)
	if err != nil {
		return 0, nil, err
	}
	return r.Response.LastBlockHeight, r.Response.LastBlockAppHash, nil
}

// waitHeight waits until every node in nodes has committed height h.
func (c *cluster) waitHeight(h int64, nodes ...int) {
	c.t.Helper()
	c.waitFor(fmt.Sprintf("height %d on nodes %v", h, nodes), func() bool {
		for _, i := range nodes {
			if got, _, err := c.info(i); err != nil || got < h {
				return false
			}
		}
		return true
	})
}

// query reads a view from node i into v; it reports false if the node did not answer.
func (c *cluster) query(i int, path string, v any) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	r, err := c.clients[i].ABCIQuery(ctx, path, nil)
	if err != nil || r.Response.Code != 0 {
		return false
	}
	return json.Unmarshal(r.Response.Value, v) == nil
}

// mustQuery is query on the first running node, failing the test if it does not answer.
func (c *cluster) mustQuery(path string, v any) {
	c.t.Helper()
	if !c.query(c.up()[0], path, v) {
		c.t.Fatalf("query %s: no answer", path)
	}
}

// submit signs body from k, broadcasts it to the first running node and waits until it
// is committed; it returns the height and the ledger's outcome.
func (c *cluster) submit(k *account.Key, value ledger.Amount, body ledger.Body) (int64, ledger.Outcome) {
	c.t.Helper()
	node := c.up()[0]
	var nonce uint64
	c.mustQuery("/nonce/"+k.Address().String(), &nonce)
	tx := ledgertest.Stamped(c.net.Terms, &ledger.Tx{Nonce: nonce, Value: value, Body: body})
	if err := k.SignTx(tx); err != nil {
		c.t.Fatal(err)
	}
	raw, err := tx.MarshalJSON()
	if err != nil {
		c.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	from, _, err := c.info(node)
	if err != nil {
		c.t.Fatal(err)
	}
	res, err := c.clients[node].BroadcastTxSync(ctx, raw)
	if err != nil {
		c.t.Fatalf("broadcast %s: %v", body.Kind(), err)
	}
	if res.Code != comet.CodeOK {
		c.t.Fatalf("%s refused at admission: code %d: %s", body.Kind(), res.Code, res.Log)
	}
	var out ledger.Outcome
	var height int64
	c.waitFor(fmt.Sprintf("%s committed", body.Kind()), func() bool {
		var ok bool
		height, out, ok = c.findTx(ctx, node, &from, cmttypes.Tx(raw).Hash())
		return ok
	})
	return height, out
}

// findTx looks for the transaction hashing to hash (CometBFT's key) in node's blocks
// after height *from, up to its last committed block, and returns its height and
// outcome. The nodes keep no transaction index: the blocks and their results are
// searched. *from moves past the blocks searched.
func (c *cluster) findTx(ctx context.Context, node int, from *int64, hash []byte) (int64, ledger.Outcome, bool) {
	last, _, err := c.info(node)
	if err != nil {
		return 0, ledger.Outcome{}, false
	}
	for h := *from + 1; h <= last; h++ {
		blk, err := c.clients[node].Block(ctx, &h)
		if err != nil {
			return 0, ledger.Outcome{}, false
		}
		for i, tx := range blk.Block.Txs {
			if !bytes.Equal(tx.Hash(), hash) {
				continue
			}
			res, err := c.clients[node].BlockResults(ctx, &h)
			if err != nil || len(res.TxsResults) <= i {
				return 0, ledger.Outcome{}, false
			}
			var out ledger.Outcome
			if json.Unmarshal(res.TxsResults[i].Data, &out) != nil {
				return 0, ledger.Outcome{}, false
			}
			return h, out, true
		}
		*from = h
	}
	return 0, ledger.Outcome{}, false
}

// send is submit that fails the test on a refusal.
func (c *cluster) send(k *account.Key, value ledger.Amount, body ledger.Body) ledger.Outcome {
	c.t.Helper()
	_, out := c.submit(k, value, body)
	if !out.OK() {
		c.t.Fatalf("%s refused: %s", body.Kind(), out.Err)
	}
	return out
}

// The contest every network test runs: one task, two entries of different quality; the
// third solver's long entry, filed only where a test enters it, breaks the rubric's
// mandatory word limit.
const (
	taskSpec   = "Write a launch note for the Settlement API in about 40 words: what it settles, its latency and its pricing."
	taskRubric = "Name the settlement currencies. State the latency. State the pricing. The note must be at most 60 words."
	strongWork = "The Settlement API settles payments in euro and dollar currencies with a latency under two seconds. " +
		"Pricing is flat: one cent per settled payment, no monthly fee. Launch note for every team that writes payments."
	weakWork = "We launched an API for payments today. It is fast."
	longWork = "Today we are proud to announce the general availability of our brand new Settlement API, built over many months " +
		"by a small team in close collaboration with our earliest customers. It settles card and bank payments in euro, " +
		"dollar and sterling currencies, with a typical latency of well under two seconds from request to final confirmation. " +
		"Pricing stays simple and predictable: a flat fee of one cent for every settled payment, with no setup cost, " +
		"no monthly minimum and no hidden charges of any kind, so teams of every size can start right away."
)

// post posts the task and files both entries; it returns the task and entry ids.
func (c *cluster) post() (ledger.TaskID, []ledger.EntryID) {
	c.t.Helper()
	out := c.send(c.sponsor, ledger.Ether(100), ledger.PostTask{
		Title: "Settlement API launch note", Spec: taskSpec, Rubric: taskRubric, ClosesInS: 3600,
	})
	task := ledger.TaskID(out.Created)
	return task, []ledger.EntryID{c.enter(task, 0, strongWork), c.enter(task, 1, weakWork)}
}

// enter files work as solver i's entry in task and returns its id.
func (c *cluster) enter(task ledger.TaskID, i int, work string) ledger.EntryID {
	c.t.Helper()
	out := c.send(c.solvers[i], c.net.Terms.EntryBond, ledger.Submit{Task: task, Work: work})
	return ledger.EntryID(out.Created)
}

// gradeAll opens a round on every entry and waits until each is graded.
func (c *cluster) gradeAll(ids []ledger.EntryID) []ledger.EntryView {
	c.t.Helper()
	for _, id := range ids {
		c.send(c.sponsor, ledger.Amount{}, ledger.Grade{Entry: id})
	}
	views := make([]ledger.EntryView, len(ids))
	c.waitFor("every entry graded", func() bool {
		for i, id := range ids {
			if !c.query(c.up()[0], fmt.Sprintf("/entry/%d", id), &views[i]) || views[i].State != ledger.EntryGraded {
				return false
			}
		}
		return true
	})
	return views
}

// finish advances the clock past the close and the appeal windows, awards the task and
// has the winner withdraw; it returns the height of the withdrawal.
func (c *cluster) finish(task ledger.TaskID, ids []ledger.EntryID) int64 {
	c.t.Helper()
	c.send(c.sponsor, ledger.Amount{}, ledger.Advance{Seconds: 3600 + c.net.Terms.AppealWindowS + 1})
	c.send(c.sponsor, ledger.Amount{}, ledger.Award{Task: task})
	var winner *account.Key
	for i, id := range ids {
		var e ledger.EntryView
		c.mustQuery(fmt.Sprintf("/entry/%d", id), &e)
		if e.Outcome == "won" {
			winner = c.solvers[i]
		}
	}
	if winner == nil {
		c.t.Fatal("the award named no winner")
	}
	h, out := c.submit(winner, ledger.Amount{}, ledger.Withdraw{})
	if !out.OK() {
		c.t.Fatalf("withdraw refused: %s", out.Err)
	}
	return h
}

// sameAppHash waits until every node in nodes has committed past height h and reports
// one app hash, and returns it.
func (c *cluster) sameAppHash(h int64, nodes ...int) []byte {
	c.t.Helper()
	var hash []byte
	c.waitFor(fmt.Sprintf("nodes %v past height %d with one app hash", nodes, h), func() bool {
		hash = nil
		for _, i := range nodes {
			got, ah, err := c.info(i)
			if err != nil || got <= h {
				return false
			}
			if hash != nil && !bytes.Equal(hash, ah) {
				return false
			}
			hash = ah
		}
		return true
	})
	return hash
}
