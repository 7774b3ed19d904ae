package blocks_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/arena/arena/account"
	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/store"
)

// newState returns a dev arena's genesis state and a key that may use its faucet.
func newState(t *testing.T) (*ledger.State, *account.Key) {
	t.Helper()
	k, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	s, err := ledger.New(blocksTerms(k))
	if err != nil {
		t.Fatal(err)
	}
	return s, k
}

// blocksTerms are the founding terms of a dev arena whose one validator is k.
func blocksTerms(k *account.Key) ledger.Terms {
	return ledger.Terms{
		Chain: "blocks-test", Name: "Blocks test arena", Symbol: "GEN",
		EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20), AppealWindowS: 3600, GradingWindowS: 86400,
		Validators: []ledger.Address{k.Address()}, Attempts: 3, RoundTimeoutS: 60, DevMode: true,
	}
}

// faucet returns k's faucet transaction with the given nonce, signed, and its id.
func faucet(t *testing.T, k *account.Key, nonce uint64) (*ledger.Tx, [32]byte) {
	t.Helper()
	tx := &ledger.Tx{From: k.Address(), Nonce: nonce, Body: ledger.Faucet{To: k.Address(), Amount: ledger.NewAmount(1)}}
	terms := blocksTerms(k)
	terms.Stamp(tx, ledger.NoExpiry)
	if err := k.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	id, err := tx.SigningHash()
	if err != nil {
		t.Fatal(err)
	}
	return tx, id
}

// TestABlockRecordsWhatItAdmits: the one block loop of both engines. A transaction
// refused at admission is returned as refused and left out of the block; the admitted
// ones are recorded in order, indexed from 0, with their outcomes, and the sealed block
// carries the state hash after them.
func TestABlockRecordsWhatItAdmits(t *testing.T) {
	s, k := newState(t)
	b := start(t, s, ledger.Block{Height: 1, Time: 1_700_000_000})
	for _, nonce := range []uint64{1, 5, 2} {
		tx, id := faucet(t, k, nonce)
		out, refused, err := b.Add(tx, id)
		switch {
		case err != nil:
			t.Fatalf("Add(nonce %d): %v", nonce, err)
		case nonce == 5 && (refused == nil || refused.Error() != "[EXPECTED] Nonce is not the sender's next nonce"):
			t.Errorf("Add(nonce 5) refused = %v, want the nonce refusal", refused)
		case nonce != 5 && (refused != nil || !out.OK()):
			t.Errorf("Add(nonce %d) = %+v, refused %v; want applied", nonce, out, refused)
		}
	}
	cb, err := b.Seal(&blocks.Checkpoints{Every: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(cb.Txs) != 2 || cb.Txs[0].Tx.Nonce != 1 || cb.Txs[1].Tx.Nonce != 2 || cb.Txs[1].Index != 1 {
		t.Errorf("block records %+v, want nonces 1 and 2 at indexes 0 and 1", cb.Txs)
	}
	if cb.Height != 1 || cb.Hash != s.Hash() || cb.Checkpoint != nil {
		t.Errorf("sealed block at height %d, hash %x, checkpoint %d bytes; want height 1, the state's hash %x, none",
			cb.Height, cb.Hash, len(cb.Checkpoint), s.Hash())
	}
}

// TestAnEmptyBlockMovesTheHeightAndCheckpointsComeEveryN: comet commits blocks that
// record nothing; sealing one still moves the state to its height and time. A
// checkpoint comes with every Every-th sealed block.
func TestAnEmptyBlockMovesTheHeightAndCheckpointsComeEveryN(t *testing.T) {
	s, _ := newState(t)
	c := blocks.Checkpoints{Every: 2}
	for h := uint64(1); h <= 4; h++ {
		cb, err := start(t, s, ledger.Block{Height: h, Time: 1_700_000_000 + int64(h)}).Seal(&c)
		if err != nil {
			t.Fatal(err)
		}
		if s.Height() != h || cb.Hash != s.Hash() || len(cb.Txs) != 0 {
			t.Errorf("block %d: state at height %d, block %+v", h, s.Height(), cb)
		}
		if got, want := cb.Checkpoint != nil, h%2 == 0; got != want {
			t.Errorf("block %d carries a checkpoint: %v, want %v", h, got, want)
		}
	}
}

// TestASealedBlockCarriesItsBeginBlockEventsAndReplayComparesThem: the block that
// anchors a learning run's seed records what its begin-block work produced, for either
// engine, since both seal with Builder; replaying the block on the state before it
// gives the same events, and a stored block whose events differ does not replay.
func TestASealedBlockCarriesItsBeginBlockEventsAndReplayComparesThem(t *testing.T) {
	s, err := ledger.New(ledgertest.Terms(3))
	if err != nil {
		t.Fatal(err)
	}
	bare := ledgertest.NewBare(s)
	c := ledgertest.Drive(t, bare)
	cid := c.PublishLearn(ledger.Ether(10), ledgertest.LearnBody(bare.Now(), 600, ledger.Ether(1), ledger.Ether(3)))
	run := c.CommitPair("alice", cid, "order2", "count")
	enc, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	before := func() *ledger.State {
		b, err := ledger.Decode(enc)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	blk := ledger.Block{Height: s.Height() + 1, Time: bare.Now()}
	cb, err := start(t, s, blk).Seal(&blocks.Checkpoints{Every: 100})
	if err != nil {
		t.Fatal(err)
	}
	r := c.LearnRun(run)
	want := []ledger.Event{{Type: "learn_run_anchored", Height: blk.Height, Round: uint64(r.Round), Entry: uint64(run), Note: r.Seed}}
	if fmt.Sprint(cb.Events) != fmt.Sprint(want) {
		t.Fatalf("the sealed block's events %+v, want %+v", cb.Events, want)
	}
	stored := store.StoredBlock{BlockInfo: cb.Info(), Events: cb.Events, Kept: true}
	if err := blocks.Replay(before(), stored, 0, false); err != nil {
		t.Fatalf("Replay(the block as sealed) = %v", err)
	}
	stored.Events = nil
	err = blocks.Replay(before(), stored, 0, false)
	prefix := fmt.Sprintf(`log does not replay: block %d records begin-block events [], replay gives [{"type":"learn_run_anchored"`, blk.Height)
	if !errors.Is(err, blocks.ErrDiverged) || !strings.HasPrefix(err.Error(), prefix) {
		t.Errorf("Replay(the block without its events) = %v, want %s...", err, prefix)
	}
	stored.Kept = false
	if err := blocks.Replay(before(), stored, 0, false); err != nil {
		t.Errorf("Replay(a block written before the log kept events) = %v, want nil", err)
	}
}

// start begins blk on s, failing the test if it cannot.
func start(t *testing.T, s *ledger.State, blk ledger.Block) *blocks.Builder {
	t.Helper()
	b, err := blocks.Start(s, blk)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
