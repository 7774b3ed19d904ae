package battle

import (
	"errors"
	"fmt"
	"strconv"
)

// The game's constants; the package documentation states the rules they belong to.
const (
	MaxTurns   = 20 // a match ends after this many turns at the latest
	MaxHP      = 100
	MaxCharges = 2

	attackBase   = 10
	attackRoll   = 10 // attack adds a roll in 0..attackRoll
	chargeBonus  = 15 // damage added per stored charge
	healBase     = 8
	healRoll     = 7 // heal adds a roll in 0..healRoll
	exposedBonus = 5 // extra damage a healer takes when attacked
)

// The event kinds.
const (
	KindMove   = "move"
	KindDamage = "damage"
	KindHeal   = "heal"
	KindCharge = "charge"
	KindEnd    = "end"
)

// Errors Play returns, wrapped.
var (
	ErrOver = errors.New("the match is over")
	ErrMove = errors.New("not a move")
)

// Event is one thing that happened in a turn; the package documentation says which
// events a turn produces, in what order, and what Agent and Value mean for each Kind.
// HP is both agents' HP once the event has applied.
type Event struct {
	Turn  int    `json:"turn"`
	Agent int    `json:"agent"`
	Kind  string `json:"kind"`
	Value int    `json:"value"`
	HP    [2]int `json:"hp"`
}

// Game is a match in progress. The zero value is not usable; call New.
type Game struct {
	rng     splitmix
	turn    int // turns played
	hp      [2]int
	charges [2]int
	last    *[2]Move // the moves of the last turn played, nil before the first
	over    bool
	winner  int
}

// New starts a match whose generator is seeded from seed (see the package
// documentation): both agents at MaxHP, no charges, turn 1 next.
func New(seed [32]byte) *Game {
	return &Game{rng: newSplitmix(seed), hp: [2]int{MaxHP, MaxHP}, winner: -1}
}

// Turn returns the number of the next turn to play, from 1.
func (g *Game) Turn() int { return g.turn + 1 }

// Over reports whether the match has ended.
func (g *Game) Over() bool { return g.over }

// Winner returns the winner's index, 0 or 1, or -1 when the match was drawn or is not
// over.
func (g *Game) Winner() int { return g.winner }

// HP returns both agents' HP.
func (g *Game) HP() [2]int { return g.hp }

// Charges returns both agents' stored charges.
func (g *Game) Charges() [2]int { return g.charges }

// LastMoves returns the moves of the last turn played, or nil before the first.
func (g *Game) LastMoves() *[2]Move {
	if g.last == nil {
		return nil
	}
	m := *g.last
	return &m
}

// Play plays the next turn with agent i's move m[i] and returns its events. It returns
// an error, and changes nothing, when the match is over or a move is not one of the
// four.
func (g *Game) Play(m [2]Move) ([]Event, error) {
	t := g.Turn()
	if g.over {
		return nil, fmt.Errorf("battle: play turn %d: %w", t, ErrOver)
	}
	for i, mv := range m {
		if !mv.Valid() {
			return nil, fmt.Errorf("battle: play turn %d: agent %d: %w: %d", t, i, ErrMove, mv)
		}
	}
	g.turn = t
	var r turnRolls
	for i, mv := range m {
		switch mv {
		case Attack:
			r[i] = g.rng.roll(attackRoll)
		case Heal:
			r[i] = g.rng.roll(healRoll)
		}
	}
	ev := g.resolve(m, r)
	last := m
	g.last = &last
	return g.finish(ev), nil
}

// turnRolls are each agent's roll this turn, 0 for a move that draws none.
type turnRolls [2]int

// resolve applies the turn's moves with their rolls and returns the turn's events but
// the end.
func (g *Game) resolve(m [2]Move, r turnRolls) []Event {
	var ev []Event
	add := func(agent int, kind string, value int) {
		ev = append(ev, Event{Turn: g.turn, Agent: agent, Kind: kind, Value: value, HP: g.hp})
	}
	for i := range m {
		add(i, KindMove, int(m[i]))
	}
	for i := range m {
		if m[i] == Charge {
			g.charges[i] = min(g.charges[i]+1, MaxCharges)
			add(i, KindCharge, g.charges[i])
		}
	}
	for i := range m {
		if m[i] == Heal {
			gain := min(healBase+r[i], MaxHP-g.hp[i])
			g.hp[i] += gain
			add(i, KindHeal, gain)
		}
	}
	var dmg [2]int
	for i := range m {
		if m[i] == Attack {
			dmg[1-i] = damage(attackBase+r[i]+chargeBonus*g.charges[i], m[1-i])
		}
	}
	for i := range m {
		if m[i] == Attack {
			g.charges[i] = 0
		}
	}
	for i := range m {
		if m[1-i] == Attack {
			g.hp[i] = max(g.hp[i]-dmg[i], 0)
			add(i, KindDamage, dmg[i])
		}
	}
	return ev
}

// damage returns the damage an attack of strength d does to an agent whose move is m.
func damage(d int, m Move) int {
	switch m {
	case Defend:
		return d / 2
	case Heal:
		return d + exposedBonus
	}
	return d
}

// finish ends the match if the turn just played ended it, appending the end event.
func (g *Game) finish(ev []Event) []Event {
	dead0, dead1 := g.hp[0] <= 0, g.hp[1] <= 0
	switch {
	case dead0 && dead1:
		g.winner = -1
	case dead1:
		g.winner = 0
	case dead0:
		g.winner = 1
	case g.turn >= MaxTurns:
		g.winner = higher(g.hp)
	default:
		return ev
	}
	g.over = true
	return append(ev, Event{Turn: g.turn, Agent: g.winner, Kind: KindEnd, HP: g.hp})
}

// higher returns the index of the higher HP, or -1 when they are equal.
func higher(hp [2]int) int {
	switch {
	case hp[0] > hp[1]:
		return 0
	case hp[1] > hp[0]:
		return 1
	}
	return -1
}

// itoa formats n in decimal.
func itoa(n int) string { return strconv.Itoa(n) }
