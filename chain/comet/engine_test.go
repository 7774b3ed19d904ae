package comet_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/account"
	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// TestEngineSubmitWaitsForCommit: Submit returns once the transaction is committed,
// with its height, index and outcome; the block reaches subscribers and View; a
// transaction submitted again returns its receipt; a refusal at admission comes back as the ledger's own error and a forged signature as
// ledger.ErrBadSignature. A lone validator, with no peer to sync from, never reports
// catching up, or its grading worker would wait for ever. SubmitAll admits a sender's
// consecutive nonces in turn and answers each transaction as Submit would.
func TestEngineSubmitWaitsForCommit(t *testing.T) {
	dir := t.TempDir()
	funded := mustKey(t)
	terms := ledger.Terms{
		Chain: "arena-engine-test", Name: "engine test", Symbol: "GEN",
		EntryBond: ledger.Ether(5), AppealBond: ledger.Ether(20), AppealWindowS: 60, GradingWindowS: 86400,
		Attempts: 3, RoundTimeoutS: 30, DevMode: true,
		Genesis: []ledger.Allocation{{Address: funded.Address(), Amount: ledger.Ether(10)}},
	}
	net, err := comet.Testnet(dir, comet.TestnetOptions{Nodes: 1, Terms: terms, BasePort: freeBase(t, 1), TimeoutCommit: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	e, err := comet.Open(net.Nodes[0].Home, comet.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	blocks, stop := e.Subscribe(64)
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	sign := func(k *account.Key, nonce uint64, amount uint64) *ledger.Tx {
		tx := ledgertest.Stamped(net.Terms, &ledger.Tx{Nonce: nonce, Body: ledger.Faucet{To: funded.Address(), Amount: ledger.Ether(amount)}})
		if err := k.SignTx(tx); err != nil {
			t.Fatal(err)
		}
		return tx
	}
	first := sign(funded, 1, 1)
	r, err := e.Submit(ctx, first)
	if err != nil || !r.Outcome.OK() || r.Height == 0 || r.Index != 0 {
		t.Fatalf("submit: %+v, %v", r, err)
	}
	if e.CatchingUp() {
		t.Fatal("a lone validator committing blocks reports catching up")
	}
	var bal ledger.Amount
	e.View(func(s *ledger.State) { bal = s.Balance(funded.Address()) })
	if !bal.Eq(ledger.Ether(11)) {
		t.Fatalf("balance after the faucet: %s", bal)
	}
	for b := range blocks {
		if b.Height == r.Height {
			if len(b.Txs) != 1 || b.Txs[0].ID != r.TxID {
				t.Fatalf("subscribed block %d: %+v", b.Height, b.Txs)
			}
			break
		}
	}
	if again, err := e.Submit(ctx, first); err != nil || cmp.Diff(r, again, cmp.Comparer(ledger.Amount.Eq)) != "" {
		t.Fatalf("the same transaction again: %+v, %v; want its receipt %+v", again, err, r)
	}
	_, err = e.Submit(ctx, sign(funded, 1, 2))
	if want := ledger.NewError(ledger.Expected, "Nonce is not the sender's next nonce"); !errors.Is(err, want) {
		t.Fatalf("stale nonce: %v, want %v", err, want)
	}
	forged := sign(mustKey(t), 2, 1)
	forged.From = funded.Address()
	if _, err := e.Submit(ctx, forged); !errors.Is(err, ledger.ErrBadSignature) {
		t.Fatalf("forged: %v, want ErrBadSignature", err)
	}
	// SubmitAll admits in order, so consecutive nonces all commit, and answers each
	// transaction as Submit would.
	forged4 := sign(mustKey(t), 4, 1)
	forged4.From = funded.Address()
	all := e.SubmitAll(ctx, []*ledger.Tx{sign(funded, 2, 1), sign(funded, 3, 1), forged4, sign(funded, 4, 1), first, sign(funded, 1, 3)})
	for i, res := range all[:4] {
		switch {
		case i == 2 && !errors.Is(res.Err, ledger.ErrBadSignature):
			t.Errorf("SubmitAll, forged: %v, want ErrBadSignature", res.Err)
		case i != 2 && (res.Err != nil || !res.Receipt.Outcome.OK() || res.Receipt.Height == 0):
			t.Errorf("SubmitAll, transaction %d: %+v, %v", i, res.Receipt, res.Err)
		}
	}
	if d := cmp.Diff(r, all[4].Receipt, cmp.Comparer(ledger.Amount.Eq)); all[4].Err != nil || d != "" {
		t.Errorf("SubmitAll, a committed transaction again: %v (-want +got):\n%s", all[4].Err, d)
	}
	if want := ledger.NewError(ledger.Expected, "Nonce is not the sender's next nonce"); !errors.Is(all[5].Err, want) {
		t.Errorf("SubmitAll, stale nonce: %v, want %v", all[5].Err, want)
	}
	e.View(func(s *ledger.State) { bal = s.Balance(funded.Address()) })
	if !bal.Eq(ledger.Ether(14)) {
		t.Errorf("balance after three more faucets: %s, want 14 ether", bal)
	}
}
