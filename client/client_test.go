package client_test

import (
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestSendTxReturnsTheRefusalTyped: a ledger refusal reaches the caller as an *Error
// with its status, class, exact message and the receipt of the refused transaction.
func TestSendTxReturnsTheRefusalTyped(t *testing.T) {
	f := newFixture(t, 3)
	_, err := f.solver.Send(t.Context(), ledger.Amount{}, ledger.Withdraw{})
	var ce *client.Error
	if !errors.As(err, &ce) {
		t.Fatalf("Send(withdraw) error = %v, want *client.Error", err)
	}
	want := &client.Error{Status: http.StatusUnprocessableEntity, Class: "EXPECTED", Message: "Nothing to withdraw"}
	if d := cmp.Diff(want, ce, cmpopts.IgnoreFields(client.Error{}, "Receipt")); d != "" {
		t.Errorf("refusal (-want +got):\n%s", d)
	}
	if ce.Error() != "[EXPECTED] Nothing to withdraw" || ce.Receipt == nil || ce.Receipt.Height == 0 {
		t.Errorf("refusal %q with receipt %+v, want the text and a receipt in a block", ce.Error(), ce.Receipt)
	}
}

// TestAdmissionRefusalIsTyped: a refusal at admission is an *Error without a receipt.
func TestAdmissionRefusalIsTyped(t *testing.T) {
	f := newFixture(t, 3)
	_, err := f.c.SendRaw(t.Context(), []byte(`{"kind":"bribe"}`))
	want := &client.Error{Status: http.StatusBadRequest, Class: "EXPECTED", Message: `unknown transaction kind "bribe"`}
	var ce *client.Error
	if !errors.As(err, &ce) || !cmp.Equal(want, ce) {
		t.Errorf("SendRaw = %v, want %v", err, want)
	}
}

// TestSenderNumbersNoncesInOrder: consecutive sends carry consecutive nonces and are
// all applied.
func TestSenderNumbersNoncesInOrder(t *testing.T) {
	f := newFixture(t, 3)
	for i := range 3 {
		if _, err := f.sponsor.Send(t.Context(), ledger.Amount{}, ledger.Faucet{To: f.solver.Address(), Amount: ledger.Ether(1)}); err != nil {
			t.Fatalf("send %d: %v", i+1, err)
		}
	}
	acc, err := f.c.Account(t.Context(), f.sponsor.Address())
	if err != nil || acc.NextNonce != 4 {
		t.Errorf("next nonce = %d, %v; want 4", acc.NextNonce, err)
	}
	acc, err = f.c.Account(t.Context(), f.solver.Address())
	if err != nil || !acc.Balance.Eq(ledger.Ether(103)) {
		t.Errorf("solver balance = %s, %v; want 103 units", acc.Balance, err)
	}
}

// TestEventsDeliverBlocks: the event stream delivers the block of a transaction sent
// after subscribing, then its ledger events.
func TestEventsDeliverBlocks(t *testing.T) {
	f := newFixture(t, 3)
	evs, err := f.c.Events(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	rc, err := f.sponsor.Send(t.Context(), ledger.Amount{}, ledger.Faucet{To: f.solver.Address(), Amount: ledger.Ether(1)})
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	timeout := time.After(5 * time.Second)
	for len(types) < 2 {
		select {
		case ev := <-evs:
			if ev.Type == "block" {
				b, err := ev.Block()
				if err != nil || b.Height != rc.Height || b.Txs[0].ID != rc.TxID {
					t.Fatalf("block event = %+v, %v; want height %d with tx %s", b, err, rc.Height, rc.TxID)
				}
			}
			types = append(types, ev.Type)
		case <-timeout:
			t.Fatalf("events so far %v, want block then faucet", types)
		}
	}
	if d := cmp.Diff([]string{"block", "faucet"}, types); d != "" {
		t.Errorf("event types (-want +got):\n%s", d)
	}
}

// TestSendTxsAnswersEachTransaction: a batch's consecutive nonces are all applied, a
// ledger refusal is an *Error with its receipt, and a refusal at admission an *Error
// without one, each in the place of its transaction.
func TestSendTxsAnswersEachTransaction(t *testing.T) {
	f := newFixture(t, 3)
	ar, err := f.c.Arena(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	k := f.validatorKey
	sign := func(nonce uint64, body ledger.Body) *ledger.Tx {
		tx := ledgertest.Stamped(ar.Terms, &ledger.Tx{From: k.Address(), Nonce: nonce, Body: body})
		if err := k.SignTx(tx); err != nil {
			t.Fatal(err)
		}
		return tx
	}
	faucet := ledger.Faucet{To: k.Address(), Amount: ledger.Ether(1)}
	out, err := f.c.SendTxs(t.Context(), []*ledger.Tx{sign(1, faucet), sign(2, faucet), sign(3, ledger.Withdraw{}), sign(1, faucet)})
	if err != nil || len(out) != 4 {
		t.Fatalf("SendTxs = %d results, %v", len(out), err)
	}
	for i, r := range out[:2] {
		if r.Err != nil || !r.Receipt.Outcome.OK() || r.Receipt.Height == 0 {
			t.Errorf("faucet %d: %+v, %v", i+1, r.Receipt, r.Err)
		}
	}
	var ce *client.Error
	if !errors.As(out[2].Err, &ce) || ce.Status != http.StatusUnprocessableEntity || ce.Error() != "[EXPECTED] Nothing to withdraw" || ce.Receipt == nil {
		t.Errorf("withdraw with nothing owed: %v, want 422 [EXPECTED] Nothing to withdraw with its receipt", out[2].Err)
	}
	want := &client.Error{Status: http.StatusConflict, Class: "EXPECTED", Message: "Nonce is not the sender's next nonce"}
	if !errors.As(out[3].Err, &ce) || !cmp.Equal(want, ce) {
		t.Errorf("replayed nonce: %v, want %v", out[3].Err, want)
	}
	acc, err := f.c.Account(t.Context(), k.Address())
	if err != nil || acc.NextNonce != 4 || !acc.Balance.Eq(ledger.Ether(2)) {
		t.Errorf("after the batch: next nonce %d, balance %s, %v; want 4 and 2 units", acc.NextNonce, acc.Balance, err)
	}
}
