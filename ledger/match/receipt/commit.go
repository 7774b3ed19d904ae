package receipt

import (
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/crypto"
)

// commitArgs are the commitment's ABI types, in order.
var commitArgs = abi.Arguments{
	{Type: abiType("uint256")}, // matchId
	{Type: abiType("uint256")}, // turn
	{Type: abiType("uint256")}, // agentId
	{Type: abiType("uint8")},   // move
	{Type: abiType("bytes32")}, // receiptHash
	{Type: abiType("bytes32")}, // salt
}

// abiType returns the ABI type named t, one of the few fixed names above.
func abiType(t string) abi.Type {
	ty, err := abi.NewType(t, "", nil)
	if err != nil {
		panic("receipt: abi type " + t + ": " + err.Error())
	}
	return ty
}

// Commitment returns the commitment to one agent's move in a turn:
// keccak256(abi.encode(uint256 match, uint256 turn, uint256 agent, uint8 move, bytes32
// receiptHash, bytes32 salt)), 6 words of 32 bytes each, as Solidity's abi.encode writes
// them.
func Commitment(match uint64, turn uint32, agent uint32, move uint8, receiptHash [32]byte, salt [32]byte) [32]byte {
	b, err := commitArgs.Pack(
		new(big.Int).SetUint64(match),
		new(big.Int).SetUint64(uint64(turn)),
		new(big.Int).SetUint64(uint64(agent)),
		move, receiptHash, salt,
	)
	if err != nil {
		// The values' Go types are fixed to match commitArgs, so Pack cannot fail.
		panic("receipt: encode commitment: " + err.Error())
	}
	return crypto.Keccak256Hash(b)
}
