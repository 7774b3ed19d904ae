package challenge

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"strconv"

	"github.com/arena/arena/ledger/challenge/koth"
	"github.com/arena/arena/ledger/season"
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
	return season.AnchoredSeed("arena challenge run", anchor, uint64(id))
}

// ConfirmSeed returns a confirmation run's seed, in hex: sha256(the pair's CRN seed as
// 24 zero bytes then 8 bytes big-endian ‖ 0x00 ‖ anchor), where anchor is the ledger's
// state hash at the end of the block whose fold opened the run (koth.AnchorCRN). Both
// sides of a pair, opened by the same fold, run on the same seed.
func ConfirmSeed(crn uint64, anchor [32]byte) string {
	h := koth.AnchorCRN(crn, anchor)
	return hex.EncodeToString(h[:])
}

// seedKey returns the confirmation seed a fold compares on: the first 8 bytes of the
// run's seed, big-endian, masked to 63 bits. Two runs share it only when they ran on
// the same dataset.
func seedKey(seed string) uint64 {
	b, _ := hex.DecodeString(seed)
	if len(b) < 8 {
		return 0
	}
	return binary.BigEndian.Uint64(b[:8]) & (1<<63 - 1)
}

// CRNSeedHex writes a CRN seed as the 32 bytes ConfirmSeed anchors, in hex: 24 zero
// bytes then the seed as 8 bytes big-endian. It is no longer a run's seed.
func CRNSeedHex(crn uint64) string {
	b := koth.CRNBytes(crn)
	return hex.EncodeToString(b[:])
}
