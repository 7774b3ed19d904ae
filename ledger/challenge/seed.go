package challenge

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"strconv"

	"github.com/ethereum/go-ethereum/crypto"
)

// CheckSeed returns the seed a bench version's check generates, in hex:
// sha256("arena bench check\n" + name + "\n" + version).
func CheckSeed(name string, version uint32) string {
	h := sha256.Sum256([]byte("arena bench check\n" + name + "\n" + strconv.FormatUint(uint64(version), 10)))
	return hex.EncodeToString(h[:])
}

// RunSeed returns an entry or rescore run's seed, in hex: keccak256("arena challenge run"
// ‖ anchor ‖ the run id as 8 bytes big-endian), where anchor is the ledger's state hash at
// the end of the block that created the run.
func RunSeed(anchor [32]byte, id RunID) string {
	return AnchoredSeed("arena challenge run", anchor, uint64(id))
}

// AnchoredSeed returns a seed anchored on the state hash anchor, in hex:
// keccak256(domain ‖ anchor ‖ id as 8 bytes big-endian). Every kind whose runs wait for
// the next block's anchor names its own domain.
func AnchoredSeed(domain string, anchor [32]byte, id uint64) string {
	b := make([]byte, 0, len(domain)+32+8)
	b = append(b, domain...)
	b = append(b, anchor[:]...)
	b = binary.BigEndian.AppendUint64(b, id)
	return hex.EncodeToString(crypto.Keccak256(b))
}

// CRNSeedHex writes a confirmation run's CRN seed as a run seed, in hex: 24 zero bytes
// then the seed as 8 bytes big-endian.
func CRNSeedHex(crn uint64) string {
	var b [32]byte
	binary.BigEndian.PutUint64(b[24:], crn)
	return hex.EncodeToString(b[:])
}
