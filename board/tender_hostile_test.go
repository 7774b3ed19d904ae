package board

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
)

// hostileTenders is tendered with every free text a buyer, a bidder, an asker, a
// validator or a model writes into a tender or its rounds replaced by markup that would run, load or navigate if it
// were not escaped.
func hostileTenders(t *testing.T) ledger.Snapshot {
	s := tendered(t)
	t1 := tenderOf(t, &s, tenderCommit)
	t1.Title = imgOnerror
	t1.Summary = closeScript
	t1.Criteria[0].Text = anchor
	t1.Eligibility = []string{svgOnload}
	t1.Questions[0].Text = frame + lineSep
	t1.Questions[0].Answer = styleBreak
	t1.Questions[1].Text = jsURL
	t2 := tenderOf(t, &s, tenderPaused)
	t2.Paused = imgOnerror
	b4 := bidOf(t, &s, 4)
	b4.Proposal = closeScript + imgOnerror + lineSep
	b4.Scores[0].Reason = svgOnload
	b6 := bidOf(t, &s, 6)
	b6.Appeal.Argument = frame
	b6.Outcome = anchor
	tenderOf(t, &s, tenderDeclined).DeclineReason = styleBreak
	s.Checks[1].Criteria[0] = anchor
	s.Checks[1].Reasons[0] = closeScript
	bidOf(t, &s, 9).Salt = imgOnerror
	s.TenderRounds[1].Attempts[0].Attestations[1].Scorecard.Error = "[LLM_ERROR] " + closeScript
	s.TenderRounds[2].Attempts[0].Attestations[0].Scorecard.Calls[0].Model = anchor
	return s
}

// TestHostileTenderTextRendersInert: seed 001, "Every angle bracket in a proposal is
// neutralised, so it cannot close the tag that holds it": on the board too, proposals,
// questions, answers, criteria, reasons, arguments and every other text of a tender
// reach the page as text, exactly as written, and never as elements.
func TestHostileTenderTextRendersInert(t *testing.T) {
	s := hostileTenders(t)
	page := render(t, s)
	doc := checkPage(t, page,
		NotIn("#tenders img, #tenders svg, #tenders iframe, #tenders style, #tenders script, #tenders [onerror], #tenders [onload], #tenders a[href^=javascript]"),
		In("#tender-1 h3 .sub", HasText(imgOnerror)),
		In("#tenders table.tenders td[data-label=Tender] a", HasText("#1 "+imgOnerror)),
		In("#tender-1 .summary", HasText(closeScript)),
		In("#tender-1 table.criteria td[data-label=Criterion]", HasText(anchor+" primary")),
		In("#tender-1 .eligibility dd", HasText(svgOnload)),
		In("#tender-1-q-1 .question q", HasText(strings.Join(strings.Fields(frame+lineSep), " "))),
		In("#tender-1-q-1 .answer q", HasText(styleBreak)),
		In("#tender-1-q-2 .question q", HasText(jsURL)),
		In("#tender-2 .paused", HasText("Award and decline are paused: "+imgOnerror)),
		In("#bid-4 details.proposal pre", HasText(strings.Join(strings.Fields(closeScript+imgOnerror+lineSep), " "))),
		In("#bid-4 table.scorecard td.reason q", HasText(svgOnload)),
		In("#bid-6 .argument q", HasText(frame)),
		In("#bid-6 h5", HasText("Bid #6 scored "+anchor)),
		In("#tender-4 .reason q", HasText(styleBreak)),
		In("#check-2 ol.checked li.flagged", HasText(anchor+" flagged: "+closeScript)),
		In("#round-32 ul.atts", HasText(strings.Join(strings.Fields(judges4[1].String()+" at height 50: scores 4 4 3 (agrees with the leader) "+
			judges4[2].String()+" at height 51: [LLM_ERROR] "+closeScript+" (differs from the leader)"), " "))),
		In("#round-34 ul.calls li", HasText("score openai-compatible / "+anchor+" (no fallback) prompt_sha256 "+strings.Repeat("ab", 32)+
			" response_sha256 "+strings.Repeat("cd", 32))),
	)
	if salt := all(doc, "#bid-9 .commitment code"); len(salt) != 2 || textOf(salt[1]) != imgOnerror {
		t.Errorf("bid 9's salt is not shown as the text it is")
	}
	if n := len(all(doc, "script")); n != 2 {
		t.Errorf("page has %d script elements, want 2", n)
	}
	if n := len(all(doc, "style")); n != 1 {
		t.Errorf("page has %d style elements, want 1", n)
	}
	// Nothing of a tender travels in the data block, where only the entries' cards are.
	data := textOfScript(t, page)
	for _, bad := range []string{"proposes to migrate", "window.pwned", "</script", "<img"} {
		if strings.Contains(data, bad) {
			t.Errorf("the data block contains %q", bad)
		}
	}
	if _, _, _, err := decodeData(data); err != nil {
		t.Errorf("the data block does not decode: %v", err)
	}
}
