package battle

import (
	"errors"
	"testing"
)

// Play never panics on any seed and any moves, valid or not; HP stays in 0..100 and
// charges in 0..2; the match ends at MaxTurns at the latest, with exactly one end event
// as its last; every turn after that is refused.
func FuzzPlay(f *testing.F) {
	f.Add([]byte{1}, []byte{0, 1, 2, 3, 3, 2, 1, 0})
	f.Add([]byte{}, []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add([]byte{9, 9}, []byte{3, 3, 3, 3, 3, 3, 2, 2, 4, 0, 255, 1})
	f.Add([]byte{7}, []byte{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0})
	f.Fuzz(func(t *testing.T, seedBytes, moves []byte) {
		var seed [32]byte
		copy(seed[:], seedBytes)
		g := New(seed)
		for i := 0; i+1 < len(moves); i += 2 {
			m := [2]Move{Move(moves[i]), Move(moves[i+1])}
			wasOver, turn := g.Over(), g.Turn()
			ev, err := g.Play(m)
			switch {
			case wasOver:
				if !errors.Is(err, ErrOver) {
					t.Fatalf("play after the end: %v", err)
				}
				continue
			case !m[0].Valid() || !m[1].Valid():
				if !errors.Is(err, ErrMove) || g.Turn() != turn {
					t.Fatalf("play of %v: %v", m, err)
				}
				continue
			case err != nil:
				t.Fatalf("turn %d: %v", turn, err)
			}
			check(t, g, ev, turn)
		}
	})
}

// check checks one played turn's events and the game's state after it.
func check(t *testing.T, g *Game, ev []Event, turn int) {
	t.Helper()
	for i, e := range ev {
		if e.Turn != turn {
			t.Fatalf("event %+v in turn %d", e, turn)
		}
		for _, hp := range e.HP {
			if hp < 0 || hp > MaxHP {
				t.Fatalf("HP out of range in %+v", e)
			}
		}
		if (e.Kind == KindEnd) != (i == len(ev)-1 && g.Over()) {
			t.Fatalf("end event %d of %d, over %t", i, len(ev), g.Over())
		}
	}
	for i := range 2 {
		if c := g.Charges()[i]; c < 0 || c > MaxCharges {
			t.Fatalf("charges %v", g.Charges())
		}
	}
	if turn >= MaxTurns && !g.Over() {
		t.Fatalf("not over after turn %d", turn)
	}
	if g.Over() && (g.Winner() < -1 || g.Winner() > 1) {
		t.Fatalf("winner %d", g.Winner())
	}
}

// ParseAnswer never panics; a fallback's move is Defend; an accepted answer names its
// move, so writing it back as JSON reads the same.
func FuzzParseAnswer(f *testing.F) {
	for _, s := range []string{`{"move":"attack"}`, `{"move":"heal"}`, `{"move":"x"}`, `{"move":1}`, ``, `{`, `{"move":"attack","move":"heal"}`, "\ufeff{\"move\":\"heal\"}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, why := ParseAnswer(text)
		switch why {
		case NoFallback:
			if !m.Valid() {
				t.Fatalf("accepted %q as %v", text, m)
			}
			if again, w := ParseAnswer(`{"move":"` + m.String() + `"}`); again != m || w != NoFallback {
				t.Fatalf("round trip of %v", m)
			}
		case InvalidJSON, IllegalMove:
			if m != Defend {
				t.Fatalf("fallback %q with move %v", why, m)
			}
		default:
			t.Fatalf("unknown fallback %q", why)
		}
	})
}
