package registry

import (
	_ "embed"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"

	"github.com/arena/arena/ledger/match/receipt"
)

//go:embed ReceiptVerifier.abi
var verifierABIJSON string

//go:embed ReceiptVerifier.bin
var verifierBinHex string

// VerifierABI is the receipt verifier's parsed ABI.
var VerifierABI = mustParse("ReceiptVerifier.abi", verifierABIJSON)

// VerifierBytecode is the receipt verifier's creation code, without constructor arguments.
var VerifierBytecode = mustDecode("ReceiptVerifier.bin", verifierBinHex)

func mustParse(name, s string) abi.ABI {
	a, err := abi.JSON(strings.NewReader(s))
	if err != nil {
		panic(fmt.Sprintf("registry: %s: %v", name, err))
	}
	return a
}

func mustDecode(name, s string) []byte {
	b, err := hex.DecodeString(strings.TrimSpace(s))
	if err != nil {
		panic(fmt.Sprintf("registry: %s: %v", name, err))
	}
	return b
}

// tuple is the verifier's Receipt struct, field for field. IsFallback is the EIP-712
// type's `fallback` member, renamed in Solidity, where fallback is a keyword.
type tuple struct {
	MatchID        [32]byte `abi:"matchId"`
	Turn           uint32   `abi:"turn"`
	AgentID        uint32   `abi:"agentId"`
	PromptHash     [32]byte `abi:"promptHash"`
	ResponseHash   [32]byte `abi:"responseHash"`
	Move           uint8    `abi:"move"`
	IsFallback     bool     `abi:"isFallback"`
	FallbackReason uint8    `abi:"fallbackReason"`
	StartedAt      uint64   `abi:"startedAt"`
	FinishedAt     uint64   `abi:"finishedAt"`
}

func tupleOf(r receipt.Receipt) tuple {
	return tuple{
		MatchID: receipt.MatchID(r.Match), Turn: r.Turn, AgentID: r.Agent,
		PromptHash: r.PromptHash, ResponseHash: r.ResponseHash, Move: r.Move,
		IsFallback: r.Fallback, FallbackReason: uint8(r.Reason), StartedAt: r.StartedAt, FinishedAt: r.FinishedAt,
	}
}

// DeployVerifier returns the creation data of a verifier for the arena whose genesis
// hash is arena: its domain names the arena by domain.VerifyingContract(arena).
func DeployVerifier(arena [32]byte) []byte {
	args, err := VerifierABI.Pack("", arena)
	if err != nil {
		panic(fmt.Sprintf("registry: pack verifier constructor: %v", err)) // the ABI is ours and fixed
	}
	return append(append([]byte{}, VerifierBytecode...), args...)
}

// ReceiptDigest returns the calldata of digest(r, r.ChainID); the call returns
// receipt.Digest of r when the verifier was deployed for the same arena.
func ReceiptDigest(r receipt.Receipt) []byte {
	return packVerifier("digest", tupleOf(r), r.ChainID)
}

// ReceiptSigner returns the calldata of signer(r, r.ChainID, sig); the call returns what
// receipt.Recover returns, and reverts where Recover refuses the signature.
func ReceiptSigner(r receipt.Receipt, sig []byte) []byte {
	return packVerifier("signer", tupleOf(r), r.ChainID, sig)
}

// DomainSeparator returns the calldata of domainSeparator(chainID).
func DomainSeparator(chainID uint64) []byte {
	return packVerifier("domainSeparator", chainID)
}

func packVerifier(method string, args ...any) []byte {
	data, err := VerifierABI.Pack(method, args...)
	if err != nil {
		panic(fmt.Sprintf("registry: pack %s: %v", method, err)) // the ABI and the argument types are ours
	}
	return data
}

// DecodeReceiptDigest decodes the return data of digest or domainSeparator.
func DecodeReceiptDigest(out []byte) ([32]byte, error) {
	v, err := VerifierABI.Unpack("digest", out)
	if err != nil {
		return [32]byte{}, fmt.Errorf("decode digest: %w", err)
	}
	d, ok := v[0].([32]byte)
	if !ok {
		return [32]byte{}, fmt.Errorf("decode digest: unexpected type %T", v[0])
	}
	return d, nil
}

// DecodeReceiptSigner decodes the return data of signer.
func DecodeReceiptSigner(out []byte) (common.Address, error) {
	v, err := VerifierABI.Unpack("signer", out)
	if err != nil {
		return common.Address{}, fmt.Errorf("decode signer: %w", err)
	}
	a, ok := v[0].(common.Address)
	if !ok {
		return common.Address{}, fmt.Errorf("decode signer: unexpected type %T", v[0])
	}
	return a, nil
}

// VerifierRevertReason names the verifier's custom error in revert data, with its
// arguments, e.g. "BadSignatureLength(64)", or returns false if data is not one of them.
func VerifierRevertReason(data []byte) (string, bool) {
	return revertReason(VerifierABI, data)
}

func revertReason(a abi.ABI, data []byte) (string, bool) {
	if len(data) < 4 {
		return "", false
	}
	for _, e := range a.Errors {
		if string(e.ID[:4]) != string(data[:4]) {
			continue
		}
		args, err := e.Inputs.Unpack(data[4:])
		if err != nil {
			return "", false
		}
		parts := make([]string, len(args))
		for i, a := range args {
			parts[i] = fmt.Sprint(a)
		}
		return e.Name + "(" + strings.Join(parts, ", ") + ")", true
	}
	return "", false
}
