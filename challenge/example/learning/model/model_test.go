package model

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arena/arena/ledger/learn/coder"
)

// arch is an architecture as a host drives it.
type arch interface {
	Model
	Predict() *[256]uint32
	Observe(b int)
	Params() []uint16
}

// submission is an example submission: its architecture and its training rule.
type submission struct {
	name  string
	arch  func() arch
	learn func(Model, int)
}

var submissions = []submission{
	{"order2", func() arch { return NewOrder2() }, func(m Model, b int) { LearnCounts(m, b, Order2Limit) }},
	{"mix", func() arch { return NewMix() }, LearnMix},
}

// fresh returns the submission's architecture with its parameter region filled as the
// host's forced fresh init does (here from ChaCha8 keyed by seed).
func (s submission) fresh(seed byte) arch {
	a := s.arch()
	r := rand.New(rand.NewChaCha8([32]byte{seed}))
	for i := range a.Params() {
		a.Params()[i] = uint16(r.Uint32())
	}
	return a
}

// valid fails unless f is a frequency vector the host accepts without escape: every
// byte at least 1, the total with the escape at most 2^24.
func valid(t testing.TB, f *[256]uint32, at string) {
	t.Helper()
	var total uint64 = 1
	for b, v := range f {
		if v == 0 {
			t.Fatalf("%s: frequency of %d is 0", at, b)
		}
		total += uint64(v)
	}
	if total > coder.MaxTotal {
		t.Fatalf("%s: total %d past 2^24", at, total)
	}
}

// code runs the stream as the host does: predict, code, then learn (nil: observe only,
// the held-out measurement), and returns the exact code length in bits and the bits of
// the first window of 1,024 bytes.
func code(t testing.TB, a arch, data []byte, learn func(Model, int)) (bits, first int64) {
	t.Helper()
	e := coder.NewEncoder()
	for i, b := range data {
		if err := e.Encode(a.Predict()[:], b); err != nil {
			t.Fatalf("byte %d: %v", i, err)
		}
		if i == 1023 {
			first = e.Bits()
		}
		if learn != nil {
			learn(a, int(b))
		} else {
			a.Observe(int(b))
		}
	}
	e.Finish()
	return e.Bits(), first
}

// text is a deterministic English-like stream: words drawn from a short list.
func text(n int, seed byte) []byte {
	words := strings.Fields("the of and to a in that it was he her his she for with as had you not be at on all by said which have so but him my from they were this were is what would could one there no very an been Emma Harriet Mr Knightley Weston")
	r := rand.New(rand.NewChaCha8([32]byte{seed}))
	var sb strings.Builder
	for sb.Len() < n {
		sb.WriteString(words[r.IntN(len(words))])
		if r.IntN(9) == 0 {
			sb.WriteString(".\n")
		} else {
			sb.WriteByte(' ')
		}
	}
	return []byte(sb.String()[:n])
}

func TestEveryPredictionIsAValidFrequencyVector(t *testing.T) {
	data := append(text(20000, 1), make([]byte, 5000)...)
	r := rand.New(rand.NewChaCha8([32]byte{2}))
	for range 5000 {
		data = append(data, byte(r.Uint32()))
	}
	for _, s := range submissions {
		for seed := range byte(3) {
			a := s.fresh(seed)
			for i, b := range data {
				valid(t, a.Predict(), s.name)
				if i%7 == 3 {
					a.Observe(int(b)) // a host that observes too: learn must not move the context again
				}
				s.learn(a, int(b))
			}
		}
	}
}

func TestTheWorstParameterRegionStillPredictsValidly(t *testing.T) {
	for _, s := range submissions {
		for _, fill := range []uint16{0xFFFF, 0x7FFF, 0x1000, 1} {
			a := s.arch()
			for i := range a.Params() {
				a.Params()[i] = fill
			}
			for i, b := range text(3000, 3) {
				// every row the context asks for claims to be its own, with any header
				for k := range a.Orders() {
					r := a.Row(k)
					for j := range 256 {
						a.Params()[r*256+j] = fill ^ uint16(j*i)
					}
					a.(interface{ head(int) *[header]uint16 }).head(r)[0] = uint16(a.Tag(k))
				}
				valid(t, a.Predict(), s.name)
				a.Observe(int(b))
			}
		}
	}
}

func (m *base) head(r int) *[header]uint16 { return m.t.head(r) }

func TestTheRandomInitIsInert(t *testing.T) {
	for _, s := range submissions {
		a := s.fresh(9)
		f := a.Predict()
		for b := range f {
			if f[b] != f[0] {
				t.Fatalf("%s: a fresh architecture predicts %d for %d and %d for 0, not uniform", s.name, f[b], b, f[0])
			}
		}
	}
}

func TestLearningLowersTheCodeLength(t *testing.T) {
	data := text(30000, 4)
	for _, s := range submissions {
		learned, _ := code(t, s.fresh(1), data, s.learn)
		frozen, _ := code(t, s.fresh(1), data, nil)
		if learned >= frozen*6/10 {
			t.Errorf("%s: %d bits learning, %d bits without: learning should save far more", s.name, learned, frozen)
		}
		// the second half codes shorter than the first
		a := s.fresh(1)
		h1, _ := code(t, a, data[:15000], s.learn)
		h2, _ := code(t, a, data[15000:], s.learn)
		if h2 >= h1 {
			t.Errorf("%s: halves code in %d then %d bits", s.name, h1, h2)
		}
	}
}

func TestObserveAndAdvanceMoveTheContextOnce(t *testing.T) {
	data := text(5000, 5)
	for _, s := range submissions {
		plain, _ := code(t, s.fresh(1), data, s.learn)
		both, _ := code(t, s.fresh(1), data, func(m Model, b int) {
			m.(arch).Observe(b)
			s.learn(m, b)
			m.(arch).Observe(b)
		})
		if plain != both {
			t.Errorf("%s: %d bits with learn alone, %d with observe around it", s.name, plain, both)
		}
	}
}

func TestTheTrainingRules(t *testing.T) {
	m := NewOrder2()
	m.Predict()
	r, tag := m.Row(0), m.Tag(0)
	m.Put(r, 'x', 77) // another context's leftovers
	m.t.head(r)[0] = uint16(tag + 1)
	LearnCounts(m, 'a', 3)
	if m.GetTag(r) != tag || m.Get(r, 'a') != 1 || m.Get(r, 'x') != 0 {
		t.Fatalf("claim: tag %d (want %d), a %d, x %d", m.GetTag(r), tag, m.Get(r, 'a'), m.Get(r, 'x'))
	}
	if n, d := m.t.nd(r); n != 1 || d != 1 {
		t.Fatalf("header n %d d %d after one byte", n, d)
	}
	for range 3 {
		m.h.last = 0 // predict again in the same context
		m.ctx(0, &m.rows, &m.tags)
		m.Predict()
		LearnCounts(m, 'a', 3)
	}
	if m.Get(r, 'a') != 2 { // 4 passes the limit 3: halved
		t.Fatalf("after 4 counts over limit 3: %d, want 2", m.Get(r, 'a'))
	}
	if n, d := m.t.nd(r); n != 2 || d != 1 {
		t.Fatalf("header n %d d %d after halving", n, d)
	}
}

func TestPredictAndLearnDoNotAllocate(t *testing.T) {
	data := text(4096, 6)
	for _, s := range submissions {
		a := s.fresh(1)
		i := 0
		n := testing.AllocsPerRun(2000, func() {
			a.Predict()
			s.learn(a, int(data[i%len(data)]))
			i++
		})
		if n != 0 {
			t.Errorf("%s: %v allocations per byte", s.name, n)
		}
	}
}

func BenchmarkPredictLearn(b *testing.B) {
	data := text(1<<16, 7)
	for _, s := range submissions {
		b.Run(s.name, func(b *testing.B) {
			a := s.fresh(1)
			for i := 0; b.Loop(); i++ {
				a.Predict()
				s.learn(a, int(data[i&(1<<16-1)]))
			}
		})
	}
}
