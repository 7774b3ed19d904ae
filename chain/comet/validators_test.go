package comet_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	abci "github.com/cometbft/cometbft/abci/types"
	cfg "github.com/cometbft/cometbft/config"
	"github.com/cometbft/cometbft/privval"
	cmtproto "github.com/cometbft/cometbft/proto/tendermint/types"
	rpchttp "github.com/cometbft/cometbft/rpc/client/http"
	cmttypes "github.com/cometbft/cometbft/types"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/store"
)

// bondedFounders are n ceremony founders, each asking 100 GEN for its grading address,
// under terms with a 10 GEN validator bond.
func bondedFounders(t *testing.T, n int) ([]founder, ledger.Terms) {
	t.Helper()
	fs := newFounders(t, n)
	for i := range fs {
		amt := ledger.Ether(100)
		fs[i].join.Allocation = &amt
		fs[i].sign(t)
	}
	terms := ceremonyTerms()
	terms.ValidatorBond, terms.UnbondingBlocks = ledger.Ether(10), 5
	return fs, terms
}

// "CometBFT's misbehaviour evidence slashes a bond": an app handed duplicate-vote
// evidence against a founder in FinalizeBlock slashes its bond, returns its key at power
// 0 in ValidatorUpdates, and an app opened again on the same file replays the block to
// the same state, the evidence read back from the block's record.
func TestFinalizeBlockSlashesAValidatorForItsDuplicateVote(t *testing.T) {
	fs, terms := bondedFounders(t, 4)
	doc, err := cmttypes.GenesisDocFromJSON(assemble(t, terms, joinsOf(fs)))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "arena.db")
	db, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	app, err := comet.NewApp(db, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := app.InitChain(ctx, &abci.RequestInitChain{ChainId: doc.ChainID, AppStateBytes: doc.AppState}); err != nil {
		t.Fatal(err)
	}
	var founded ledger.Terms
	app.View(func(s *ledger.State) { founded = s.Terms() })
	bad := founded.Joins[1]
	sum := sha256.Sum256(bad.ConsensusPubKey)
	ev := abci.Misbehavior{Type: abci.MisbehaviorType_DUPLICATE_VOTE, Validator: abci.Validator{Address: sum[:20], Power: comet.JoinPower}, Height: 1, TotalVotingPower: 4 * comet.JoinPower}
	for h := int64(1); h <= 2; h++ {
		req := &abci.RequestFinalizeBlock{Height: h, Time: time.Unix(1_800_000_000+h, 0)}
		if h == 2 {
			req.Misbehavior = []abci.Misbehavior{ev}
		}
		res, err := app.FinalizeBlock(ctx, req)
		if err != nil {
			t.Fatal(err)
		}
		if h == 2 {
			if len(res.ValidatorUpdates) != 1 || res.ValidatorUpdates[0].Power != 0 || !bytes.Equal(res.ValidatorUpdates[0].PubKey.GetEd25519(), bad.ConsensusPubKey) {
				t.Fatalf("validator updates %+v, want the slashed key at power 0", res.ValidatorUpdates)
			}
		} else if len(res.ValidatorUpdates) != 0 {
			t.Fatalf("block %d returned updates %+v", h, res.ValidatorUpdates)
		}
		if _, err := app.Commit(ctx, &abci.RequestCommit{}); err != nil {
			t.Fatal(err)
		}
	}
	var hash [32]byte
	app.View(func(s *ledger.State) {
		hash = s.Hash()
		if slices.Contains(s.InForce().Validators, bad.GradingAddress) {
			t.Fatal("the slashed validator is still in the set")
		}
		if got := s.Claimable(bad.GradingAddress); !got.IsZero() {
			t.Fatalf("claimable %s before unbonding", got)
		}
		if got := s.Arena().Balances.ValidatorSlashed; !got.Eq(ledger.MustAmount("500000000000000000")) {
			t.Fatalf("slash pool %s, want 5%% of 10 GEN (the terms name no treasury)", got)
		}
	})
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db, err = store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	again, err := comet.NewApp(db, 0, nil)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	again.View(func(s *ledger.State) {
		if s.Hash() != hash {
			t.Fatalf("the reopened app's state hash %x, want %x", s.Hash(), hash)
		}
	})
}

// "CometBFT's misbehaviour evidence slashes a bond", with real nodes: three of four
// founders of a ceremony network run; duplicate votes signed with the fourth's
// consensus key at a committed height, broadcast as evidence through a node's RPC,
// reach the ledger in a block, which slashes the fourth's bond, and CometBFT's
// validator set no longer holds it two blocks on.
func TestDuplicateVoteEvidenceSlashesAValidatorOfARunningNetwork(t *testing.T) {
	base := freeBase(t, 4)
	fs := make([]founder, 4)
	for i := range fs {
		fs[i] = newFounder(t, ceremonyChain, fmt.Sprintf("op%d", i), fmt.Sprintf("127.0.0.1:%d", base+10*i))
		amt := ledger.Ether(100)
		fs[i].join.Allocation = &amt
		fs[i].sign(t)
	}
	terms := ceremonyTerms()
	terms.ValidatorBond, terms.UnbondingBlocks = ledger.Ether(10), 50
	doc, err := comet.AssembleGenesis(terms, joinsOf(fs), time.Date(2024, time.January, 1, 0, 0, 0, 0, time.UTC)) // past, so the nodes start at once
	if err != nil {
		t.Fatal(err)
	}
	var engines []*comet.Engine
	for _, f := range fs[:3] {
		if _, err := comet.InstallGenesis(f.home, doc, f.join, comet.InstallOptions{TimeoutCommit: 200 * time.Millisecond}); err != nil {
			t.Fatal(err)
		}
		e, err := comet.Open(f.home, comet.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { e.Close() })
		engines = append(engines, e)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*waitLimit)
	defer cancel()
	rpc, err := rpchttp.New(fmt.Sprintf("tcp://127.0.0.1:%d", base+1), "/websocket")
	if err != nil {
		t.Fatal(err)
	}
	latest := func() int64 {
		st, err := rpc.Status(ctx)
		if err != nil {
			return 0
		}
		return st.SyncInfo.LatestBlockHeight
	}
	waitUntil(t, ctx, "height 2", func() bool { return latest() >= 2 })
	h := latest()
	blk, err := rpc.Block(ctx, &h)
	if err != nil {
		t.Fatal(err)
	}
	per := 100
	vals, err := rpc.Validators(ctx, &h, nil, &per)
	if err != nil {
		t.Fatal(err)
	}
	set, err := cmttypes.ValidatorSetFromExistingValidators(vals.Validators)
	if err != nil {
		t.Fatal(err)
	}
	c := cfg.DefaultConfig()
	c.SetRoot(fs[3].home)
	pv := cmttypes.NewMockPVWithParams(privval.LoadFilePVEmptyState(c.PrivValidatorKeyFile(), c.PrivValidatorStateFile()).Key.PrivKey, false, false)
	addr := pv.PrivKey.PubKey().Address()
	idx, _ := set.GetByAddress(addr)
	if idx < 0 {
		t.Fatalf("the fourth founder is not in the validator set at height %d", h)
	}
	vote := func(b byte) *cmttypes.Vote {
		id := cmttypes.BlockID{Hash: bytes.Repeat([]byte{b}, 32), PartSetHeader: cmttypes.PartSetHeader{Total: 1, Hash: bytes.Repeat([]byte{b}, 32)}}
		v, err := cmttypes.MakeVote(pv, ceremonyChain, idx, h, 0, cmtproto.PrecommitType, id, blk.Block.Time)
		if err != nil {
			t.Fatal(err)
		}
		v.Extension, v.ExtensionSignature = nil, nil // vote extensions are off
		return v
	}
	ev, err := cmttypes.NewDuplicateVoteEvidence(vote(1), vote(2), blk.Block.Time, set)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rpc.BroadcastEvidence(ctx, ev); err != nil {
		t.Fatalf("broadcast evidence: %v", err)
	}
	bad := fs[3].join.GradingAddress
	slashed := func() (v ledger.ValidatorView) {
		engines[0].View(func(s *ledger.State) {
			for _, r := range s.Validators() {
				if r.Address == bad {
					v = r
				}
			}
		})
		return v
	}
	waitUntil(t, ctx, "the slash", func() bool { return slashed().Tombstone != "" })
	if r := slashed(); r.Slashed == nil || !r.Slashed.Eq(ledger.MustAmount("500000000000000000")) || !r.Bond.Eq(ledger.MustAmount("9500000000000000000")) {
		t.Fatalf("record %+v, want 5%% of 10 GEN slashed", r)
	}
	waitUntil(t, ctx, "CometBFT's set without the slashed key", func() bool {
		now := latest()
		vs, err := rpc.Validators(ctx, &now, nil, &per)
		if err != nil {
			return false
		}
		return len(vs.Validators) == 3 && !slices.ContainsFunc(vs.Validators, func(v *cmttypes.Validator) bool { return bytes.Equal(v.Address, addr) })
	})
	start := latest()
	waitUntil(t, ctx, "blocks after the removal", func() bool { return latest() >= start+2 })
}

// waitUntil polls cond until it holds, failing the test when ctx ends first.
func waitUntil(t *testing.T, ctx context.Context, what string, cond func() bool) {
	t.Helper()
	for !cond() {
		select {
		case <-ctx.Done():
			t.Fatalf("waiting for %s: %v", what, ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// "Joins are adopted by vote and reach CometBFT through ValidatorUpdates", with real
// processes: an observer that joined a four-validator network by state sync sends its
// join statement, three
// of the four validators vote it in, CometBFT's validator set gains its consensus key,
// and the rounds opened after that draw it onto their committees, where its grading
// worker attests; then a founding validator exits, and grading goes on without it.
func TestALateNodeJoinsAsAValidatorAndGrades(t *testing.T) {
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
	// The late node joins by state sync, from a snapshot taken after its trusted header.
	solver := c.solvers[0]
	for sent := 0; sent < 40 && len(c.snapshotHeights(0)) == 0; sent++ {
		c.send(solver, ledger.Amount{}, ledger.Faucet{To: solver.Address(), Amount: ledger.Ether(1)})
	}
	if len(c.snapshotHeights(0)) == 0 {
		t.Fatal("node 0 made no snapshot after 40 transactions")
	}
	c.startBySync(4, trust)
	top, _, err := c.info(0)
	if err != nil {
		t.Fatal(err)
	}
	c.sameAppHash(top, 0, 4)
	late := c.net.Nodes[4]
	key, err := comet.LoadValidatorKey(late.Home)
	if err != nil {
		t.Fatal(err)
	}
	keys, err := comet.LoadOperatorKeys(late.Home)
	if err != nil {
		t.Fatal(err)
	}
	j := ledger.Join{Chain: c.net.Terms.Chain, Name: "late", NodeID: keys.NodeID, P2P: late.P2P, API: "http://" + apiAddr(late),
		ConsensusPubKey: keys.ConsensusPubKey, GradingAddress: key.Address()}
	if j.GradingSig, err = key.Sign(j.Digest()); err != nil {
		t.Fatal(err)
	}
	if err := comet.SignJoin(late.Home, &j); err != nil {
		t.Fatal(err)
	}
	h, _, err := c.info(0)
	if err != nil {
		t.Fatal(err)
	}
	out := c.send(key, ledger.Amount{}, ledger.JoinValidator{Join: j, Deadline: uint64(h) + 100})
	for i := range 3 {
		v, err := comet.LoadValidatorKey(c.net.Nodes[i].Home)
		if err != nil {
			t.Fatal(err)
		}
		c.send(v, ledger.Amount{}, govern.Vote{Proposal: out.Created})
	}
	c.waitFor("CometBFT's set with the late node's key", func() bool {
		per := 100
		vs, err := c.clients[0].Validators(context.Background(), nil, nil, &per)
		return err == nil && slices.ContainsFunc(vs.Validators, func(v *cmttypes.Validator) bool {
			return bytes.Equal(v.PubKey.Bytes(), keys.ConsensusPubKey) && v.VotingPower == comet.JoinPower
		})
	})
	_, ids := c.post()
	c.gradeAll(ids)
	attested := false
	for _, r := range c.rounds(ids) {
		if !slices.Contains(r.Committee, key.Address()) {
			t.Fatalf("round %d's committee %v lacks the late validator", r.ID, r.Committee)
		}
		for _, a := range r.Attempts {
			for _, at := range a.Attestations {
				attested = attested || at.Validator == key.Address()
			}
		}
	}
	if !attested {
		t.Fatal("the late validator attested on no round")
	}

	// Then a founding validator exits: it leaves the set at the next height, and the
	// rounds opened after it draw their committees without it and still settle.
	leaver, err := comet.LoadValidatorKey(c.net.Nodes[3].Home)
	if err != nil {
		t.Fatal(err)
	}
	// Its grading worker signs with the same key: the exit waits until it has attested on
	// every round it sits on, or the two would race for one nonce.
	c.waitFor("the leaving founder's attestations on every round", func() bool {
		for _, r := range c.rounds(ids) {
			if len(r.Attempts) == 0 {
				return false
			}
			last := r.Attempts[len(r.Attempts)-1]
			if !slices.ContainsFunc(last.Attestations, func(a ledger.Attestation) bool { return a.Validator == leaver.Address() }) {
				return false
			}
		}
		return true
	})
	c.send(leaver, ledger.Amount{}, ledger.ExitValidator{})
	c.waitFor("the founder out of the set in force", func() bool {
		var snap ledger.Snapshot
		if !c.query(c.up()[0], "/snapshot", &snap) || snap.Governance == nil {
			return false
		}
		in := snap.Governance.Validators
		return !slices.Contains(in, leaver.Address()) && slices.Contains(in, key.Address())
	})
	_, after := c.post()
	c.gradeAll(after)
	for _, r := range c.rounds(after) {
		if slices.Contains(r.Committee, leaver.Address()) || !slices.Contains(r.Committee, key.Address()) {
			t.Fatalf("round %d opened after the exit has committee %v", r.ID, r.Committee)
		}
	}
}
