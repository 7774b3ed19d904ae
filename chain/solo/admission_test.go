package solo

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// TestRefusalsAtAdmissionWriteNothing: DESIGN, "a nonce per sender refuses replays" and
// "verify at admission". A transaction with a bad signature, a replayed or skipped nonce,
// or another chain's id is refused with its exact error and never enters a block.
func TestRefusalsAtAdmissionWriteNothing(t *testing.T) {
	path := tempPath(t)
	e := openEngine(t, Config{Path: path}, testTerms(t))
	s, other := newSigner(t), newSigner(t)
	submit(t, e, s.faucet(t, 1, 1))
	forged := other.signAs(t, s.faucet(t, 2, 1)) // from s, signed by other
	tampered := s.faucet(t, 2, 1)
	tampered.Body = ledger.Faucet{To: s.addr, Amount: ledger.NewAmount(1000)}
	for _, tc := range []struct {
		name string
		tx   *ledger.Tx
		want error
		msg  string
	}{
		{"replayed nonce", s.faucet(t, 1, 1), ledger.NewError(ledger.Expected, "Nonce is not the sender's next nonce"),
			"[EXPECTED] Nonce is not the sender's next nonce"},
		{"gap nonce", s.faucet(t, 3, 1), ledger.NewError(ledger.Expected, "Nonce is not the sender's next nonce"),
			"[EXPECTED] Nonce is not the sender's next nonce"},
		{"wrong chain", s.sign(t, &ledger.Tx{Chain: "other-chain", Nonce: 2, Body: ledger.Faucet{To: s.addr, Amount: ledger.NewAmount(1)}}),
			ledger.NewError(ledger.Expected, "Transaction is for another chain"), "[EXPECTED] Transaction is for another chain"},
		{"signed by another key", forged, ledger.ErrBadSignature,
			fmt.Sprintf("bad signature: signed by %s, not by sender %s", other.addr, s.addr)},
		{"body changed after signing", tampered, ledger.ErrBadSignature, ""},
		{"no signature", ledgertest.Stamped(*testTerms(t), &ledger.Tx{From: s.addr, Nonce: 2, Body: ledger.Withdraw{}}), ledger.ErrBadSignature,
			"bad signature: want 65 bytes, got 0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.Submit(context.Background(), tc.tx)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Submit = %v, want %v", err, tc.want)
			}
			if tc.msg != "" && err.Error() != tc.msg {
				t.Errorf("Submit error = %q, want %q", err, tc.msg)
			}
		})
	}
	if _, h := hashOf(e); h != 1 {
		t.Errorf("height after refusals = %d, want 1", h)
	}
	var next uint64
	e.View(func(st *ledger.State) { next = st.NextNonce(s.addr) })
	if next != 2 {
		t.Errorf("NextNonce after refusals = %d, want 2 (refusals consume no nonce)", next)
	}
	e.Close()
	for _, q := range []string{`SELECT COUNT(*) FROM txs`, `SELECT COUNT(*) FROM blocks`} {
		if n := rowCount(t, path, q); n != 1 {
			t.Errorf("%s = %d, want 1: a refusal at admission wrote a row", q, n)
		}
	}
}

// TestARefusalDoesNotHoldUpItsBlock: a refused transaction queued with good ones is
// answered alone, at once; the others are applied in the same block. Block 1's commit is
// held so that all three queue for block 2.
func TestARefusalDoesNotHoldUpItsBlock(t *testing.T) {
	e := openEngine(t, Config{Path: tempPath(t)}, testTerms(t))
	committing, applied, resume := holdFirstCommit(e)
	first := submitAsync(e, newSigner(t).faucet(t, 1, 1))
	wait(t, applied, "block 1's transaction applied")
	wait(t, committing, "block 1's commit")

	good, bad := newSigner(t), newSigner(t)
	var answers []<-chan submitted
	for _, tx := range []*ledger.Tx{good.faucet(t, 1, 1), bad.faucet(t, 5, 1), newSigner(t).faucet(t, 1, 1)} {
		answers = append(answers, submitAsync(e, tx))
	}
	refused := wait(t, answers[1], "the refusal, while block 1 is still committing")
	if refused.err == nil || refused.err.Error() != "[EXPECTED] Nonce is not the sender's next nonce" {
		t.Errorf("refusal = %+v, %v", refused.r, refused.err)
	}
	for range 2 {
		if h := wait(t, applied, "a good transaction applied"); h != 2 {
			t.Errorf("good transaction applied in block %d, want 2", h)
		}
	}
	close(resume)
	if res := wait(t, first, "block 1's receipt"); res.err != nil || res.r.Height != 1 {
		t.Errorf("block 1's transaction: %+v, %v", res.r, res.err)
	}
	r1, r2 := wait(t, answers[0], "a receipt"), wait(t, answers[2], "a receipt")
	if r1.err != nil || r2.err != nil || r1.r.Height != 2 || r2.r.Height != 2 || r1.r.Index+r2.r.Index != 1 {
		t.Errorf("receipts %+v, %v and %+v, %v; want both in block 2 at indexes 0 and 1", r1.r, r1.err, r2.r, r2.err)
	}
}

// TestARefusalByTheRulesIsRecorded: DESIGN, "A refusal is a Receipt with Err set,
// recorded like any other outcome". A transaction that passes admission but breaks a
// rule is acknowledged in a block with its exact refusal, and consumes its nonce.
func TestARefusalByTheRulesIsRecorded(t *testing.T) {
	path := tempPath(t)
	e := openEngine(t, Config{Path: path}, testTerms(t))
	s := newSigner(t)
	r, err := e.Submit(context.Background(), s.sign(t, &ledger.Tx{Chain: chain, Nonce: 1, Body: ledger.Grade{Entry: 9}}))
	if err != nil {
		t.Fatal(err)
	}
	if r.Height != 1 || r.Outcome.Err != "[EXPECTED] No such entry" {
		t.Errorf("receipt = %+v, want block 1 with [EXPECTED] No such entry", r)
	}
	var next uint64
	e.View(func(st *ledger.State) { next = st.NextNonce(s.addr) })
	if next != 2 {
		t.Errorf("NextNonce = %d, want 2", next)
	}
	e.Close()
	if _, err := Verify(path); err != nil {
		t.Errorf("Verify: %v", err)
	}
}
