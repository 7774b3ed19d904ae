package comet_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	ctypes "github.com/cometbft/cometbft/rpc/core/types"

	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
)

// snapshotEvery is the snapshot interval of the state-sync network test.
const snapshotEvery = 5

// TestALateNodeJoinsByStateSync: four validators snapshot every 5 blocks while
// transactions run past two snapshot heights; a fifth node started later with
// [statesync] restores from a snapshot, reaches the others' height and app hash, serves
// views, and follows new blocks. Its file's log begins at the snapshot and verifies from
// there; a validator's verifies from genesis. Restarted, it resumes from its own file.
func TestALateNodeJoinsByStateSync(t *testing.T) {
	c := writeCluster(t, 4, 1)
	for i := range 5 {
		c.env[i] = append(c.env[i], nodeSnapshotsEnv+"="+strconv.Itoa(snapshotEvery))
	}
	for i := range 4 {
		c.start(i)
	}
	c.waitHeight(2, 0, 1, 2, 3)
	trust, err := c.clients[0].Commit(context.Background(), ptr(int64(2)))
	if err != nil {
		t.Fatal(err)
	}

	// Transactions until node 0 keeps two snapshots, and one more block with one.
	solver := c.solvers[0]
	sent := 0
	for sent < 40 && len(c.snapshotHeights(0)) < comet.SnapshotsKept {
		c.send(solver, ledger.Amount{}, ledger.Faucet{To: solver.Address(), Amount: ledger.Ether(1)})
		sent++
	}
	kept := c.snapshotHeights(0)
	if len(kept) != comet.SnapshotsKept {
		t.Fatalf("after %d transactions node 0 keeps snapshots at %v", sent, kept)
	}
	c.send(solver, ledger.Amount{}, ledger.Faucet{To: solver.Address(), Amount: ledger.Ether(1)})
	sent++

	joining := time.Now()
	c.startBySync(4, trust)
	top, _, err := c.info(0)
	if err != nil {
		t.Fatal(err)
	}
	c.sameAppHash(top, 0, 1, 2, 3, 4)
	t.Logf("node 4 joined at height %d in %s (snapshots at %v, state-sync discovery 5 s)", top, time.Since(joining).Round(time.Millisecond), kept)

	// It serves views: the solver's next nonce, as node 0 reads it.
	var want, got uint64
	if !c.query(0, "/nonce/"+solver.Address().String(), &want) || !c.query(4, "/nonce/"+solver.Address().String(), &got) {
		t.Fatal("nonce view: no answer")
	}
	if want != uint64(sent)+1 || got != want {
		t.Fatalf("node 4 reads next nonce %d, node 0 %d, after %d transactions", got, want, sent)
	}
	// It follows new blocks: a transaction sent after it joined reaches it.
	h, _ := c.submit(solver, ledger.Amount{}, ledger.Faucet{To: solver.Address(), Amount: ledger.Ether(1)})
	sent++
	c.sameAppHash(h, 0, 4)
	c.sameHeaderAppHash(h+1, 0, 4)

	c.stop(4)
	rep, err := blocks.Verify(filepath.Join(c.net.Nodes[4].Home, comet.DBFile))
	if err != nil {
		t.Fatal(err)
	}
	if rep.From == 0 || !slices.Contains(kept, rep.From) && rep.From < kept[len(kept)-1] {
		t.Fatalf("node 4's log begins at %d; node 0 kept snapshots at %v", rep.From, kept)
	}
	if rep.Txs == 0 || rep.Txs > sent {
		t.Fatalf("node 4 replayed %d transactions after the snapshot, of %d sent", rep.Txs, sent)
	}
	// Restarted, it resumes from its file and keeps up.
	c.env[4] = c.env[4][:len(c.env[4])-1]
	c.start(4)
	h, _ = c.submit(solver, ledger.Amount{}, ledger.Faucet{To: solver.Address(), Amount: ledger.Ether(1)})
	c.sameAppHash(h, 0, 4)

	c.stop(0)
	full, err := blocks.Verify(filepath.Join(c.net.Nodes[0].Home, comet.DBFile))
	if err != nil {
		t.Fatal(err)
	}
	if full.From != 0 || full.FromHash != "" || full.Txs < sent || full.Start() != "history starts at genesis" {
		t.Fatalf("node 0 verified %+v, want from genesis with at least %d transactions", full, sent)
	}
}

func ptr[T any](v T) *T { return &v }

// snapshotHeights returns the heights of the snapshots node i keeps on disk, in order.
func (c *cluster) snapshotHeights(i int) []uint64 {
	ents, err := os.ReadDir(filepath.Join(c.net.Nodes[i].Home, comet.SnapshotsDir))
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

// sameHeaderAppHash fails unless every node in nodes has the header at h, each with one
// app hash.
func (c *cluster) sameHeaderAppHash(h int64, nodes ...int) {
	c.t.Helper()
	var first []byte
	for _, i := range nodes {
		var r []byte
		c.waitFor(fmt.Sprintf("header %d on node %d", h, i), func() bool {
			res, err := c.clients[i].Commit(context.Background(), &h)
			if err != nil {
				return false
			}
			r = res.Header.AppHash
			return true
		})
		if first != nil && !bytes.Equal(first, r) {
			c.t.Fatalf("header %d: node %d's app hash %x, node %d's %x", h, i, r, nodes[0], first)
		}
		first = r
	}
}

// startBySync starts node i with [statesync] trusting the commit trust, the light
// client asking nodes 0 and 1, and waits for its API.
func (c *cluster) startBySync(i int, trust *ctypes.ResultCommit) {
	c.t.Helper()
	sync, err := json.Marshal(comet.StateSync{
		RPCServers:  []string{"tcp://" + c.net.Nodes[0].RPC, "tcp://" + c.net.Nodes[1].RPC},
		TrustHeight: trust.Height, TrustHash: hex.EncodeToString(trust.Header.Hash()),
		DiscoveryTime: 5 * time.Second,
	})
	if err != nil {
		c.t.Fatal(err)
	}
	c.env[i] = append(c.env[i], nodeStateSyncEnv+"="+string(sync))
	c.start(i)
}
