package coder

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// FuzzEveryStreamDecodes: any bytes, under models drawn from any seed, round trip; and
// the decoder never panics on a stream it did not write.
func FuzzEveryStreamDecodes(f *testing.F) {
	f.Add([]byte("hello"), uint64(1), []byte{})
	f.Add([]byte{0, 255, 0, 255}, uint64(7), []byte{0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, data []byte, seed uint64, junk []byte) {
		r := rand.New(rand.NewPCG(seed, 14))
		ms := []fixed{randomModel(r), randomModel(r), uniform(uint32(seed % 5))}
		stream, _ := encodeAll(t, ms, data)
		if got := decodeAll(t, ms, stream, len(data)); !bytes.Equal(got, data) {
			t.Fatal("decoded bytes differ")
		}
		d := NewDecoder(junk)
		for i := range 64 {
			if _, err := d.Decode(ms[i%len(ms)]); err != nil {
				break
			}
		}
	})
}
