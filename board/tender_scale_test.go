package board

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

// withFullTender returns s with fullTender added after its tenders.
func withFullTender(s ledger.Snapshot) ledger.Snapshot {
	treasury := treasury
	s.Arena.Terms.Treasury = &treasury
	next, bid := ledger.TenderID(1), ledger.BidID(1)
	for _, t := range s.Tenders {
		next = max(next, t.ID+1)
		for _, b := range t.Bids {
			bid = max(bid, b.ID+1)
		}
	}
	s.Tenders = append(append([]ledger.TenderView{}, s.Tenders...), fullTender(next, bid))
	return s
}

// TestAFullTenderRendersWhole: a tender at every limit the ledger allows (64 bids, each
// revealed, scored on 8 criteria and appealed, and 32 questions, every text at its
// longest) renders whole: every bid with its scorecard and proposal, every question
// with its answer. Beside 10,000 entries it leaves their paging as it was, and its
// markup costs less than its own texts again: the page stays about what it says.
func TestAFullTenderRendersWhole(t *testing.T) {
	s := withFullTender(scaled(t, 10_000))
	full := &s.Tenders[len(s.Tenders)-1]
	page := render(t, s)
	if n := bytes.Count(page, []byte(`<article class="card"`)); n != pageSize {
		t.Errorf("entry cards in markup = %d, want %d", n, pageSize)
	}
	section := fragment(t, page, `<section id="tenders"`, "\n</section>\n<section id=\"leaderboard\"")
	doc := checkPage(t, section)
	id := fmt.Sprintf("#tender-%d", full.ID)
	for sel, want := range map[string]int{
		id + " section.bid":                          tender.MaxBids,
		id + " table.scorecard":                      tender.MaxBids,
		id + " table.scorecard tbody tr":             tender.MaxBids * tender.CriteriaMax,
		id + " details.proposal pre":                 tender.MaxBids,
		id + " .appeal":                              tender.MaxBids,
		id + " table.ranking tbody tr":               tender.MaxBids,
		id + " ol.questions > li":                    tender.MaxQuestions,
		id + " ol.questions > li .answer time":       tender.MaxQuestions,
		id + " table.criteria tbody tr":              tender.CriteriaMax,
		id + " table.scorecard td.agreement":         tender.MaxBids * tender.CriteriaMax,
		id + " ol.questions > li .answer.unanswered": 0,
	} {
		if n := len(all(doc, sel)); n != want {
			t.Errorf("%s: %d elements, want %d", sel, n, want)
		}
	}
	last := full.Bids[len(full.Bids)-1]
	checkPage(t, section, In(fmt.Sprintf("#bid-%d details.proposal pre", last.ID), HasText(last.Proposal)))

	texts := 0
	for _, b := range full.Bids {
		texts += len(b.Proposal) + len(b.Appeal.Argument)
		for _, sc := range b.Scores {
			texts += len(sc.Reason) + len(full.Criteria[sc.Criterion].Text)
		}
	}
	for _, q := range full.Questions {
		texts += len(q.Text) + len(q.Answer)
	}
	tenderBytes := len(fragment(t, section, `<article class="card tender" id="tender-`+fmt.Sprint(full.ID)+`"`, "</article>"))
	t.Logf("a full tender: %d bytes of text in %d bytes of markup", texts, tenderBytes)
	if tenderBytes > 2*texts {
		t.Errorf("a full tender takes %d bytes for %d bytes of text, more than twice", tenderBytes, texts)
	}
}

// BenchmarkRenderFullTender: the cost of a tender at every limit, alone on the demo,
// in ms per render and KiB of page.
func BenchmarkRenderFullTender(b *testing.B) {
	s := withFullTender(loadSnapshot(b, "demo"))
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := Render(&buf, s); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/render")
	b.ReportMetric(float64(buf.Len())/(1<<10), "KiB/page")
}
