package board

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
)

// The claims below are about entries and appeals that end without a verdict of their
// own: stalled, sealed and lapsed, and the members who failed or answered late.

// TestAStalledEntryIsNeverAVerdict: an entry the grading window left without a grade is
// shown as "not graded: grading stalled", never with a rung, a score or a verdict, even
// were a grade view attached to it.
func TestAStalledEntryIsNeverAVerdict(t *testing.T) {
	const want = "not graded: grading stalled past the grading window; ineligible, bond returned"
	for _, keep := range []bool{false, true} {
		s := loadSnapshot(t, "demo")
		e := entry(t, &s, 3)
		e.State = ledger.EntryStalled
		if !keep {
			e.Current = nil
		}
		checkPage(t, render(t, s),
			In("#entry-3 .meta .badge", HasText("stalled")),
			In("#entry-3 .status", HasText(want)),
			NotIn("#entry-3 dl.score"), NotIn("#entry-3 .error"), NotIn("#entry-3 ul.causes"))
	}
}

// TestASealedEntryIsSealedUntilRevealed: a sealed task's entry before its reveal shows
// as sealed, with no grade.
func TestASealedEntryIsSealedUntilRevealed(t *testing.T) {
	s := loadSnapshot(t, "demo")
	e := entry(t, &s, 4)
	e.State, e.Current, e.Work, e.Commitment = ledger.EntrySealed, nil, "", "0x"+strings.Repeat("ab", 32)
	checkPage(t, render(t, s),
		In("#entry-4 .status", HasText("sealed: a commitment until it is revealed; the work shows once revealed")),
		NotIn("#entry-4 dl.score"))
}

// TestAWithdrawnOrReplacedEntrySaysWhatBecameOfIt: an entry its filer took back before
// close says its bond was returned; one replaced names the entry filed in its place,
// which took its bond. Neither shows a grade.
func TestAWithdrawnOrReplacedEntrySaysWhatBecameOfIt(t *testing.T) {
	s := loadSnapshot(t, "demo")
	w, r := entry(t, &s, 3), entry(t, &s, 4)
	w.State, w.Outcome, w.Current = ledger.EntryWithdrawn, ledger.EntryWithdrawn, nil
	r.State, r.Outcome, r.Current, r.ReplacedBy = ledger.EntryReplaced, ledger.EntryReplaced, nil, 12
	checkPage(t, render(t, s),
		In("#entry-3 .meta .badge", HasText("withdrawn")),
		In("#entry-3 .status", HasText("withdrawn by its filer before close: the bond was returned in full")),
		In("#entry-4 .status", HasText("replaced by its filer before close with entry #12, which took its bond")),
		NotIn("#entry-3 dl.score"), NotIn("#entry-4 dl.score"))
}

// TestALapsedAppealSaysSo: an appeal whose regrade could not settle shows as lapsed.
func TestALapsedAppealSaysSo(t *testing.T) {
	s := loadSnapshot(t, "demo")
	e := entry(t, &s, 1)
	e.Appeal.Outcome = ledger.AppealLapsed
	checkPage(t, render(t, s), In("#entry-1 .appeal", HasText("lapsed: filed 2026-01-01 02:46:40 UTC by "+
		e.Appeal.Appellant.String()+" against round 1, regraded in round 7, bond 20 GEN, bounty 0 GEN")))
}

// TestFailuresAndLateAttestationsAreListed: members whose verdict was a classed failure
// the leader's was not are listed as failed, apart from those who disagreed, and an
// attestation sent after its attempt ended is marked late.
func TestFailuresAndLateAttestationsAreListed(t *testing.T) {
	s := loadSnapshot(t, "demo")
	g := entry(t, &s, 2).Current
	failed := g.Agreed[len(g.Agreed)-1]
	g.Agreed, g.Failed = g.Agreed[:len(g.Agreed)-1], []ledger.Address{failed}
	late := &s.Rounds[0].Attempts[0].Attestations[0]
	late.Late = true
	doc := checkPage(t, render(t, s),
		In("#entry-1 section.round ul.atts li .late", HasText("late: on the record, not tallied")))
	items := all(doc, "#entry-2 .addrs li")
	if got := textOf(items[len(items)-1]); got != "failed "+failed.String() {
		t.Errorf("last validator listed = %q, want the failed one", got)
	}
	var said string
	for _, p := range all(doc, "#entry-2 p") {
		if text := textOf(p); strings.HasPrefix(text, "Leader ") {
			said = text
		}
	}
	if want := fmt.Sprintf("Leader %s; agreed: %d; did not agree: %d; failed: 1.", g.Leader, len(g.Agreed), len(g.Disagreed)); said != want {
		t.Errorf("validators line = %q, want %q", said, want)
	}
}

// unsettled returns the demo snapshot with every state above in it: entry 1's appeal
// lapsed, a failure and a late attestation on entry 2, entry 3 stalled, entry 4 sealed.
func unsettled(t *testing.T) ledger.Snapshot {
	s := loadSnapshot(t, "demo")
	entry(t, &s, 1).Appeal.Outcome = ledger.AppealLapsed
	g := entry(t, &s, 2).Current
	g.Agreed, g.Failed = g.Agreed[:len(g.Agreed)-1], g.Agreed[len(g.Agreed)-1:]
	s.Rounds[0].Attempts[0].Attestations[0].Late = true
	e3 := entry(t, &s, 3)
	e3.State, e3.Current = ledger.EntryStalled, nil
	e4 := entry(t, &s, 4)
	e4.State, e4.Current, e4.Work = ledger.EntrySealed, nil, ""
	return s
}

// TestChromiumRendersUnsettledEntriesAsTheServerDoes: the script, rendering cards from
// the data block, shows stalled, sealed, lapsed, failed and late exactly as the server
// wrote them.
func TestChromiumRendersUnsettledEntriesAsTheServerDoes(t *testing.T) {
	b := newBrowser(t, writePage(t, render(t, unsettled(t))))
	b.run(t, chromedp.Navigate(b.page), chromedp.WaitVisible(chromedp.CSS("#filters")))
	server := eval[[]string](t, b, signature)
	b.choose(t, "#f-task", "2")
	b.choose(t, "#f-task", "")
	if d := cmp.Diff(server, eval[[]string](t, b, signature)); d != "" {
		t.Errorf("the script renders cards unlike the server (-server +script):\n%s", d)
	}
	if got := b.text(t, "#entry-3 .status"); !strings.HasPrefix(got, "not graded: grading stalled") {
		t.Errorf("rendered by script: #entry-3 .status = %q", got)
	}
	b.check(t)
}
