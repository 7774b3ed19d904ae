package board

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"golang.org/x/net/html"
)

// entry returns the demo entry with id, for editing before a render.
func entry(t *testing.T, s *ledger.Snapshot, id ledger.EntryID) *ledger.EntryView {
	t.Helper()
	for i := range s.Entries {
		if s.Entries[i].ID == id {
			return &s.Entries[i]
		}
	}
	t.Fatalf("no entry %d in the snapshot", id)
	return nil
}

// TestCardsShowRungScoreAndFailingCheck: seed 000, "one card per entry, showing the rung
// the validators agreed on, the points it was worth, what the contract settled, and
// every compiled check behind it".
func TestCardsShowRungScoreAndFailingCheck(t *testing.T) {
	var checks []pageCheck
	for _, c := range demoCards {
		checks = append(checks, In(c.sel, HasText(c.want)))
	}
	doc := checkPage(t, render(t, loadSnapshot(t, "demo")), checks...)
	if n := len(all(doc, "#cards > article.card")); n != 6 {
		t.Errorf("cards = %d, want one per entry (6)", n)
	}
	if n := len(all(doc, "#entry-1 table.checks tr.check")); n != 3 {
		t.Errorf("entry 1 shows %d compiled checks, want 3", n)
	}
}

// TestTheDifferenceNamesItsCause: seed 000, "An entry read as strong that lands at 65
// names the preferred criterion that cost the fifteen points. One that lands at 0 names
// the mandatory criterion it broke"; a copy names the entry it copied and the overlap.
func TestTheDifferenceNamesItsCause(t *testing.T) {
	checkPage(t, render(t, loadSnapshot(t, "demo")),
		In("#entry-1 ul.causes li", HasText("mandatory criterion not met, so rung 0, score 0, disqualified: The note must be at most 600 characters.")),
		In("#entry-1 .reason", HasText("Code: required criteria not met, established deterministically: note must be at most 600 characters")),
		In("#entry-1 .diff dd", HasText("\u221260")),
		In("#entry-4 ul.causes li", HasText("duplicate of entry #3: 86% overlap, at or over the 80% threshold; rung 0, score 0, disqualified")),
		In("#entry-4 .dup a", HasAttr("href", "#entry-3")),
		In("#entry-6 ul.causes li", HasText("\u221215, preferred criterion not met: It should link to the webhook docs.")),
		In("#entry-2 ul.causes li", HasText("no deduction: settled at what the rung was worth")),
		In("#entry-2 .diff dd", HasText("0")),
	)
}

// TestCardsShowEverythingGetGradesReturns: seed 000, get_grades is "every round on an
// entry: judged score, settled score, compiled checks, violations, similarity, work
// digest"; DESIGN.md, "the ledger records who agreed: the board shows it", and every
// model call yields a receipt.
func TestCardsShowEverythingGetGradesReturns(t *testing.T) {
	s := loadSnapshot(t, "demo")
	e1 := entry(t, &s, 1)
	read := e1.Current.Result.Calls[1]
	checkPage(t, render(t, s),
		In("#entry-1 .prose li", HasText("It should be written for a developer who has never seen the product.")),
		In("#entry-6 .dropped li", HasText("import re; re.search('backoff', work) is not None: contains import")),
		In("#entry-1 .facts code.hash", HasText(e1.Current.Result.WorkDigest)),
		In("#entry-2 .addrs li .disagree"),
		In("#entry-1 details.history section.round h4", HasText("Round 1: settled")),
		In("#entry-1 section.round ol.attempts li", HasText(strings.Join(strings.Fields(
			"Attempt 1: settled, leader "+s.Rounds[0].Attempts[0].Leader.String()+", opened 2026-01-01 01:01:40 UTC, deadline 2026-01-01 01:11:40 UTC "+
				attLine(s.Rounds[0].Attempts[0])), " "))),
		In("#entry-1 section.round ul.mini li.check.fail code", HasText("work_len <= 600")),
		In("#entry-1 .appeal", HasText("held: filed 2026-01-01 02:46:40 UTC by "+e1.Appeal.Appellant.String()+" against round 1, regraded in round 7, bond 20 GEN, bounty 0 GEN")),
		In("#entry-1 section.round[aria-label='Round 7'] ul.calls li", HasText("compile openai-compatible / qwen2.5-14b-instruct (no fallback) prompt_sha256 "+
			e1.Current.Result.Calls[0].PromptSHA+" response_sha256 "+e1.Current.Result.Calls[0].ResponseSHA)),
		In("#entry-1 .work pre", HasText(strings.Join(strings.Fields(e1.Work), " "))),
	)
	doc := checkPage(t, render(t, s))
	var hashes []string
	for _, n := range all(doc, "#entry-1 section.round[aria-label='Round 7'] ul.calls li") {
		hashes = append(hashes, textOf(n))
	}
	want := "read ollama / llama3.1:8b (fallback: " + read.FallbackWhy + ") prompt_sha256 " + read.PromptSHA + " response_sha256 " + read.ResponseSHA
	if len(hashes) != 2 || hashes[1] != want {
		t.Errorf("round 7 receipts = %q, want the read call %q second", hashes, want)
	}
}

func attLine(a ledger.AttemptView) string {
	var b strings.Builder
	for _, at := range a.Attestations {
		verdict := "(agrees with the leader)"
		if !at.Agrees {
			verdict = "(differs from the leader)"
		}
		b.WriteString(at.Validator.String() + " at height " + itoa(int64(at.Height)) + ": " + says(&at.Result) + " " + verdict + " ")
	}
	return b.String()
}

// TestFailedEntriesShowTheirClassedError: DESIGN.md, errors carry a class prefix that
// consensus compares; an entry that failed shows the agreed error, not a rung.
func TestFailedEntriesShowTheirClassedError(t *testing.T) {
	checkPage(t, render(t, loadSnapshot(t, "demo")),
		In("#entry-5 .error", HasText("failed [EXTERNAL] Work URL returned 404")),
		In("#entry-5 ul.causes li", HasText("grading failed with an agreed error, so the entry is ineligible: [EXTERNAL] Work URL returned 404")),
		NotIn("#entry-5 dl.score"),
		In("#entry-5 .work p code", HasText("https://bob.example.net/retries.md")),
	)
}

// TestNoDeterministicPassIsVisible: seed 000, "It marks the round [no deterministic
// pass] so the degradation is visible".
func TestNoDeterministicPassIsVisible(t *testing.T) {
	s := loadSnapshot(t, "demo")
	checkPage(t, render(t, s), NotIn(".nodet"))
	entry(t, &s, 6).Current.Result.NoDeterministicPass = true
	checkPage(t, render(t, s), In("#entry-6 .nodet", HasText("[no deterministic pass] no check ran; the whole rubric fell to the reader")))
}

// TestEntriesWithoutAGradeSayWhy: an entry that is pending, grading or ungraded shows
// its state instead of a score.
func TestEntriesWithoutAGradeSayWhy(t *testing.T) {
	s := loadSnapshot(t, "demo")
	e := entry(t, &s, 3)
	e.Current, e.State = nil, ledger.EntryUngraded
	checkPage(t, render(t, s),
		In("#entry-3 .status", HasText("ungraded: every attempt of its round was discarded; grade() opens a fresh round")),
		NotIn("#entry-3 dl.score"))
}

// TestLadderIsRenderedFromTheSnapshot: seed 000, "the board renders it from chain rather
// than restating it".
func TestLadderIsRenderedFromTheSnapshot(t *testing.T) {
	s := loadSnapshot(t, "demo")
	s.Arena.Ladder[4].Label, s.Arena.Ladder[4].Meaning, s.Arena.Ladder[4].Worth = "solid", "as published by this arena", 81
	s.Arena.Rules.SoftDeduction = 16
	doc := checkPage(t, render(t, s),
		In("#entry-6 .judged dd", HasText("80read as 4/5 solid")),
		In("#entry-6 ul.causes li", HasText("\u221216, preferred criterion not met: It should link to the webhook docs.")))
	rows := all(doc, "table.ladder tbody tr")
	if len(rows) != ledger.Rungs || textOf(rows[4]) != "4 solid as published by this arena 81" {
		t.Errorf("ladder rows = %d, row 4 = %q", len(rows), textOf(rows[4]))
	}
	if got := textOf(all(doc, "table.rules tbody tr")[1]); got != "a preferred criterion is unsatisfied the sandbox \u221216, once per criterion" {
		t.Errorf("rules row = %q", got)
	}
}

// TestTermsMoneyAndTasks: the terms, the four balances with paid in and out, the
// invariant, and every task with its state, prize, close time and outcome.
func TestTermsMoneyAndTasks(t *testing.T) {
	checkPage(t, render(t, loadSnapshot(t, "demo")),
		In("h1", HasText("Proving Ground")),
		In(".asof", HasText("As of height 61, 2026-01-02 02:00:00 UTC, state hash 0x"+
			"0eb247d091fcca7e6f5a26367a9f490ef966050a63893423c482b7018a916d5c")),
		In("dl.terms", HasText("Chain arena-demo-1 Currency GEN Entry bond 5 GEN Appeal bond 20 GEN Appeal window 6 h Validators 5 "+
			"Committee per round 5 Quorum, leader included 3 Attempts per round 3 Attempt timeout 10 min EVM registry none Dev mode off")),
		In("#money dl.terms", HasText("Prize escrow 250 GEN Bond escrow 20 GEN Slash pool 25 GEN Claimable 0 GEN Paid in 500 GEN Paid out 205 GEN")),
		In(".invariant.ok code", HasText("250 + 20 + 25 + 0 = 500 \u2212 205")),
		In("#task-1", HasText("#1 Launch note for the Settlement API awarded 200 GEN 2026-01-02 00:00:00 UTC 2 won by entry #2 at 80, "+
			"0xC2E715B4B5a14542988B16e623eF844a4586195f, 2026-01-02 01:00:00 UTC")),
		In("#task-2", HasText("#2 Migration guide off the v0 payouts endpoint open 150 GEN 2026-01-31 00:00:00 UTC 2 not awarded yet")),
		In("#task-1 time", HasAttr("datetime", "2026-01-02T00:00:00Z")),
		In("#leaderboard tbody tr", HasText("1 0xC2E715B4B5a14542988B16e623eF844a4586195f 3 3 1 0 80 75 200 GEN")),
		In("#events tbody tr", HasText("58 award task #1 entry #2 0xC2E715B4B5a14542988B16e623eF844a4586195f 200 GEN 80 prize paid to the highest eligible score")),
	)
}

// TestABrokenInvariantIsShown: DESIGN.md, "Four balances and one invariant": a snapshot
// whose balances do not add up says so rather than hiding it.
func TestABrokenInvariantIsShown(t *testing.T) {
	s := loadSnapshot(t, "demo")
	s.Arena.Balances.SlashPool = ledger.Ether(26)
	checkPage(t, render(t, s), NotIn(".invariant.ok"),
		In(".invariant.bad code", HasText("250 + 20 + 26 + 0 \u2260 500 \u2212 205")))
}

// TestThePageLoadsNothing: DESIGN.md, "it makes no network calls": no element that
// fetches, a policy that forbids every fetch, and only the page's own two scripts.
func TestThePageLoadsNothing(t *testing.T) {
	doc := checkPage(t, render(t, loadSnapshot(t, "demo")),
		NotIn("script[src], link[href], img[src^=http], img, iframe, object, embed, base, video, audio, source, svg"),
		NotIn("a[href^=http], a[href^=//], form[action], [style], [srcset], [background]"),
		In("meta[http-equiv=Content-Security-Policy]", HasAttr("content", Policy())),
	)
	if !strings.HasPrefix(Policy(), "default-src 'none'; ") {
		t.Errorf("policy %q does not start by forbidding everything", Policy())
	}
	scripts := all(doc, "script")
	if len(scripts) != 2 {
		t.Fatalf("scripts = %d, want the data block and the board script", len(scripts))
	}
	if typ, _ := attr(scripts[0], "type"); typ != "application/json" {
		t.Errorf("first script type = %q, want application/json", typ)
	}
	for _, n := range all(doc, "a[href]") {
		if href, _ := attr(n, "href"); !strings.HasPrefix(href, "#") {
			t.Errorf("link %s leaves the page", describe(n))
		}
	}
	if strings.Contains(script, "fetch(") || strings.Contains(script, "XMLHttpRequest") || strings.Contains(script, "innerHTML") {
		t.Error("the board script names fetch, XMLHttpRequest or innerHTML")
	}
}

// TestHeadingsLandmarksAndLabels: headings descend in order from one h1, the page has
// banner, navigation, main and contentinfo landmarks, and every filter is a labelled
// form control.
func TestHeadingsLandmarksAndLabels(t *testing.T) {
	doc := checkPage(t, render(t, loadSnapshot(t, "demo")),
		In("body > header nav[aria-label=Sections]"), In("body > main"), In("body > footer"),
		In("form#filters[role=search]"), In("#shown[aria-live=polite]"), In("html", HasAttr("lang", "en")))
	prev := 0
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode || len(n.Data) != 2 || n.Data[0] != 'h' || n.Data[1] < '1' || n.Data[1] > '6' {
			continue
		}
		level := int(n.Data[1] - '0')
		if (prev == 0 && level != 1) || (prev != 0 && level == 1) || level > prev+1 {
			t.Errorf("heading %s %q follows h%d", n.Data, textOf(n), prev)
		}
		prev = level
	}
	for _, n := range all(doc, "select, input") {
		id, _ := attr(n, "id")
		if id == "" || len(all(doc, "label[for="+id+"]")) != 1 {
			t.Errorf("control %s has no label", describe(n))
		}
	}
}
