// Package domain is the EIP-712 domain every arena signature is made in: transactions,
// match receipts, model-call receipts and upload signatures alike. It names the arena
// (by an address derived from its genesis hash) and the EVM chain the signer's wallet
// was on, and it imports nothing of the ledger, so that every package that hashes a
// signed record can build the same domain.
package domain

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// Name is the domain's name.
const Name = "Arena"

// Version is the domain's version; it changes whenever the schema of any signed type
// changes.
const Version = "1"

// TypeString is the EIP-712 encoding of the domain's type.
const TypeString = "EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"

// Fields is the EIP712Domain type: name, version, chainId and verifyingContract, in
// that order. A caller gets a fresh copy.
func Fields() []apitypes.Type {
	return []apitypes.Type{
		{Name: "name", Type: "string"},
		{Name: "version", Type: "string"},
		{Name: "chainId", Type: "uint256"},
		{Name: "verifyingContract", Type: "address"},
	}
}

// ErrChainID is returned, wrapped, for a signature chain id of zero.
var ErrChainID = errors.New("the signature chain id must be 1 to 18446744073709551615")

// VerifyingContract returns the address that names the arena whose genesis hash is
// genesis: the last 20 bytes of keccak256("Arena" || genesis). It is no contract; it
// names the arena in a form every wallet accepts.
func VerifyingContract(genesis [32]byte) common.Address {
	return common.BytesToAddress(crypto.Keccak256([]byte(Name), genesis[:])[12:])
}

// Of returns the domain of a signature for the arena whose genesis hash is genesis,
// made by a wallet on EVM chain chainID. A chain id of zero is refused: no wallet is on
// it.
func Of(genesis [32]byte, chainID uint64) (apitypes.TypedDataDomain, error) {
	if chainID == 0 {
		return apitypes.TypedDataDomain{}, fmt.Errorf("domain: %w", ErrChainID)
	}
	return apitypes.TypedDataDomain{
		Name:              Name,
		Version:           Version,
		ChainId:           (*math.HexOrDecimal256)(new(big.Int).SetUint64(chainID)),
		VerifyingContract: VerifyingContract(genesis).Hex(),
	}, nil
}

// Hash returns the digest of a struct whose hashStruct is structHash, signed in the
// domain of genesis and chainID: keccak256(0x19 0x01 || domainSeparator || structHash).
func Hash(genesis [32]byte, chainID uint64, structHash []byte) ([32]byte, error) {
	sep, err := Separator(genesis, chainID)
	if err != nil {
		return [32]byte{}, err
	}
	return crypto.Keccak256Hash([]byte{0x19, 0x01}, sep[:], structHash), nil
}

// Separator returns the domain separator of genesis and chainID: hashStruct of the
// domain.
func Separator(genesis [32]byte, chainID uint64) ([32]byte, error) {
	if chainID == 0 {
		return [32]byte{}, fmt.Errorf("domain: %w", ErrChainID)
	}
	word := make([]byte, 32)
	new(big.Int).SetUint64(chainID).FillBytes(word)
	vc := VerifyingContract(genesis)
	return crypto.Keccak256Hash(crypto.Keccak256([]byte(TypeString)), crypto.Keccak256([]byte(Name)),
		crypto.Keccak256([]byte(Version)), word, common.LeftPadBytes(vc[:], 32)), nil
}
