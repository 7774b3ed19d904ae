package receipt

import (
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/arena/arena/ledger/typed/domain"
)

// TypeString is the EIP-712 encoding of the Receipt type, whose keccak256 is its type
// hash; a contract that verifies receipts declares the same string.
const TypeString = "Receipt(bytes32 matchId,uint32 turn,uint32 agentId,bytes32 promptHash,bytes32 responseHash,uint8 move,bool fallback,uint8 fallbackReason,uint64 startedAt,uint64 finishedAt)"

// ErrSignature is returned, wrapped, for a signature Recover cannot accept.
var ErrSignature = errors.New("bad signature")

// receiptType is the EIP-712 Receipt type, field by field in the signed order.
var receiptType = []apitypes.Type{
	{Name: "matchId", Type: "bytes32"},
	{Name: "turn", Type: "uint32"},
	{Name: "agentId", Type: "uint32"},
	{Name: "promptHash", Type: "bytes32"},
	{Name: "responseHash", Type: "bytes32"},
	{Name: "move", Type: "uint8"},
	{Name: "fallback", Type: "bool"},
	{Name: "fallbackReason", Type: "uint8"},
	{Name: "startedAt", Type: "uint64"},
	{Name: "finishedAt", Type: "uint64"},
}

// TypedData returns r as the EIP-712 typed data a wallet signs with
// eth_signTypedData_v4: the arena's domain (domain.Of) for the arena whose genesis hash
// is arena and r's signature chain id, the Receipt type and r. It refuses a receipt
// whose signature chain id is zero.
func TypedData(arena [32]byte, r Receipt) (apitypes.TypedData, error) {
	dom, err := domain.Of(arena, r.ChainID)
	if err != nil {
		return apitypes.TypedData{}, fmt.Errorf("receipt: %w", err)
	}
	u := func(v uint64) string { return strconv.FormatUint(v, 10) }
	id := MatchID(r.Match)
	return apitypes.TypedData{
		Types: apitypes.Types{
			"EIP712Domain": domain.Fields(),
			"Receipt":      slices.Clone(receiptType),
		},
		PrimaryType: "Receipt",
		Domain:      dom,
		Message: apitypes.TypedDataMessage{
			"matchId":        hexutil.Bytes(id[:]),
			"turn":           u(uint64(r.Turn)),
			"agentId":        u(uint64(r.Agent)),
			"promptHash":     hexutil.Bytes(r.PromptHash[:]),
			"responseHash":   hexutil.Bytes(r.ResponseHash[:]),
			"move":           u(uint64(r.Move)),
			"fallback":       r.Fallback,
			"fallbackReason": u(uint64(r.Reason)),
			"startedAt":      u(r.StartedAt),
			"finishedAt":     u(r.FinishedAt),
		},
	}, nil
}

// Digest returns r's EIP-712 digest in the domain of arena and r's signature chain id,
// keccak256("\x19\x01" || domainSeparator || hashStruct(r)): the receipt's receiptHash,
// the hash that is signed. It hashes any receipt, valid or not.
func Digest(arena [32]byte, r Receipt) ([32]byte, error) {
	td, err := TypedData(arena, r)
	if err != nil {
		return [32]byte{}, err
	}
	h, _, err := apitypes.TypedDataAndHash(td)
	if err != nil {
		return [32]byte{}, fmt.Errorf("receipt: digest: %w", err)
	}
	return [32]byte(h), nil
}

// Sign signs r's digest with key and returns the 65-byte signature r || s || v, with v
// 27 or 28 as wallets and ecrecover use it. It signs any receipt, valid or not.
func Sign(arena [32]byte, r Receipt, key *ecdsa.PrivateKey) ([]byte, error) {
	d, err := Digest(arena, r)
	if err != nil {
		return nil, err
	}
	sig, err := crypto.Sign(d[:], key)
	if err != nil {
		return nil, fmt.Errorf("receipt: sign: %w", err)
	}
	sig[64] += 27
	return sig, nil
}

// Recover returns the address whose key signed r's digest with sig, a 65-byte r || s ||
// v signature with v 0, 1, 27 or 28. It refuses a signature of another length, another
// v, or an s in the upper half of the curve order (so that a receipt has one signature
// per key, not two).
func Recover(arena [32]byte, r Receipt, sig []byte) (common.Address, error) {
	if len(sig) != crypto.SignatureLength {
		return common.Address{}, fmt.Errorf("receipt: recover: %d bytes: %w", len(sig), ErrSignature)
	}
	v := sig[64]
	if v >= 27 {
		v -= 27
	}
	if !crypto.ValidateSignatureValues(v, new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:64]), true) {
		return common.Address{}, fmt.Errorf("receipt: recover: v %d or r, s out of range: %w", sig[64], ErrSignature)
	}
	d, err := Digest(arena, r)
	if err != nil {
		return common.Address{}, err
	}
	norm := make([]byte, crypto.SignatureLength)
	copy(norm, sig)
	norm[64] = v
	pub, err := crypto.SigToPub(d[:], norm)
	if err != nil {
		return common.Address{}, fmt.Errorf("receipt: recover: %w: %w", ErrSignature, err)
	}
	return crypto.PubkeyToAddress(*pub), nil
}
