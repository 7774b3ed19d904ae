package builtin

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/grading/prompt"
	"github.com/arena/arena/ledger/match/battle"
)

// moveTests: the fixed rule, one case per rule and its order.
var moveTests = []struct {
	name string
	view battle.View
	want string
}{
	{"first turn charges", battle.View{Turn: 1, Agent: 0, HP: [2]int{100, 100}}, "charge"},
	{"a stored charge is spent", battle.View{Turn: 2, Agent: 1, HP: [2]int{100, 20}, Charge: [2]int{0, 1}}, "attack"},
	{"low HP heals", battle.View{Turn: 5, Agent: 0, HP: [2]int{30, 80}, LastMoves: &[2]battle.Move{battle.Attack, battle.Charge}}, "heal"},
	{"defends after the opponent charged", battle.View{Turn: 3, Agent: 1, HP: [2]int{70, 70}, LastMoves: &[2]battle.Move{battle.Charge, battle.Attack}}, "defend"},
	{"charges on turn 4", battle.View{Turn: 4, Agent: 0, HP: [2]int{60, 60}, LastMoves: &[2]battle.Move{battle.Attack, battle.Attack}}, "charge"},
	{"otherwise attacks", battle.View{Turn: 5, Agent: 1, HP: [2]int{60, 60}, LastMoves: &[2]battle.Move{battle.Attack, battle.Attack}}, "attack"},
}

// TestTheBuiltinMoveFollowsTheStatedRule: the builtin reader answers a battle prompt
// with the move its fixed rule picks from the prompt's state, as the JSON the match
// reads, and the same prompt always gets the same bytes.
func TestTheBuiltinMoveFollowsTheStatedRule(t *testing.T) {
	c := New()
	for _, tc := range moveTests {
		sys := "You are a careful fighter."
		text := battle.Prompt(sys, tc.view)
		p := prompt.Prompt{Purpose: prompt.Move, System: sys, User: strings.TrimPrefix(text, sys+"\n\n")}
		got, call, err := c.Complete(context.Background(), p)
		if err != nil {
			t.Fatalf("%s: Complete: %v", tc.name, err)
		}
		m, fb := battle.ParseAnswer(got)
		if fb != battle.NoFallback || m.String() != tc.want {
			t.Errorf("%s: answer %s = %v (%q), want %s", tc.name, got, m, fb, tc.want)
		}
		if call.Prompt != text {
			t.Errorf("%s: the receipt's prompt is not the battle prompt's bytes", tc.name)
		}
		again, _, _ := c.Complete(context.Background(), p)
		if again != got {
			t.Errorf("%s: answered %s, then %s", tc.name, got, again)
		}
	}
}

// TestTheBuiltinRefusesAMoveWithoutState: a move prompt that does not state the battle
// is refused as the provider refusing, never answered with a guess.
func TestTheBuiltinRefusesAMoveWithoutState(t *testing.T) {
	_, _, err := New().Complete(context.Background(), prompt.Prompt{Purpose: prompt.Move, User: "Pick a move."})
	if !errors.Is(err, grading.ErrModelRefused) {
		t.Fatalf("Complete = %v, want an error wrapping ErrModelRefused", err)
	}
}
