package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	cfg "github.com/cometbft/cometbft/config"
	"github.com/cometbft/cometbft/p2p"
	rpchttp "github.com/cometbft/cometbft/rpc/client/http"

	"github.com/arena/arena/account"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/node"
)

// The network harness: four `arena node --engine comet` processes on loopback, each
// peer link through a relay of the test's switchboard, perturbed as CometBFT's own e2e
// runner perturbs a testnet (test/e2e/runner/perturb.go): kill, pause, disconnect.

// Bounds of the network harness. Every wait is bounded; none is a timed assertion: a
// bound only turns a hang into a failure.
const (
	netNodes        = 4
	netClients      = 4
	netRoundTimeout = 8 * time.Second  // the founding terms' round timeout
	netStartLimit   = 60 * time.Second // exec to a healthy API, a restart's replay included
	progressLimit   = 90 * time.Second // a perturbed node back at the others' height
	settleLimit     = 3 * time.Minute  // every open grading round over, after the traffic stops
	netSendTimeout  = 30 * time.Second // one API request; a paused node answers after it resumes
	killedFor       = 5 * time.Second  // a killed node stays down this long, traffic running
	pausedFor       = netRoundTimeout + 4*time.Second
	cutFor          = 12 * time.Second
	warmUp          = 8 * time.Second // traffic before the first perturbation
	netPace         = time.Second     // a client's pause between transactions
	netAwarders     = 8               // tasks awarded at once, each by its own clerk
	// netGasRate is the founding terms' gas rate: a fifth of the default, so that a
	// validator restarted while the others' sandboxes hold both cores of a small machine
	// still meters fast enough to sit on program runs.
	netGasRate = 5_000_000
)

// formNetwork founds a network of n validator nodes in dir and returns their
// directories, each a CometBFT home and an arena directory that `arena node --engine
// comet --dir HOME` runs, the sha256 of the genesis and the agent-match operator the
// founding terms name. Everything the harness needs later (node id, listen addresses,
// API) it reads from those directories, so this step alone decides how the network is
// formed: by the founding ceremony, as operators on different machines form one. Each
// operator runs `arena operator init` in its own directory on free loopback ports; the
// first also makes a match operator's key with `arena keys new`; one `arena genesis
// assemble` takes their join statements and the harness's dev terms as a terms file
// (the match operator and its wallet named); each runs `arena genesis install` and must
// print the assembler's sha256. adjust, if not nil, changes the dev terms first.
func formNetwork(t *testing.T, dir string, n int, adjust func(*node.Terms)) ([]string, string, ledger.Address) {
	t.Helper()
	begin := time.Now()
	homes := make([]string, n)
	var joins []string
	for i := range n {
		p2p, api := ceremonyPorts(t)
		homes[i] = filepath.Join(dir, fmt.Sprintf("op%d", i))
		arena(t, "operator", "init", "--dir", homes[i], "--arena", "perturbed", "--name", fmt.Sprintf("op%d", i),
			"--p2p", fmt.Sprintf("127.0.0.1:%d", p2p), "--api", fmt.Sprintf("http://127.0.0.1:%d", api), "--light-scrypt")
		joins = append(joins, "--join", filepath.Join(homes[i], "join.json"))
	}
	op, err := ledger.ParseAddress(lastLine(arena(t, "keys", "new", "--dir", homes[0], "--light-scrypt")))
	if err != nil {
		t.Fatalf("arena keys new: %v", err)
	}
	treasury, err := account.Generate() // tenders and matches pay their fees and forfeits to it
	if err != nil {
		t.Fatal(err)
	}
	ta := treasury.Address()
	dev := node.Terms{Name: "perturbed", DevMode: true, Treasury: &ta,
		RoundTimeout: netRoundTimeout, Attempts: 4, AppealWindow: 10 * time.Second, GradingWindow: time.Minute,
		GasRate: netGasRate, Operators: []ledger.Address{op}, Genesis: []ledger.Allocation{{Address: op, Amount: ledger.Ether(100)}}}
	if adjust != nil {
		adjust(&dev)
	}
	terms, err := node.FoundingTerms(dev)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(terms)
	if err != nil {
		t.Fatal(err)
	}
	termsFile := filepath.Join(dir, "terms.json")
	if err := os.WriteFile(termsFile, b, 0o644); err != nil {
		t.Fatal(err)
	}
	genesis := filepath.Join(dir, "genesis.json")
	sum := lineAfter(t, arena(t, append([]string{"genesis", "assemble", "--genesis-time", launchTime(), "--out", genesis, "--terms", termsFile}, joins...)...), "sha256 ")
	for _, home := range homes {
		if got := lineAfter(t, arena(t, "genesis", "install", "--dir", home, genesis), "sha256 "); !strings.HasPrefix(got, sum+":") {
			t.Fatalf("genesis install in %s printed sha256 %q; the assembler printed %s", home, got, sum)
		}
	}
	t.Logf("figure: the ceremony for %d operators (%d processes in series) in %s of wall time", n, 2*n+2, time.Since(begin).Round(time.Millisecond))
	return homes, sum, op
}

// netNode is one node of the network and its current process.
type netNode struct {
	i    int
	home string
	id   p2p.ID
	p2p  string // its own peer listen address; only its relays dial it
	c    *client.Client
	rpc  *rpchttp.HTTP

	base uint64 // its first block: above 1 for a node that joined by state sync
	bin  string // the arena binary its process runs; empty: arenaBin

	cmd  *exec.Cmd // nil while down
	done chan struct{}
	err  error
}

// network is the harness: the nodes, the switchboard every peer link goes through,
// the book of acknowledged transactions and what has been checked so far.
type network struct {
	t          *testing.T
	dir        string         // where the operators' directories and the genesis are
	genesisSum string         // the sha256 the assembler printed
	operator   ledger.Address // the founding terms' match operator, run by node 0
	nodes      []*netNode
	sb         *switchboard
	book       *book
	terms      *ledger.Terms

	checkedAcks int                       // acks already found in every node's log
	audited     []map[ledger.EntryID]bool // per node: entries audited there
	audits      map[string]int            // audits run, by noun
}

// newNetwork forms the network, routes every peer link through a relay and starts the
// nodes.
func newNetwork(t *testing.T) *network {
	t.Helper()
	return newNetworkWith(t, netOptions{})
}

// netOptions are what a test may change of the network newNetwork forms.
type netOptions struct {
	terms func(*node.Terms) // changes the dev terms before the ceremony, if not nil
	bin   string            // the binary every founding node runs; empty: arenaBin
}

// newNetworkWith is newNetwork with the founding terms and the nodes' binary opts names.
func newNetworkWith(t *testing.T, opts netOptions) *network {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "net")
	homes, sum, op := formNetwork(t, dir, netNodes, opts.terms)
	n := &network{t: t, dir: dir, genesisSum: sum, operator: op, sb: newSwitchboard(), book: &book{}, audits: map[string]int{}}
	t.Cleanup(n.cleanup)
	confs := make([]*cfg.Config, len(homes))
	for i, home := range homes {
		c, err := comet.LoadConfig(home)
		if err != nil {
			t.Fatal(err)
		}
		confs[i] = c
		nk, err := p2p.LoadNodeKey(c.NodeKeyFile())
		if err != nil {
			t.Fatal(err)
		}
		ac, err := node.LoadConfig(home)
		if err != nil {
			t.Fatal(err)
		}
		ac.API.Rate = 0 // the clients are the load under test, not strangers to keep out
		ac.Snapshots.Interval = netSnapshotEvery
		if i == 0 { // node 0 plays the agent matches, with the key its operator made
			ac.Operators = []node.OperatorConfig{{Address: op, Reader: node.DefaultReader, CallTimeout: node.DefaultCallTimeout}}
		}
		writeConfig(t, home, ac)
		rpc, err := rpchttp.New(c.RPC.ListenAddress, "/websocket")
		if err != nil {
			t.Fatal(err)
		}
		n.nodes = append(n.nodes, &netNode{i: i, home: home, id: nk.ID(), bin: opts.bin,
			p2p: strings.TrimPrefix(c.P2P.ListenAddress, "tcp://"), rpc: rpc,
			c: client.New("http://"+ac.Listen, &http.Client{Timeout: netSendTimeout})})
		n.audited = append(n.audited, map[ledger.EntryID]bool{})
	}
	for i, c := range confs {
		var peers []string
		for j, to := range n.nodes {
			if j == i {
				continue
			}
			addr, err := n.sb.add(i, j, to.p2p)
			if err != nil {
				t.Fatal(err)
			}
			peers = append(peers, p2p.IDAddressString(to.id, addr))
		}
		c.P2P.PersistentPeers = strings.Join(peers, ",")
		cfg.WriteConfigFile(filepath.Join(c.RootDir, "config", "config.toml"), c)
	}
	// Every founding node is launched before any is waited for: a node's /healthz
	// answers 503 catching_up until it has peers to follow, so none is healthy alone.
	for _, nd := range n.nodes {
		n.launch(nd)
	}
	for _, nd := range n.nodes {
		n.healthy(nd)
	}
	a, err := n.nodes[0].c.Arena(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	n.terms = &a.Terms
	n.waitAll("the first blocks", 2)
	return n
}

// start execs `arena node --engine comet` of nd's binary on nd's directory and waits
// until its API answers healthy: caught up with its peers. Its output is appended to
// HOME/node.log.
func (n *network) start(nd *netNode) {
	n.t.Helper()
	n.launch(nd)
	n.healthy(nd)
}

// launch execs `arena node --engine comet` of nd's binary on nd's directory.
func (n *network) launch(nd *netNode) {
	n.t.Helper()
	addrPath := filepath.Join(nd.home, "api.addr")
	if err := os.Remove(addrPath); err != nil && !errors.Is(err, os.ErrNotExist) {
		n.t.Fatal(err) // a killed node leaves its address file behind
	}
	logf, err := os.OpenFile(filepath.Join(nd.home, "node.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		n.t.Fatal(err)
	}
	defer logf.Close()
	bin := nd.bin
	if bin == "" {
		bin = arenaBin
	}
	cmd := exec.Command(bin, "node", "--engine", "comet", "--dir", nd.home, "--log-level", "warn")
	cmd.Env = arenaEnv()
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		n.t.Fatalf("start node%d: %v", nd.i, err)
	}
	nd.cmd, nd.done, nd.err = cmd, make(chan struct{}), nil
	go func(done chan struct{}) { nd.err = cmd.Wait(); close(done) }(nd.done)
}

// healthy waits, within netStartLimit, until nd's launched process has written its
// API address and its GET /healthz answers 200.
func (n *network) healthy(nd *netNode) {
	n.t.Helper()
	addrPath := filepath.Join(nd.home, "api.addr")
	ctx, cancel := context.WithTimeout(n.t.Context(), netStartLimit)
	defer cancel()
	for {
		_, statErr := os.Stat(addrPath)
		if statErr == nil {
			if _, err := nd.c.Health(ctx); err == nil {
				return
			}
		}
		select {
		case <-nd.done:
			n.t.Fatalf("node%d exited before its API answered: %v\n%s", nd.i, nd.err, tail(filepath.Join(nd.home, "node.log")))
		case <-ctx.Done():
			n.t.Fatalf("node%d's API not answering healthy %s after exec\n%s", nd.i, netStartLimit, tail(filepath.Join(nd.home, "node.log")))
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// kill sends SIGKILL to nd's process and waits for it to be gone.
func (n *network) kill(nd *netNode) {
	if nd.cmd == nil {
		return
	}
	_ = nd.cmd.Process.Signal(syscall.SIGKILL)
	<-nd.done
	nd.cmd = nil
}

// signal sends sig (SIGSTOP, SIGCONT) to nd's process.
func (n *network) signal(nd *netNode, sig syscall.Signal) {
	n.t.Helper()
	if err := nd.cmd.Process.Signal(sig); err != nil {
		n.t.Fatalf("%s to node%d: %v", sig, nd.i, err)
	}
}

// stopAll asks every node to shut down (SIGTERM) and waits, failing the test for a node
// that does not exit cleanly within 30 s.
func (n *network) stopAll() {
	n.t.Helper()
	for _, nd := range n.nodes {
		if nd.cmd != nil {
			_ = nd.cmd.Process.Signal(syscall.SIGTERM)
		}
	}
	for _, nd := range n.nodes {
		if nd.cmd == nil {
			continue
		}
		select {
		case <-nd.done:
			if nd.err != nil {
				n.t.Errorf("node%d exited with %v after SIGTERM", nd.i, nd.err)
			}
		case <-time.After(30 * time.Second):
			n.t.Errorf("node%d did not stop within 30s of SIGTERM", nd.i)
			n.kill(nd)
		}
		nd.cmd = nil
	}
}

func (n *network) cleanup() {
	for _, nd := range n.nodes {
		n.kill(nd) // SIGKILL ends a stopped process too
	}
	n.sb.close()
	if n.t.Failed() {
		for _, nd := range n.nodes {
			n.t.Logf("node%d log tail:\n%s", nd.i, tail(filepath.Join(nd.home, "node.log")))
		}
	}
}

// height returns nd's last committed height as its API reports it.
func (n *network) height(nd *netNode) (uint64, error) {
	ctx, cancel := context.WithTimeout(n.t.Context(), 5*time.Second)
	defer cancel()
	h, err := nd.c.Health(ctx)
	return h.Height, err
}

// top returns the highest height any node answers with.
func (n *network) top() uint64 {
	var top uint64
	for _, nd := range n.nodes {
		if h, err := n.height(nd); err == nil {
			top = max(top, h)
		}
	}
	return top
}

// waitAll waits until every node has committed height h, within progressLimit.
func (n *network) waitAll(what string, h uint64) {
	n.t.Helper()
	deadline := time.Now().Add(progressLimit)
	for {
		var behind []string
		for _, nd := range n.nodes {
			got, err := n.height(nd)
			if err != nil || got < h {
				behind = append(behind, fmt.Sprintf("node%d at %d (%v)", nd.i, got, err))
			}
		}
		if len(behind) == 0 {
			return
		}
		if time.Now().After(deadline) {
			n.t.Fatalf("%s: every node at height %d not reached within %s: %s", what, h, progressLimit, strings.Join(behind, ", "))
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// traffic is the clients sending transactions while the network is perturbed.
type traffic struct {
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	workers []*worker
}

// startTraffic starts netClients clients, each with its own key, sending its story
// (fund, post a task, enter another's, grade the entry, now and then a withdrawal or
// an extra faucet) to a node it picks at random for every transaction, until stopped.
func (n *network) startTraffic(rng *rand.Rand) *traffic {
	ctx, cancel := context.WithCancel(context.Background())
	tr := &traffic{cancel: cancel}
	ts := &tasks{latest: map[ledger.Address]ledger.TaskID{}}
	for range netClients {
		k, err := account.Generate()
		if err != nil {
			n.t.Fatal(err)
		}
		w := &worker{key: k, tasks: ts, terms: n.terms, rng: rand.New(rand.NewPCG(rng.Uint64(), rng.Uint64()))}
		tr.workers = append(tr.workers, w)
		tr.wg.Go(func() { n.drive(ctx, w) })
	}
	return tr
}

// stop ends the traffic and waits for every client.
func (tr *traffic) stop() {
	tr.cancel()
	tr.wg.Wait()
}

// drive is one client's loop: a send whose answer never came (the node was killed, cut
// off, or still catching up) makes it read its nonce again before the next one.
func (n *network) drive(ctx context.Context, w *worker) {
	for ctx.Err() == nil {
		c := n.nodes[w.rng.IntN(len(n.nodes))].c
		if err := w.sync(ctx, c); err != nil {
			pause(ctx, 200*time.Millisecond)
			continue
		}
		value, body := w.next()
		tx := &ledger.Tx{From: w.key.Address(), Nonce: w.nonce, Value: value, Body: body}
		w.terms.Stamp(tx, ledger.NoExpiry)
		if err := w.key.SignTx(tx); err != nil {
			panic(fmt.Sprintf("sign: %v", err)) // a fresh key signs any tx
		}
		rc, ok := send(ctx, c, tx)
		if !ok {
			n.book.lost()
			w.nonce = 0
			pause(ctx, 200*time.Millisecond)
			continue
		}
		n.book.add(ack{from: tx.From, nonce: tx.Nonce, kind: body.Kind(), rc: rc})
		w.nonce++
		w.applied(rc)
		pause(ctx, netPace)
	}
}

// check is what must hold after every perturbation, with the traffic still running:
// every node commits past the height the network had reached when the node came back,
// every node holds the same blocks and app hashes at the heights they share, every
// acknowledged transaction is in every node's log as its receipt said, and every
// settled grade is re-derived by `arena audit entry` from every node's directory.
func (n *network) check(what string) {
	n.t.Helper()
	n.waitAll(what+": a new height", n.top()+1)
	n.checkSameChain(what)
	n.checkAcks(what)
	n.auditEntries(what)
}

// checkSameChain compares the headers every node's CometBFT RPC serves at every height
// all of them hold: one block id and one app hash a height. A node that joined by state
// sync holds the heights from its first block on; node 0 holds them all.
func (n *network) checkSameChain(what string) {
	n.t.Helper()
	var common int64 = -1
	for _, nd := range n.nodes {
		h, err := n.height(nd)
		if err != nil {
			n.t.Fatalf("%s: node%d: %v", what, nd.i, err)
		}
		if common < 0 || int64(h) < common {
			common = int64(h)
		}
	}
	type head struct{ block, app string }
	var want []head
	for _, nd := range n.nodes {
		got := make([]head, common+1)
		first := int64(max(1, nd.base))
		for hi := common; hi >= first; hi -= 20 {
			lo := max(first, hi-19)
			ctx, cancel := context.WithTimeout(n.t.Context(), 10*time.Second)
			res, err := nd.rpc.BlockchainInfo(ctx, lo, hi)
			cancel()
			if err != nil {
				n.t.Fatalf("%s: node%d blockchain %d..%d: %v", what, nd.i, lo, hi, err)
			}
			for _, m := range res.BlockMetas {
				got[m.Header.Height] = head{m.BlockID.Hash.String(), m.Header.AppHash.String()}
			}
		}
		if want == nil {
			want = got
			continue
		}
		for h := first; h <= common; h++ {
			if got[h] != want[h] {
				n.t.Fatalf("%s: at height %d node%d has block %s app hash %s, node0 block %s app hash %s",
					what, h, nd.i, got[h].block, got[h].app, want[h].block, want[h].app)
			}
		}
	}
	n.t.Logf("%s: %d nodes agree on every block and app hash of heights 1..%d", what, len(n.nodes), common)
}

// checkAcks looks every transaction acknowledged since the last check up by id on
// every node, once every node holds the block its receipt named.
func (n *network) checkAcks(what string) {
	n.t.Helper()
	acks := n.book.all()[n.checkedAcks:]
	var top uint64
	for _, a := range acks {
		top = max(top, a.rc.Height)
	}
	n.waitAll(what+": the acknowledged blocks", top)
	for _, nd := range n.nodes {
		for _, a := range acks {
			if a.rc.Height < nd.base {
				continue // before the snapshot it restored
			}
			ctx, cancel := context.WithTimeout(n.t.Context(), 10*time.Second)
			got, err := nd.c.Tx(ctx, a.rc.TxID)
			cancel()
			switch {
			case err != nil:
				n.t.Errorf("%s: acknowledged %s tx %s (block %d) not found on node%d: %v", what, a.kind, a.rc.TxID, a.rc.Height, nd.i, err)
			case got.Height != a.rc.Height || got.Index != a.rc.Index:
				n.t.Errorf("%s: node%d holds tx %s at block %d index %d, its receipt said block %d index %d", what, nd.i, a.rc.TxID, got.Height, got.Index, a.rc.Height, a.rc.Index)
			case outcomeJSON(n.t, got.Outcome) != outcomeJSON(n.t, a.rc.Outcome):
				n.t.Errorf("%s: node%d records tx %s with outcome %s, the receipt said %s", what, nd.i, a.rc.TxID, outcomeJSON(n.t, got.Outcome), outcomeJSON(n.t, a.rc.Outcome))
			}
		}
	}
	if n.t.Failed() {
		n.t.FailNow()
	}
	n.checkedAcks += len(acks)
	n.t.Logf("%s: %d acknowledged transactions found on every node (%d in all)", what, len(acks), n.checkedAcks)
}

// auditEntries runs `arena audit entry N --dir HOME` on every node for every entry
// with a settled grade not yet audited there.
func (n *network) auditEntries(what string) {
	n.t.Helper()
	src := n.nodes[0]
	h, err := n.height(src)
	if err != nil {
		n.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(n.t.Context(), time.Minute)
	defer cancel()
	ts, err := src.c.Tasks(ctx)
	if err != nil {
		n.t.Fatalf("%s: tasks: %v", what, err)
	}
	var settled []ledger.EntryID
	for _, task := range ts {
		es, err := src.c.Entries(ctx, task.ID)
		if err != nil {
			n.t.Fatalf("%s: entries of task %d: %v", what, task.ID, err)
		}
		for _, e := range es {
			if e.Current != nil {
				settled = append(settled, e.ID)
			}
		}
	}
	n.waitAll(what+": the settled grades", h)
	jobs := make([][]uint64, len(n.nodes))
	for _, nd := range n.nodes {
		for _, id := range settled {
			if !n.audited[nd.i][id] {
				jobs[nd.i] = append(jobs[nd.i], uint64(id))
				n.audited[nd.i][id] = true
			}
		}
	}
	fresh := n.auditAll("entry", jobs)
	n.t.Logf("%s: %d settled entries, %d audits run now", what, len(settled), fresh)
}

// auditAll runs `arena audit NOUN ID` against each node's directory, its node running,
// for each id of jobs[i] on node i, the nodes side by side; it fails the test unless each
// exits 0 with every number re-derived. It returns how many it ran.
func (n *network) auditAll(noun string, jobs [][]uint64) int {
	n.t.Helper()
	errs := make([][]string, len(n.nodes))
	var wg sync.WaitGroup
	for i, ids := range jobs {
		wg.Go(func() {
			for _, id := range ids {
				if err := n.audit(n.nodes[i], noun, id); err != nil {
					errs[i] = append(errs[i], err.Error())
				}
			}
		})
	}
	wg.Wait()
	ran := 0
	for i, ids := range jobs {
		ran += len(ids)
		for _, e := range errs[i] {
			n.t.Error(e)
		}
	}
	n.audits[noun] += ran
	if n.t.Failed() {
		n.t.FailNow()
	}
	return ran
}

// audit runs one `arena audit NOUN ID --dir HOME` on nd within auditLimit.
func (n *network) audit(nd *netNode, noun string, id uint64) error {
	ctx, cancel := context.WithTimeout(n.t.Context(), auditLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, arenaBin, "audit", noun, strconv.FormatUint(id, 10), "--dir", nd.home)
	cmd.Env = arenaEnv()
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	switch {
	case err != nil:
		return fmt.Errorf("arena audit %s %d on node%d: %v\n%s%s", noun, id, nd.i, err, stdout.String(), stderr.String())
	case !strings.Contains(stdout.String(), "every number re-derived"):
		return fmt.Errorf("arena audit %s %d on node%d exited 0 but said:\n%s", noun, id, nd.i, stdout.String())
	}
	return nil
}

// settle waits, the traffic stopped, until no grading round is open on any node.
func (n *network) settle() {
	n.t.Helper()
	deadline := time.Now().Add(settleLimit)
	for {
		open := 0
		for _, nd := range n.nodes {
			rs, err := nd.c.OpenRounds(n.t.Context())
			if err != nil {
				open++
				continue
			}
			open += len(rs)
		}
		if open == 0 {
			return
		}
		if time.Now().After(deadline) {
			n.t.Fatalf("grading rounds still open %s after the traffic stopped", settleLimit)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// awardAll moves the dev clock past every task's close, grading and appeal windows,
// awards every task, netAwarders at a time, and audits each award on every node.
func (n *network) awardAll() {
	n.t.Helper()
	ctx := n.t.Context()
	c := n.nodes[0].c
	a, err := c.Arena(ctx)
	if err != nil {
		n.t.Fatal(err)
	}
	clerk := newSender(n.t, c)
	mustSend(n.t, clerk, ledger.Amount{}, ledger.Faucet{To: clerk.Address(), Amount: ledger.Ether(1)})
	mustSend(n.t, clerk, ledger.Amount{}, ledger.Advance{Seconds: 3600 + a.Terms.GradingWindowS + a.Terms.AppealWindowS + 1})
	ts, err := c.Tasks(ctx)
	if err != nil {
		n.t.Fatal(err)
	}
	var ids []uint64
	for _, task := range ts {
		if task.State != ledger.TaskAwarded && task.State != ledger.TaskVoided {
			ids = append(ids, uint64(task.ID))
		}
	}
	if len(ids) == 0 {
		n.t.Fatal("the traffic posted no task to award")
	}
	errs := make([]error, len(ids))
	sem := make(chan struct{}, netAwarders)
	var wg sync.WaitGroup
	for i, id := range ids {
		k, err := account.Generate()
		if err != nil {
			n.t.Fatal(err)
		}
		s := n.nodes[i%len(n.nodes)].c.Sender(k)
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			errs[i] = award(ctx, s, ledger.TaskID(id))
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			n.t.Error(err)
		}
	}
	if n.t.Failed() {
		n.t.FailNow()
	}
	n.waitAll("the awards", n.top())
	jobs := make([][]uint64, len(n.nodes))
	for i := range jobs {
		jobs[i] = ids
	}
	n.auditAll("task", jobs)
	n.t.Logf("awarded %d tasks; each award audited on every node", len(ids))
}

// The tender the network runs once the traffic has stopped: three criteria, three
// bidders; the third never reveals, so its deposit is forfeit to the treasury.
var (
	netTenderCriteria = []tender.Criterion{
		{Text: "A delivery schedule with weekly milestones", Weight: 3, Primary: true},
		{Text: "A fixed price per settled payment", Weight: 2},
		{Text: "Named references from past payment clients", Weight: 1},
	}
	netTenderProposals = []string{
		"We deliver in 6 weekly milestones on a fixed schedule. Our price is a fixed 1 cent per settled payment. " +
			"References: Northwind Payments and Contoso Bank, both past payment clients since 2021.",
		"We will deliver the work when it is ready, at a price to be agreed once we have started on it together.",
		"This bid is sealed and never revealed, so its deposit goes to the treasury when the tender expires.",
	}
)

// runTender runs one tender to its award with every transaction sent to node 0 only:
// the criteria checked, the tender published, three sealed bids, two revealed and
// scored by the validators of all four nodes, the third expired, the award. It returns
// the tender's id; auditContests has `arena audit tender N` re-derive its scorecards,
// totals, ranking, fee, payout and deposits from every node's directory.
func (n *network) runTender() ledger.TenderID {
	n.t.Helper()
	return n.closeTender(n.openTender())
}

// openTender is runTender's first half: the buyer and bidders funded, the criteria
// checked, the tender published with its budget held and three sealed bids committed
// with their deposits.
func (n *network) openTender() *sealedTender {
	n.t.Helper()
	c := n.nodes[0].c
	o := &sealedTender{buyer: newSender(n.t, c), salts: []string{"salt-of-bidder-0", "salt-of-bidder-1", "salt-of-bidder-2"}}
	o.bidders = []*client.Sender{newSender(n.t, c), newSender(n.t, c), newSender(n.t, c)}
	ok := func(s *client.Sender, v ledger.Amount, b ledger.Body) ledger.Outcome {
		n.t.Helper()
		return n.must("tender", s, v, b)
	}
	ok(o.buyer, ledger.Amount{}, ledger.Faucet{To: o.buyer.Address(), Amount: ledger.Ether(200)})
	for _, b := range o.bidders {
		ok(b, ledger.Amount{}, ledger.Faucet{To: b.Address(), Amount: ledger.Ether(10)})
	}
	texts := make([]string, len(netTenderCriteria))
	for i, cr := range netTenderCriteria {
		texts[i] = cr.Text
	}
	ok(o.buyer, ledger.Amount{}, tender.Check{Criteria: texts})
	n.waitFor("the tender's criteria checked", settleLimit, func() bool {
		v, err := c.TenderCheck(n.t.Context(), tender.Digest(texts))
		return err == nil && v.State == tender.CheckScorable
	})
	o.id = ledger.TenderID(ok(o.buyer, ledger.Ether(100), tender.Publish{
		Title: "Settlement API integration", Summary: "Integrate the Settlement API into our checkout.",
		Criteria: netTenderCriteria, Deposit: ledger.Ether(1), AppealBond: ledger.Ether(2), FeeBps: 500,
		CommitS: 600, RevealS: 600, DecideS: 3600, MaxBids: 8,
	}).Created)
	o.bids = make([]ledger.BidID, len(o.bidders))
	for i, b := range o.bidders {
		o.bids[i] = ledger.BidID(ok(b, ledger.Ether(1), tender.Commit{Tender: o.id,
			Commitment: tender.Commitment(o.salts[i], b.Address().String(), netTenderProposals[i])}).Created)
	}
	return o
}

// sealedTender is a tender openTender published, its bids sealed.
type sealedTender struct {
	id      ledger.TenderID
	buyer   *client.Sender
	bidders []*client.Sender
	bids    []ledger.BidID
	salts   []string
}

// closeTender is runTender's second half, through node 0: the commit window passed on
// the dev clock, two bids revealed and scored, the third expired, the award.
func (n *network) closeTender(o *sealedTender) ledger.TenderID {
	n.t.Helper()
	c := n.nodes[0].c
	ok := func(s *client.Sender, v ledger.Amount, b ledger.Body) ledger.Outcome {
		n.t.Helper()
		return n.must("tender", s, v, b)
	}
	id, bids := o.id, o.bids
	ok(o.buyer, ledger.Amount{}, ledger.Advance{Seconds: 601})
	for i, b := range o.bidders[:2] {
		ok(b, ledger.Amount{}, tender.Reveal{Bid: bids[i], Salt: o.salts[i], Proposal: netTenderProposals[i]})
		ok(b, ledger.Amount{}, tender.Score{Bid: bids[i]})
	}
	var tv ledger.TenderView
	n.waitFor("both revealed bids scored", settleLimit, func() bool {
		var err error
		tv, err = c.Tender(n.t.Context(), id)
		return err == nil && tv.Bids[0].Status == tender.BidScored && tv.Bids[1].Status == tender.BidScored
	})
	ok(o.buyer, ledger.Amount{}, ledger.Advance{Seconds: 600 + tender.AwardWaitS})
	ok(o.bidders[2], ledger.Amount{}, tender.Expire{Tender: id})
	ok(o.buyer, ledger.Amount{}, tender.Award{Tender: id})
	tv, err := c.Tender(n.t.Context(), id)
	if err != nil {
		n.t.Fatal(err)
	}
	if tv.State != tender.TenderAwarded || tv.Bids[2].Status != tender.BidExpired {
		n.t.Fatalf("tender %d is %s with its third bid %s: want awarded with the third expired", id, tv.State, tv.Bids[2].Status)
	}
	n.t.Logf("tender %d awarded to bid %d at total %d of %d, bid %d at %d",
		id, tv.WinningBid, tv.WinningTotal, tv.Bids[0].TotalMax, bids[1], tv.Bids[1].Total)
	return id
}

// waitFor polls cond every 500 ms until it holds, failing the test after limit.
func (n *network) waitFor(what string, limit time.Duration, cond func() bool) {
	n.t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			n.t.Fatalf("%s: not within %s", what, limit)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// award has a fresh clerk fund itself and award the task.
func award(ctx context.Context, s *client.Sender, id ledger.TaskID) error {
	for _, b := range []ledger.Body{ledger.Faucet{To: s.Address(), Amount: ledger.Ether(1)}, ledger.Award{Task: id}} {
		rc, err := s.Send(ctx, ledger.Amount{}, b)
		if err == nil && !rc.Outcome.OK() {
			err = errors.New(rc.Outcome.Err)
		}
		if err != nil {
			return fmt.Errorf("award task %d: %s: %w", id, b.Kind(), err)
		}
	}
	return nil
}

// cycle is one round of the three perturbations, each on its own node, with the
// traffic running and the checks after each. While the heavy contests' start is under
// way node 0, which holds their uploads and takes their transactions, is spared: the
// faults fall on the validators fetching from it and running their programs.
func (n *network) cycle(k int, rng *rand.Rand, h *heavy) {
	n.t.Helper()
	pool := n.nodes
	if h.running() {
		pool = n.nodes[1:]
	}
	victims := make([]*netNode, len(pool))
	for i, j := range rng.Perm(len(pool)) {
		victims[i] = pool[j]
	}

	nd := victims[0]
	from := n.top()
	n.t.Logf("cycle %d: kill -9 node%d at height %d", k, nd.i, from)
	n.kill(nd)
	n.hold(fmt.Sprintf("cycle %d, node%d killed", k, nd.i), nd, killedFor, from+2, nil)
	n.start(nd)
	n.check(fmt.Sprintf("cycle %d, node%d killed and restarted", k, nd.i))

	nd = victims[1]
	from = n.top()
	n.t.Logf("cycle %d: SIGSTOP node%d at height %d (round timeout %s)", k, nd.i, from, netRoundTimeout)
	n.signal(nd, syscall.SIGSTOP)
	n.hold(fmt.Sprintf("cycle %d, node%d paused", k, nd.i), nd, pausedFor, from+2, nil)
	n.signal(nd, syscall.SIGCONT)
	n.check(fmt.Sprintf("cycle %d, node%d paused and resumed", k, nd.i))

	nd = victims[2]
	from = n.top()
	refused := n.sb.refused(nd.i)
	n.t.Logf("cycle %d: cut node%d off at height %d", k, nd.i, from)
	n.sb.isolate(nd.i)
	n.hold(fmt.Sprintf("cycle %d, node%d cut off", k, nd.i), nd, cutFor, from+4,
		func() bool { return n.sb.refused(nd.i) > refused }) // a peer redialled it, and was refused
	during, err := n.height(nd)
	if err != nil {
		n.t.Fatal(err)
	}
	n.sb.heal(nd.i)
	// Cut off, the node may still commit what was on its way when the links closed (the
	// block in flight, and one more whose votes were already in its buffers), never
	// what the others committed since: they are two heights further at least.
	if during > from+2 {
		n.t.Errorf("cycle %d: node%d reached height %d while cut off at network height %d: a link bypasses the relays", k, nd.i, during, from)
	}
	n.check(fmt.Sprintf("cycle %d, node%d cut off and healed", k, nd.i))
}

// hold keeps a perturbation of victim on for at least d, until the other nodes have
// gone on without it (committed height reach) and until cond, if any, holds; it fails
// the test if that takes longer than progressLimit.
func (n *network) hold(what string, victim *netNode, d time.Duration, reach uint64, cond func() bool) {
	n.t.Helper()
	start := time.Now()
	for {
		var top uint64
		for _, nd := range n.nodes {
			if nd == victim {
				continue
			}
			if h, err := n.height(nd); err == nil {
				top = max(top, h)
			}
		}
		if time.Since(start) >= d && top >= reach && (cond == nil || cond()) {
			n.t.Logf("%s: the others went on to height %d in %s", what, top, time.Since(start).Round(time.Second))
			return
		}
		if time.Since(start) > progressLimit {
			n.t.Fatalf("%s: after %s the others are at height %d, not %d, or no peer redialled", what, progressLimit, top, reach)
		}
		time.Sleep(250 * time.Millisecond)
	}
}

var (
	netCycles = flag.Int("network.cycles", 1, "perturbation cycles of the four-node network test (kill, pause and cut each); raise it for a soak")
	netSeed   = flag.Uint64("network.seed", 1, "seed of the network test's victims and transaction mix")
)

// TestFourNodesSurviveKillPauseAndPartition: a network of four validators founded by
// the ceremony (`arena operator init` in four directories, `arena keys new` for a match
// operator, `arena genesis assemble --terms`, `arena genesis install` in each), each an
// `arena node --engine comet` process of the built binary, every peer link through a
// loopback relay the test owns. Four clients send signed faucet, post_task, submit,
// grade and withdraw transactions to nodes picked at random. A benchmark challenge
// (the example bench and agent) and a learning challenge (the example pair on a prefix
// of the embedded dataset) start at once, their modules and split uploaded to node 0
// alone and their transactions sent to it, so that the other validators fetch every
// artifact from node 0 by digest and run it in their sandboxes while, each cycle, one
// node is killed with SIGKILL and restarted, one is stopped (SIGSTOP) past a grading
// round's timeout and resumed, and one is cut off from the others at the relays and
// healed (node 0 is spared while those two contests are under way). After each: every
// node commits a new height, every node holds the same block and app hash at every
// height they share, every acknowledged transaction is in every node's log at the
// block and index its receipt named, and `arena audit entry N` re-derives every settled
// grade from every node's directory. Once the traffic stops, the benchmark run is
// folded, the learning challenge's held-out split is uploaded to node 0 and revealed,
// the pair measured and folded, a tender runs to its award and an agent match is
// played by node 0's operator (`arena match create` in its directory), all through
// node 0's API. The founding nodes snapshot every 5 blocks: a fifth node, made as a
// late user makes one (`arena operator init`, `arena genesis install --observer`,
// [statesync] trusting a header read from node 0's /commit before those contests
// settled), joins by state sync, holds the others' blocks and app hashes from its first
// block on and serves every task and entry exactly as node 0 does. Then `arena audit
// tender`, `match`, `run`, `challenge` and `learn` re-derive every contest on each of
// the five nodes, and every settled entry and, once every task is awarded, each award
// as well. `arena verify` replays every node's log, the fifth's from the snapshot it
// restored, as it says. -network.cycles N runs a soak.
func TestFourNodesSurviveKillPauseAndPartition(t *testing.T) {
	begin := time.Now()
	rng := rand.New(rand.NewPCG(*netSeed, 0x6e6574))
	t.Logf("seed %d, %d cycles", *netSeed, *netCycles)
	n := newNetwork(t)
	t.Logf("figure: the ceremony and four nodes at height 2 %s after the test began", time.Since(begin).Round(time.Millisecond))
	tr := n.startTraffic(rng)
	defer tr.stop()
	h := n.startHeavy()
	time.Sleep(warmUp)
	n.check("warm-up")
	for k := range *netCycles {
		n.cycle(k+1, rng, h)
	}
	n.awaitHeavy(h) // with the traffic still running
	tr.stop()
	n.settle()
	n.check("traffic stopped")
	trusted := n.trustNow()
	n.finishHeavy(h)
	cs := contests{tender: n.runTender(), run: h.run.ID, challenge: h.challenge, learnRun: h.learnRun}
	cs.match = n.runMatch()
	joining := time.Now()
	late := n.joinLate(trusted)
	n.check(fmt.Sprintf("node%d joined by state sync", late.i))
	n.sameViews(late)
	n.auditContests(cs) // settled before the snapshot the late node restored
	t.Logf("figure: node%d joined, checked, compared and every contest audited on all five nodes in %s of wall time", late.i, time.Since(joining).Round(time.Second))
	n.awardAll()
	st := n.book.stats()
	t.Logf("%d transactions acknowledged (%v), %d sends unanswered; audits run: %v", st.acked, st.kinds, st.cut, n.audits)
	if rs, err := n.nodes[0].c.Rounds(t.Context()); err == nil {
		attempts := map[string]int{}
		for _, r := range rs {
			for _, a := range r.Attempts {
				attempts[a.State]++
			}
		}
		t.Logf("%d grading rounds, attempts by how they ended: %v", len(rs), attempts)
	}
	for _, k := range []ledger.Kind{ledger.KindFaucet, ledger.KindPostTask, ledger.KindSubmit, ledger.KindGrade} {
		if st.kinds[k] == 0 {
			t.Errorf("no %s transaction was acknowledged; the mix must cover it", k)
		}
	}
	if n.audits["entry"] == 0 {
		t.Error("no grade settled to audit; the traffic must see entries graded")
	}
	for _, nd := range n.nodes {
		if n.sb.carried(nd.i) == 0 {
			t.Errorf("no byte went through node%d's relays: its links bypass the switchboard", nd.i)
		}
	}
	n.stopAll()
	// Stopped side by side, the nodes hold the same blocks, the last perhaps excepted.
	byBlocks := map[int]string{}
	for _, nd := range n.nodes {
		if nd == late {
			continue
		}
		var rep solo.Report
		if err := json.Unmarshal([]byte(arena(t, "verify", "--json", "--dir", nd.home)), &rep); err != nil {
			t.Fatalf("node%d: arena verify --json: %v", nd.i, err)
		}
		if h, ok := byBlocks[rep.Blocks]; ok && h != rep.Hash {
			t.Errorf("node%d replays %d blocks to state hash %s, another node the same blocks to %s", nd.i, rep.Blocks, rep.Hash, h)
		}
		byBlocks[rep.Blocks] = rep.Hash
		t.Logf("node%d: arena verify: state hash %s after %d blocks, %d transactions", nd.i, rep.Hash, rep.Blocks, rep.Txs)
	}
	// The late node's log starts at the snapshot it restored, and verifies from there.
	var rep solo.Report
	if err := json.Unmarshal([]byte(arena(t, "verify", "--json", "--dir", late.home)), &rep); err != nil {
		t.Fatalf("node%d: arena verify --json: %v", late.i, err)
	}
	start := fmt.Sprintf("history starts at snapshot height %d (state hash %s): the blocks before it are not in this log", rep.From, rep.FromHash)
	if rep.From <= uint64(trusted.height) || rep.From > late.base || !strings.Contains(arena(t, "verify", "--dir", late.home), start+"\n") {
		t.Errorf("node%d (blocks from %d): arena verify reports history from %d (%q), want the restored snapshot's height, above the trusted %d, said as %q", late.i, late.base, rep.From, rep.Start(), trusted.height, start)
	}
	if h, ok := byBlocks[int(rep.From)+rep.Blocks]; ok && h != rep.Hash {
		t.Errorf("node%d replays to height %d with state hash %s, a founding node to %s", late.i, int(rep.From)+rep.Blocks, rep.Hash, h)
	}
	t.Logf("node%d: arena verify: %s; state hash %s after %d more blocks", late.i, rep.Start(), rep.Hash, rep.Blocks)
	t.Logf("figure: %d cycles of kill, pause and cut in %s of wall time", *netCycles, time.Since(begin).Round(time.Second))
}
