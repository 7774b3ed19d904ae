package wire

import "github.com/arena/arena/outbox"

// HexID returns a transaction id or state hash in the form the API and the store write
// it: 0x-prefixed lower-case hex.
func HexID(id [32]byte) string { return outbox.HexID(id) }

// ParseID parses the 0x hex form of a transaction id or state hash.
func ParseID(s string) ([32]byte, error) { return outbox.ParseID(s) }
