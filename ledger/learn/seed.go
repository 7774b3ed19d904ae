package learn

import (
	"crypto/sha256"
	"encoding/hex"

	chall "github.com/arena/arena/ledger/challenge"
)

// RunSeed returns a run's seed, in hex: keccak256("arena learn run" ‖ anchor ‖ the run
// id as 8 bytes big-endian), where anchor is the ledger's state hash at the end of the
// block that committed the run.
func RunSeed(anchor [32]byte, id RunID) string {
	return chall.AnchoredSeed("arena learn run", anchor, uint64(id))
}

// InitSeed returns the seed that keys the ChaCha8 stream filling a run's parameter
// region, in hex: sha256("arena learn init\n" ‖ the run's 32 seed bytes), as the
// sandbox keys it (sandbox.InitDomain); seed is the run's seed in hex.
func InitSeed(seed string) string {
	raw, _ := hex.DecodeString(seed) // the ledger writes 64 hex digits
	h := sha256.Sum256(append([]byte("arena learn init\n"), raw...))
	return hex.EncodeToString(h[:])
}
