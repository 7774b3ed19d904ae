package book

import (
	"encoding/binary"
	"strings"
	"sync"
	"testing"
)

// eip55 are the checksummed addresses of EIP-55's own examples.
var eip55 = []string{
	"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
	"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
	"0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
	"0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
}

// TestStringIsEIP55ForAddressesThatShareASlot: String gives each address its EIP-55
// form even when addresses that share a slot of the remembered forms alternate, from
// many goroutines at once.
func TestStringIsEIP55ForAddressesThatShareASlot(t *testing.T) {
	var addrs []Address
	for _, s := range eip55 {
		a, err := ParseAddress(strings.ToLower(s))
		if err != nil {
			t.Fatal(err)
		}
		addrs = append(addrs, a)
	}
	// Each example's twin differs in its middle bytes only, so it takes the same slot.
	var twins []Address
	for _, a := range addrs {
		b := a
		b[8] ^= 0xff
		if binary.LittleEndian.Uint32(b[:4])^binary.LittleEndian.Uint32(b[16:]) != binary.LittleEndian.Uint32(a[:4])^binary.LittleEndian.Uint32(a[16:]) {
			t.Fatal("the twin takes another slot")
		}
		twins = append(twins, b)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 200 {
				for i, a := range addrs {
					if got := a.String(); got != eip55[i] {
						t.Errorf("String() = %s, want %s", got, eip55[i])
						return
					}
					if got, want := twins[i].String(), checksum(twins[i]); got != want {
						t.Errorf("twin String() = %s, want %s", got, want)
						return
					}
				}
			}
		})
	}
	wg.Wait()
}

// TestAddressJSONDecodesEverySpellingAsBefore: a quoted address decodes alike whether
// its characters are plain, which skips unquoting, or escaped; a bad checksum and a bad
// string are refused with their messages.
func TestAddressJSONDecodesEverySpellingAsBefore(t *testing.T) {
	want := MustAddress(eip55[0])
	for _, tc := range []struct{ in, err string }{
		{`"` + eip55[0] + `"`, ""},
		{`"` + strings.ToLower(eip55[0]) + `"`, ""},
		{`"0X` + strings.ToUpper(eip55[0][2:]) + `"`, ""},
		{`"\u0030x` + eip55[0][2:] + `"`, ""},
		{`"0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"`, `address "0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" has a bad EIP-55 checksum`},
		{`"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg"`, `address must be 0x followed by 40 hex digits: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg"`},
		{`"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA` + "\t" + `"`, "address must be 0x followed by 40 hex digits: got \"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA\t\""},
		{`12`, `address must be 0x followed by 40 hex digits: got 12`},
	} {
		var a Address
		err := a.UnmarshalJSON([]byte(tc.in))
		switch {
		case tc.err == "" && (err != nil || a != want):
			t.Errorf("decode %s = %v, %v; want %v", tc.in, a, err, want)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("decode %s: error %v, want %q", tc.in, err, tc.err)
		}
	}
}

// TestAmountJSONDecodesEverySpellingAsBefore: a quoted amount decodes alike whether its
// digits are plain or escaped; every other spelling is refused with its message.
func TestAmountJSONDecodesEverySpellingAsBefore(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{`"1500"`, "1500", ""},
		{`"0"`, "0", ""},
		{`"\u0031500"`, "1500", ""},
		{`"01"`, "", `amount must be a decimal string of at most 78 digits without leading zeros: "01"`},
		{`""`, "", `amount must be a decimal string of at most 78 digits without leading zeros: ""`},
		{`"1e3"`, "", `amount must be a decimal string of at most 78 digits without leading zeros: "1e3"`},
		{`1500`, "", `amount must be a decimal string of at most 78 digits without leading zeros: got 1500`},
	} {
		var a Amount
		err := a.UnmarshalJSON([]byte(tc.in))
		switch {
		case tc.err == "" && (err != nil || a.String() != tc.want):
			t.Errorf("decode %s = %v, %v; want %s", tc.in, a, err, tc.want)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("decode %s: error %v, want %q", tc.in, err, tc.err)
		}
	}
}
