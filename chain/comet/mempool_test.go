package comet_test

import (
	"context"
	"testing"

	abci "github.com/cometbft/cometbft/abci/types"
	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
)

// recheck sends raw to CheckTx as CometBFT's recheck after a block does.
func (s *single) recheck(raw []byte) *abci.ResponseCheckTx {
	s.t.Helper()
	r, err := s.app.CheckTx(context.Background(), &abci.RequestCheckTx{Tx: raw, Type: abci.CheckTxType_Recheck})
	if err != nil {
		s.t.Fatal(err)
	}
	return r
}

// prepare asks the app for a proposal of the mempool txs, in that order.
func (s *single) prepare(txs ...[]byte) [][]byte {
	s.t.Helper()
	r, err := s.app.PrepareProposal(context.Background(), &abci.RequestPrepareProposal{Txs: txs, MaxTxBytes: 1 << 20, Height: s.height + 1})
	if err != nil {
		s.t.Fatal(err)
	}
	return r.Txs
}

// TestMempoolOrderLosesNoTransaction: CometBFT adds a transaction to its mempool list
// only after CheckTx has returned, outside the application's lock, so a sender's nonces
// 1, 2, 3, admitted in that order by concurrent CheckTx calls, may sit in the list as
// 1, 3, 2; rechecks and proposals follow the list. A proposal must still carry them in
// nonce order and a recheck must keep them all, or the block refuses 3 and every later
// nonce of the sender, and the mempools drop them for good (the four-node benchmark lost
// transactions this way).
func TestMempoolOrderLosesNoTransaction(t *testing.T) {
	s := newSingle(t)
	to := ledger.Faucet{To: s.funded.Address(), Amount: ledger.Ether(1)}
	tx := make([][]byte, 6)
	for n := 1; n < len(tx); n++ {
		tx[n] = s.tx(s.funded, uint64(n), ledger.Amount{}, to)
	}
	for n := 1; n <= 3; n++ {
		if r := s.checkTx(tx[n]); r.Code != comet.CodeOK {
			t.Fatalf("CheckTx nonce %d: %d %q", n, r.Code, r.Log)
		}
	}
	if d := cmp.Diff([][]byte{tx[1], tx[2], tx[3]}, s.prepare(tx[1], tx[3], tx[2])); d != "" {
		t.Fatalf("proposal of mempool order 1, 3, 2 (-want +got):\n%s", d)
	}
	s.finalize(tx[1])
	s.commit()
	for _, n := range []int{3, 2} { // the list order after block 1
		if r := s.recheck(tx[n]); r.Code != comet.CodeOK {
			t.Fatalf("recheck nonce %d after nonce 1 committed: %d %q", n, r.Code, r.Log)
		}
	}
	if r := s.recheck(tx[1]); r.Code != comet.CodeAdmission {
		t.Fatalf("recheck of the committed nonce 1: code %d, want %d", r.Code, comet.CodeAdmission)
	}
	if r := s.checkTx(tx[4]); r.Code != comet.CodeOK {
		t.Fatalf("CheckTx nonce 4 after the recheck: %d %q", r.Code, r.Log)
	}
	if r := s.checkTx(tx[3]); r.Code != comet.CodeAdmission || r.Log != "[EXPECTED] Nonce is not the sender's next nonce" {
		t.Fatalf("CheckTx of the pending nonce 3 again: %d %q", r.Code, r.Log)
	}
	got := s.prepare(tx[3], tx[4], tx[2], tx[5]) // 5 was never admitted here: it follows 4 only if 4 is proposed
	if d := cmp.Diff([][]byte{tx[2], tx[3], tx[4], tx[5]}, got); d != "" {
		t.Fatalf("proposal of mempool order 3, 4, 2, 5 (-want +got):\n%s", d)
	}
	for i, r := range s.finalize(got...).TxResults {
		if r.Code != comet.CodeOK {
			t.Errorf("block 2 tx %d: code %d %q", i, r.Code, r.Log)
		}
	}
	s.commit()
	if got := s.prepare(tx[2], tx[5]); len(got) != 0 {
		t.Fatalf("a proposal after nonces 2 to 5 were committed carries %d of them", len(got))
	}
}
