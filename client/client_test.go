package client_test

import (
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
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
