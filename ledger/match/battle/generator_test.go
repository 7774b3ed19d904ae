package battle

import (
	"encoding/binary"
	"encoding/json"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
)

// The generator is SplitMix64: from state 0 it gives the reference sequence.
func TestGeneratorIsSplitMix64(t *testing.T) {
	s := splitmix{}
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := s.next(); got != want {
			t.Fatalf("draw %d = %#x, want %#x", i, got, want)
		}
	}
}

// The generator's state starts as the first 8 bytes, big-endian, of keccak256(seed), and
// a roll in 0..n is next() % (n+1).
func TestGeneratorIsSeededFromTheSeedsHash(t *testing.T) {
	seed := [32]byte{0xde, 0xad}
	h := crypto.Keccak256(seed[:])
	ref := splitmix{state: binary.BigEndian.Uint64(h[:8])}
	g := newSplitmix(seed)
	for range 50 {
		want := int(ref.next() % 11)
		if got := g.roll(10); got != want {
			t.Fatalf("roll = %d, want %d", got, want)
		}
	}
}

// A scripted match's whole log, pinned: any change to the rules, the generator, the
// draw order or the event encoding shows here.
func TestAScriptedMatchGolden(t *testing.T) {
	g := New(Seed([32]byte{1}, [32]byte{2}))
	moves := [][2]Move{
		{Charge, Attack}, {Charge, Defend}, {Attack, Heal}, {Defend, Attack},
		{Heal, Charge}, {Attack, Attack}, {Heal, Defend}, {Attack, Attack},
	}
	var log []Event
	for !g.Over() {
		m := moves[(g.Turn()-1)%len(moves)]
		log = append(log, play(t, g, m[0], m[1])...)
	}
	var out []byte
	for _, e := range log {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		out = append(append(out, b...), '\n')
	}
	h := ResultHash(log)
	out = append(out, "result "+hexOf(h)+"\n"...)
	golden(t, "match.golden", string(out))
}
