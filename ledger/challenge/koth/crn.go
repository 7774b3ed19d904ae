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

// CRNBytes writes a CRN seed as 32 bytes: 24 zero bytes then the seed big-endian.
func CRNBytes(crn uint64) [32]byte {
	var b [32]byte
	binary.BigEndian.PutUint64(b[24:], crn)
	return b
}

// AnchorCRN anchors a CRN seed to a ledger state: sha256(CRNBytes(crn) ‖ 0x00 ‖ anchor).
// FACTS' derivation stays as it is, so a pair shares its seeds and a reader can still
// recompute which pair and k a seed belongs to; the anchor, the state hash at the end of
// the block that opened the runs, is what nobody knows when committing, so no one can
// grind a program for the datasets it will be confirmed on.
func AnchorCRN(crn uint64, anchor [32]byte) [32]byte {
	b := CRNBytes(crn)
	h := sha256.New()
	h.Write(b[:])
	h.Write([]byte{0})
	h.Write(anchor[:])
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// AnchoredSeed is the anchored confirmation seed of a set of agents (their canonical
// digests) on a version, for index k: AnchorCRN(CRNSeed(ids, version, k), anchor).
func AnchoredSeed(ids []string, version uint32, k int, anchor [32]byte) [32]byte {
	return AnchorCRN(CRNSeed(ids, version, k), anchor)
}
