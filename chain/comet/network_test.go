package comet_test

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/grading/bounty"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/round"
	"github.com/arena/arena/reader"
	"github.com/arena/arena/store"
)

// TestFourNodesRunAContestToOneAppHash: "Two nodes that apply the same transactions hold
// byte-identical state and the same state hash" (DESIGN, the ledger). Four processes,
// each a node with its own validator, run a contest end to end, and every node ends at
// the same app hash; each node's SQLite file replays under solo.Verify and the files
// agree block by block.
func TestFourNodesRunAContestToOneAppHash(t *testing.T) {
	c := newCluster(t, 4)
	task, ids := c.post()
	views := c.gradeAll(ids)
	c.checkHonestGrades(task, ids, views)
	h := c.finish(task, ids)
	want := c.sameAppHash(h, 0, 1, 2, 3)
	rounds := c.rounds(ids)
	for i := range 4 {
		c.stop(i)
	}
	reports := make([]solo.Report, 4)
	for i, n := range c.net.Nodes {
		rep, err := solo.Verify(filepath.Join(n.Home, comet.DBFile))
		if err != nil {
			t.Fatalf("node%d: %v", i, err)
		}
		reports[i] = rep
	}
	c.sameBlocks(0, 1)
	c.sameBlocks(2, 3)
	c.reportLatency(0, rounds)
	t.Logf("app hash %x; node0 replayed %d blocks, %d txs", want, reports[0].Blocks, reports[0].Txs)
}

// checkHonestGrades checks each settled grade against this process's own run of the
// builtin pipeline on the round's frozen inputs, and that the scenario can tell a
// dishonest reading from an honest one (some entry below the top rung).
func (c *cluster) checkHonestGrades(task ledger.TaskID, ids []ledger.EntryID, views []ledger.EntryView) {
	c.t.Helper()
	model, err := reader.Open("builtin", nil)
	if err != nil {
		c.t.Fatal(err)
	}
	p := &bounty.Pipeline{Reader: model, Compiler: model}
	var tv ledger.TaskView
	c.mustQuery(fmt.Sprintf("/task/%d", task), &tv)
	belowTop := false
	for i, v := range views {
		in := bounty.Inputs{Task: tv, Entry: v, Earlier: append([]ledger.EntryView(nil), views[:i]...)}
		want := p.Run(context.Background(), in)
		got := v.Current
		type grade struct {
			Tier, Score, Violations int
			Passed, Disqualified    bool
		}
		if d := cmp.Diff(grade{want.Tier, want.Score, want.Violations, want.Passed, want.Disqualified},
			grade{got.Tier, got.Score, got.Violations, got.Passed, got.Disqualified}); d != "" {
			c.t.Errorf("entry %d: settled grade differs from an honest reading (-honest +settled):\n%s", ids[i], d)
		}
		belowTop = belowTop || want.Tier < ledger.Rungs-1
	}
	if !belowTop {
		c.t.Fatal("every entry reads on the top rung: a reading one rung higher could not be told apart")
	}
}

// sameBlocks checks that nodes a and b recorded the same state hash for every block
// both files hold.
func (c *cluster) sameBlocks(a, b int) {
	c.t.Helper()
	hashes := func(i int) []string {
		db, err := store.Open(filepath.Join(c.net.Nodes[i].Home, comet.DBFile))
		if err != nil {
			c.t.Fatal(err)
		}
		defer db.Close()
		last, _, err := db.LastBlock()
		if err != nil {
			c.t.Fatal(err)
		}
		var out []string
		for blk, err := range db.Blocks(1, last.Height) {
			if err != nil {
				c.t.Fatal(err)
			}
			out = append(out, store.HexID(blk.Hash))
		}
		return out
	}
	ha, hb := hashes(a), hashes(b)
	n := min(len(ha), len(hb))
	if n == 0 {
		c.t.Fatalf("nodes %d and %d hold no blocks", a, b)
	}
	if d := cmp.Diff(ha[:n], hb[:n]); d != "" {
		c.t.Errorf("nodes %d and %d recorded different state hashes:\n%s", a, b, d)
	}
}

// rounds returns every round of the entries, by id.
func (c *cluster) rounds(ids []ledger.EntryID) map[ledger.RoundID]ledger.RoundView {
	c.t.Helper()
	out := map[ledger.RoundID]ledger.RoundView{}
	for _, id := range ids {
		var rs []ledger.RoundView
		c.mustQuery(fmt.Sprintf("/grades/%d", id), &rs)
		for _, r := range rs {
			out[r.ID] = r
		}
	}
	return out
}

// reportLatency checks, from node i's file, that each round settled within 2 blocks of
// the last attestation its quorum needed (the attestations of the settled attempt that
// agree with the leader, and the leader's), and logs those figures and the mean block
// time.
func (c *cluster) reportLatency(i int, rounds map[ledger.RoundID]ledger.RoundView) {
	c.t.Helper()
	db, err := store.Open(filepath.Join(c.net.Nodes[i].Home, comet.DBFile))
	if err != nil {
		c.t.Fatal(err)
	}
	defer db.Close()
	last, _, err := db.LastBlock()
	if err != nil {
		c.t.Fatal(err)
	}
	var first store.BlockInfo
	for blk, err := range db.Blocks(1, last.Height) {
		if err != nil {
			c.t.Fatal(err)
		}
		if blk.Height == 1 {
			first = blk.BlockInfo
		}
		for _, tx := range blk.Txs {
			for _, ev := range tx.Outcome.Events {
				if ev.Type != "grade_settled" {
					continue
				}
				needed := lastNeeded(rounds[ledger.RoundID(ev.Round)])
				blocks := int64(blk.Height) - int64(needed)
				c.t.Logf("figure: round %d: last needed attestation at height %d, settled at %d: %d blocks", ev.Round, needed, blk.Height, blocks)
				if needed == 0 || blocks < 0 || blocks > 2 {
					c.t.Errorf("round %d settled %d blocks after its last needed attestation (height %d); the target is 2", ev.Round, blocks, needed)
				}
			}
		}
	}
	if last.Height > first.Height {
		c.t.Logf("figure: %d blocks in %d s of block time: %.2f s a block", last.Height, last.Time-first.Time,
			float64(last.Time-first.Time)/float64(last.Height-first.Height))
	}
}

// lastNeeded returns the height of the latest attestation of r's settled attempt that
// counted towards its quorum, or 0.
func lastNeeded(r ledger.RoundView) uint64 {
	var h uint64
	for _, at := range r.Attempts {
		if at.State != ledger.AttemptSettled {
			continue
		}
		for _, x := range at.Attestations {
			if (x.Agrees || x.Validator == at.Leader) && !x.Late { // a late one came after the tally
				h = max(h, x.Height)
			}
		}
	}
	return h
}

// TestAKilledNodeCatchesUp: a node killed with SIGKILL mid-contest leaves three of four
// voting power, which still settles grades and the award; restarted, the node replays
// what it missed and reaches the same app hash. Its validator waits while the node block
// syncs (comet.Engine.CatchingUp), so it never grades from the stale state it restarts
// with: the ledger refuses none of its transactions.
func TestAKilledNodeCatchesUp(t *testing.T) {
	c := newCluster(t, 4)
	task, ids := c.post()
	c.kill(3)
	views := c.gradeAll(ids)
	c.checkHonestGrades(task, ids, views)
	h := c.finish(task, ids)
	before := c.sameAppHash(h, 0, 1, 2)
	c.start(3)
	// sameAppHash waits until all four nodes, the restarted one included, report one app
	// hash. The network may have committed more since (a validator's late transaction),
	// so the hash from before the restart is only logged.
	after := c.sameAppHash(h, 0, 1, 2, 3)
	if !bytes.Equal(after, before) {
		t.Logf("the network moved on while node 3 caught up: app hash %x, then %x", before, after)
	}
	// A transaction node 3's validator sent from a stale state during the catch-up is
	// committed a block or two later: wait for three more blocks before reading the file.
	top, _, err := c.info(0)
	if err != nil {
		t.Fatal(err)
	}
	c.waitHeight(top+3, 0, 1, 2, 3)
	for i := range 4 {
		c.stop(i)
	}
	if refused := c.refusedFrom(0, c.net.Nodes[3].Validator); len(refused) > 0 {
		t.Errorf("the ledger refused %d transactions of node 3's validator:\n%s", len(refused), strings.Join(refused, "\n"))
	}
}

// refusedFrom returns, from node i's file, each committed transaction sent by v that
// the ledger refused, as "height kind: refusal".
func (c *cluster) refusedFrom(i int, v ledger.Address) []string {
	c.t.Helper()
	db, err := store.Open(filepath.Join(c.net.Nodes[i].Home, comet.DBFile))
	if err != nil {
		c.t.Fatal(err)
	}
	defer db.Close()
	last, _, err := db.LastBlock()
	if err != nil {
		c.t.Fatal(err)
	}
	var out []string
	for blk, err := range db.Blocks(1, last.Height) {
		if err != nil {
			c.t.Fatal(err)
		}
		for _, tx := range blk.Txs {
			if tx.Tx.From == v && tx.Outcome.Err != "" {
				out = append(out, fmt.Sprintf("height %d %s: %s", blk.Height, tx.Tx.Body.Kind(), tx.Outcome.Err))
			}
		}
	}
	return out
}

// TestADishonestValidatorChangesNoOutcome: "the ledger keeps a grade only when they
// agree on it exactly" (DESIGN); one validator configured to be dishonest, always a rung
// higher or hiding a disqualification, changes no outcome. Node 0's validator always
// reads a rung higher; node 1's attests an entry that breaks the rubric's mandatory word
// limit as passed, on the reader's rung, with consistent arithmetic. Each lies on
// different entries (a disqualified entry sits on rung 0 whatever the reading), so every
// grade has one dishonest attestation at most. The settled grades are the honest ones,
// the long entry disqualified, and each liar's attestations are recorded as disagreeing.
func TestADishonestValidatorChangesNoOutcome(t *testing.T) {
	c := newCluster(t, 4, liar{0, readsHigher}, liar{1, hidesDisqualification})
	task, ids := c.post()
	ids = append(ids, c.enter(task, 2, longWork))
	views := c.gradeAll(ids)
	c.checkHonestGrades(task, ids, views)
	if g := views[2].Current; !g.Disqualified || g.Passed || g.Tier != 0 || g.Score != 0 {
		t.Fatalf("the long entry settled at tier %d score %d passed=%v disqualified=%v; want the mandatory word limit to disqualify it",
			g.Tier, g.Score, g.Passed, g.Disqualified)
	}
	// A liar's attestation can land after the honest quorum settled the attempt (it is
	// then refused as late, and recorded nowhere), so how many lies were recorded varies
	// from run to run. What may never vary: no recorded lie agreed with the grade that
	// settled, and a lie the liar led never settled.
	higher := c.lies(ids, views, c.net.Nodes[0].Validator)
	hidden := c.lies(ids[2:], views, c.net.Nodes[1].Validator)
	t.Logf("recorded lies: %d a rung higher, %d hiding the disqualification", len(higher), len(hidden))
	for _, r := range hidden {
		if !r.Passed || r.Disqualified || r.Score != ledger.ScoreOf(r.Tier, r.Violations, false) {
			t.Errorf("recorded dishonest attestation tier %d score %d passed=%v disqualified=%v; want a consistent pass",
				r.Tier, r.Score, r.Passed, r.Disqualified)
		}
	}
	c.finish(task, ids)
}

// lies returns v's recorded attestations on the entries ids that disagree with the
// grade each entry settled on, failing the test if one of them was counted as agreeing
// with its attempt's leader or, led by v, settled its attempt.
func (c *cluster) lies(ids []ledger.EntryID, views []ledger.EntryView, v ledger.Address) []ledger.Result {
	c.t.Helper()
	settled := map[ledger.EntryID]ledger.Result{}
	for _, e := range views {
		if e.Current != nil {
			settled[e.ID] = e.Current.Result
		}
	}
	var out []ledger.Result
	for _, id := range ids {
		var rounds []ledger.RoundView
		c.mustQuery(fmt.Sprintf("/grades/%d", id), &rounds)
		for _, r := range rounds {
			for _, at := range r.Attempts {
				for _, x := range at.Attestations {
					if x.Validator != v || round.Agree(x.Result, settled[id]) {
						continue
					}
					switch {
					case at.Leader != v && x.Agrees:
						c.t.Errorf("entry %d: a dishonest attestation was counted as agreeing with leader %s", id, at.Leader)
					case at.Leader == v && at.State == ledger.AttemptSettled:
						c.t.Errorf("entry %d: an attempt led by the dishonest validator settled", id)
					}
					out = append(out, x.Result)
				}
			}
		}
	}
	return out
}
