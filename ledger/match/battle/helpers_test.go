package battle

import (
	"encoding/hex"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
)

// seedOf returns a seed whose first byte is b.
func seedOf(b byte) [32]byte { return [32]byte{b} }

// play plays one turn and fails the test on an error.
func play(t *testing.T, g *Game, a, b Move) []Event {
	t.Helper()
	ev, err := g.Play([2]Move{a, b})
	if err != nil {
		t.Fatalf("turn %d: %v", g.Turn(), err)
	}
	return ev
}

// script plays the moves in order and returns the whole event log.
func script(t *testing.T, g *Game, moves [][2]Move) []Event {
	t.Helper()
	var log []Event
	for _, m := range moves {
		log = append(log, play(t, g, m[0], m[1])...)
	}
	return log
}

// only returns the events of kind in ev.
func only(ev []Event, kind string) []Event {
	var out []Event
	for _, e := range ev {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

// shadow is a second generator on the same seed, drawing what the game is expected to.
func shadow(seed [32]byte) *splitmix {
	s := newSplitmix(seed)
	return &s
}

// keccakHex returns keccak256(s) in hex.
func keccakHex(s string) string { return hexOf(crypto.Keccak256Hash([]byte(s))) }

// hexOf returns h in hex without a prefix.
func hexOf(h [32]byte) string { return hex.EncodeToString(h[:]) }
