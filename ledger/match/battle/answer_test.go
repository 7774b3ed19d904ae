package battle

import "testing"

// ParseMove reads exactly the four lower-case names, and String writes them.
func TestParseMoveReadsTheFourNames(t *testing.T) {
	for m := Attack; m <= Heal; m++ {
		got, ok := ParseMove(m.String())
		if !ok || got != m {
			t.Fatalf("ParseMove(%q) = %v, %t", m.String(), got, ok)
		}
	}
	for _, s := range []string{"", "Attack", " attack", "attack ", "ATTACK", "block", "move(4)", "0"} {
		if _, ok := ParseMove(s); ok {
			t.Errorf("ParseMove(%q) accepted", s)
		}
	}
	if got := Move(7).String(); got != "move(7)" {
		t.Errorf("Move(7).String() = %q", got)
	}
}

// An answer is the JSON object {"move":"<name>"} and nothing else; anything else is a
// fallback to defend, with its reason.
func TestParseAnswer(t *testing.T) {
	for _, c := range []struct {
		text string
		move Move
		why  Fallback
	}{
		{`{"move":"attack"}`, Attack, NoFallback},
		{`{"move":"defend"}`, Defend, NoFallback},
		{`{"move":"charge"}`, Charge, NoFallback},
		{`{"move":"heal"}`, Heal, NoFallback},
		{" \n{ \"move\" : \"heal\" }\n", Heal, NoFallback},
		{`{"move":"\u0061ttack"}`, Attack, NoFallback},
		{`{"move":"Attack"}`, Defend, IllegalMove},
		{`{"move":"block"}`, Defend, IllegalMove},
		{`{"move":""}`, Defend, IllegalMove},
		{`{"move":"attack|defend|charge|heal"}`, Defend, IllegalMove},
		{``, Defend, InvalidJSON},
		{`attack`, Defend, InvalidJSON},
		{`"attack"`, Defend, InvalidJSON},
		{`{"move":attack}`, Defend, InvalidJSON},
		{`{"move":1}`, Defend, InvalidJSON},
		{`{"move":null}`, Defend, InvalidJSON},
		{`{"move":["attack"]}`, Defend, InvalidJSON},
		{`{"Move":"attack"}`, Defend, InvalidJSON},
		{`{}`, Defend, InvalidJSON},
		{`{"move":"attack","why":"x"}`, Defend, InvalidJSON},
		{`{"why":"x","move":"attack"}`, Defend, InvalidJSON},
		{`{"move":"attack","move":"heal"}`, Defend, InvalidJSON},
		{`{"move":"attack"}{"move":"heal"}`, Defend, InvalidJSON},
		{`{"move":"attack"} ok`, Defend, InvalidJSON},
		{`{"move":"attack"`, Defend, InvalidJSON},
		{"```json\n{\"move\":\"attack\"}\n```", Defend, InvalidJSON},
		{`[{"move":"attack"}]`, Defend, InvalidJSON},
	} {
		m, why := ParseAnswer(c.text)
		if m != c.move || why != c.why {
			t.Errorf("ParseAnswer(%q) = %v, %q; want %v, %q", c.text, m, why, c.move, c.why)
		}
	}
}
