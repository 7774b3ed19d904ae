package season

import (
	"encoding/binary"
	"encoding/hex"

	"github.com/ethereum/go-ethereum/crypto"
)

// AnchoredSeed returns a run's seed anchored on the state hash anchor, in hex:
// keccak256(domain ‖ anchor ‖ id as 8 bytes big-endian). Every kind whose runs wait for
// the next block's anchor names its own domain.
func AnchoredSeed(domain string, anchor [32]byte, id uint64) string {
	b := make([]byte, 0, len(domain)+32+8)
	b = append(b, domain...)
	b = append(b, anchor[:]...)
	b = binary.BigEndian.AppendUint64(b, id)
	return hex.EncodeToString(crypto.Keccak256(b))
}
