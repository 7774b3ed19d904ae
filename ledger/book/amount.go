package book

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/holiman/uint256"
)

// Amount is an atto-scale unsigned 256-bit quantity of the arena's currency. It crosses
// JSON only as a canonical decimal string ("0", "1500"), never as a number, and decoding
// refuses every other spelling (hex, leading zeros, signs, spaces), so each value has
// exactly one encoding in signed payloads and hashes. The zero value is 0.
type Amount struct{ v uint256.Int }

// ErrAmount reports a string that is not a canonical decimal amount.
var ErrAmount = errors.New("amount must be a decimal string of at most 78 digits without leading zeros")

// maxAmountDigits is the number of decimal digits of 2^256-1.
const maxAmountDigits = 78

// NewAmount returns the amount n.
func NewAmount(n uint64) Amount {
	var a Amount
	a.v.SetUint64(n)
	return a
}

// Ether returns n whole units of the currency (n * 10^18 atto).
func Ether(n uint64) Amount {
	var a Amount
	a.v.SetUint64(n)
	a.v.Mul(&a.v, uint256.NewInt(1_000_000_000_000_000_000))
	return a
}

// ParseAmount parses a canonical decimal string: "0" or a digit 1-9 followed by at most
// 77 more digits, with a value below 2^256.
func ParseAmount(s string) (Amount, error) {
	var a Amount
	if len(s) == 0 || len(s) > maxAmountDigits || (len(s) > 1 && s[0] == '0') {
		return a, fmt.Errorf("%w: %q", ErrAmount, s)
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return a, fmt.Errorf("%w: %q", ErrAmount, s)
		}
	}
	if err := a.v.SetFromDecimal(s); err != nil {
		return a, fmt.Errorf("%w: %q", ErrAmount, s)
	}
	return a, nil
}

// MustAmount is ParseAmount for constants in tests and examples; it panics on a bad string.
func MustAmount(s string) Amount {
	a, err := ParseAmount(s)
	if err != nil {
		panic(err)
	}
	return a
}

// String returns the canonical decimal form.
func (a Amount) String() string { return a.v.Dec() }

// IsZero reports whether a is 0.
func (a Amount) IsZero() bool { return a.v.IsZero() }

// Cmp returns -1, 0 or +1 as a is less than, equal to or greater than b.
func (a Amount) Cmp(b Amount) int { return a.v.Cmp(&b.v) }

// Eq reports whether a == b.
func (a Amount) Eq(b Amount) bool { return a.v.Eq(&b.v) }

// Add returns a+b and whether the sum overflowed 256 bits.
func (a Amount) Add(b Amount) (Amount, bool) {
	var r Amount
	_, over := r.v.AddOverflow(&a.v, &b.v)
	return r, over
}

// Sub returns a-b and whether it underflowed.
func (a Amount) Sub(b Amount) (Amount, bool) {
	var r Amount
	_, under := r.v.SubOverflow(&a.v, &b.v)
	return r, under
}

// Min returns the smaller of a and b.
func (a Amount) Min(b Amount) Amount {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

// MulUint64 returns a*n and whether the product overflowed 256 bits.
func (a Amount) MulUint64(n uint64) (Amount, bool) {
	var r Amount
	_, over := r.v.MulOverflow(&a.v, uint256.NewInt(n))
	return r, over
}

// DivMod returns a divided by n, and the remainder; n must not be 0.
func (a Amount) DivMod(n uint64) (q, rem Amount) {
	q.v.DivMod(&a.v, uint256.NewInt(n), &rem.v)
	return q, rem
}

// Decimals is the number of decimal places between one atto and one whole unit.
const Decimals = 18

// MaxExact is 2^53 − 1, the largest integer every JSON reader holds exactly (a double's
// mantissa). A 64-bit figure a transaction carries that no narrower rule bounds is
// refused above it, so that the views can carry it as a JSON number; a figure that can
// be larger (a seed) is a decimal string, as amounts are.
const MaxExact = 1<<53 - 1

// Units formats a in whole units of the currency with only the decimals it needs:
// 1500000000000000000 is "1.5", 5000000000000000000 is "5", 1 is
// "0.000000000000000001". It works on the decimal digits, never on floats, so every
// amount up to 2^256-1 prints exactly.
func (a Amount) Units() string {
	s := a.v.Dec()
	if len(s) <= Decimals {
		s = strings.Repeat("0", Decimals+1-len(s)) + s
	}
	whole, frac := s[:len(s)-Decimals], strings.TrimRight(s[len(s)-Decimals:], "0")
	if frac == "" {
		return whole
	}
	return whole + "." + frac
}

// Bytes32 returns the big-endian 32-byte encoding, which sorts like the value.
func (a Amount) Bytes32() [32]byte { return a.v.Bytes32() }

// MarshalJSON encodes a as a quoted decimal string.
func (a Amount) MarshalJSON() ([]byte, error) {
	return []byte(`"` + a.v.Dec() + `"`), nil
}

// UnmarshalJSON accepts only a quoted canonical decimal string.
func (a *Amount) UnmarshalJSON(b []byte) error {
	var s string
	if plainDigits(b) { // decodes as json.Unmarshal would: no escape, nothing to unquote
		s = string(b[1 : len(b)-1])
	} else if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("%w: got %s", ErrAmount, truncate(string(b), 40))
	}
	v, err := ParseAmount(s)
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// plainDigits reports whether b is a JSON string of decimal digits: one that is the
// string between its quotes.
func plainDigits(b []byte) bool {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return false
	}
	for _, c := range b[1 : len(b)-1] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// MulDiv returns a*b/d rounded down, with a 512-bit intermediate product, and whether
// the quotient overflowed 256 bits or d is 0 (then it returns 0).
func (a Amount) MulDiv(b, d Amount) (Amount, bool) {
	if d.IsZero() {
		return Amount{}, true
	}
	var r Amount
	_, over := r.v.MulDivOverflow(&a.v, &b.v, &d.v)
	return r, over
}
