package solo

import (
	"context"
	"sync"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// TestConcurrentSubmittersAreAllAcknowledged: DESIGN, "group commit ... then acknowledges
// every tx in the batch". 8 submitters of 500 transactions each are all acknowledged,
// each sender's transactions in nonce order; after a reopen every one is in the log with
// its receipt's position, every nonce is consumed and the money invariant holds.
func TestConcurrentSubmittersAreAllAcknowledged(t *testing.T) {
	const submitters, each = 8, 500
	path := tempPath(t)
	e := openEngine(t, Config{Path: path, CheckpointEvery: 10}, testTerms(t))
	signers := make([]*signer, submitters)
	receipts := make([][]Receipt, submitters)
	var wg sync.WaitGroup
	errs := make(chan error, submitters)
	for i := range signers {
		s := newSigner(t)
		signers[i] = s
		txs := make([]*ledger.Tx, each)
		for n := range txs {
			txs[n] = s.faucet(t, uint64(n+1), uint64(n+1))
		}
		wg.Go(func() {
			for _, tx := range txs {
				r, err := e.Submit(context.Background(), tx)
				if err != nil {
					errs <- err
					return
				}
				receipts[i] = append(receipts[i], r)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("Submit: %v", err)
	}
	hash, height := hashOf(e)
	e.Close()
	t.Logf("%d txs in %d blocks", submitters*each, height)

	e = openEngine(t, Config{Path: path}, nil)
	if h, _ := hashOf(e); h != hash {
		t.Errorf("hash after reopen %s, before %s", h, hash)
	}
	e.View(func(st *ledger.State) {
		for _, s := range signers {
			if n := st.NextNonce(s.addr); n != each+1 {
				t.Errorf("NextNonce(%s) = %d, want %d", s.addr, n, each+1)
			}
		}
		if err := st.CheckInvariants(); err != nil {
			t.Errorf("CheckInvariants after reopen: %v", err)
		}
	})
	e.Close()
	db := openStore(t, path)
	for i, rs := range receipts {
		for n, r := range rs {
			id, _ := store.ParseID(r.TxID)
			got, ok, err := db.Tx(id)
			if err != nil || !ok || got.Height != r.Height || got.Index != r.Index || got.Tx.Nonce != uint64(n+1) || !got.Outcome.OK() {
				t.Fatalf("submitter %d tx %d (%s): in log %v at %d.%d, %v; receipt %d.%d", i, n, r.TxID, ok, got.Height, got.Index, err, r.Height, r.Index)
			}
			if n > 0 && r.Height <= rs[n-1].Height {
				t.Errorf("submitter %d: tx %d in block %d, not after tx %d's block %d", i, n, r.Height, n-1, rs[n-1].Height)
			}
		}
	}
}
