package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/node"
)

// Bounds and figures of the upgrade test.
const (
	upgradeNotice = 20 // the founding terms' UpgradeNotice, in blocks
	// upgradeMargin is how many blocks past the notice the upgrade is proposed for: room
	// for the votes and for three nodes' restarts on the new release before the height.
	upgradeMargin  = 15
	upgradeRelease = "arena v2 (refunds once per funder)"
	haltLimit      = 3 * time.Minute // the old release's node at the height and out
)

// The tiered task that spans the upgrade: two equal shares, one entry, so the second
// share's prize goes back to the funders; alice tops up twice around erin's top-up, in
// amounts whose per-top-up rounding (version 1) differs from the per-funder rounding
// (version 2) that must apply at the award, after the upgrade. The amounts are those of
// ledger's TestRefundsAreRoundedOncePerFunder.
var (
	spanPrize     = ledger.Ether(10)
	spanShares    = []int{5000, 5000}
	spanAliceTop1 = ledger.MustAmount("3000000000000000002")
	spanErinTop   = ledger.Ether(1)
	spanAliceTop2 = ledger.MustAmount("1500000000000000001")
	// Under version 2 the second share, half the pool rounded down, goes back once per
	// funder, each part rounded down once and the remainder to the sponsor; the first
	// share is the rest of the pool.
	spanFirst   = ledger.MustAmount("7750000000000000002")
	spanSponsor = ledger.MustAmount("5000000000000000001")
	spanAlice   = ledger.MustAmount("2250000000000000001")
	spanErin    = ledger.MustAmount("499999999999999999")
)

// TestANetworkUpgradesItsProtocolWithNothingLost: issue 35, an upgrade with real
// processes of two releases. Four operators found a network by ceremony under protocol
// version 1 (a 20-block upgrade notice), every node running the previous release, a
// build of this source that knows version 1 only. A tiered bounty is posted, topped
// up twice by one funder around another's top-up, entered and graded, and a tender is
// published with its budget held and three bids sealed with deposits. A validator
// proposes, with the new release's `arena upgrade propose`, version 2 at a height past
// the notice; two more vote with `arena vote`, and `arena show governance --json`
// shows it adopted as the next upgrade. Nodes 0, 1 and 2 are stopped and started on the
// new release before the height; node 3 stays on the old one. At the height node 3's
// process exits on its own, non-zero, its log naming the height and version 2, its
// upgrade-info.json written, while the other three go on: their /v1/governance says
// version 2 with the proposal done, CometBFT's headers carry app version 1 before the
// height and 2 from it, and ABCI Info says 2. Then, node 3 still down, the tender's
// bids are revealed, scored and awarded, and the task is awarded: its refunds are split
// once per funder (refunds_per_funder, alice named once) to the atto, and `arena audit
// task` re-derives it. Node 3, started on the new release, replays the block it stopped
// at and catches up to the others' blocks and app hashes; every acknowledged
// transaction is on every node, and `arena audit` re-derives the task and the tender
// on each. A fifth node joins by state sync from a snapshot past the height, serves
// every view as node 0 does and audits both. Stopped, every founding node's `arena
// verify` replays from genesis across the upgrade to one state hash, and the previous
// release's refuses the log at the height with the UPGRADE NEEDED message.
func TestANetworkUpgradesItsProtocolWithNothingLost(t *testing.T) {
	begin := time.Now()
	old := oldRelease(t)
	t.Logf("figure: the previous release built in %s", time.Since(begin).Round(time.Millisecond))
	n := newNetworkWith(t, netOptions{bin: old, terms: func(tm *node.Terms) {
		tm.Protocol = ledger.FirstVersion
		tm.UpgradeNotice = upgradeNotice
	}})
	if n.terms.Protocol != ledger.FirstVersion {
		t.Fatalf("the arena opened under protocol %d, want %d", n.terms.Protocol, ledger.FirstVersion)
	}
	for _, nd := range n.nodes {
		n.governed(nd, ledger.FirstVersion, ledger.FirstVersion)
	}
	t.Logf("figure: four nodes of the previous release at height 2 %s after the test began", time.Since(begin).Round(time.Millisecond))

	sp := n.openSpanningTask()
	sealed := n.openTender()
	t.Logf("tender %d published, its budget held and %d bids sealed with their deposits", sealed.id, len(sealed.bids))
	id, height := n.proposeUpgrade()
	t.Logf("upgrade %d adopted: version 2 at height %d; the network is at %d", id, height, n.top())

	for _, nd := range n.nodes[:3] {
		n.restart(nd, arenaBin)
	}
	if top := n.top(); top >= height {
		t.Fatalf("the network reached height %d before nodes 0-2 ran the new release: the upgrade at %d left too little margin (%d blocks past the notice)", top, height, upgradeMargin)
	}
	t.Logf("nodes 0-2 restarted on the new release at height %d, before the upgrade at %d", n.top(), height)

	stopped := n.nodes[3]
	n.awaitHalt(stopped, id, height)
	n.waitNodes("nodes 0-2 past the upgrade", n.nodes[:3], height+2)
	for _, nd := range n.nodes[:3] {
		n.governed(nd, ledger.LatestVersion, ledger.LatestVersion)
		n.upgraded(nd, id, height)
	}
	t.Logf("figure: nodes 0-2 at height %d under version 2, node3 stopped, %s after the test began", height+2, time.Since(begin).Round(time.Second))

	// The tender first: the task's award moves the dev clock past the tender's windows.
	tid := n.closeTender(sealed)
	n.awardSpanning(sp, n.nodes[:3])

	stopped.bin = ""
	n.start(stopped)
	n.governed(stopped, ledger.LatestVersion, ledger.LatestVersion)
	n.check("node3 restarted on the new release")
	n.upgraded(stopped, id, height)
	n.auditAll("task", [][]uint64{3: {uint64(sp.task)}})
	n.auditAll("tender", [][]uint64{{uint64(tid)}, {uint64(tid)}, {uint64(tid)}, {uint64(tid)}})
	t.Logf("node3 replayed block %d on the new release, holds the others' chain and audits the task; the tender audited on nodes 0-3", height)

	trusted := n.trustNow()
	if trusted.height <= int64(height) {
		t.Fatalf("trusted height %d is not past the upgrade at %d", trusted.height, height)
	}
	n.snapshotPast(trusted.height)
	late := n.joinLate(trusted)
	n.check(fmt.Sprintf("node%d joined by state sync", late.i))
	n.sameViews(late)
	lateOnly := func(id uint64) [][]uint64 {
		jobs := make([][]uint64, len(n.nodes))
		jobs[late.i] = []uint64{id}
		return jobs
	}
	n.auditAll("task", lateOnly(uint64(sp.task)))
	n.auditAll("tender", lateOnly(uint64(tid)))
	t.Logf("node%d, restored from a snapshot past the upgrade, audits the task and the tender that spanned it", late.i)
	n.governed(late, ledger.LatestVersion, ledger.LatestVersion)

	n.stopAll()
	n.verifyAcross(height)
	t.Logf("figure: the upgrade test in %s of wall time", time.Since(begin).Round(time.Second))
}

// spanning is the tiered task opened before the upgrade and settled after it.
type spanning struct {
	task                 ledger.TaskID
	entry                ledger.EntryID
	sponsor, alice, erin ledger.Address
}

// openSpanningTask posts the tiered task through node 0, has alice, erin and alice top
// it up, bob enter it and have it graded, and waits for the grade to settle.
func (n *network) openSpanningTask() spanning {
	n.t.Helper()
	const what = "the spanning task"
	ctx := n.t.Context()
	var ss [4]*client.Sender // sponsor, alice, erin, bob
	for i := range ss {
		s, _, err := n.funded(ctx, what, ledger.Ether(100))
		if err != nil {
			n.t.Fatal(err)
		}
		ss[i] = s
	}
	sponsor, alice, erin, bob := ss[0], ss[1], ss[2], ss[3]
	task := ledger.TaskID(n.must(what, sponsor, spanPrize, ledger.PostTask{Title: "Launch note",
		Spec: "Write a launch note for the webhooks API.", Rubric: "The note must be at most 600 characters. It should include a link.",
		ClosesInS: 3600, Shares: spanShares}).Created)
	n.must(what, alice, spanAliceTop1, ledger.TopUp{Task: task})
	n.must(what, erin, spanErinTop, ledger.TopUp{Task: task})
	n.must(what, alice, spanAliceTop2, ledger.TopUp{Task: task})
	entry := ledger.EntryID(n.must(what, bob, n.terms.EntryBond, ledger.Submit{Task: task, Work: "The webhooks API is live: https://example.com/docs"}).Created)
	n.must(what, bob, ledger.Amount{}, ledger.Grade{Entry: entry})
	n.waitFor("the spanning task's entry graded", settleLimit, func() bool {
		ev, err := n.nodes[0].c.Entry(ctx, entry)
		return err == nil && ev.Current != nil
	})
	n.t.Logf("task %d (shares %v) funded by its sponsor and three top-ups, entry %d graded", task, spanShares, entry)
	return spanning{task: task, entry: entry, sponsor: sponsor.Address(), alice: alice.Address(), erin: erin.Address()}
}

// proposeUpgrade has node 0's validator propose version 2 with the new release's
// `arena upgrade propose`, at the height the notice and upgradeMargin put it, and the
// validators of nodes 1 and 2 vote for it with `arena vote`, each through its own node.
// `arena show governance --json` must then show it adopted as the next upgrade. It
// returns the proposal's id and height.
func (n *network) proposeUpgrade() (uint64, uint64) {
	n.t.Helper()
	height := n.top() + upgradeNotice + upgradeMargin
	out := n.cli(n.nodes[0], "upgrade", "propose", "--version", strconv.FormatUint(ledger.LatestVersion, 10),
		"--height", strconv.FormatUint(height, 10), "--release", upgradeRelease)
	num, _, ok := strings.Cut(strings.TrimPrefix(out, "proposed upgrade "), ":")
	id, err := strconv.ParseUint(num, 10, 64)
	if !ok || err != nil {
		n.t.Fatalf("arena upgrade propose said %q: want \"proposed upgrade N: ...\"", out)
	}
	n.cli(n.nodes[1], "vote", "--proposal", num)
	if out := n.cli(n.nodes[2], "vote", "--proposal", num); !strings.Contains(out, fmt.Sprintf("proposal %d adopted", id)) {
		n.t.Fatalf("the third validator's vote said %q: want the proposal adopted", out)
	}
	var g ledger.Governance
	if err := json.Unmarshal([]byte(n.cli(n.nodes[3], "show", "governance", "--json")), &g); err != nil {
		n.t.Fatalf("arena show governance --json: %v", err)
	}
	i := slices.IndexFunc(g.Proposals, func(p ledger.Proposal) bool { return p.ID == id })
	if i < 0 || g.Proposals[i].Status != govern.Adopted || len(g.Proposals[i].Votes) != 3 {
		n.t.Fatalf("arena show governance on node3 (binary knows %d): proposal %d not adopted with 3 votes: %+v", g.Knows, id, g.Proposals)
	}
	if p := g.Next; p == nil || p.ID != id || p.Version != ledger.LatestVersion || p.Height != height || p.Release != upgradeRelease {
		n.t.Fatalf("arena show governance on node3: next upgrade %+v, want proposal %d: version %d at height %d, release %q", g.Next, id, ledger.LatestVersion, height, upgradeRelease)
	}
	if g.Version != ledger.FirstVersion || g.Knows != ledger.FirstVersion {
		n.t.Fatalf("arena show governance on node3: version %d, binary knows %d; want 1 and 1 on the previous release", g.Version, g.Knows)
	}
	return id, height
}

// cli runs the new release's arena CLI as nd's operator: its directory, its validator's
// key, its node's API.
func (n *network) cli(nd *netNode, args ...string) string {
	n.t.Helper()
	ac, err := node.LoadConfig(nd.home)
	if err != nil {
		n.t.Fatal(err)
	}
	if len(ac.Validators) == 0 {
		n.t.Fatalf("node%d's arena.toml names no validator", nd.i)
	}
	return strings.TrimSpace(arena(n.t, append(args, "--dir", nd.home, "--key", ac.Validators[0].Address.String(), "--node", "http://"+ac.Listen)...))
}

// restart stops nd with SIGTERM, which it must obey cleanly within 30 s, and starts it
// again on bin.
func (n *network) restart(nd *netNode, bin string) {
	n.t.Helper()
	_ = nd.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-nd.done:
		if nd.err != nil {
			n.t.Fatalf("node%d exited with %v after SIGTERM\n%s", nd.i, nd.err, tail(filepath.Join(nd.home, "node.log")))
		}
	case <-time.After(30 * time.Second):
		n.kill(nd)
		n.t.Fatalf("node%d did not stop within 30s of SIGTERM", nd.i)
	}
	nd.cmd, nd.bin = nil, bin
	n.start(nd)
}

// awaitHalt waits for nd, on the previous release, to stop on its own at the upgrade:
// a non-zero exit, the UPGRADE NEEDED line in its log naming the height, the version
// and the proposal, and HOME/upgrade-info.json saying the same.
func (n *network) awaitHalt(nd *netNode, id, height uint64) {
	n.t.Helper()
	select {
	case <-nd.done:
	case <-time.After(haltLimit):
		n.t.Fatalf("node%d on the previous release still running %s after the upgrade was adopted for height %d (network at %d)", nd.i, haltLimit, height, n.top())
	}
	nd.cmd = nil
	var exit *exec.ExitError
	if !errors.As(nd.err, &exit) || exit.ExitCode() <= 0 {
		n.t.Fatalf("node%d exited with %v: want a non-zero exit status of its own", nd.i, nd.err)
	}
	want := fmt.Sprintf("UPGRADE NEEDED at height %d: protocol version %d (proposal %d, release %q); this binary knows versions 1 to 1",
		height, ledger.LatestVersion, id, upgradeRelease)
	log, err := os.ReadFile(filepath.Join(nd.home, "node.log"))
	if err != nil {
		n.t.Fatal(err)
	}
	if !bytes.Contains(log, []byte(want)) {
		n.t.Fatalf("node%d's log lacks %q:\n%s", nd.i, want, tail(filepath.Join(nd.home, "node.log")))
	}
	b, err := os.ReadFile(filepath.Join(nd.home, comet.UpgradeInfoFile))
	if err != nil {
		n.t.Fatalf("node%d stopped for the upgrade without writing %s: %v", nd.i, comet.UpgradeInfoFile, err)
	}
	var info ledger.UpgradeNeeded
	if err := json.Unmarshal(b, &info); err != nil || info.Version != ledger.LatestVersion || info.Height != height || info.Proposal != id || info.Release != upgradeRelease {
		n.t.Fatalf("node%d's %s: %s (%v): want version %d at height %d, proposal %d, release %q", nd.i, comet.UpgradeInfoFile, b, err, ledger.LatestVersion, height, id, upgradeRelease)
	}
	n.t.Logf("node%d stopped at the upgrade: %v; %s", nd.i, nd.err, want)
}

// waitNodes waits until every node of nodes has committed height h, within
// progressLimit.
func (n *network) waitNodes(what string, nodes []*netNode, h uint64) {
	n.t.Helper()
	n.waitFor(fmt.Sprintf("%s: height %d", what, h), progressLimit, func() bool {
		for _, nd := range nodes {
			if got, err := n.height(nd); err != nil || got < h {
				return false
			}
		}
		return true
	})
}

// governed fails unless nd's /v1/governance says protocol version v is in force and
// its binary knows versions up to knows.
func (n *network) governed(nd *netNode, v, knows uint64) {
	n.t.Helper()
	g, err := nd.c.Governance(n.t.Context())
	if err != nil {
		n.t.Fatalf("node%d GET /v1/governance: %v", nd.i, err)
	}
	if g.Version != v || g.Knows != knows {
		n.t.Fatalf("node%d /v1/governance: version %d, binary knows %d; want %d and %d", nd.i, g.Version, g.Knows, v, knows)
	}
}

// upgraded fails unless nd holds the upgrade as done at its height: the proposal done
// and no upgrade next in /v1/governance, CometBFT's header at the height carrying app
// version 2 and the one before it 1, and ABCI Info's app version 2.
func (n *network) upgraded(nd *netNode, id, height uint64) {
	n.t.Helper()
	ctx, cancel := context.WithTimeout(n.t.Context(), 10*time.Second)
	defer cancel()
	g, err := nd.c.Governance(ctx)
	if err != nil {
		n.t.Fatalf("node%d GET /v1/governance: %v", nd.i, err)
	}
	i := slices.IndexFunc(g.Proposals, func(p ledger.Proposal) bool { return p.ID == id })
	if i < 0 || g.Proposals[i].Status != govern.Done || g.Proposals[i].Closed != height || g.Next != nil {
		n.t.Fatalf("node%d /v1/governance: proposal %d not done at height %d, or an upgrade still next: %+v", nd.i, id, height, g)
	}
	for h, want := range map[uint64]uint64{height - 1: ledger.FirstVersion, height: ledger.LatestVersion} {
		hh := int64(h)
		b, err := nd.rpc.Block(ctx, &hh)
		if err != nil {
			n.t.Fatalf("node%d block %d: %v", nd.i, h, err)
		}
		if got := b.Block.Header.Version.App; got != want {
			n.t.Errorf("node%d: block %d's header carries app version %d, want %d", nd.i, h, got, want)
		}
	}
	info, err := nd.rpc.ABCIInfo(ctx)
	if err != nil {
		n.t.Fatalf("node%d abci_info: %v", nd.i, err)
	}
	if info.Response.AppVersion != ledger.LatestVersion {
		n.t.Errorf("node%d: ABCI Info reports app version %d, want %d", nd.i, info.Response.AppVersion, ledger.LatestVersion)
	}
}

// awardSpanning awards the spanning task through node 0, after the upgrade, and checks
// that version 2 split its refunds: once per funder, to the atto. `arena audit task`
// then re-derives the award on each node of on.
func (n *network) awardSpanning(sp spanning, on []*netNode) {
	n.t.Helper()
	const what = "the spanning task's award"
	ctx := n.t.Context()
	clerk, _, err := n.funded(ctx, what, ledger.Ether(1))
	if err != nil {
		n.t.Fatal(err)
	}
	n.must(what, clerk, ledger.Amount{}, ledger.Advance{Seconds: 3600 + n.terms.GradingWindowS + n.terms.AppealWindowS + 1})
	n.must(what, clerk, ledger.Amount{}, ledger.Award{Task: sp.task})
	tv, err := n.nodes[0].c.Task(ctx, sp.task)
	if err != nil {
		n.t.Fatal(err)
	}
	if tv.State != ledger.TaskAwarded || len(tv.Podium) == 0 || tv.Podium[0].Entry != sp.entry || !tv.Podium[0].Amount.Eq(spanFirst) {
		n.t.Fatalf("task %d after its award: %s, podium %+v; want awarded, entry %d first with %s", sp.task, tv.State, tv.Podium, sp.entry, spanFirst)
	}
	want := []ledger.Payout{{Address: sp.sponsor, Prize: spanSponsor}, {Address: sp.alice, Prize: spanAlice}, {Address: sp.erin, Prize: spanErin}}
	same := len(tv.Refunds) == len(want)
	for i := range want {
		same = same && tv.Refunds[i].Address == want[i].Address && tv.Refunds[i].Prize.Eq(want[i].Prize) && tv.Refunds[i].Bond.IsZero()
	}
	if !tv.RefundsPerFunder || !same {
		n.t.Fatalf("task %d awarded after the upgrade: refunds %+v (per funder %v); want version 2's, once per funder: %+v", sp.task, tv.Refunds, tv.RefundsPerFunder, want)
	}
	n.waitNodes(what, on, n.top())
	jobs := make([][]uint64, len(on))
	for _, nd := range on {
		jobs[nd.i] = []uint64{uint64(sp.task)}
	}
	n.auditAll("task", jobs)
	n.t.Logf("task %d awarded after the upgrade: refunds once per funder %+v; audited on nodes 0-%d", sp.task, tv.Refunds, len(on)-1)
}

// verifyAcross runs `arena verify` of the new release on every founding node's
// directory, the nodes stopped: each replays from genesis across the upgrade at height,
// and nodes holding the same blocks reach the same state hash. The previous release's
// `arena verify` must refuse the log at the height.
func (n *network) verifyAcross(height uint64) {
	n.t.Helper()
	byBlocks := map[int]string{}
	for _, nd := range n.nodes[:netNodes] {
		out := arena(n.t, "verify", "--dir", nd.home)
		if !strings.HasPrefix(out, "ok: state hash ") || strings.Contains(out, "history starts at snapshot") || strings.Contains(out, "does not replay") {
			n.t.Errorf("node%d: arena verify said:\n%s", nd.i, out)
		}
		var rep solo.Report
		if err := json.Unmarshal([]byte(arena(n.t, "verify", "--json", "--dir", nd.home)), &rep); err != nil {
			n.t.Fatalf("node%d: arena verify --json: %v", nd.i, err)
		}
		if rep.Blocks <= int(height) {
			n.t.Errorf("node%d: arena verify replayed %d blocks, not past the upgrade at %d", nd.i, rep.Blocks, height)
		}
		if h, ok := byBlocks[rep.Blocks]; ok && h != rep.Hash {
			n.t.Errorf("node%d replays %d blocks to state hash %s, another node the same blocks to %s", nd.i, rep.Blocks, rep.Hash, h)
		}
		byBlocks[rep.Blocks] = rep.Hash
		n.t.Logf("node%d: arena verify: state hash %s after %d blocks, %d transactions", nd.i, rep.Hash, rep.Blocks, rep.Txs)
	}
	ctx, cancel := context.WithTimeout(n.t.Context(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, oldRelease(n.t), "verify", "--dir", n.nodes[0].home)
	cmd.Env = arenaEnv()
	out, err := cmd.CombinedOutput()
	if want := fmt.Sprintf("UPGRADE NEEDED at height %d: protocol version %d", height, ledger.LatestVersion); err == nil || !strings.Contains(string(out), want) {
		n.t.Errorf("the previous release's arena verify on node0: %v, said:\n%s\nwant a failure naming %q", err, out, want)
	}
}

// snapshotPast has a fresh sender send faucet transactions through node 0, one at a
// time, until node 0 keeps a snapshot above height h: a snapshot is made only at a
// block that records a transaction, and the network is idle otherwise.
func (n *network) snapshotPast(h int64) {
	n.t.Helper()
	const what = "transactions after the upgrade"
	s, _, err := n.funded(n.t.Context(), what, ledger.Ether(1))
	if err != nil {
		n.t.Fatal(err)
	}
	sent := 0
	n.waitFor(fmt.Sprintf("node0 keeping a snapshot above height %d", h), progressLimit, func() bool {
		if hs := snapshotHeights(n.nodes[0]); len(hs) > 0 && hs[len(hs)-1] > uint64(h) {
			return true
		}
		n.must(what, s, ledger.Amount{}, ledger.Faucet{To: s.Address(), Amount: ledger.Ether(1)})
		sent++
		return false
	})
	n.t.Logf("node0 keeps snapshots %v after %d more transactions", snapshotHeights(n.nodes[0]), sent+1)
}
