package account

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
)

func testTx() *ledger.Tx {
	return &ledger.Tx{Chain: "arena-test", SigChainID: ledger.KeystoreChainID, Nonce: 1, Body: ledger.Grade{Entry: 7}}
}

// TestSignedTransactionsVerify: DESIGN.md, "every write is a transaction signed by its
// sender (secp256k1, Ethereum-style addresses)". A signed tx passes ledger's Verify, and
// Recover names the key's address.
func TestSignedTransactionsVerify(t *testing.T) {
	k, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	tx := testTx()
	if err := k.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	if tx.From != k.Address() {
		t.Fatalf("SignTx set From = %s, want %s", tx.From, k.Address())
	}
	if len(tx.Sig) != 65 || tx.Sig[64] > 1 {
		t.Fatalf("signature is %d bytes with V=%d, want 65 bytes with V in {0,1}", len(tx.Sig), tx.Sig[len(tx.Sig)-1])
	}
	if err := tx.Verify(); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	h, _ := tx.SigningHash()
	got, err := ledger.Recover(h, tx.Sig)
	if err != nil || got != k.Address() {
		t.Fatalf("Recover = %s, %v; want %s", got, err, k.Address())
	}
}

// TestATamperedTransactionFailsVerify: a signature covers every signed field, so a
// changed nonce no longer verifies.
func TestATamperedTransactionFailsVerify(t *testing.T) {
	k, _ := Generate()
	tx := testTx()
	if err := k.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	tx.Nonce++
	if err := tx.Verify(); err == nil {
		t.Fatal("Verify accepted a transaction whose nonce changed after signing")
	}
}

// TestSignTxRefusesAnotherSender: a key signs only for its own address.
func TestSignTxRefusesAnotherSender(t *testing.T) {
	k, _ := Generate()
	other, _ := Generate()
	tx := testTx()
	tx.From = other.Address()
	err := k.SignTx(tx)
	want := "sign tx: sender " + other.Address().String() + " is not this key's address " + k.Address().String()
	if err == nil || err.Error() != want {
		t.Fatalf("SignTx error = %v, want %q", err, want)
	}
	if tx.Sig != nil {
		t.Fatal("SignTx set a signature although it refused")
	}
}

// TestSignedCallsVerifyInsideAnAttestation: DESIGN.md, "every model call yields a
// receipt ... signed by the validator". An attest tx whose calls are signed by its sender
// verifies; one call signed for another arena, or with its chain id changed after
// signing, does not.
func TestSignedCallsVerifyInsideAnAttestation(t *testing.T) {
	k, _ := Generate()
	calls := []ledger.Call{{Provider: "builtin", Purpose: "read", Prompt: "p", Response: "4"}, {Provider: "builtin", Purpose: "compile"}}
	for i := range calls {
		if err := k.SignCall(&calls[i], [32]byte{}, 8453); err != nil {
			t.Fatal(err)
		}
	}
	tx := &ledger.Tx{Chain: "arena-test", SigChainID: ledger.KeystoreChainID, Nonce: 3, Body: ledger.Attest{Round: 1, Attempt: 1, Result: ledger.Result{Calls: calls}}}
	if err := k.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	if err := tx.Verify(); err != nil {
		t.Fatalf("Verify: %v", err)
	}

	if calls[0].ChainID != 8453 {
		t.Fatalf("the signed call names chain id %d, want 8453", calls[0].ChainID)
	}
	if err := k.SignCall(&calls[1], [32]byte{1}, 8453); err != nil {
		t.Fatal(err)
	}
	tx.Body = ledger.Attest{Round: 1, Attempt: 1, Result: ledger.Result{Calls: calls}}
	if err := k.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	if err := tx.Verify(); err == nil || !strings.HasPrefix(err.Error(), "call 2: bad signature: signed by ") {
		t.Fatalf("Verify of a call signed for another arena = %v, want a call 2 error", err)
	}
	if err := k.SignCall(&calls[1], [32]byte{}, 8453); err != nil {
		t.Fatal(err)
	}
	calls[1].ChainID = 0
	tx.Body = ledger.Attest{Round: 1, Attempt: 1, Result: ledger.Result{Calls: calls}}
	if err := k.SignTx(tx); err != nil {
		t.Fatal(err)
	}
	const want = "bad signature: call 2: typed data: the chain id must be 1 to 18446744073709551615"
	if err := tx.Verify(); err == nil || err.Error() != want {
		t.Fatalf("Verify of a call with chain id 0 = %v, want %q", err, want)
	}
}

// TestKeysNeverFormatTheirSecret: printing or logging a key shows its address only.
func TestKeysNeverFormatTheirSecret(t *testing.T) {
	const secret = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
	k, err := FromHex("0x" + secret)
	if err != nil {
		t.Fatal(err)
	}
	if got := k.String(); strings.Contains(got, secret[:16]) || !strings.Contains(got, k.Address().String()) {
		t.Fatalf("String() = %q", got)
	}
	if got := k.LogValue().String(); got != k.Address().String() {
		t.Fatalf("LogValue() = %q, want the address", got)
	}
}

// TestFromHex: a hex private key parses with or without 0x and gives its known address;
// anything else is refused with ErrKeyHex.
func TestFromHex(t *testing.T) {
	// The private key and address of a well-known Ethereum test vector.
	const addr = "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"
	tests := []struct {
		in      string
		wantErr bool
	}{
		{"4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318", false},
		{"0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318", false},
		{" 0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318\n", false},
		{"0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f3623", true},
		{"zz0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318", true},
		{"", true},
	}
	for _, tc := range tests {
		k, err := FromHex(tc.in)
		if tc.wantErr {
			if err != ErrKeyHex {
				t.Errorf("FromHex(%q) error = %v, want ErrKeyHex", tc.in, err)
			}
			continue
		}
		if err != nil || k.Address().String() != addr {
			t.Errorf("FromHex(%q) = %v, %v; want %s", tc.in, k, err, addr)
		}
	}
}

func BenchmarkSignTx(b *testing.B) {
	k, _ := Generate()
	tx := testTx()
	for b.Loop() {
		if err := k.SignTx(tx); err != nil {
			b.Fatal(err)
		}
	}
}
