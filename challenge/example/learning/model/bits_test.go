package model

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"
)

// arch is an architecture as a host drives it.
type arch interface {
	Model
	Predict() *[256]uint32
	Observe(b int)
	Params() []uint16
}

// randomInit fills the parameter region as the host's forced fresh init does (any bytes).
func randomInit(a arch, seed uint64) {
	r := rand.New(rand.NewChaCha8([32]byte{byte(seed)}))
	for i := range a.Params() {
		a.Params()[i] = uint16(r.Uint32())
	}
}

// idealBits is the prequential code length of data (−log2 of the probability of each byte
// with the escape's 1 added to the total), learning with learn after each byte.
func idealBits(t testing.TB, a arch, data []byte, learn func(Model, int)) float64 {
	bits := 0.0
	for _, b := range data {
		f := a.Predict()
		var tot uint64 = 1
		for _, v := range f {
			tot += uint64(v)
		}
		if tot > 1<<24 {
			t.Fatalf("total %d past 2^24", tot)
		}
		if f[b] == 0 {
			t.Fatalf("zero frequency for %d", b)
		}
		bits += math.Log2(float64(tot) / float64(f[b]))
		if learn != nil {
			learn(a, int(b))
		} else {
			a.Observe(int(b))
		}
	}
	return bits
}

func TestBitsPerByteOfAFile(t *testing.T) {
	name := os.Getenv("LEARN_TEXT")
	if name == "" {
		t.Skip("LEARN_TEXT unset")
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	o := NewOrder2()
	randomInit(o, 1)
	x := NewMix()
	randomInit(x, 1)
	ob := idealBits(t, o, data, func(m Model, b int) { LearnCounts(m, b, MaxCount) })
	xb := idealBits(t, x, data, LearnMix)
	t.Logf("order2 %.4f bpb, mix %.4f bpb over %d bytes", ob/float64(len(data)), xb/float64(len(data)), len(data))
}
