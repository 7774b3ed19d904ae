package registry_test

import (
	"crypto/ecdsa"
	"math/big"
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/bridge/registry"
	"github.com/arena/arena/ledger/match/battle"
	"github.com/arena/arena/ledger/match/receipt"
	"github.com/arena/arena/ledger/typed/domain"
)

// testArena is the genesis hash of the arena the receipts name.
var testArena = [32]byte(crypto.Keccak256Hash([]byte("arena-test")))

// goSign signs r in Go with the receipt package, as the match operator signs it.
func goSign(t *testing.T, r receipt.Receipt, key *ecdsa.PrivateKey) []byte {
	t.Helper()
	sig, err := receipt.Sign(testArena, r, key)
	if err != nil {
		t.Fatal(err)
	}
	return sig
}

func goDigest(t *testing.T, r receipt.Receipt) [32]byte {
	t.Helper()
	d, err := receipt.Digest(testArena, r)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func sampleReceipt() receipt.Receipt {
	return receipt.Receipt{
		Match:        7,
		Turn:         3,
		Agent:        1,
		PromptHash:   receipt.TextHash("You are agent 1. Turn 3. Your HP 82, opponent HP 64."),
		ResponseHash: receipt.TextHash(`{"move":"charge"}`),
		Move:         uint8(battle.Charge),
		StartedAt:    1_767_225_600_000,
		FinishedAt:   1_767_225_603_250,
		ChainID:      1,
	}
}

// verifier deploys a verifier for testArena on a fresh simulated EVM.
func verifier(t *testing.T) (*evmChain, common.Address) {
	t.Helper()
	c := newEVMChain(t)
	return c, c.deploy(t, registry.DeployVerifier(testArena))
}

func onChainDigest(t *testing.T, c *evmChain, at common.Address, r receipt.Receipt) [32]byte {
	t.Helper()
	out, rev := c.call(t, at, registry.ReceiptDigest(r))
	if rev != nil {
		t.Fatalf("digest reverted: %x", rev)
	}
	d, err := registry.DecodeReceiptDigest(out)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// onChainSigner calls signer(r, sig); a revert comes back as the error's name.
func onChainSigner(t *testing.T, c *evmChain, at common.Address, r receipt.Receipt, sig []byte) (common.Address, string) {
	t.Helper()
	out, rev := c.call(t, at, registry.ReceiptSigner(r, sig))
	if rev != nil {
		reason, ok := registry.VerifierRevertReason(rev)
		if !ok {
			t.Fatalf("signer reverted with data that is not the verifier's: %x", rev)
		}
		return common.Address{}, reason
	}
	a, err := registry.DecodeReceiptSigner(out)
	if err != nil {
		t.Fatal(err)
	}
	return a, ""
}

// TestAReceiptSignedInGoRecoversOnChainToItsSigner: issue 15, "a Solidity verifier ...
// that recovers a receipt's signer on-chain ... proves wallets and contracts can check
// receipts without Arena". A receipt signed in Go recovers on the EVM to the key that
// signed it, and the contract's digest and domain separator are the Go ones, for a
// normal receipt and a fallback one.
func TestAReceiptSignedInGoRecoversOnChainToItsSigner(t *testing.T) {
	c, at := verifier(t)
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	fallback := sampleReceipt()
	fallback.Turn, fallback.Agent, fallback.Move, fallback.Fallback, fallback.Reason = 20, 0, uint8(battle.Defend), true, receipt.Timeout
	for name, r := range map[string]receipt.Receipt{"move": sampleReceipt(), "fallback": fallback} {
		t.Run(name, func(t *testing.T) {
			if got, want := onChainDigest(t, c, at, r), goDigest(t, r); got != want {
				t.Errorf("on-chain digest %x, Go digest %x", got, want)
			}
			got, rev := onChainSigner(t, c, at, r, goSign(t, r, key))
			if want := crypto.PubkeyToAddress(key.PublicKey); rev != "" || got != want {
				t.Errorf("signer = %s (revert %q), want %s", got, rev, want)
			}
		})
	}
	for _, chainID := range []uint64{1, 8453, 1<<64 - 1} {
		out, _ := c.call(t, at, registry.DomainSeparator(chainID))
		sep, err := registry.DecodeReceiptDigest(out)
		if err != nil {
			t.Fatal(err)
		}
		r := sampleReceipt()
		r.ChainID = chainID
		td, err := receipt.TypedData(testArena, r)
		if err != nil {
			t.Fatal(err)
		}
		want, err := td.HashStruct("EIP712Domain", td.Domain.Map())
		if err != nil {
			t.Fatal(err)
		}
		if common.Hash(sep) != common.BytesToHash(want) {
			t.Errorf("domainSeparator(%d) %x, Go %x", chainID, sep, want)
		}
	}
	data, err := registry.VerifierABI.Pack("arenaAddress")
	if err != nil {
		t.Fatal(err)
	}
	if out, _ := c.call(t, at, data); common.BytesToAddress(out) != domain.VerifyingContract(testArena) {
		t.Errorf("arenaAddress %x, the domain's verifying contract %s", out, domain.VerifyingContract(testArena))
	}
	if _, rev := c.call(t, at, registry.DomainSeparator(0)); rev == nil {
		t.Error("domainSeparator(0) did not revert")
	} else if reason, _ := registry.VerifierRevertReason(rev); reason != "ZeroChainId()" {
		t.Errorf("domainSeparator(0) reverts with %q, want ZeroChainId()", reason)
	}
}

// TestATamperedReceiptRecoversToAnotherAddress: issue 15, "a tampered receipt fails
// on-chain verification". Changing any one field of a signed receipt changes its digest,
// so the signature recovers to some other address and a contract comparing it with the
// operator refuses the receipt.
func TestATamperedReceiptRecoversToAnotherAddress(t *testing.T) {
	c, at := verifier(t)
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	signerAddr := crypto.PubkeyToAddress(key.PublicKey)
	orig := sampleReceipt()
	sig := goSign(t, orig, key)
	tampers := map[string]func(*receipt.Receipt){
		"matchId":        func(r *receipt.Receipt) { r.Match = 8 },
		"turn":           func(r *receipt.Receipt) { r.Turn++ },
		"agentId":        func(r *receipt.Receipt) { r.Agent = 0 },
		"promptHash":     func(r *receipt.Receipt) { r.PromptHash[31] ^= 1 },
		"responseHash":   func(r *receipt.Receipt) { r.ResponseHash = receipt.TextHash(`{"move":"attack"}`) },
		"move":           func(r *receipt.Receipt) { r.Move = uint8(battle.Attack) },
		"fallback":       func(r *receipt.Receipt) { r.Fallback = true },
		"fallbackReason": func(r *receipt.Receipt) { r.Reason = receipt.InvalidJSON },
		"startedAt":      func(r *receipt.Receipt) { r.StartedAt-- },
		"finishedAt":     func(r *receipt.Receipt) { r.FinishedAt++ },
		"chainId":        func(r *receipt.Receipt) { r.ChainID = 8453 },
	}
	for name, tamper := range tampers {
		t.Run(name, func(t *testing.T) {
			r := orig
			tamper(&r)
			if onChainDigest(t, c, at, r) == goDigest(t, orig) {
				t.Fatal("the tampered receipt has the original's digest")
			}
			got, rev := onChainSigner(t, c, at, r, sig)
			if rev == "" && got == signerAddr {
				t.Errorf("the tampered receipt still recovers to the signer %s", got)
			}
		})
	}
}

// TestTheDomainNamesTheArena: the same receipt and signature recover to another address
// on a verifier for another arena, so a receipt from one arena cannot be passed off on
// another.
func TestTheDomainNamesTheArena(t *testing.T) {
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	r := sampleReceipt()
	sig := goSign(t, r, key)
	c := newEVMChain(t)
	at := c.deploy(t, registry.DeployVerifier([32]byte(crypto.Keccak256Hash([]byte("arena-other")))))
	got, rev := onChainSigner(t, c, at, r, sig)
	if rev == "" && got == crypto.PubkeyToAddress(key.PublicKey) {
		t.Errorf("a receipt signed for arena-test recovers to its signer on arena-other's verifier")
	}
}

// TestSignaturesThatAreNotOneRevertWithTheirReason: a signature of the wrong length, an
// unknown v, a high s (the malleated twin of a valid signature) or one that recovers to
// no address reverts with the verifier's named error; v 0 and 1 read as 27 and 28. The
// contract refuses exactly the signatures the ledger's receipt.Recover refuses.
func TestSignaturesThatAreNotOneRevertWithTheirReason(t *testing.T) {
	c, at := verifier(t)
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	r := sampleReceipt()
	sig := goSign(t, r, key)
	edit := func(f func(s []byte) []byte) []byte { return f(slices.Clone(sig)) }
	n := crypto.S256().Params().N
	cases := []struct {
		name string
		sig  []byte
		want string // revert reason, or "" for the signer
	}{
		{"the signature", sig, ""},
		{"v as 0 or 1", edit(func(s []byte) []byte { s[64] -= 27; return s }), ""},
		{"64 bytes", sig[:64], "BadSignatureLength(64)"},
		{"66 bytes", append(slices.Clone(sig), 0), "BadSignatureLength(66)"},
		{"v 29", edit(func(s []byte) []byte { s[64] = 29; return s }), "BadSignatureV(29)"},
		{"v 2", edit(func(s []byte) []byte { s[64] = 2; return s }), "BadSignatureV(2)"},
		{"high s", edit(func(s []byte) []byte {
			high := new(big.Int).Sub(n, new(big.Int).SetBytes(s[32:64]))
			high.FillBytes(s[32:64])
			s[64] = 55 - s[64] // 27 <-> 28: the twin recovers to the same key
			return s
		}), "HighS()"},
		{"r zero", edit(func(s []byte) []byte { clear(s[:32]); return s }), "InvalidSignature()"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, rev := onChainSigner(t, c, at, r, tc.sig)
			if rev != tc.want {
				t.Fatalf("revert %q, want %q", rev, tc.want)
			}
			inGo, err := receipt.Recover(testArena, r, tc.sig)
			if (err != nil) != (rev != "") || (err == nil && inGo != got) {
				t.Errorf("receipt.Recover = %s, %v; the contract %s, %q", inGo, err, got, rev)
			}
			if tc.want == "" && got != crypto.PubkeyToAddress(key.PublicKey) {
				t.Errorf("signer %s, want the key's", got)
			}
		})
	}
}

// TestTheVerifierABIIsTheOneTheBriefNames: the committed ABI has digest and signer over
// the Receipt tuple in the type string's order and the signature chain id, the domain
// views, the constructor's bytes32 genesis hash and the five errors; the Solidity source
// declares the type string and the arena's domain.
func TestTheVerifierABIIsTheOneTheBriefNames(t *testing.T) {
	var sigs []string
	for _, m := range registry.VerifierABI.Methods {
		sigs = append(sigs, m.Sig)
	}
	for _, e := range registry.VerifierABI.Errors {
		sigs = append(sigs, "error "+e.Sig)
	}
	slices.Sort(sigs)
	tuple := "(bytes32,uint32,uint32,bytes32,bytes32,uint8,bool,uint8,uint64,uint64)"
	want := []string{
		"RECEIPT_TYPEHASH()", "arena()", "arenaAddress()", "digest(" + tuple + ",uint64)", "domainSeparator(uint64)",
		"error BadSignatureLength(uint256)", "error BadSignatureV(uint8)", "error HighS()", "error InvalidSignature()",
		"error ZeroChainId()", "signer(" + tuple + ",uint64,bytes)",
	}
	if diff := cmp.Diff(want, sigs); diff != "" {
		t.Errorf("ABI (-want +got):\n%s", diff)
	}
	if in := registry.VerifierABI.Constructor.Inputs; len(in) != 1 || in[0].Type.String() != "bytes32" {
		t.Errorf("constructor takes %+v, want one bytes32 (the arena's genesis hash)", in)
	}
	src, err := os.ReadFile("ReceiptVerifier.sol")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`"` + receipt.TypeString + `"`, `"EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"`, `keccak256("Arena")`, `keccak256("1")`} {
		if !regexp.MustCompile(regexp.QuoteMeta(s)).Match(src) {
			t.Errorf("ReceiptVerifier.sol does not hold %s", s)
		}
	}
	if len(registry.VerifierBytecode) < 100 {
		t.Errorf("ReceiptVerifier.bin holds %d bytes of code", len(registry.VerifierBytecode))
	}
}

// TestTheTypeHashIsTheBriefs: RECEIPT_TYPEHASH on the chain is keccak256 of the type
// string, so the contract hashes the same type a wallet signs.
func TestTheTypeHashIsTheBriefs(t *testing.T) {
	c, at := verifier(t)
	data, err := registry.VerifierABI.Pack("RECEIPT_TYPEHASH")
	if err != nil {
		t.Fatal(err)
	}
	out, _ := c.call(t, at, data)
	if got, want := common.BytesToHash(out), crypto.Keccak256Hash([]byte(receipt.TypeString)); got != want {
		t.Errorf("RECEIPT_TYPEHASH %s, want %s", got, want)
	}
}
