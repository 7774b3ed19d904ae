package battle

import (
	"bytes"
	"encoding/json"
	"io"
)

// Move is an agent's move in one turn.
type Move uint8

// The four moves; see the package documentation for what each does.
const (
	Attack Move = iota
	Defend
	Charge
	Heal
)

// moveNames are the moves' names, indexed by Move.
var moveNames = [...]string{"attack", "defend", "charge", "heal"}

// String returns the move's name ("attack", "defend", "charge", "heal"), or
// "move(N)" for a value that is not a move.
func (m Move) String() string {
	if m.Valid() {
		return moveNames[m]
	}
	return "move(" + itoa(int(m)) + ")"
}

// Valid reports whether m is one of the four moves.
func (m Move) Valid() bool { return int(m) < len(moveNames) }

// ParseMove returns the move named s, which must be one of the four names exactly
// (lower case, no spaces), and whether it was one.
func ParseMove(s string) (Move, bool) {
	for i, n := range moveNames {
		if s == n {
			return Move(i), true
		}
	}
	return 0, false
}

// Fallback says why an agent's answer could not be used as its move. Its values are
// the names of the matching receipt reasons, so a receipt can carry them.
type Fallback string

// The fallbacks ParseAnswer reports; NoFallback means the answer gave a move.
const (
	NoFallback  Fallback = ""
	InvalidJSON Fallback = "invalid_json" // not the JSON object {"move":"<string>"}
	IllegalMove Fallback = "illegal_move" // the object's move is not a move's name
)

// ParseAnswer reads an agent's answer. The answer must be a JSON object with exactly one
// member, "move", whose value is a string (white space around the object and between its
// tokens is allowed, nothing else); the string must be a move's name as ParseMove reads
// it. It returns the move and NoFallback, or Defend and the reason the answer was
// refused: InvalidJSON when it is not such an object, IllegalMove when the string names
// no move.
func ParseAnswer(text string) (Move, Fallback) {
	name, ok := answerMove(text)
	if !ok {
		return Defend, InvalidJSON
	}
	m, ok := ParseMove(name)
	if !ok {
		return Defend, IllegalMove
	}
	return m, NoFallback
}

// answerMove returns the string value of the only member, "move", of the JSON object
// that is the whole of text.
func answerMove(text string) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader([]byte(text)))
	want := func(d json.Delim) bool {
		t, err := dec.Token()
		return err == nil && t == d
	}
	if !want('{') {
		return "", false
	}
	if t, err := dec.Token(); err != nil || t != "move" {
		return "", false
	}
	t, err := dec.Token()
	name, isString := t.(string)
	if err != nil || !isString {
		return "", false
	}
	if !want('}') {
		return "", false
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", false
	}
	return name, true
}
