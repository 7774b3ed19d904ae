package board

import (
	"fmt"
	"testing"
)

// TestAgentsAreListedByRating: issue 38, "the board (a section listing agents by
// rating)": the matches section lists every agent of a finished match, highest first,
// with its rating, interval, record and matches, as the snapshot's agents give them;
// with no finished match there is no table.
func TestAgentsAreListedByRating(t *testing.T) {
	_, s := matches(t)
	if len(s.Agents) != 2 || s.Agents[0].Wins != 1 {
		t.Fatalf("the played matches rate %+v, want two agents, the first with a win", s.Agents)
	}
	row := func(i int) string {
		a := s.Agents[i]
		return fmt.Sprintf("%d %.1f %.1f to %.1f %s %s %d %d–%d–%d #1", i+1, a.Rating, a.Low, a.High, a.Model, a.SystemPrompt, a.Games, a.Wins, a.Losses, a.Draws)
	}
	checkPage(t, render(t, s),
		In("#matches h3#agents", HasText("Agents by rating")),
		In("#matches #agent-rank-1", HasText(row(0))),
		In("#matches #agent-rank-2", HasText(row(1))),
	)
	if want := "1 1145.4 788.3 to 1502.5 scripted/aggressive You are Brute. You like to hit hard. 1 1–0–0 #1"; row(0) != want {
		t.Errorf("first row %q, want %q", row(0), want)
	}
	s.Agents = nil
	checkPage(t, render(t, s), NotIn("#matches table.ratings"), NotIn("#agents"))
}
