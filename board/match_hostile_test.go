package board

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
)

// hostileMatches is the played matches with every free text an entrant, a model or the
// operator writes into a match (models, system prompts, prompts, responses, signatures,
// salts, commitments, even a void reason, an event's kind and a bet's move) replaced by
// markup that would run, load or navigate if it were not escaped.
func hostileMatches(t *testing.T) ledger.Snapshot {
	_, s := matches(t)
	m1 := matchIn(t, &s, 1)
	m1.Agents[0].Model = imgOnerror
	m1.Agents[0].SystemPrompt = closeScript + lineSep
	m1.Agents[1].SystemPrompt = styleBreak
	d := &m1.Turns[0].Decisions[0]
	d.Prompt, d.Response, d.Salt = frame, svgOnload, styleBreak
	m1.Turns[1].Decisions[1].Response = anchor
	m1.Turns[1].Decisions[1].Sig = closeScript
	m1.Turns[2].Events[0].Kind = imgOnerror
	m1.Bets[0].Move = jsURL
	m1.Turns[0].Bets[0].Move = jsURL
	matchIn(t, &s, 2).VoidReason = anchor
	m4 := matchIn(t, &s, 4)
	m4.Turns[1].Commitments[0] = frame
	m4.Agents[1].Model = jsURL
	return s
}

// TestHostileMatchTextRendersInert: seed 004's matches put an entrant's system prompt
// and a model's raw answer on the page; on the board they reach it as text, exactly as
// written, never as elements, and nothing of a match travels in the data block.
func TestHostileMatchTextRendersInert(t *testing.T) {
	s := hostileMatches(t)
	page := render(t, s)
	doc := checkPage(t, page,
		NotIn("#matches img, #matches svg, #matches iframe, #matches style, #matches script, #matches [onerror], #matches [onload], #matches a[href^=javascript]"),
		In("#match-1 h3 .sub", HasText(imgOnerror+" vs scripted/careful")),
		In("#matches table.matches td[data-label=Match] a", HasText("#1 "+imgOnerror+" vs scripted/careful")),
		In("#match-1 table.agents code.model", HasText(imgOnerror)),
		In("#match-1 table.agents pre", HasText(strings.Join(strings.Fields(closeScript+lineSep), " "))),
		In("#match-1-turn-1-agent-0 pre.prompt", HasText(frame)),
		In("#match-1-turn-1-agent-0 pre.response", HasText(svgOnload)),
		In("#match-1-turn-2-agent-1 pre.response", HasText(anchor)),
		In("#match-1-turn-2 table.moves tr.fallback td[data-label=Signed by]", HasText("the signature recovers to no address")),
		In("#match-1-turn-3 ol.events li", startsWith("agent 0: "+imgOnerror)),
		In("#match-1-turn-1 table.bets td[data-label=On]", HasText("agent 0 plays "+jsURL)),
		In("#match-2 dl.result dd", HasText("void "+anchor)),
		In("#match-4-turn-2 ul.commitments code", HasText(frame)),
		In("#match-4 table.agents tr td[data-label=Model]", HasText("scripted/aggressive")),
	)
	if sigs := all(doc, "#match-1-turn-2-agent-1 dl.receipt code.hash"); len(sigs) == 0 || textOf(sigs[len(sigs)-1]) != closeScript {
		t.Errorf("the hostile signature is not shown as the text it is")
	}
	if salts := all(doc, "#match-1-turn-1-agent-0 dl.receipt code.hash"); len(salts) < 5 || textOf(salts[4]) != styleBreak {
		t.Errorf("the hostile salt is not shown as the text it is")
	}
	if n := len(all(doc, "script")); n != 2 {
		t.Errorf("page has %d script elements, want 2", n)
	}
	if n := len(all(doc, "style")); n != 1 {
		t.Errorf("page has %d style elements, want 1", n)
	}
	data := textOfScript(t, page)
	for _, bad := range []string{"You are Warden", "window.pwned", "</script", "<img"} {
		if strings.Contains(data, bad) {
			t.Errorf("the data block contains %q", bad)
		}
	}
	if _, _, _, err := decodeData(data); err != nil {
		t.Errorf("the data block does not decode: %v", err)
	}
}
