package book

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/ethereum/go-ethereum/crypto"
)

// Address is a 20-byte Ethereum-style account address: the last 20 bytes of the
// keccak256 of an uncompressed secp256k1 public key. It crosses JSON as 0x-prefixed hex
// with the EIP-55 checksum; decoding accepts any case but refuses a wrong checksum in
// mixed case.
type Address [20]byte

// ErrAddress reports a string that is not a 20-byte hex address.
var ErrAddress = errors.New("address must be 0x followed by 40 hex digits")

// ParseAddress parses "0x" + 40 hex digits. A mixed-case string must carry a valid
// EIP-55 checksum.
func ParseAddress(s string) (Address, error) {
	var a Address
	if len(s) != 42 || (s[:2] != "0x" && s[:2] != "0X") {
		return a, fmt.Errorf("%w: %q", ErrAddress, truncate(s, 50))
	}
	if _, err := hex.Decode(a[:], []byte(s[2:])); err != nil {
		return a, fmt.Errorf("%w: %q", ErrAddress, s)
	}
	body := s[2:]
	if body != strings.ToLower(body) && body != strings.ToUpper(body) && a.String()[2:] != body {
		return Address{}, fmt.Errorf("address %q has a bad EIP-55 checksum", s)
	}
	return a, nil
}

// MustAddress is ParseAddress for constants; it panics on a bad string.
func MustAddress(s string) Address {
	a, err := ParseAddress(s)
	if err != nil {
		panic(err)
	}
	return a
}

// IsZero reports whether a is the zero address.
func (a Address) IsZero() bool { return a == Address{} }

// String returns the EIP-55 checksummed hex form.
func (a Address) String() string {
	slot := &checksummed[(int(a[18])<<8|int(a[19]))&(len(checksummed)-1)]
	if c := slot.Load(); c != nil && c.a == a {
		return c.s
	}
	s := a.checksum()
	slot.Store(&checksum{a: a, s: s})
	return s
}

// checksummed holds String's recent answers: the checksum costs a keccak256, and an
// arena encodes the same addresses again and again (a transaction's sender in its wire
// form, its outcome's events, its receipt). Each slot keeps the last address whose
// final bytes chose it, so the memory is bounded and a miss costs only the hash.
var checksummed [1 << 10]atomic.Pointer[checksum]

type checksum struct {
	a Address
	s string
}

// checksum computes the EIP-55 form.
func (a Address) checksum() string {
	lower := hex.EncodeToString(a[:])
	h := crypto.NewKeccakState()
	h.Write([]byte(lower))
	sum := h.Sum(nil)
	out := []byte("0x" + lower)
	for i := 0; i < 40; i++ {
		c := out[i+2]
		nibble := sum[i/2] >> 4
		if i%2 == 1 {
			nibble = sum[i/2] & 0x0f
		}
		if c >= 'a' && c <= 'f' && nibble >= 8 {
			out[i+2] = c - 32
		}
	}
	return string(out)
}

// Less orders addresses by their bytes.
func (a Address) Less(b Address) bool { return string(a[:]) < string(b[:]) }

// MarshalJSON encodes a as its checksummed hex string.
func (a Address) MarshalJSON() ([]byte, error) { return []byte(`"` + a.String() + `"`), nil }

// MarshalText encodes a as its checksummed hex string, so addresses can key JSON objects.
func (a Address) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalJSON decodes a quoted hex address.
func (a *Address) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("%w: got %s", ErrAddress, truncate(string(b), 50))
	}
	v, err := ParseAddress(s)
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// UnmarshalText decodes a hex address.
func (a *Address) UnmarshalText(b []byte) error {
	v, err := ParseAddress(string(b))
	if err != nil {
		return err
	}
	*a = v
	return nil
}
