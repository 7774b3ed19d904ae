package registry_test

import (
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"os"
	"regexp"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/bridge/registry"
)

// receiptType is the Receipt type string the match brief fixes.
const receiptType = "Receipt(bytes32 matchId,uint32 turn,uint32 agentId,bytes32 promptHash,bytes32 responseHash,uint8 move,bool fallback,uint8 fallbackReason,uint64 startedAt,uint64 finishedAt)"

// chainID is the arena chain id a receipt's domain names: the first 8 bytes of
// keccak256 of the chain's name, as a uint64.
func chainID(chain string) *big.Int {
	return new(big.Int).SetBytes(crypto.Keccak256([]byte(chain))[:8])
}

// typedData is r as an EIP-712 message, built in Go with go-ethereum's apitypes, the way
// a wallet builds it.
func typedData(chain *big.Int, r registry.Receipt) apitypes.TypedData {
	return apitypes.TypedData{
		Types: apitypes.Types{
			"EIP712Domain": {{Name: "name", Type: "string"}, {Name: "version", Type: "string"}, {Name: "chainId", Type: "uint256"}},
			"Receipt": {
				{Name: "matchId", Type: "bytes32"}, {Name: "turn", Type: "uint32"}, {Name: "agentId", Type: "uint32"},
				{Name: "promptHash", Type: "bytes32"}, {Name: "responseHash", Type: "bytes32"}, {Name: "move", Type: "uint8"},
				{Name: "fallback", Type: "bool"}, {Name: "fallbackReason", Type: "uint8"},
				{Name: "startedAt", Type: "uint64"}, {Name: "finishedAt", Type: "uint64"},
			},
		},
		PrimaryType: "Receipt",
		Domain:      apitypes.TypedDataDomain{Name: "Arena Agent Match", Version: "1", ChainId: (*math.HexOrDecimal256)(chain)},
		Message: apitypes.TypedDataMessage{
			"matchId": hexutil.Encode(r.MatchID[:]), "turn": fmt.Sprint(r.Turn), "agentId": fmt.Sprint(r.AgentID),
			"promptHash": hexutil.Encode(r.PromptHash[:]), "responseHash": hexutil.Encode(r.ResponseHash[:]),
			"move": fmt.Sprint(r.Move), "fallback": r.IsFallback, "fallbackReason": fmt.Sprint(r.FallbackReason),
			"startedAt": fmt.Sprint(r.StartedAt), "finishedAt": fmt.Sprint(r.FinishedAt),
		},
	}
}

// goDigest is r's EIP-712 digest computed in Go.
func goDigest(t *testing.T, chain *big.Int, r registry.Receipt) [32]byte {
	t.Helper()
	d, _, err := apitypes.TypedDataAndHash(typedData(chain, r))
	if err != nil {
		t.Fatal(err)
	}
	return [32]byte(d)
}

// goSign signs r's Go digest with key: 65 bytes r || s || v, v in {27, 28}.
func goSign(t *testing.T, chain *big.Int, r registry.Receipt, key *ecdsa.PrivateKey) []byte {
	t.Helper()
	d := goDigest(t, chain, r)
	sig, err := crypto.Sign(d[:], key)
	if err != nil {
		t.Fatal(err)
	}
	sig[64] += 27
	return sig
}

func sampleReceipt() registry.Receipt {
	return registry.Receipt{
		MatchID:      registry.MatchID(7),
		Turn:         3,
		AgentID:      1,
		PromptHash:   crypto.Keccak256Hash([]byte("You are agent 1. Turn 3. Your HP 82, opponent HP 64.")),
		ResponseHash: crypto.Keccak256Hash([]byte(`{"move":"charge"}`)),
		Move:         2,
		StartedAt:    1_767_225_600,
		FinishedAt:   1_767_225_603,
	}
}

// verifier deploys a verifier for chain on a fresh simulated EVM.
func verifier(t *testing.T, chain *big.Int) (*evmChain, common.Address) {
	t.Helper()
	c := newEVMChain(t)
	return c, c.deploy(t, registry.DeployVerifier(chain))
}

func onChainDigest(t *testing.T, c *evmChain, at common.Address, r registry.Receipt) [32]byte {
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
func onChainSigner(t *testing.T, c *evmChain, at common.Address, r registry.Receipt, sig []byte) (common.Address, string) {
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
	chain := chainID("arena-test")
	c, at := verifier(t, chain)
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	fallback := sampleReceipt()
	fallback.Turn, fallback.AgentID, fallback.Move, fallback.IsFallback, fallback.FallbackReason = 20, 0, 1, true, 3
	for name, r := range map[string]registry.Receipt{"move": sampleReceipt(), "fallback": fallback} {
		t.Run(name, func(t *testing.T) {
			if got, want := onChainDigest(t, c, at, r), goDigest(t, chain, r); got != want {
				t.Errorf("on-chain digest %x, Go digest %x", got, want)
			}
			got, rev := onChainSigner(t, c, at, r, goSign(t, chain, r, key))
			if want := crypto.PubkeyToAddress(key.PublicKey); rev != "" || got != want {
				t.Errorf("signer = %s (revert %q), want %s", got, rev, want)
			}
		})
	}
	out, _ := c.call(t, at, registry.DomainSeparator())
	sep, err := registry.DecodeReceiptDigest(out)
	if err != nil {
		t.Fatal(err)
	}
	td := typedData(chain, sampleReceipt())
	want, err := td.HashStruct("EIP712Domain", td.Domain.Map())
	if err != nil {
		t.Fatal(err)
	}
	if common.Hash(sep) != common.BytesToHash(want) {
		t.Errorf("domainSeparator %x, Go %x", sep, want)
	}
}

// TestATamperedReceiptRecoversToAnotherAddress: issue 15, "a tampered receipt fails
// on-chain verification". Changing any one field of a signed receipt changes its digest,
// so the signature recovers to some other address and a contract comparing it with the
// operator refuses the receipt.
func TestATamperedReceiptRecoversToAnotherAddress(t *testing.T) {
	chain := chainID("arena-test")
	c, at := verifier(t, chain)
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	signerAddr := crypto.PubkeyToAddress(key.PublicKey)
	orig := sampleReceipt()
	sig := goSign(t, chain, orig, key)
	tampers := map[string]func(*registry.Receipt){
		"matchId":        func(r *registry.Receipt) { r.MatchID = registry.MatchID(8) },
		"turn":           func(r *registry.Receipt) { r.Turn++ },
		"agentId":        func(r *registry.Receipt) { r.AgentID = 0 },
		"promptHash":     func(r *registry.Receipt) { r.PromptHash[31] ^= 1 },
		"responseHash":   func(r *registry.Receipt) { r.ResponseHash = crypto.Keccak256Hash([]byte(`{"move":"attack"}`)) },
		"move":           func(r *registry.Receipt) { r.Move = 0 },
		"fallback":       func(r *registry.Receipt) { r.IsFallback = true },
		"fallbackReason": func(r *registry.Receipt) { r.FallbackReason = 1 },
		"startedAt":      func(r *registry.Receipt) { r.StartedAt-- },
		"finishedAt":     func(r *registry.Receipt) { r.FinishedAt++ },
	}
	for name, tamper := range tampers {
		t.Run(name, func(t *testing.T) {
			r := orig
			tamper(&r)
			if onChainDigest(t, c, at, r) == goDigest(t, chain, orig) {
				t.Fatal("the tampered receipt has the original's digest")
			}
			got, rev := onChainSigner(t, c, at, r, sig)
			if rev == "" && got == signerAddr {
				t.Errorf("the tampered receipt still recovers to the signer %s", got)
			}
		})
	}
}

// TestTheDomainNamesTheArenaChain: the same receipt and signature recover to another
// address on a verifier for another arena chain, so a receipt from one chain cannot be
// passed off on another.
func TestTheDomainNamesTheArenaChain(t *testing.T) {
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	r := sampleReceipt()
	sig := goSign(t, chainID("arena-test"), r, key)
	c, at := verifier(t, chainID("arena-other"))
	got, rev := onChainSigner(t, c, at, r, sig)
	if rev == "" && got == crypto.PubkeyToAddress(key.PublicKey) {
		t.Errorf("a receipt signed for arena-test recovers to its signer on arena-other's verifier")
	}
}

// TestSignaturesThatAreNotOneRevertWithTheirReason: a signature of the wrong length, an
// unknown v, a high s (the malleated twin of a valid signature) or one that recovers to
// no address reverts with the verifier's named error; v 0 and 1 read as 27 and 28.
func TestSignaturesThatAreNotOneRevertWithTheirReason(t *testing.T) {
	chain := chainID("arena-test")
	c, at := verifier(t, chain)
	key, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	r := sampleReceipt()
	sig := goSign(t, chain, r, key)
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
			if tc.want == "" && got != crypto.PubkeyToAddress(key.PublicKey) {
				t.Errorf("signer %s, want the key's", got)
			}
		})
	}
}

// TestTheVerifierABIIsTheOneTheBriefNames: the committed ABI has digest and signer over
// the Receipt tuple in the type string's order, the domain views, the constructor's
// uint256 chain id and the four errors; the Solidity source declares the type string
// and the domain the brief fixes.
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
		"RECEIPT_TYPEHASH()", "chainId()", "digest(" + tuple + ")", "domainSeparator()",
		"error BadSignatureLength(uint256)", "error BadSignatureV(uint8)", "error HighS()", "error InvalidSignature()",
		"signer(" + tuple + ",bytes)",
	}
	if diff := cmp.Diff(want, sigs); diff != "" {
		t.Errorf("ABI (-want +got):\n%s", diff)
	}
	if in := registry.VerifierABI.Constructor.Inputs; len(in) != 1 || in[0].Type.String() != "uint256" {
		t.Errorf("constructor takes %+v, want one uint256 (the arena chain id)", in)
	}
	src, err := os.ReadFile("ReceiptVerifier.sol")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`"` + receiptType + `"`, `"EIP712Domain(string name,string version,uint256 chainId)"`, `"Arena Agent Match"`, `keccak256("1")`} {
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
	c, at := verifier(t, chainID("arena-test"))
	data, err := registry.VerifierABI.Pack("RECEIPT_TYPEHASH")
	if err != nil {
		t.Fatal(err)
	}
	out, _ := c.call(t, at, data)
	if got, want := common.BytesToHash(out), crypto.Keccak256Hash([]byte(receiptType)); got != want {
		t.Errorf("RECEIPT_TYPEHASH %s, want %s", got, want)
	}
}
