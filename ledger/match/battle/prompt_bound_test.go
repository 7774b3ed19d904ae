package battle

import (
	"strings"
	"testing"
)

// The ledger takes a system prompt of at most 4,000 bytes and a revealed prompt of at
// most 16 KiB: the template around the longest system prompt, in the longest state it
// can describe, stays inside that, so an honest operator can always reveal.
func TestTheLongestPromptFitsAReveal(t *testing.T) {
	sp := strings.Repeat("\U0001D11E", 1000) // 4,000 bytes
	last := [2]Move{Charge, Heal}
	v := View{Turn: MaxTurns, Agent: 1, HP: [2]int{100, 100}, Charge: [2]int{MaxCharges, MaxCharges}, LastMoves: &last}
	if n := len(Prompt(sp, v)); n > 16<<10 {
		t.Fatalf("the longest prompt is %d bytes, over the 16 KiB a reveal takes", n)
	}
}
