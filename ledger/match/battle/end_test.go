package battle

import (
	"errors"
	"testing"
)

// endOf returns the end event of ev, failing when there is none or more than one.
func endOf(t *testing.T, ev []Event) Event {
	t.Helper()
	e := only(ev, KindEnd)
	if len(e) != 1 {
		t.Fatalf("%d end events in %v", len(e), ev)
	}
	return e[0]
}

// The match ends in the turn an agent's HP reaches 0, and the other agent wins; HP
// never goes below 0.
func TestTheMatchEndsWhenHPReachesZero(t *testing.T) {
	g := New(seedOf(1))
	var ev []Event
	for !g.Over() {
		if g.Turn() > MaxTurns {
			t.Fatal("no end after MaxTurns")
		}
		ev = play(t, g, Attack, Charge)
		if len(only(ev, KindEnd)) > 0 != g.Over() {
			t.Fatalf("turn %d: end event and Over disagree", g.Turn()-1)
		}
	}
	if g.HP()[1] != 0 || g.HP()[0] != 100 {
		t.Fatalf("final HP = %v, want [100 0]", g.HP())
	}
	if g.Winner() != 0 {
		t.Fatalf("winner = %d, want 0", g.Winner())
	}
	if e := endOf(t, ev); e.Agent != 0 || e.Value != 0 || e.HP != g.HP() || e.Turn != g.Turn()-1 {
		t.Fatalf("end event = %+v", e)
	}
	if g.Turn()-1 >= MaxTurns {
		t.Fatalf("ended at turn %d, not by HP", g.Turn()-1)
	}
}

// When both agents reach 0 in the same turn, the match is a draw.
func TestBothAtZeroIsADraw(t *testing.T) {
	g := New(seedOf(1))
	g.hp = [2]int{5, 9}
	ev := play(t, g, Attack, Attack)
	if !g.Over() || g.Winner() != -1 || g.HP() != [2]int{0, 0} {
		t.Fatalf("over %t winner %d HP %v, want a draw at [0 0]", g.Over(), g.Winner(), g.HP())
	}
	if e := endOf(t, ev); e.Agent != -1 {
		t.Fatalf("end event agent = %d, want -1", e.Agent)
	}
}

// A healer at low HP that is attacked can still die in the turn: heal first, then damage.
func TestAHealDoesNotOutliveTheTurnsDamage(t *testing.T) {
	g := New(seedOf(1))
	g.hp = [2]int{100, 1}
	play(t, g, Attack, Heal) // 1 + at most 15 healed, at least 15 damage
	if !g.Over() || g.Winner() != 0 {
		t.Fatalf("over %t winner %d HP %v, want agent 0 to win", g.Over(), g.Winner(), g.HP())
	}
}

// After MaxTurns turns the agent with more HP wins.
func TestAfterMaxTurnsTheHigherHPWins(t *testing.T) {
	g := New(seedOf(4))
	play(t, g, Attack, Defend)
	for g.Turn() < MaxTurns {
		play(t, g, Defend, Defend)
		if g.Over() {
			t.Fatalf("over at turn %d", g.Turn()-1)
		}
	}
	ev := play(t, g, Defend, Defend)
	if !g.Over() || g.Winner() != 0 || g.Turn() != MaxTurns+1 {
		t.Fatalf("after turn %d: over %t winner %d", MaxTurns, g.Over(), g.Winner())
	}
	if e := endOf(t, ev); e.Turn != MaxTurns || e.Agent != 0 {
		t.Fatalf("end event %+v", e)
	}
}

// After MaxTurns turns, equal HP is a draw.
func TestAfterMaxTurnsEqualHPIsADraw(t *testing.T) {
	g := New(seedOf(4))
	for range MaxTurns {
		play(t, g, Defend, Heal)
	}
	if !g.Over() || g.Winner() != -1 || g.HP() != [2]int{100, 100} {
		t.Fatalf("over %t winner %d HP %v, want a draw", g.Over(), g.Winner(), g.HP())
	}
}

// A match not over has no winner.
func TestNoWinnerBeforeTheEnd(t *testing.T) {
	g := New(seedOf(4))
	play(t, g, Attack, Attack)
	if g.Over() || g.Winner() != -1 {
		t.Fatalf("over %t winner %d after one turn", g.Over(), g.Winner())
	}
}

// Play after the end is refused with ErrOver and changes nothing.
func TestPlayAfterTheEndIsRefused(t *testing.T) {
	g := New(seedOf(1))
	g.hp = [2]int{100, 1}
	play(t, g, Attack, Defend)
	hp, turn := g.HP(), g.Turn()
	ev, err := g.Play([2]Move{Attack, Attack})
	if !errors.Is(err, ErrOver) || ev != nil {
		t.Fatalf("Play after the end = %v, %v; want ErrOver", ev, err)
	}
	if err.Error() != "battle: play turn 2: the match is over" {
		t.Fatalf("err = %q", err)
	}
	if g.HP() != hp || g.Turn() != turn || g.Winner() != 0 {
		t.Fatal("a refused turn changed the game")
	}
}
