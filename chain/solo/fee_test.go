package solo

import (
	"context"
	"errors"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// feeTerms are public founding terms with a fee per transaction and per byte, and one
// funded sender.
func feeTerms(t fataler, funded ledger.Address) *ledger.Terms {
	t.Helper()
	terms := testTerms(t)
	terms.DevMode = false
	terms.FeePerTx, terms.FeePerByte = ledger.NewAmount(1000), ledger.NewAmount(3)
	terms.Genesis = []ledger.Allocation{{Address: funded, Amount: ledger.Ether(1)}}
	return terms
}

// TestAKeyHoldingNothingWritesNothing: issue 16, "a transaction whose sender cannot pay
// is refused at admission ... and is never committed, so a key holding nothing writes
// nothing". In an arena with a fee, a fresh key's withdraw is refused by the solo
// sequencer's admission with the fee's exact message; no block is written and its nonce
// does not move, while a funded sender's transaction in the same arena commits and pays
// the fee to the atto.
func TestAKeyHoldingNothingWritesNothing(t *testing.T) {
	path := tempPath(t)
	payer, stranger := newSigner(t), newSigner(t)
	terms := feeTerms(t, payer.addr)
	e := openEngine(t, Config{Path: path}, terms)
	tx := stranger.sign(t, ledgertest.Stamped(*terms, &ledger.Tx{Nonce: 1, Body: ledger.Withdraw{}}))
	_, err := e.Submit(context.Background(), tx)
	if !errors.Is(err, ledger.ErrFee) || err.Error() != "[EXPECTED] Wallet balance cannot pay the transaction's fee" {
		t.Fatalf("Submit from a key holding nothing = %v, want [EXPECTED] Wallet balance cannot pay the transaction's fee", err)
	}
	if _, h := hashOf(e); h != 0 {
		t.Errorf("height after the refusal = %d, want 0", h)
	}
	var next uint64
	e.View(func(s *ledger.State) { next = s.NextNonce(stranger.addr) })
	if next != 1 {
		t.Errorf("the stranger's next nonce = %d, want 1 (untouched)", next)
	}

	paid := payer.sign(t, ledgertest.Stamped(*terms, &ledger.Tx{From: payer.addr, Nonce: 1, Body: ledger.Withdraw{}}))
	r, err := e.Submit(context.Background(), paid)
	if err != nil || r.Height != 1 {
		t.Fatalf("funded sender's withdraw: %+v, %v; want it in block 1", r, err)
	}
	want, _ := ledger.NewAmount(1000).Add(ledger.NewAmount(3 * uint64(paid.Size())))
	var acc ledger.Account
	e.View(func(s *ledger.State) { acc = s.Account(payer.addr) })
	if !acc.FeesPaid.Eq(want) {
		t.Errorf("fees paid = %s, want 1000 + 3*%d = %s", acc.FeesPaid, paid.Size(), want)
	}
	e.Close()
	if n := rowCount(t, path, `SELECT COUNT(*) FROM txs`); n != 1 {
		t.Errorf("txs rows = %d, want 1: the refused transaction was written", n)
	}
}
