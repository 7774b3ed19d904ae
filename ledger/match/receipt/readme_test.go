package receipt_test

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"github.com/arena/arena/ledger/match/readmetest"
	"math/big"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/arena/arena/ledger/match/receipt"
	"github.com/arena/arena/ledger/typed"
)

// readmeType returns the Receipt type as the README's receipts row writes it.
func readmeType(t *testing.T) string {
	t.Helper()
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, _ := strings.Cut(string(readme), "`Receipt(")
	fields, _, ok := strings.Cut(rest, ")`")
	if !ok || fields == "" {
		t.Fatal("the README names no `Receipt(...)` type")
	}
	return "Receipt(" + fields + ")"
}

// example is the README's worked receipt: every line "name value", the value the rest
// of the line.
type example map[string]string

func readmeReceipt(t *testing.T) example {
	t.Helper()
	ex := example{}
	for _, line := range readmetest.Block(t, "A worked receipt") {
		name, value, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("README example line %q has no value", line)
		}
		ex[name] = strings.TrimSpace(value)
	}
	want := []string{"arena", "chainId", "verifyingContract", "domainSeparator", "match", "matchId", "turn", "agentId", "prompt", "promptHash",
		"response", "responseHash", "move", "fallback", "fallbackReason", "startedAt", "finishedAt", "hashStruct", "digest",
		"key", "signer", "signature"}
	got := make([]string, 0, len(ex))
	for k := range ex {
		got = append(got, k)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("README example names %v, want %v", got, want)
	}
	return ex
}

func (ex example) uint(t *testing.T, name string) uint64 {
	t.Helper()
	v, err := strconv.ParseUint(ex[name], 10, 64)
	if err != nil {
		t.Fatalf("README %s: %v", name, err)
	}
	return v
}

func (ex example) bytes(t *testing.T, name string) []byte {
	t.Helper()
	b, err := hexutil.Decode(ex[name])
	if err != nil {
		t.Fatalf("README %s: %v", name, err)
	}
	return b
}

// TestReadmeWorkedReceiptContractAndMatchID: the README's verifyingContract is the last
// 20 bytes of keccak256("Arena" ‖ arena), in its checksum case, the transactions' for
// the same arena, and its matchId is 24 zero bytes then the match's number big-endian,
// both as the receipt package computes them.
func TestReadmeWorkedReceiptContractAndMatchID(t *testing.T) {
	ex := readmeReceipt(t)
	arena := [32]byte(ex.bytes(t, "arena"))
	byHand := common.BytesToAddress(crypto.Keccak256([]byte("Arena"), arena[:])[12:])
	if byHand.Hex() != ex["verifyingContract"] || common.Address(typed.VerifyingContract(arena)).Hex() != ex["verifyingContract"] {
		t.Errorf("verifyingContract of %s: by the README's rule %s, the transactions' %s; README %s", ex["arena"], byHand.Hex(),
			common.Address(typed.VerifyingContract(arena)).Hex(), ex["verifyingContract"])
	}
	id := receipt.MatchID(ex.uint(t, "match"))
	var want [32]byte
	binary.BigEndian.PutUint64(want[24:], ex.uint(t, "match"))
	if receipt.Hex(id) != ex["matchId"] || receipt.Hex(want) != ex["matchId"] {
		t.Errorf("matchId of %s: package %s, by the README's rule %s; README %s", ex["match"], receipt.Hex(id), receipt.Hex(want), ex["matchId"])
	}
}

// TestReadmeWorkedReceiptDigest: from the README's inputs alone, the domain separator
// computed from the four domain fields the README names, the receipt's hashStruct, the
// digest and the signature are the README's, and the package computes the same.
func TestReadmeWorkedReceiptDigest(t *testing.T) {
	ex := readmeReceipt(t)
	kec := crypto.Keccak256
	word := func(v *big.Int) []byte { return v.FillBytes(make([]byte, 32)) }
	arena := [32]byte(ex.bytes(t, "arena"))
	chainID := ex.uint(t, "chainId")
	sep := kec(kec([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)")),
		kec([]byte("Arena")), kec([]byte("1")), word(new(big.Int).SetUint64(chainID)), common.LeftPadBytes(ex.bytes(t, "verifyingContract"), 32))
	if hexutil.Encode(sep) != ex["domainSeparator"] {
		t.Errorf("domain separator %s, README %s", hexutil.Encode(sep), ex["domainSeparator"])
	}

	fallback, err := strconv.ParseBool(ex["fallback"])
	if err != nil {
		t.Fatal(err)
	}
	r := receipt.Receipt{
		Match:        ex.uint(t, "match"),
		Turn:         uint32(ex.uint(t, "turn")),
		Agent:        uint32(ex.uint(t, "agentId")),
		PromptHash:   [32]byte(ex.bytes(t, "promptHash")),
		ResponseHash: [32]byte(ex.bytes(t, "responseHash")),
		Move:         uint8(ex.uint(t, "move")),
		Fallback:     fallback,
		Reason:       receipt.Reason(ex.uint(t, "fallbackReason")),
		StartedAt:    ex.uint(t, "startedAt"),
		FinishedAt:   ex.uint(t, "finishedAt"),
		ChainID:      chainID,
	}
	if receipt.TextHash(ex["prompt"]) != r.PromptHash || receipt.TextHash(ex["response"]) != r.ResponseHash {
		t.Errorf("keccak256 of the README's prompt %s and response %s differ from its hashes",
			receipt.Hex(receipt.TextHash(ex["prompt"])), receipt.Hex(receipt.TextHash(ex["response"])))
	}
	if err := r.Validate(); err != nil {
		t.Errorf("the README's receipt: %v", err)
	}

	typeString := readmeType(t)
	if typeString != receipt.TypeString {
		t.Errorf("README's type %q, the package's %q", typeString, receipt.TypeString)
	}
	id := receipt.MatchID(r.Match)
	b2w := func(b bool) *big.Int {
		if b {
			return big.NewInt(1)
		}
		return big.NewInt(0)
	}
	u := func(v uint64) []byte { return word(new(big.Int).SetUint64(v)) }
	body := kec(kec([]byte(typeString)), id[:], u(uint64(r.Turn)), u(uint64(r.Agent)), r.PromptHash[:], r.ResponseHash[:],
		u(uint64(r.Move)), word(b2w(r.Fallback)), u(uint64(r.Reason)), u(r.StartedAt), u(r.FinishedAt))
	if hexutil.Encode(body) != ex["hashStruct"] {
		t.Errorf("hashStruct %s, README %s", hexutil.Encode(body), ex["hashStruct"])
	}
	td, err := receipt.TypedData(arena, r)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := td.HashStruct("EIP712Domain", td.Domain.Map()); err != nil || hexutil.Encode(got) != ex["domainSeparator"] {
		t.Errorf("package domain separator %s, %v; README %s", hexutil.Encode(got), err, ex["domainSeparator"])
	}
	if got, err := td.HashStruct("Receipt", td.Message); err != nil || hexutil.Encode(got) != ex["hashStruct"] {
		t.Errorf("package hashStruct %s, %v; README %s", hexutil.Encode(got), err, ex["hashStruct"])
	}

	byHand := kec([]byte{0x19, 0x01}, sep, body)
	d, err := receipt.Digest(arena, r)
	if err != nil || hexutil.Encode(byHand) != ex["digest"] || receipt.Hex(d) != ex["digest"] {
		t.Errorf("digest: by hand %s, package %s (%v); README %s", hexutil.Encode(byHand), receipt.Hex(d), err, ex["digest"])
	}

	key, err := crypto.ToECDSA(ex.bytes(t, "key"))
	if err != nil {
		t.Fatal(err)
	}
	signer := common.HexToAddress(ex["signer"])
	if crypto.PubkeyToAddress(key.PublicKey) != signer || signer.Hex() != ex["signer"] {
		t.Errorf("the README's key is %s's, README signer %s", crypto.PubkeyToAddress(key.PublicKey).Hex(), ex["signer"])
	}
	sig, err := receipt.Sign(arena, r, key)
	if err != nil || hexutil.Encode(sig) != ex["signature"] {
		t.Errorf("signature %s, %v; README %s", hexutil.Encode(sig), err, ex["signature"])
	}
	if got, err := receipt.Recover(arena, r, ex.bytes(t, "signature")); err != nil || got != signer {
		t.Errorf("the README's signature recovers %s, %v; want %s", got.Hex(), err, signer.Hex())
	}
}

// demoMatch is the demo's match as GET /v1/matches/1 published it after one run of
// arena demo (testdata/demo_match.json): what a verifier holds, and nothing else.
type demoMatch struct {
	Arena    string `json:"arena"`
	ID       uint64 `json:"id"`
	Operator string `json:"operator"`
	Turns    []struct {
		Turn      int `json:"turn"`
		Decisions []struct {
			Agent   int `json:"agent"`
			Receipt struct {
				Match        uint64 `json:"match"`
				Turn         uint64 `json:"turn"`
				Agent        uint64 `json:"agent"`
				PromptHash   string `json:"prompt_hash"`
				ResponseHash string `json:"response_hash"`
				Move         uint64 `json:"move"`
				Fallback     bool   `json:"fallback"`
				Reason       string `json:"reason"`
				StartedAt    uint64 `json:"started_at"`
				FinishedAt   uint64 `json:"finished_at"`
				ChainID      uint64 `json:"signature_chain_id"`
			} `json:"receipt"`
			ReceiptHash string `json:"receipt_hash"`
			Sig         string `json:"sig"`
			Prompt      string `json:"prompt"`
			Response    string `json:"response"`
		} `json:"decisions"`
	} `json:"turns"`
}

// TestReadmeChecksTheDemoMatchsReceipts: every receipt of the demo's match, re-checked
// by the README's rules alone (the domain's four fields, the verifying contract, chainId
// and matchId as it encodes them, the reasons' numbers, keccak256 of the raw texts, ecrecover of r || s ||
// v), gives the published receipt_hash and recovers the match's operator.
func TestReadmeChecksTheDemoMatchsReceipts(t *testing.T) {
	b, err := os.ReadFile("../testdata/demo_match.json")
	if err != nil {
		t.Fatal(err)
	}
	var m demoMatch
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	kec := crypto.Keccak256
	u := func(v uint64) []byte { return new(big.Int).SetUint64(v).FillBytes(make([]byte, 32)) }
	contract := kec([]byte("Arena"), hexutil.MustDecode(m.Arena))[12:]
	sep := func(chainID uint64) []byte {
		return kec(kec([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)")),
			kec([]byte("Arena")), kec([]byte("1")), u(chainID), append(make([]byte, 12), contract...))
	}
	typeString := readmeType(t)
	reasons := []string{"none", "invalid_json", "illegal_move", "timeout", "provider_error"}
	checked := 0
	for _, turn := range m.Turns {
		for _, d := range turn.Decisions {
			r := d.Receipt
			where := fmt.Sprintf("turn %d agent %d", turn.Turn, d.Agent)
			if hexutil.Encode(kec([]byte(d.Prompt))) != r.PromptHash || hexutil.Encode(kec([]byte(d.Response))) != r.ResponseHash {
				t.Errorf("%s: keccak256 of the raw texts differs from the receipt's hashes", where)
			}
			matchID := append(make([]byte, 24), binary.BigEndian.AppendUint64(nil, r.Match)...)
			fallback := uint64(0)
			if r.Fallback {
				fallback = 1
			}
			reason := slices.Index(reasons, r.Reason)
			if reason < 0 {
				t.Fatalf("%s: reason %q is not one the README numbers", where, r.Reason)
			}
			body := kec(kec([]byte(typeString)), matchID, u(r.Turn), u(r.Agent), hexutil.MustDecode(r.PromptHash),
				hexutil.MustDecode(r.ResponseHash), u(r.Move), u(fallback), u(uint64(reason)), u(r.StartedAt), u(r.FinishedAt))
			digest := kec([]byte{0x19, 0x01}, sep(r.ChainID), body)
			if hexutil.Encode(digest) != d.ReceiptHash {
				t.Errorf("%s: digest by the README %s, published %s", where, hexutil.Encode(digest), d.ReceiptHash)
			}
			sig := hexutil.MustDecode(d.Sig)
			if len(sig) != 65 || sig[64] != 27 && sig[64] != 28 {
				t.Fatalf("%s: signature %s is not 65 bytes with v 27 or 28", where, d.Sig)
			}
			if half := new(big.Int).Rsh(crypto.S256().Params().N, 1); new(big.Int).SetBytes(sig[32:64]).Cmp(half) > 0 {
				t.Errorf("%s: s is in the upper half of the curve order", where)
			}
			norm := slices.Clone(sig)
			norm[64] -= 27
			pub, err := crypto.Ecrecover(digest, norm)
			if err != nil {
				t.Fatalf("%s: ecrecover: %v", where, err)
			}
			if got := common.BytesToAddress(kec(pub[1:])[12:]); got.Hex() != m.Operator {
				t.Errorf("%s: the signature recovers %s, the operator is %s", where, got.Hex(), m.Operator)
			}
			if r.Match != m.ID {
				t.Errorf("%s: receipt of match %d in match %d", where, r.Match, m.ID)
			}
			checked++
		}
	}
	if checked == 0 || checked != 2*len(m.Turns) {
		t.Fatalf("checked %d receipts over %d turns", checked, len(m.Turns))
	}
}
