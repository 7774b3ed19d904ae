package battle

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Fatalf("%s differs; got:\n%s", path, got)
	}
}

// The public template, pinned: the prompts of agent 0 before turn 1 and of agent 1
// before turn 3 of a scripted game.
func TestPromptGolden(t *testing.T) {
	const sys = "You are Bruiser, an aggressive fighter.\nPrefer attacking."
	g := New(seedOf(1))
	first := Prompt(sys, g.View(0))
	play(t, g, Attack, Charge)
	play(t, g, Heal, Charge)
	later := Prompt(sys, g.View(1))
	golden(t, "prompt.golden", first+"\n=====\n"+later)
}

// The system prompt opens the prompt verbatim, followed by a blank line.
func TestPromptStartsWithTheSystemPromptVerbatim(t *testing.T) {
	for _, sys := range []string{"", "Be bold.", "  spaces kept  \n\nand {\"move\":\"heal\"} too\n", "Ünïcödé ✓"} {
		p := Prompt(sys, New(seedOf(1)).View(0))
		if !strings.HasPrefix(p, sys+"\n\nYou are playing a turn-based battle") {
			t.Errorf("prompt for system prompt %q starts %q", sys, p[:min(len(p), len(sys)+40)])
		}
	}
}

// The prompt states the turn, both HPs and charges from the agent's side, and the
// opponent's previous move.
func TestPromptStatesTheState(t *testing.T) {
	v := View{Turn: 7, Agent: 1, HP: [2]int{41, 73}, Charge: [2]int{2, 1}, LastMoves: &[2]Move{Heal, Charge}}
	p := Prompt("S", v)
	for _, want := range []string{
		"Turn 7 of 20.",
		"You are agent 1: HP 73, charges 1.",
		"Your opponent is agent 0: HP 41, charges 2.",
		"Your opponent's previous move: heal.",
		`{"move":"attack|defend|charge|heal"}`,
	} {
		if !strings.Contains(p, want) {
			t.Errorf("prompt lacks %q:\n%s", want, p)
		}
	}
	v.Agent = 0
	p = Prompt("S", v)
	for _, want := range []string{"You are agent 0: HP 41, charges 2.", "Your opponent is agent 1: HP 73, charges 1.", "Your opponent's previous move: charge."} {
		if !strings.Contains(p, want) {
			t.Errorf("agent 0's prompt lacks %q", want)
		}
	}
	if p := Prompt("S", New(seedOf(1)).View(0)); !strings.Contains(p, "Your opponent's previous move: none.") {
		t.Errorf("first turn's prompt names a previous move:\n%s", p)
	}
}

// The prompt holds the state and never anything else: across many games, turns and
// agents, once the system prompt is cut off and every number and move name masked, all
// prompts are one text; and a game's prompt equals the prompt of a View built from its
// state alone.
func TestPromptHoldsTheStateAndNothingElse(t *testing.T) {
	mask := regexp.MustCompile(`[0-9]+|attack|defend|charge|heal|none`)
	var skeleton string
	for b := range byte(30) {
		g := New(seedOf(b))
		for i := 0; !g.Over(); i++ {
			for agent := range 2 {
				p := Prompt("sys", g.View(agent))
				built := View{Turn: g.Turn(), Agent: agent, HP: g.HP(), Charge: g.Charges(), LastMoves: g.LastMoves()}
				if p != Prompt("sys", built) {
					t.Fatalf("seed %d turn %d: the game's prompt is not its state's", b, g.Turn())
				}
				s := mask.ReplaceAllString(strings.TrimPrefix(p, "sys\n\n"), "#")
				if skeleton == "" {
					skeleton = s
				}
				if s != skeleton {
					t.Fatalf("seed %d turn %d agent %d: prompt has more than the state:\n%s", b, g.Turn(), agent, p)
				}
			}
			m := [2]Move{Move((i + int(b)) % 4), Move((i*3 + int(b)/4) % 4)}
			play(t, g, m[0], m[1])
		}
	}
}

// An agent other than 0 or 1 is read as agent 0 and never panics.
func TestPromptReadsAnOddAgentAsZero(t *testing.T) {
	v := New(seedOf(1)).View(0)
	want := Prompt("s", v)
	for _, a := range []int{-1, 2, 1 << 40} {
		v.Agent = a
		if Prompt("s", v) != want {
			t.Errorf("agent %d's prompt is not agent 0's", a)
		}
	}
}
