package receipt

import (
	"encoding/hex"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
)

// The receipt's digest is stable: pinned for the sample receipt.
func TestDigestIsStable(t *testing.T) {
	const want = "0x34b15c0425bc33fcf1cb3bf6bd9fa06a72f66442f049051e5847d533125ef8b1"
	if got := Hex(digest(t, sample())); got != want {
		t.Fatalf("digest = %s, want %s", got, want)
	}
}

// The digest is EIP-712's, keccak256(0x1901 || domainSeparator || hashStruct), computed
// here by hand from the type strings and the encoded words.
func TestDigestIsEIP712ByHand(t *testing.T) {
	r := sample()
	word := func(v uint64) []byte { return new(big.Int).SetUint64(v).FillBytes(make([]byte, 32)) }
	kec := crypto.Keccak256
	domainType := kec([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"))
	contract := kec([]byte("Arena"), chain[:])[12:]
	sep := kec(domainType, kec([]byte("Arena")), kec([]byte("1")), word(r.ChainID), append(make([]byte, 12), contract...))
	receiptTypeHash := kec([]byte("Receipt(bytes32 matchId,uint32 turn,uint32 agentId,bytes32 promptHash,bytes32 responseHash,uint8 move,bool fallback,uint8 fallbackReason,uint64 startedAt,uint64 finishedAt)"))
	id := MatchID(r.Match)
	fallback := uint64(0)
	if r.Fallback {
		fallback = 1
	}
	body := kec(receiptTypeHash, id[:], word(uint64(r.Turn)), word(uint64(r.Agent)), r.PromptHash[:], r.ResponseHash[:],
		word(uint64(r.Move)), word(fallback), word(uint64(r.Reason)), word(r.StartedAt), word(r.FinishedAt))
	want := kec([]byte{0x19, 0x01}, sep, body)
	if got := digest(t, r); hex.EncodeToString(got[:]) != hex.EncodeToString(want) {
		t.Fatalf("digest %x, by hand %x", got, want)
	}
}

// Every field is signed: changing any one changes the digest, and so does the chain.
func TestEveryFieldChangesTheDigest(t *testing.T) {
	base := digest(t, sample())
	for name, tamper := range map[string]func(*Receipt){
		"match":         func(r *Receipt) { r.Match++ },
		"turn":          func(r *Receipt) { r.Turn++ },
		"agent":         func(r *Receipt) { r.Agent = 0 },
		"prompt hash":   func(r *Receipt) { r.PromptHash[31] ^= 1 },
		"response hash": func(r *Receipt) { r.ResponseHash[0] ^= 1 },
		"move":          func(r *Receipt) { r.Move = 0 },
		"fallback":      func(r *Receipt) { r.Fallback = true },
		"reason":        func(r *Receipt) { r.Reason = Timeout },
		"started at":    func(r *Receipt) { r.StartedAt++ },
		"finished at":   func(r *Receipt) { r.FinishedAt++ },
		"chain id":      func(r *Receipt) { r.ChainID = 137 },
	} {
		r := sample()
		tamper(&r)
		if digest(t, r) == base {
			t.Errorf("changing the %s left the digest as it was", name)
		}
	}
	other, err := Digest(otherArena, sample())
	if err != nil {
		t.Fatal(err)
	}
	if other == base {
		t.Error("the digest does not depend on the arena")
	}
}

// No wallet is on chain 0: a receipt that names it has no digest, no signature and no
// signer.
func TestChainIDZeroIsRefused(t *testing.T) {
	r := sample()
	r.ChainID = 0
	const want = "receipt: domain: the signature chain id must be 1 to 18446744073709551615"
	if _, err := Digest(chain, r); err == nil || err.Error() != want {
		t.Errorf("Digest = %v, want %q", err, want)
	}
	if _, err := Sign(chain, r, testKey(t)); err == nil || err.Error() != want {
		t.Errorf("Sign = %v, want %q", err, want)
	}
	sig, err := Sign(chain, sample(), testKey(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Recover(chain, r, sig); err == nil || err.Error() != want {
		t.Errorf("Recover = %v, want %q", err, want)
	}
}

// MatchID is the match's id big-endian in the last 8 of 32 bytes.
func TestMatchIDIsBigEndian(t *testing.T) {
	id := MatchID(0x0102030405060708)
	if got := hex.EncodeToString(id[:]); got != "0000000000000000000000000000000000000000000000000102030405060708" {
		t.Fatalf("MatchID = %s", got)
	}
}

// TypeString is the type apitypes encodes for the Receipt, field for field.
func TestTypeStringIsTheEncodedType(t *testing.T) {
	td, err := TypedData(chain, sample())
	if err != nil {
		t.Fatal(err)
	}
	if got := string(td.EncodeType("Receipt")); got != TypeString {
		t.Fatalf("encoded type %q, want %q", got, TypeString)
	}
}

// TextHash is keccak256 of the text's bytes, nothing added.
func TestTextHashIsKeccakOfTheBytes(t *testing.T) {
	for _, s := range []string{"", "the prompt", "ünïcödé\n"} {
		if TextHash(s) != crypto.Keccak256Hash([]byte(s)) {
			t.Errorf("TextHash(%q) differs", s)
		}
	}
}
