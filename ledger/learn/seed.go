package learn

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/arena/arena/ledger/season"
)

// RunSeed returns a run's seed, in hex: keccak256("arena learn run" ‖ anchor ‖ the run
// id as 8 bytes big-endian), where anchor is the ledger's state hash at the end of the
// block that committed the run.
func RunSeed(anchor [32]byte, id RunID) string {
	return season.AnchoredSeed("arena learn run", anchor, uint64(id))
}

// InitSeed returns the seed that keys the ChaCha8 stream filling a run's parameter
// region, in hex: sha256("arena learn init\n" + seed), seed the run's seed in hex.
func InitSeed(seed string) string {
	h := sha256.Sum256([]byte("arena learn init\n" + seed))
	return hex.EncodeToString(h[:])
}
