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
	next, bid, rid := ledger.TenderID(1), ledger.BidID(1), ledger.RoundID(1)
	for _, t := range s.Tenders {
		next = max(next, t.ID+1)
		for _, b := range t.Bids {
			bid = max(bid, b.ID+1)
		}
	}
	for _, r := range s.Rounds {
		rid = max(rid, r.ID+1)
	}
	for _, r := range s.TenderRounds {
		rid = max(rid, r.ID+1)
	}
	full, rounds := fullTender(next, bid, rid)
	s.Tenders = append(append([]ledger.TenderView{}, s.Tenders...), full)
	s.TenderRounds = append(append([]ledger.TenderRoundView{}, s.TenderRounds...), rounds...)
	return s
}

// TestAFullTenderRendersWhole: a tender at every limit the ledger allows (64 bids, each
// revealed, scored on 8 criteria and appealed, and 32 questions, every text at its
// longest, two rounds a bid) renders whole: every bid with its scorecard, proposal and
// rounds, every question with its answer. Beside 10,000 entries it leaves their paging
// as it was, and it stays within its share of the page (maxTenderBytes).
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
		id + " details.history section.round":        2 * tender.MaxBids,
		id + " ul.calls li":                          2 * tender.MaxBids * tender.MaxCalls,
	} {
		if n := len(all(doc, sel)); n != want {
			t.Errorf("%s: %d elements, want %d", sel, n, want)
		}
	}
	last := full.Bids[len(full.Bids)-1]
	checkPage(t, section, In(fmt.Sprintf("#bid-%d details.proposal pre", last.ID), HasText(last.Proposal)))

	size := len(fragment(t, section, `<article class="card tender" id="tender-`+fmt.Sprint(full.ID)+`"`, "</article>"))
	t.Logf("a full tender with its %d rounds: %.2f MiB of markup", 2*len(full.Bids), float64(size)/(1<<20))
	if size > maxTenderBytes {
		t.Errorf("a full tender takes %d bytes, over its budget of %d", size, maxTenderBytes)
	}
}

// maxTenderBytes is what a tender at every limit may take on the page: 2 MiB, an
// eighth of the 10,000-entry page with distinct entries (BenchmarkRender10k), so a page
// of a few full tenders is still one a phone loads. Its proposals alone are 384 KiB.
const maxTenderBytes = 2 << 20

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
