package battle

import (
	"errors"
	"testing"
)

// damageTo returns the value of the damage event for agent in ev, or -1.
func damageTo(ev []Event, agent int) int {
	for _, e := range only(ev, KindDamage) {
		if e.Agent == agent {
			return e.Value
		}
	}
	return -1
}

// An attack deals 10 plus a roll in 0..10 to an agent that charges (full damage), and
// half of that, rounded down, to one that defends.
func TestDefendHalvesAnAttack(t *testing.T) {
	for b := range byte(40) {
		seed := seedOf(b)
		r := shadow(seed).roll(10)
		full := play(t, New(seed), Attack, Charge)
		if got := damageTo(full, 1); got != 10+r {
			t.Fatalf("seed %d: damage to a charger = %d, want 10+%d", b, got, r)
		}
		half := play(t, New(seed), Attack, Defend)
		if got := damageTo(half, 1); got != (10+r)/2 {
			t.Fatalf("seed %d: damage to a defender = %d, want (10+%d)/2", b, got, r)
		}
		if hp := half[len(half)-1].HP; hp != [2]int{100, 100 - (10+r)/2} {
			t.Fatalf("seed %d: HP after the defended attack = %v", b, hp)
		}
	}
}

// Every attack roll lies in 0..10 and every heal roll in 0..7, and each value is drawn.
func TestRollsCoverTheirRanges(t *testing.T) {
	attacks, heals := map[int]bool{}, map[int]bool{}
	for b := range byte(200) {
		ev := play(t, New(seedOf(b)), Attack, Charge)
		attacks[damageTo(ev, 1)-10] = true
		g := New(seedOf(b))
		g.hp[0] = 50
		ev = play(t, g, Heal, Defend)
		heals[only(ev, KindHeal)[0].Value-8] = true
	}
	for r := range 11 {
		if !attacks[r] {
			t.Errorf("no attack rolled %d", r)
		}
	}
	for r := range 8 {
		if !heals[r] {
			t.Errorf("no heal rolled %d", r)
		}
	}
	if len(attacks) != 11 || len(heals) != 8 {
		t.Errorf("rolls out of range: attacks %v heals %v", attacks, heals)
	}
}

// Charge stores one charge per turn, at most 2, and takes full damage; an attack adds
// 15 per stored charge and then resets the charges, even against a defender.
func TestChargeStoresAndAddsFifteenPerCharge(t *testing.T) {
	seed := seedOf(7)
	s := shadow(seed)
	g := New(seed)
	for i, want := range []int{1, 2, 2} {
		ev := play(t, g, Charge, Defend)
		if c := only(ev, KindCharge); len(c) != 1 || c[0].Agent != 0 || c[0].Value != want {
			t.Fatalf("charge %d: events %v, want charges %d", i+1, c, want)
		}
	}
	if g.Charges() != [2]int{2, 0} {
		t.Fatalf("charges = %v, want [2 0]", g.Charges())
	}
	r := s.roll(10)
	ev := play(t, g, Attack, Charge)
	if got := damageTo(ev, 1); got != 10+r+30 {
		t.Fatalf("charged attack dealt %d, want 10+%d+30", got, r)
	}
	if g.Charges() != [2]int{0, 1} {
		t.Fatalf("charges after the attack = %v, want [0 1]", g.Charges())
	}
	// Agent 1 now attacks with its one charge into a defender.
	r = s.roll(10)
	ev = play(t, g, Defend, Attack)
	if got := damageTo(ev, 0); got != (10+r+15)/2 {
		t.Fatalf("charged attack on a defender dealt %d, want (10+%d+15)/2", got, r)
	}
	if g.Charges() != [2]int{0, 0} {
		t.Fatalf("charges after the second attack = %v, want [0 0]", g.Charges())
	}
}

// Charges are kept across turns until the agent attacks.
func TestChargesWaitForAnAttack(t *testing.T) {
	g := New(seedOf(3))
	play(t, g, Charge, Charge)
	play(t, g, Defend, Heal)
	play(t, g, Heal, Defend)
	if g.Charges() != [2]int{1, 1} {
		t.Fatalf("charges = %v, want [1 1]", g.Charges())
	}
}

// Heal restores 8 plus a roll in 0..7, never above 100 HP: at full HP it restores
// nothing (and still draws its roll).
func TestHealIsCappedAtFullHP(t *testing.T) {
	seed := seedOf(9)
	g := New(seed)
	ev := play(t, g, Heal, Defend)
	if h := only(ev, KindHeal); len(h) != 1 || h[0].Value != 0 || h[0].HP != [2]int{100, 100} {
		t.Fatalf("heal at full HP: %v", h)
	}
	s := shadow(seed)
	s.roll(7) // the wasted heal drew its roll
	g.hp[0] = 60
	r := s.roll(7)
	ev = play(t, g, Heal, Defend)
	if h := only(ev, KindHeal); h[0].Value != 8+r || g.HP()[0] != 68+r {
		t.Fatalf("heal from 60 restored %d to %d, want 8+%d", h[0].Value, g.HP()[0], r)
	}
	g.hp[0] = 95
	ev = play(t, g, Heal, Defend)
	if h := only(ev, KindHeal); h[0].Value != 5 || g.HP()[0] != 100 {
		t.Fatalf("heal from 95 restored %d to %d, want 5 to 100", h[0].Value, g.HP()[0])
	}
}

// A healer that is attacked takes 5 extra damage; the heal applies first, then the
// damage, and agent 0's roll is drawn before agent 1's.
func TestHealIsExposedToAttack(t *testing.T) {
	seed := seedOf(11)
	s := shadow(seed)
	g := New(seed)
	g.hp[1] = 50
	rh := s.roll(7)  // agent 0 heals: its roll first
	ra := s.roll(10) // agent 1 attacks
	ev := play(t, g, Heal, Attack)
	if got := damageTo(ev, 0); got != 10+ra+5 {
		t.Fatalf("damage to the healer = %d, want 10+%d+5", got, ra)
	}
	if want := min(100, 100+8+rh) - (15 + ra); g.HP()[0] != want {
		t.Fatalf("healer's HP = %d, want %d", g.HP()[0], want)
	}
}

// Agent 0's roll is drawn before agent 1's when both attack.
func TestAgentZeroRollsFirst(t *testing.T) {
	for b := range byte(20) {
		seed := seedOf(b)
		s := shadow(seed)
		r0, r1 := s.roll(10), s.roll(10)
		ev := play(t, New(seed), Attack, Attack)
		if damageTo(ev, 1) != 10+r0 || damageTo(ev, 0) != 10+r1 {
			t.Fatalf("seed %d: damage %d to 1 and %d to 0, want 10+%d and 10+%d", b, damageTo(ev, 1), damageTo(ev, 0), r0, r1)
		}
	}
}

// Defend and charge draw nothing: after them the next roll is the generator's first.
func TestDefendAndChargeDrawNothing(t *testing.T) {
	seed := seedOf(5)
	r := shadow(seed).roll(10)
	g := New(seed)
	play(t, g, Defend, Charge)
	play(t, g, Charge, Defend)
	ev := play(t, g, Attack, Heal)
	if got := damageTo(ev, 1); got != 10+r+15+5 {
		t.Fatalf("attack after two quiet turns dealt %d, want 10+%d+15+5", got, r)
	}
}

// A turn's events come in the documented order: moves, charges, heals, damage, end.
func TestEventsComeInOrder(t *testing.T) {
	g := New(seedOf(2))
	g.hp = [2]int{90, 8}
	ev := play(t, g, Charge, Heal)
	ev = append(ev, play(t, g, Attack, Heal)...)
	kinds := ""
	for _, e := range ev {
		kinds += e.Kind + " "
	}
	want := "move move charge heal move move heal damage end "
	if kinds != want {
		t.Fatalf("kinds = %q, want %q", kinds, want)
	}
	for _, e := range ev[:4] {
		if e.Turn != 1 {
			t.Fatalf("event %v not in turn 1", e)
		}
	}
}

// A move that is not one of the four is refused and changes nothing.
func TestPlayRefusesAnUnknownMove(t *testing.T) {
	g := New(seedOf(1))
	_, err := g.Play([2]Move{Attack, 4})
	if !errors.Is(err, ErrMove) {
		t.Fatalf("err = %v, want ErrMove", err)
	}
	if err.Error() != "battle: play turn 1: agent 1: not a move: 4" {
		t.Fatalf("err = %q", err)
	}
	if g.Turn() != 1 || g.HP() != [2]int{100, 100} || g.LastMoves() != nil {
		t.Fatal("a refused turn changed the game")
	}
	// The refused turn drew nothing: the game replays as a fresh one.
	a := play(t, g, Attack, Attack)
	b := play(t, New(seedOf(1)), Attack, Attack)
	if ResultHash(a) != ResultHash(b) {
		t.Fatal("a refused turn moved the generator")
	}
}
