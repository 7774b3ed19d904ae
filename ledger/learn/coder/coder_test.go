package coder

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// fixed is one model's 256 frequencies.
type fixed []uint32

// randomModel returns 256 frequencies, some zero, summing to at most MaxTotal.
func randomModel(r *rand.Rand) fixed {
	f := make(fixed, Symbols)
	limit := uint32(1) << r.IntN(17) // totals from tiny to 2^24
	for i := range f {
		if r.IntN(4) != 0 {
			f[i] = r.Uint32N(limit)
		}
	}
	return f
}

func uniform(v uint32) fixed {
	f := make(fixed, Symbols)
	for i := range f {
		f[i] = v
	}
	return f
}

func encodeAll(t testing.TB, ms []fixed, data []byte) ([]byte, int64) {
	t.Helper()
	e := NewEncoder()
	for i, b := range data {
		if err := e.Encode(ms[i%len(ms)], b); err != nil {
			t.Fatalf("byte %d: %v", i, err)
		}
	}
	out := e.Finish()
	return out, e.Bits()
}

func decodeAll(t testing.TB, ms []fixed, stream []byte, n int) []byte {
	t.Helper()
	d := NewDecoder(stream)
	got := make([]byte, n)
	for i := range got {
		b, err := d.Decode(ms[i%len(ms)])
		if err != nil {
			t.Fatalf("decode byte %d: %v", i, err)
		}
		got[i] = b
	}
	return got
}

// TestEveryStreamDecodesToItsBytes: random models (zeros included, so escapes occur)
// and random data round trip, and the stream is exactly ceil(bits/8) bytes long.
func TestEveryStreamDecodesToItsBytes(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 1))
	for trial := range 60 {
		ms := make([]fixed, 1+r.IntN(5))
		for i := range ms {
			ms[i] = randomModel(r)
		}
		data := make([]byte, r.IntN(3000))
		for i := range data {
			if m := ms[i%len(ms)]; r.IntN(2) == 0 {
				data[i] = likely(r, m)
			} else {
				data[i] = byte(r.IntN(256))
			}
		}
		stream, bits := encodeAll(t, ms, data)
		if int64(len(stream)) != (bits+7)/8 {
			t.Fatalf("trial %d: %d bytes for %d bits", trial, len(stream), bits)
		}
		if got := decodeAll(t, ms, stream, len(data)); !bytes.Equal(got, data) {
			t.Fatalf("trial %d: decoded bytes differ", trial)
		}
	}
}

// likely draws a byte with probability proportional to m, or 0 for an all-zero model.
func likely(r *rand.Rand, m fixed) byte {
	var t uint64
	for _, f := range m {
		t += uint64(f)
	}
	if t == 0 {
		return 0
	}
	x := r.Uint64N(t)
	for b, f := range m {
		if x < uint64(f) {
			return byte(b)
		}
		x -= uint64(f)
	}
	return 255
}

// TestAnAdaptiveModelRoundTrips: the decoder, driven by the same counts it updates
// from the bytes it decodes, gets the text back (as the grader's model would).
func TestAnAdaptiveModelRoundTrips(t *testing.T) {
	data := []byte("the quick brown fox jumps over the lazy dog; THE QUICK BROWN FOX. \x00\xff")
	data = bytes.Repeat(data, 40)
	counts := func() []uint32 { return make([]uint32, Symbols) }
	e, c := NewEncoder(), counts()
	for _, b := range data {
		if err := e.Encode(c, b); err != nil {
			t.Fatal(err)
		}
		c[b] += 32
	}
	stream := e.Finish()
	d, c := NewDecoder(stream), counts()
	for i := range data {
		b, err := d.Decode(c)
		if err != nil || b != data[i] {
			t.Fatalf("byte %d: got %d, %v; want %d", i, b, err, data[i])
		}
		c[b] += 32
	}
}

// TestAZeroFrequencyByteCostsEightBitsBeyondItsEscape: coding k bytes the model gives
// frequency 0 costs 8k bits more (within the coder's ±2-bit slack) than coding k bare
// escapes, and the bytes still decode.
func TestAZeroFrequencyByteCostsEightBitsBeyondItsEscape(t *testing.T) {
	m := uniform(1000)
	m['z'] = 0
	for _, k := range []int{1, 7, 1000} {
		withBytes, bare := NewEncoder(), NewEncoder()
		data := bytes.Repeat([]byte("az"), k)
		for _, b := range data {
			if err := withBytes.Encode(m, b); err != nil {
				t.Fatal(err)
			}
			lo, hi, total, err := interval(m, b)
			if err != nil {
				t.Fatal(err)
			}
			bare.code(lo, hi, total)
		}
		stream := withBytes.Finish()
		bare.Finish()
		extra := withBytes.Bits() - bare.Bits()
		if extra < int64(8*k)-2 || extra > int64(8*k)+2 {
			t.Errorf("k=%d: the escaped bytes cost %d bits beyond their escapes, want 8k±2", k, extra)
		}
		escape := math.Log2(float64(255*1000 + 1))
		if min := float64(k) * (8 + escape); float64(withBytes.Bits()) < min {
			t.Errorf("k=%d: %d bits, below the %f the escapes and raw bits need", k, withBytes.Bits(), min)
		}
		if got := decodeAll(t, []fixed{m}, stream, len(data)); !bytes.Equal(got, data) {
			t.Errorf("k=%d: escaped bytes did not decode", k)
		}
	}
}

// TestAnAllZeroModelCostsEightBitsPerByte: with T = 0 the escape is certain and each
// byte is its 8 raw bits.
func TestAnAllZeroModelCostsEightBitsPerByte(t *testing.T) {
	data := []byte("zero frequencies everywhere")
	stream, bits := encodeAll(t, []fixed{uniform(0)}, data)
	if n := int64(8 * len(data)); bits < n || bits > n+2 {
		t.Errorf("%d bits for %d bytes, want 8 per byte plus the flush", bits, len(data))
	}
	if got := decodeAll(t, []fixed{uniform(0)}, stream, len(data)); !bytes.Equal(got, data) {
		t.Error("decoded bytes differ")
	}
}

// TestTheCodeLengthIsTheIdealOne: for a fixed model the emitted bits are within 2 bits
// plus n·ε of Σ −log2 p(b), p(b) = f[b]/(T+1), and never below the ideal by more than 2.
func TestTheCodeLengthIsTheIdealOne(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 2))
	for trial := range 20 {
		m := randomModel(r)
		m[0] = 1 + m[0] // at least one codable byte
		var total float64 = 1
		for _, f := range m {
			total += float64(f)
		}
		data := make([]byte, 20000)
		ideal := 0.0
		for i := range data {
			data[i] = likely(r, m)
			if m[data[i]] == 0 {
				data[i] = 0
			}
			ideal -= math.Log2(float64(m[data[i]]) / total)
		}
		_, bits := encodeAll(t, []fixed{m}, data)
		const eps = 1e-6 // the integer truncation of each interval: about 2^-30 relative
		if got := float64(bits); got > ideal+2+eps*float64(len(data)) || got < ideal-2 {
			t.Errorf("trial %d: %d bits, ideal %.3f", trial, bits, ideal)
		}
	}
}

// TestAUniformModelCostsEightBitsPerByte: 256 equal frequencies plus the escape cost
// log2(257/256·256) ≈ 8.0056 bits a byte with frequency 1 each, exactly 8 in the limit
// of large equal frequencies.
func TestAUniformModelCostsEightBitsPerByte(t *testing.T) {
	data := make([]byte, 1<<16)
	for i := range data {
		data[i] = byte(i * 7)
	}
	_, bits := encodeAll(t, []fixed{uniform(MaxTotal / Symbols)}, data)
	ideal := float64(len(data)) * math.Log2(float64(MaxTotal+1)/float64(MaxTotal/Symbols))
	if got := float64(bits); got < ideal-2 || got > ideal+2+1e-6*float64(len(data)) {
		t.Errorf("%d bits, ideal %.3f", bits, ideal)
	}
	if perByte := float64(bits) / float64(len(data)); math.Abs(perByte-8) > 1e-4 {
		t.Errorf("%.6f bits per byte, want ~8", perByte)
	}
}

// TestTheBitsAreIdenticalOnRepeat: coding the same bytes with the same models twice
// gives the same stream and count.
func TestTheBitsAreIdenticalOnRepeat(t *testing.T) {
	r := rand.New(rand.NewPCG(14, 3))
	ms := []fixed{randomModel(r), randomModel(r), uniform(3)}
	data := make([]byte, 5000)
	for i := range data {
		data[i] = byte(r.IntN(256))
	}
	s1, b1 := encodeAll(t, ms, data)
	s2, b2 := encodeAll(t, ms, data)
	if b1 != b2 || !bytes.Equal(s1, s2) {
		t.Errorf("repeat differs: %d vs %d bits", b1, b2)
	}
}

// TestARefusedModelLeavesTheEncoderUnchanged: a total past 2^24 or a short model is an
// error, and coding continues as if the call had not happened.
func TestARefusedModelLeavesTheEncoderUnchanged(t *testing.T) {
	over := uniform(MaxTotal / Symbols)
	over[9]++
	at := uniform(MaxTotal / Symbols)
	e := NewEncoder()
	if err := e.Encode(at, 'a'); err != nil {
		t.Fatalf("a total of exactly 2^24: %v", err)
	}
	before := *e
	if err := e.Encode(over, 'b'); !errors.Is(err, ErrTotal) {
		t.Fatalf("a total of 2^24+1: %v, want ErrTotal", err)
	}
	if err := e.Encode(make([]uint32, 255), 'b'); !errors.Is(err, ErrSymbols) {
		t.Fatalf("255 frequencies: %v, want ErrSymbols", err)
	}
	if e.low != before.low || e.high != before.high || e.Bits() != before.Bits() {
		t.Fatal("a refused model changed the encoder")
	}
	if _, err := NewDecoder(nil).Decode(over); !errors.Is(err, ErrTotal) {
		t.Fatalf("decoder: %v, want ErrTotal", err)
	}
	big := uniform(0)
	big[0] = math.MaxUint32 // would overflow a 32-bit sum
	if err := e.Encode(big, 0); !errors.Is(err, ErrTotal) {
		t.Fatalf("a 2^32-1 frequency: %v, want ErrTotal", err)
	}
}

// TestAnEmptyStreamFlushesTwoBits: no bytes still flushes, so every code length is > 0.
func TestAnEmptyStreamFlushesTwoBits(t *testing.T) {
	e := NewEncoder()
	if s := e.Finish(); e.Bits() != 2 || len(s) != 1 || len(e.Finish()) != 1 {
		t.Errorf("empty stream: %d bits, %x", e.Bits(), s)
	}
}

// BenchmarkEncode reports the coder's own cost per byte on a fixed model.
func BenchmarkEncode(b *testing.B) {
	m := uniform(1000)
	data := make([]byte, 1<<16)
	for i := range data {
		data[i] = byte(i * 31)
	}
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for range b.N {
		e := NewEncoder()
		for _, c := range data {
			_ = e.Encode(m, c)
		}
		e.Finish()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(data)), "ns/byte")
}

// BenchmarkDecode reports the decoder's cost per byte on the same model.
func BenchmarkDecode(b *testing.B) {
	m := uniform(1000)
	data := make([]byte, 1<<16)
	for i := range data {
		data[i] = byte(i * 31)
	}
	e := NewEncoder()
	for _, c := range data {
		_ = e.Encode(m, c)
	}
	s := e.Finish()
	b.ResetTimer()
	for range b.N {
		d := NewDecoder(s)
		for range data {
			_, _ = d.Decode(m)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(data)), "ns/byte")
}
