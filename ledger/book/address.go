package book

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
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
	if mixedCase(body) && a.String()[2:] != body {
		return Address{}, fmt.Errorf("address %q has a bad EIP-55 checksum", s)
	}
	return a, nil
}

// mixedCase reports whether the hex digits s hold both a lower-case and an upper-case letter.
func mixedCase(s string) bool {
	lower, upper := false, false
	for _, c := range []byte(s) {
		lower = lower || 'a' <= c && c <= 'f'
		upper = upper || 'A' <= c && c <= 'F'
	}
	return lower && upper
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
	slot := &checksums[(binary.LittleEndian.Uint32(a[:4])^binary.LittleEndian.Uint32(a[16:]))%uint32(len(checksums))]
	if c := slot.Load(); c != nil && c.a == a {
		return c.s
	}
	s := checksum(a)
	slot.Store(&checksummed{a: a, s: s})
	return s
}

// checksums holds the EIP-55 forms of the addresses String computed last, one a slot:
// the same few addresses cross JSON again and again (a transaction's sender, its
// events), and each form costs a keccak256. A slot holds one address and its form
// together, so a reader sees either the whole pair or another address's.
var checksums [4096]atomic.Pointer[checksummed]

type checksummed struct {
	a Address
	s string
}

// checksum computes the EIP-55 checksummed hex form of a.
func checksum(a Address) string {
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
	if plainAddress(b) { // decodes as json.Unmarshal would: no escape, nothing to unquote
		s = string(b[1 : len(b)-1])
	} else if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("%w: got %s", ErrAddress, truncate(string(b), 50))
	}
	v, err := ParseAddress(s)
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// plainAddress reports whether b is a JSON string of 42 characters each of which is a
// hex digit or x or X: one that is the string between its quotes.
func plainAddress(b []byte) bool {
	if len(b) != 44 || b[0] != '"' || b[43] != '"' {
		return false
	}
	for _, c := range b[1:43] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' || c == 'x' || c == 'X') {
			return false
		}
	}
	return true
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
