package receipt

import (
	"encoding/hex"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
)

// The receipt's digest is stable: pinned for the sample receipt.
func TestDigestIsStable(t *testing.T) {
	const want = "0x960f534ae6f7d53c2263a54589d6e6ce9ee0e7c3a6dc5915d8d0dae3b88bbe91"
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
	domainType := kec([]byte("EIP712Domain(string name,string version,uint256 chainId)"))
	sep := kec(domainType, kec([]byte("Arena Agent Match")), kec([]byte("1")), ChainID(chain).FillBytes(make([]byte, 32)))
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
	} {
		r := sample()
		tamper(&r)
		if digest(t, r) == base {
			t.Errorf("changing the %s left the digest as it was", name)
		}
	}
	other, err := Digest("arena-test-2", sample())
	if err != nil {
		t.Fatal(err)
	}
	if other == base {
		t.Error("the digest does not depend on the chain")
	}
}

// ChainID is the first 8 bytes of keccak256(chain), big-endian.
func TestChainIDIsTheFirstEightBytesOfTheChainsHash(t *testing.T) {
	h := crypto.Keccak256([]byte(chain))
	if got, want := ChainID(chain), new(big.Int).SetBytes(h[:8]); got.Cmp(want) != 0 {
		t.Fatalf("ChainID = %v, want %v", got, want)
	}
	if !ChainID(chain).IsUint64() {
		t.Fatal("ChainID is not a uint64")
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
	td := TypedData(chain, sample())
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
