package wire

import (
	"encoding/hex"
	"fmt"
)

// HexID returns a transaction id or state hash in the form the API and the store write
// it: 0x-prefixed lower-case hex.
func HexID(id [32]byte) string { return "0x" + hex.EncodeToString(id[:]) }

// ParseID parses the 0x hex form of a transaction id or state hash.
func ParseID(s string) ([32]byte, error) {
	var id [32]byte
	if len(s) != 66 || s[:2] != "0x" {
		return id, fmt.Errorf("id %q is not 0x followed by 64 hex digits", s)
	}
	if _, err := hex.Decode(id[:], []byte(s[2:])); err != nil {
		return id, fmt.Errorf("id %q is not 0x followed by 64 hex digits", s)
	}
	return id, nil
}
