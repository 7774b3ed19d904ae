package book

import (
	"encoding/hex"
	"strings"
	"testing"
)

// eip55 are the mixed-case examples of EIP-55.
var eip55 = []string{
	"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
	"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
	"0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
	"0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
}

// TestAnAddressPrintsItsEIP55Checksum: String is EIP-55's checksummed form, the first
// time and every time after.
func TestAnAddressPrintsItsEIP55Checksum(t *testing.T) {
	for _, want := range eip55 {
		a, err := ParseAddress(want)
		if err != nil {
			t.Fatalf("ParseAddress(%s): %v", want, err)
		}
		for range 2 {
			if got := a.String(); got != want {
				t.Errorf("String() = %s, want %s", got, want)
			}
		}
	}
}

// TestAddressesSharingACacheSlotPrintTheirOwn: two addresses with the same final bytes
// keep the same slot of String's cache; each still prints its own checksum, in turn.
func TestAddressesSharingACacheSlotPrintTheirOwn(t *testing.T) {
	a, b := MustAddress(eip55[0]), MustAddress(eip55[1])
	b[18], b[19] = a[18], a[19]
	wantB := b.checksum()
	for range 3 {
		if got := a.String(); got != eip55[0] {
			t.Errorf("a.String() = %s, want %s", got, eip55[0])
		}
		if got := b.String(); got != wantB {
			t.Errorf("b.String() = %s, want %s", got, wantB)
		}
	}
	if !strings.EqualFold(wantB, "0x"+hex.EncodeToString(b[:])) {
		t.Errorf("b's checksum %s is not its own", wantB)
	}
}
