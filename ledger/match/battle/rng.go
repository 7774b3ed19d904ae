package battle

import (
	"encoding/binary"

	"github.com/ethereum/go-ethereum/crypto"
)

// splitmix is the SplitMix64 generator the package documentation names.
type splitmix struct{ state uint64 }

// newSplitmix seeds the generator from the first 8 bytes, big-endian, of keccak256(seed).
func newSplitmix(seed [32]byte) splitmix {
	h := crypto.Keccak256(seed[:])
	return splitmix{state: binary.BigEndian.Uint64(h[:8])}
}

// next returns the generator's next 64-bit value.
func (s *splitmix) next() uint64 {
	s.state += 0x9e3779b97f4a7c15
	z := s.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// roll returns a value in 0..n, as next() % (n+1).
func (s *splitmix) roll(n int) int {
	return int(s.next() % uint64(n+1))
}
