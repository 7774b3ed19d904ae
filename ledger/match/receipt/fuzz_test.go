package receipt

import (
	"encoding/json"
	"testing"
)

// Recover never panics on any signature bytes; what it accepts is 65 bytes.
func FuzzRecover(f *testing.F) {
	f.Add(make([]byte, 65))
	f.Add([]byte{1, 2, 3})
	sig := make([]byte, 65)
	sig[31], sig[63], sig[64] = 1, 1, 27
	f.Add(sig)
	f.Fuzz(func(t *testing.T, sig []byte) {
		if _, err := Recover(chain, sample(), sig); err == nil && len(sig) != 65 {
			t.Fatalf("accepted a %d-byte signature", len(sig))
		}
	})
}

// Decoding never panics; whatever it accepts encodes and decodes to the same receipt.
func FuzzReceiptJSON(f *testing.F) {
	b, _ := json.Marshal(sample())
	f.Add(string(b))
	f.Add(`{"prompt_hash":"0x","reason":"timeout"}`)
	f.Add(`{}`)
	f.Fuzz(func(t *testing.T, s string) {
		var r Receipt
		if json.Unmarshal([]byte(s), &r) != nil {
			return
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("re-encode %+v: %v", r, err)
		}
		var back Receipt
		if err := json.Unmarshal(b, &back); err != nil || back != r {
			t.Fatalf("round trip of %s: %+v, %v", b, back, err)
		}
	})
}
