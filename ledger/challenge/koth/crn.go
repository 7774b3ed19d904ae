package koth

import (
	"crypto/sha256"
	"encoding/binary"
	"slices"
	"strconv"
)

// CRNSeed returns the common-random-numbers seed of a set of agents on a bench version
// (FACTS §3.4 item 7): sha256 over the sorted agent ids each followed by a zero byte,
// then the version as decimal text, then, for k > 0, a zero byte, 'k' and k as decimal;
// the first 8 bytes of the digest little-endian, masked to 63 bits.
func CRNSeed(ids []string, version uint32, k int) uint64 {
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	h := sha256.New()
	for _, id := range sorted {
		h.Write([]byte(id))
		h.Write([]byte{0})
	}
	h.Write([]byte(strconv.FormatUint(uint64(version), 10)))
	if k > 0 {
		h.Write([]byte{0, 'k'})
		h.Write([]byte(strconv.Itoa(k)))
	}
	return binary.LittleEndian.Uint64(h.Sum(nil)[:8]) & (1<<63 - 1)
}

// ConfirmationSeeds returns the CRN seeds k = 0..count-1 of a set of agents on a version.
func ConfirmationSeeds(ids []string, version uint32, count int) []uint64 {
	out := make([]uint64, count)
	for k := range out {
		out[k] = CRNSeed(ids, version, k)
	}
	return out
}
