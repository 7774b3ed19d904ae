package board

import (
	"strings"
	"testing"
)

// "appeals go to a fresh, larger panel": a regrade drawn on a panel of its own shows
// its size and quorum where a round shows its committee, in the card and the data block
// alike; a round under the terms' quorum reads as before.
func TestTheBoardShowsAFreshPanel(t *testing.T) {
	s := loadSnapshot(t, "demo")
	found := false
	for i := range s.Rounds {
		if len(s.Rounds[i].Committee) > 0 {
			s.Rounds[i].Quorum = 4
			found = true
			break
		}
	}
	if !found {
		t.Fatal("the demo has no round")
	}
	html := string(render(t, s, WithCrossings(nil)))
	if !strings.Contains(html, ", quorum 4;") || !strings.Contains(html, "for a fresh panel of ") {
		t.Error("the board does not show the panel and its quorum")
	}
	_, _, cards, err := decodeData(textOfScript(t, []byte(html)))
	if err != nil {
		t.Fatalf("decode the data block: %v", err)
	}
	if d := sameCards(index(&s, crossings{true, nil}).cards(), cards); d != "" {
		t.Errorf("the data block differs from the cards (-want +got):\n%s", d)
	}
	if plain := string(render(t, loadSnapshot(t, "demo"))); strings.Contains(plain, "for a fresh panel of 3") || strings.Contains(plain, ", quorum 4;") {
		t.Error("a board without a panel shows one")
	}
}
