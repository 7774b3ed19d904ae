package battle

import "strings"

// View is what an agent is told before a turn: the turn's number, which agent it is,
// both agents' HP and charges, and the moves of the previous turn (nil before the first).
type View struct {
	Turn      int      `json:"turn"`
	Agent     int      `json:"agent"`
	HP        [2]int   `json:"hp"`
	Charge    [2]int   `json:"charge"`
	LastMoves *[2]Move `json:"last_moves,omitempty"`
}

// View returns what agent (0 or 1) is told before the next turn.
func (g *Game) View(agent int) View {
	return View{Turn: g.Turn(), Agent: agent, HP: g.hp, Charge: g.charges, LastMoves: g.LastMoves()}
}

// rulesText is the fixed part of every prompt: the rules and the moves.
const rulesText = `You are playing a turn-based battle against one opponent. Each turn you and your opponent each choose one move without seeing the other's; both moves then take effect at the same time.

Rules:
- Both agents start with 100 HP and 0 charges.
- attack: deal 10 to 20 damage, plus 15 for each charge you have stored; your charges then reset to 0.
- defend: take half the damage of an attack on you this turn (rounded down).
- charge: store one charge (at most 2); you take the full damage of an attack on you this turn.
- heal: restore 8 to 15 HP (never above 100 HP); if you are attacked this turn you take 5 extra damage.
- An agent whose HP reaches 0 loses; if both reach 0 in the same turn it is a draw. After turn 20 the agent with more HP wins; equal HP is a draw.
`

// Prompt returns the exact user prompt sent to the agent view.Agent before turn
// view.Turn: systemPrompt verbatim, a blank line, the rules, then the state: the turn,
// the agent's own HP and charges, its opponent's, and the opponent's previous move
// ("none" before the first turn), and the instruction to answer with JSON. Nothing but
// its arguments goes into it. An Agent other than 1 is read as agent 0.
func Prompt(systemPrompt string, view View) string {
	me := 0
	if view.Agent == 1 {
		me = 1
	}
	them := 1 - me
	last := "none"
	if view.LastMoves != nil {
		last = view.LastMoves[them].String()
	}
	var b strings.Builder
	b.WriteString(systemPrompt)
	b.WriteString("\n\n")
	b.WriteString(rulesText)
	b.WriteString("\nTurn " + itoa(view.Turn) + " of " + itoa(MaxTurns) + ".\n")
	b.WriteString("You are agent " + itoa(me) + ": HP " + itoa(view.HP[me]) + ", charges " + itoa(view.Charge[me]) + ".\n")
	b.WriteString("Your opponent is agent " + itoa(them) + ": HP " + itoa(view.HP[them]) + ", charges " + itoa(view.Charge[them]) + ".\n")
	b.WriteString("Your opponent's previous move: " + last + ".\n")
	b.WriteString("\nAnswer with only a JSON object naming your move, one of attack, defend, charge or heal, in exactly this form: {\"move\":\"attack|defend|charge|heal\"}\n")
	return b.String()
}
