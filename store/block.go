package store

import (
	"encoding/hex"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/outbox"
)

// BlockInfo is one row of the blocks table.
type BlockInfo struct {
	Height uint64
	Time   int64    // block time, unix seconds
	Hash   [32]byte // the ledger's state hash after the block
	Txs    int      // transactions in the block
	// Version is the protocol version the block was applied under (ledger/version.go);
	// every block written before blocks recorded it was applied under version 1.
	Version uint64
}

// TxRecord is one transaction of a block with what applying it did.
type TxRecord struct {
	Index   int      // position in the block, from 0
	ID      [32]byte // the transaction's SigningHash
	Tx      *ledger.Tx
	Outcome ledger.Outcome
	// Wire, when not nil, is Tx's encoding as its block carried it, which CommitBlock
	// stores as it is instead of encoding Tx again. Reading a block back leaves it nil.
	Wire []byte
}

// StoredBlock is a block as the log holds it: its row, the events its begin-block work
// produced and its transactions, in order. Kept is false for a block written before the
// log kept begin-block events (schema version 2 and earlier): its Events are unknown,
// not none.
type StoredBlock struct {
	BlockInfo
	Events []ledger.Event
	Kept   bool
	Txs    []TxRecord
}

// TxAt is a transaction found by id, with the height of its block.
type TxAt struct {
	Height uint64
	TxRecord
}

// CommittedBlock is everything CommitBlock writes for one block: the block row with the
// events the block's begin-block work produced (ledger.State.BlockEvents), its
// transactions with their outcomes (the begin-block events and then the transactions'
// fill the events table), and, when Checkpoint is not nil, the full ledger encoding
// after the block.
type CommittedBlock struct {
	Height     uint64
	Time       int64
	Hash       [32]byte
	Events     []ledger.Event
	Txs        []TxRecord
	Checkpoint []byte
	Version    uint64 // the protocol version the block was applied under; 0 is read as 1
}

// Info returns the block's row.
func (b *CommittedBlock) Info() BlockInfo {
	return BlockInfo{Height: b.Height, Time: b.Time, Hash: b.Hash, Txs: len(b.Txs), Version: max(b.Version, 1)}
}

// HexID returns id as 0x-prefixed lower-case hex, the form the txs table stores
// (outbox.HexID, the API's form).
func HexID(id [32]byte) string { return outbox.HexID(id) }

// ParseID parses the 0x hex form of a transaction id or state hash (outbox.ParseID).
func ParseID(s string) ([32]byte, error) { return outbox.ParseID(s) }

// addr is the form addresses take in indexed columns: lower-case 0x hex.
func addr(a ledger.Address) string { return "0x" + hex.EncodeToString(a[:]) }
