package builtin

import (
	"fmt"
	"regexp"
	"strconv"
)

// The state lines of the battle prompt (ledger/match/battle.Prompt) that Move reads.
var (
	turnLine     = regexp.MustCompile(`(?m)^Turn (\d+) of \d+\.$`)
	selfLine     = regexp.MustCompile(`(?m)^You are agent [01]: HP (\d+), charges (\d+)\.$`)
	opponentLine = regexp.MustCompile(`(?m)^Your opponent is agent [01]: HP (\d+), charges (\d+)\.$`)
	lastLine     = regexp.MustCompile(`(?m)^Your opponent's previous move: ([a-z]+)\.$`)
)

// Battle is the state of a match turn as the battle prompt states it.
type Battle struct {
	Turn             int
	HP, Charges      int // the agent's own
	OpponentHP       int
	OpponentCharges  int
	OpponentLastMove string // "none" before the first turn
}

// ReadBattle reads the state lines of a battle prompt's text, reporting false when
// any is missing.
func ReadBattle(text string) (Battle, bool) {
	t, ok1 := ints(turnLine, text)
	me, ok2 := ints(selfLine, text)
	them, ok3 := ints(opponentLine, text)
	last := lastLine.FindStringSubmatch(text)
	if !ok1 || !ok2 || !ok3 || last == nil {
		return Battle{}, false
	}
	return Battle{Turn: t[0], HP: me[0], Charges: me[1], OpponentHP: them[0], OpponentCharges: them[1], OpponentLastMove: last[1]}, true
}

// ints returns the numbers re captures in text.
func ints(re *regexp.Regexp, text string) ([]int, bool) {
	m := re.FindStringSubmatch(text)
	if m == nil {
		return nil, false
	}
	out := make([]int, len(m)-1)
	for i, s := range m[1:] {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

// Move picks b's move by the fixed rule of the package doc, the first that applies:
// spend a stored charge (attack); heal at 30 HP or less; defend after the opponent
// charged; charge on turns 1, 4, 7, ...; otherwise attack.
func Move(b Battle) string {
	switch {
	case b.Charges > 0:
		return "attack"
	case b.HP <= 30:
		return "heal"
	case b.OpponentLastMove == "charge":
		return "defend"
	case b.Turn%3 == 1:
		return "charge"
	}
	return "attack"
}

// moveAnswer answers a battle prompt's user text with {"move":"..."}.
func moveAnswer(user string) (string, error) {
	b, ok := ReadBattle(user)
	if !ok {
		return "", fmt.Errorf("the prompt does not state the battle's turn, both agents' HP and charges, and the opponent's previous move")
	}
	return `{"move":"` + Move(b) + `"}`, nil
}
