package e2e

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	cfg "github.com/cometbft/cometbft/config"
	"github.com/cometbft/cometbft/p2p"
	rpchttp "github.com/cometbft/cometbft/rpc/client/http"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/node"
)

// netSnapshotEvery is the founding nodes' [snapshots] interval: small, so that the
// late node has a snapshot newer than its trusted header within a few blocks.
const netSnapshotEvery = 5

// trust is a header a late joiner trusts: a height and its hash, from a node's /commit.
type trust struct {
	height int64
	hash   string
}

// trustNow reads node 0's latest commit, as an operator would with
// `curl NODE/commit`.
func (n *network) trustNow() trust {
	n.t.Helper()
	ctx, cancel := context.WithTimeout(n.t.Context(), 10*time.Second)
	defer cancel()
	c, err := n.nodes[0].rpc.Commit(ctx, nil)
	if err != nil {
		n.t.Fatalf("node0 /commit: %v", err)
	}
	return trust{height: c.Height, hash: hex.EncodeToString(c.Header.Hash())}
}

// snapshotHeights returns the heights of the snapshots nd keeps, in order.
func snapshotHeights(nd *netNode) []uint64 {
	ents, err := os.ReadDir(filepath.Join(nd.home, comet.SnapshotsDir))
	if err != nil {
		return nil
	}
	var out []uint64
	for _, e := range ents {
		if h, err := strconv.ParseUint(e.Name(), 10, 64); err == nil {
			out = append(out, h)
		}
	}
	slices.Sort(out)
	return out
}

// joinLate starts a fifth node as a user joining the running network would: `arena
// operator init` and `arena genesis install --observer` in a new directory, [statesync]
// in its arena.toml naming two founding nodes' RPC and the header tr, then `arena node
// --engine comet`. Its peer links go through relays like the others'. It returns the
// node, now one of the network's, once it holds its first block after the snapshot it
// restored.
func (n *network) joinLate(tr trust) *netNode {
	n.t.Helper()
	n.waitFor(fmt.Sprintf("node0 keeping a snapshot above the trusted height %d", tr.height), progressLimit, func() bool {
		hs := snapshotHeights(n.nodes[0])
		return len(hs) > 0 && hs[len(hs)-1] > uint64(tr.height)
	})
	i := len(n.nodes)
	home := filepath.Join(n.dir, "late")
	p2pPort, apiPort := ceremonyPorts(n.t)
	arena(n.t, "operator", "init", "--dir", home, "--arena", "perturbed", "--name", "late",
		"--p2p", fmt.Sprintf("127.0.0.1:%d", p2pPort), "--api", fmt.Sprintf("http://127.0.0.1:%d", apiPort), "--light-scrypt", "--fund", "0")
	out := arena(n.t, "genesis", "install", "--observer", "--dir", home, filepath.Join(n.dir, "genesis.json"))
	if got := lineAfter(n.t, out, "sha256 "); !strings.HasPrefix(got, n.genesisSum+":") {
		n.t.Fatalf("genesis install --observer printed sha256 %q; the assembler printed %s", got, n.genesisSum)
	}
	c, err := comet.LoadConfig(home)
	if err != nil {
		n.t.Fatal(err)
	}
	if got := strings.Count(c.P2P.PersistentPeers, "@"); got != len(n.nodes) {
		n.t.Fatalf("the observer's persistent peers %q: want the %d founding operators", c.P2P.PersistentPeers, len(n.nodes))
	}
	var peers []string
	for j, to := range n.nodes {
		addr, err := n.sb.add(i, j, to.p2p)
		if err != nil {
			n.t.Fatal(err)
		}
		peers = append(peers, p2p.IDAddressString(to.id, addr))
	}
	c.P2P.PersistentPeers = strings.Join(peers, ",")
	cfg.WriteConfigFile(filepath.Join(home, "config", "config.toml"), c)
	nk, err := p2p.LoadNodeKey(c.NodeKeyFile())
	if err != nil {
		n.t.Fatal(err)
	}
	ac, err := node.LoadConfig(home)
	if err != nil {
		n.t.Fatal(err)
	}
	if len(ac.Validators) != 0 {
		n.t.Fatalf("the observer's arena.toml names validators %v; want none", ac.Validators)
	}
	ac.API.Rate = 0
	var servers []string
	for _, nd := range n.nodes[:2] {
		fc, err := comet.LoadConfig(nd.home)
		if err != nil {
			n.t.Fatal(err)
		}
		servers = append(servers, fc.RPC.ListenAddress)
	}
	ac.StateSync = node.StateSyncConfig{Enable: true, RPCServers: servers, TrustHeight: tr.height, TrustHash: tr.hash}
	writeConfig(n.t, home, ac)
	rpc, err := rpchttp.New(c.RPC.ListenAddress, "/websocket")
	if err != nil {
		n.t.Fatal(err)
	}
	nd := &netNode{i: i, home: home, id: nk.ID(), p2p: strings.TrimPrefix(c.P2P.ListenAddress, "tcp://"), rpc: rpc,
		c: client.New("http://"+ac.Listen, &http.Client{Timeout: netSendTimeout})}
	n.nodes = append(n.nodes, nd)
	n.audited = append(n.audited, map[ledger.EntryID]bool{})
	begin := time.Now()
	n.start(nd)
	n.waitFor(fmt.Sprintf("node%d holding its first block", i), progressLimit, func() bool {
		ctx, cancel := context.WithTimeout(n.t.Context(), 10*time.Second)
		defer cancel()
		st, err := rpc.Status(ctx)
		if err == nil {
			nd.base = uint64(st.SyncInfo.EarliestBlockHeight)
		}
		return nd.base > 0
	})
	if nd.base <= uint64(tr.height) {
		n.t.Fatalf("node%d's first block is %d, not above the trusted height %d: it did not restore a snapshot", i, nd.base, tr.height)
	}
	n.t.Logf("node%d joined by state sync in %s: its blocks start at %d (trusted height %d, node0's snapshots %v)",
		i, time.Since(begin).Round(time.Millisecond), nd.base, tr.height, snapshotHeights(n.nodes[0]))
	return nd
}

// sameViews fails unless nd answers every task's view, its entries' views and
// their grades exactly as node 0 does, the network at one height.
func (n *network) sameViews(nd *netNode) {
	n.t.Helper()
	n.waitAll("the views compared", n.top())
	ctx, cancel := context.WithTimeout(n.t.Context(), time.Minute)
	defer cancel()
	ts, err := n.nodes[0].c.Tasks(ctx)
	if err != nil {
		n.t.Fatal(err)
	}
	same := func(what string, a, b any) {
		n.t.Helper()
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			n.t.Fatalf("%s: node%d answers %s, node0 %s", what, nd.i, jb, ja)
		}
	}
	entries := 0
	for _, task := range ts {
		got, err := nd.c.Task(ctx, task.ID)
		if err != nil {
			n.t.Fatalf("node%d GET task %d: %v", nd.i, task.ID, err)
		}
		want, err := n.nodes[0].c.Task(ctx, task.ID)
		if err != nil {
			n.t.Fatal(err)
		}
		same(fmt.Sprintf("task %d", task.ID), want, got)
		es, err := n.nodes[0].c.Entries(ctx, task.ID)
		if err != nil {
			n.t.Fatal(err)
		}
		for _, e := range es {
			got, err := nd.c.Entry(ctx, e.ID)
			if err != nil {
				n.t.Fatalf("node%d GET entry %d: %v", nd.i, e.ID, err)
			}
			same(fmt.Sprintf("entry %d", e.ID), e, got)
			entries++
		}
	}
	if len(ts) == 0 || entries == 0 {
		n.t.Fatalf("node0 serves %d tasks and %d entries: nothing to compare", len(ts), entries)
	}
	n.t.Logf("node%d serves %d tasks and %d entries exactly as node0", nd.i, len(ts), entries)
}
