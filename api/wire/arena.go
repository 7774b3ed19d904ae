package wire

import (
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/arena/arena/ledger"
)

// Arena is GET /v1/arena: the ledger's view of the arena (ledger.ArenaView) and beside
// it what a wallet needs to sign the arena's transactions: the genesis hash every
// transaction names, the EIP-712 domain but its chainId (the wallet's own), and the
// arena's clock at the next block, which a validity bound counts from.
type Arena struct {
	ledger.ArenaView
	GenesisHash string `json:"genesis_hash"` // 0x and 64 hex digits: every transaction's arena
	Domain      Domain `json:"domain"`
	// NextTime is the arena's clock in a block made now (ledger.State.ClockAt of the
	// node's clock): the later of the node's clock and the last block's time, plus every
	// dev_advance, in unix seconds. Admission refuses a transaction whose valid_until is
	// below the clock of the block it would enter: the solo engine times its next block
	// so; under CometBFT consensus times it, and the node's clock stands in.
	NextTime int64 `json:"next_time"`
}

// Domain is the EIP-712 domain of every signature an arena takes, but its chainId,
// which is the chain the signer's wallet is on.
type Domain struct {
	Name              string         `json:"name"`              // typed.DomainName
	Version           string         `json:"version"`           // typed.TypedDataVersion
	VerifyingContract ledger.Address `json:"verifyingContract"` // typed.VerifyingContract of the genesis hash
}

// Schema is one transaction kind's EIP-712 schema: its primary type and the types a
// wallet signs it with (the primary type, every struct type it references and
// EIP712Domain), exactly as the node's table (ledger/typed) holds them.
type Schema struct {
	PrimaryType string         `json:"primaryType"`
	Types       apitypes.Types `json:"types"`
}

// TypedDataTypes is GET /v1/typed-data/types: the schema of every transaction kind the
// arena takes, by kind.
type TypedDataTypes struct {
	Kinds map[ledger.Kind]Schema `json:"kinds"`
}
