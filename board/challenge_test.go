package board

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
)

// The claims below are issue 13's board: "the leaderboard per bench version with an
// emissions strip and a rollout strip, each row opening to its per-category breakdown
// and integrity telemetry, provisional runs marked as such", read from the views of the
// challenges a real ledger ran (challenge_fixture_test.go).

var (
	storyOnce sync.Once
	story     *challengeRun
)

// challenges returns the story of playChallenges, played once for the package's tests,
// and a copy of its snapshot of the test's own.
func challenges(t *testing.T) (*challengeRun, ledger.Snapshot) {
	t.Helper()
	storyOnce.Do(func() { story = playChallenges(t) })
	if story == nil {
		t.Fatal("the challenges could not be played")
	}
	b, err := json.Marshal(story.snap)
	if err != nil {
		t.Fatal(err)
	}
	var s ledger.Snapshot
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return story, s
}

// challengeIn returns the view of challenge id in s.
func challengeIn(t *testing.T, s *ledger.Snapshot, id ledger.ChallengeID) *ledger.ChallengeView {
	t.Helper()
	for i := range s.Challenges {
		if s.Challenges[i].ID == id {
			return &s.Challenges[i]
		}
	}
	t.Fatalf("no challenge %d in the snapshot", id)
	return nil
}

// entryOf returns the view of entry id of c.
func entryOf(t *testing.T, c *ledger.ChallengeView, id ledger.ChallengeEntryID) *ledger.ChallengeEntryView {
	t.Helper()
	for i := range c.Entries {
		if c.Entries[i].ID == id {
			return &c.Entries[i]
		}
	}
	t.Fatalf("challenge %d has no entry %d", c.ID, id)
	return nil
}

// runIn returns the view of run id of c.
func runIn(t *testing.T, c *ledger.ChallengeView, id ledger.RunID) *ledger.RunView {
	t.Helper()
	for i := range c.Runs {
		if c.Runs[i].ID == id {
			return &c.Runs[i]
		}
	}
	t.Fatalf("challenge %d has no run %d", c.ID, id)
	return nil
}

// plainMicros writes micros the way a reader would by hand, independently of micro.
func plainMicros(v int64) string { return fmt.Sprintf("%d.%06d", v/1_000_000, v%1_000_000) }

// rowID is the anchor of entry e's row on version v of challenge c.
func rowID(c ledger.ChallengeID, v uint32, e ledger.ChallengeEntryID) string {
	return sel("challenge-%d-v%d-entry-%d", c, v, e)
}

// TestChallengesMatchGoldens: STYLE.md, "Golden files for the board": the story's
// challenges, kept as testdata/challenges.snapshot.json, render byte for byte as
// testdata/challenge-*.golden.html: the table, each challenge and the bench versions
// (-update replays the story and rewrites them all).
func TestChallengesMatchGoldens(t *testing.T) {
	if *update {
		_, s := challenges(t)
		b, err := json.MarshalIndent(s, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("testdata", "challenges.snapshot.json"), append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	page := render(t, loadSnapshot(t, "challenges"))
	for name, id := range map[string]int{"sprint": 1, "season": 2} {
		t.Run(name, func(t *testing.T) {
			matchGolden(t, "challenge-"+name, fragment(t, page, sel(`<article class="card challenge" id="challenge-%d"`, id), "</article>"))
		})
	}
	t.Run("table", func(t *testing.T) {
		matchGolden(t, "challenge-table", fragment(t, page, `<section id="challenges"`, "</table>"))
	})
	t.Run("benches", func(t *testing.T) {
		matchGolden(t, "challenge-benches", fragment(t, page, `<h3 id="benches-h">`, "</table>"))
	})
}

// TestEachBenchVersionHasItsOwnLeaderboard: issue 13, "composites from different
// versions are never ranked together": the season has one leaderboard per version it
// has runs on, the active one first and marked, and every run a leaderboard lists, and
// every composite it ranks, is of its own version.
func TestEachBenchVersionHasItsOwnLeaderboard(t *testing.T) {
	r, s := challenges(t)
	c := challengeIn(t, &s, r.season)
	doc := checkPage(t, render(t, s),
		In("#challenge-2 section.standings", HasAttr("id", "challenge-2-v1")),
		In("#challenge-2-v1 h4", HasText("Leaderboard on dittobench v1 active")),
		In("#challenge-2-v1 h4 .badge.active", HasText("active")),
		In("#challenge-2-v2 h4", HasText("Leaderboard on dittobench v2 rolling out")),
		NotIn("#challenge-2-v3, #challenge-2-v2 h4 .badge.active"),
	)
	var boards []string
	for _, n := range all(doc, "#challenge-2 section.standings") {
		id, _ := attr(n, "id")
		boards = append(boards, id)
	}
	if want := []string{"challenge-2-v1", "challenge-2-v2"}; !slices.Equal(boards, want) {
		t.Fatalf("the season's leaderboards are %q, want %q", boards, want)
	}
	for _, b := range boards {
		version, _ := strconv.Atoi(b[strings.LastIndex(b, "v")+1:])
		for _, n := range all(doc, "#"+b+" section.run") {
			id, _ := attr(n, "id")
			k, _ := strconv.Atoi(strings.TrimPrefix(id, "challenge-run-"))
			if run := runIn(t, c, ledger.RunID(k)); run.Version != uint32(version) {
				t.Errorf("%s lists run %d, which ran on v%d", b, k, run.Version)
			}
		}
	}
	// v2 ranks the rescore runs' composites, never the entry runs' of v1.
	var want []string
	for _, name := range []string{"carol", "dave", "bob"} {
		run := r.runOf(t, name, r.benches["dittobench v2"], challenge.PurposeRescore, 0)
		want = append(want, plainMicros(run.Kept.Composite.Composite)+" \u00b1 "+plainMicros(run.Kept.Composite.SE))
	}
	if got := textsOf2(all(doc, "#challenge-2-v2 tbody.ranked td[data-label=Composite ± SE]")); !slices.Equal(got, want) {
		t.Errorf("v2 ranks %q, want the rescore runs' %q", got, want)
	}
}

// TestRankedRowsAreTheFoldsEntriesByComposite: a version's ranked rows are the entries
// the fold counts, by composite then first seen, each with its rank, entry id,
// submitter, short program digest, composite ± SE, n, first seen and state, the latest
// fold's champion and tail marked.
func TestRankedRowsAreTheFoldsEntriesByComposite(t *testing.T) {
	r, s := challenges(t)
	c := challengeIn(t, &s, r.season)
	doc := checkPage(t, render(t, s))
	rows := all(doc, "#challenge-2-v1 tbody.ranked tr.entry")
	order := []struct {
		name string
		role string
	}{{"carol", " champion"}, {"dave", " tail"}, {"bob", " tail"}, {"alice", " tail"}, {"erin", " tail"}}
	if len(rows) != len(order) {
		t.Fatalf("%d ranked rows on v1, want %d", len(rows), len(order))
	}
	for i, o := range order {
		e := entryOf(t, c, r.entries[o.name])
		want := sel("%d #%d%s %s %s %s \u00b1 %s %d %s final", i+1, e.ID, o.role, r.c.Addr(o.name), e.Program[:12]+"\u2026",
			plainMicros(e.Composite), plainMicros(e.SE), e.N, readable(stamp(e.CommittedAt)))
		if got := textOf(rows[i]); got != want {
			t.Errorf("row %d = %q, want %q", i+1, got, want)
		}
		if id, _ := attr(rows[i], "id"); id != rowID(c.ID, 1, e.ID) {
			t.Errorf("row %d is anchored %q", i+1, id)
		}
	}
	if c.Champion != r.entries["carol"] {
		t.Fatalf("the story's champion is entry %d, not carol's", c.Champion)
	}
}

// TestAProvisionalRunIsMarkedAndNeverRanked: issue 13, "below [the quorum] the run is
// provisional feedback and never ranks": the run whose round ran out with one scored
// attestation per attempt shows below the ranked rows, marked provisional, with the
// median of its members' composites as feedback.
func TestAProvisionalRunIsMarkedAndNeverRanked(t *testing.T) {
	r, s := challenges(t)
	c := challengeIn(t, &s, r.season)
	run := runIn(t, c, entryOf(t, c, r.entries["stranger"]).Run)
	if run.State != challenge.RunProvisional || len(run.Attestations) != 3 {
		t.Fatalf("the story's provisional run is %s with %d attestations", run.State, len(run.Attestations))
	}
	var scores []int64
	for _, a := range run.Attestations {
		scores = append(scores, a.Result.Composite.Composite)
	}
	slices.Sort(scores)
	if run.Kept.Composite.Composite != scores[1] {
		t.Fatalf("the kept feedback %d is not the median of %v", run.Kept.Composite.Composite, scores)
	}
	id := "#" + rowID(c.ID, 1, run.Entry)
	checkPage(t, render(t, s),
		In("#challenge-2-v1 tbody.unranked "+id+".provisional", HasAttr("class", "entry provisional")),
		In(id+" td[data-label=Rank]", HasText("-")),
		In(id+" td[data-label=Composite ± SE]", HasText(plainMicros(scores[1])+" \u00b1 "+plainMicros(run.Kept.Composite.SE)+" provisional")),
		In(id+" td[data-label=State]", HasText("provisional the round ran out of attempts before a full quorum agreed: the median of the members who scored it, as feedback, which never ranks")),
		In(id+"-more h5", HasText(sel("Median feedback of run #%d", run.ID))),
		NotIn("#challenge-2-v1 tbody.ranked "+id),
	)
}

// TestUnrankedRowsSayWhy: every entry that does not rank says why, in its state and a
// note: the practice profile, too few cases, a refusal with the committee's words, a
// run still under way, and, in a closed challenge, a run abandoned.
func TestUnrankedRowsSayWhy(t *testing.T) {
	r, s := challenges(t)
	page := render(t, s)
	for name, want := range map[string]string{
		"appellant":        "final the practice profile is feedback only and never ranks",
		"carol-2":          "final 80 cases, fewer than the 100 the bench needs to rank",
		"stranger-refused": "refused " + badImport,
		"dave-2":           "running 1 attestation so far",
	} {
		checkPage(t, page, In("#challenge-2-v1 tbody.unranked #"+rowID(r.season, 1, r.entries[name])+" td[data-label=State]", HasText(want)))
	}
	for name, want := range map[string]string{"alice": "running 1 attestation so far", "erin": "running no attestation yet"} {
		checkPage(t, page, In("#challenge-2-v2 tbody.unranked #"+rowID(r.season, 2, r.entries[name])+" td[data-label=State]", HasText(want)))
	}
	checkPage(t, page,
		In("#challenge-1-v1 tbody.ranked td", HasText("No entry ranks on v1 yet.")),
		In("#challenge-1-v1 tbody.unranked #"+rowID(r.sprint, 1, r.entries["stranger-sprint"])+" td[data-label=State]", HasText("abandoned the challenge closed first")),
		NotIn("#challenge-2-v2 #"+rowID(r.season, 2, r.entries["appellant"])),
	)
}

// TestARowOpensToItsBreakdownAndTelemetry: issue 13, "each row opening to its
// per-category breakdown and integrity telemetry": a row's details, closed until
// opened, hold each category's kind, n and mean, and E, M, O, whether the floor
// applied, C with its leaks and misses, the gate and both digests, all the ledger's
// figures.
func TestARowOpensToItsBreakdownAndTelemetry(t *testing.T) {
	r, s := challenges(t)
	c := challengeIn(t, &s, r.season)
	page := render(t, s)
	doc := checkPage(t, page, NotIn("#challenges details[open]"))
	carol := entryOf(t, c, r.entries["carol"])
	k := runIn(t, c, carol.Ranked).Kept
	id := "#" + rowID(c.ID, 1, carol.ID) + "-more"
	var cats []string
	for _, g := range k.Composite.Categories {
		cats = append(cats, sel("%s %s %d %s", g.Name, g.Kind, g.N, plainMicros(g.Mean)))
	}
	if got := textsOf2(all(doc, id+" table.breakdown tbody tr")); !slices.Equal(got, cats) || len(cats) != 7 {
		t.Errorf("carol's breakdown = %q, want %q", got, cats)
	}
	x := k.Composite
	checkPage(t, page,
		In(id+" summary", HasText(sel("Entry #%d: breakdown, telemetry, confirmations and runs", carol.ID))),
		In(id+" dl.telemetry", HasText(sel("Composite ± SE %s ± %s Cases %d Tool mean %s Memory mean %s E, tool efficiency %s "+
			"M, metamorphic consistency %s O, memory over-call %s Floor 0.75 under E·M·O not applied C, canary integrity %s (0 leaks, 0 honest misses) "+
			"Gate %s Gas %d Kept from %s Dataset, sha256 %s Transcript, sha256 %s",
			plainMicros(x.Composite), plainMicros(x.SE), x.N, plainMicros(x.ToolMean), plainMicros(x.MemoryMean), plainMicros(x.E),
			plainMicros(x.M), plainMicros(x.O), plainMicros(x.C), plainMicros(x.Gate), k.Gas, runIn(t, c, carol.Ranked).KeptFrom, k.Dataset, k.Transcript))),
	)
	for name, want := range map[string][2]string{
		"erin":    {"applied", "1.000000 (0 leaks, 0 honest misses)"},
		"alice":   {"not applied", "0.850000 (0 leaks, 1 honest miss)"},
		"carol-2": {"not applied", "0.500000 (1 leak, 0 honest misses)"},
	} {
		row := "#" + rowID(c.ID, 1, r.entries[name]) + "-more dl.telemetry"
		doc := checkPage(t, page, In(row+" dd.floor", HasText(want[0])))
		if dds := all(doc, row+" dd"); len(dds) < 9 || textOf(dds[8]) != want[1] {
			t.Errorf("%s's C reads %q, want %q", name, textsOf2(dds), want[1])
		}
	}
	if e := entryOf(t, c, r.entries["erin"]); runIn(t, c, e.Ranked).Kept.Composite.Gate != 750_000 {
		t.Errorf("erin's gate is not the floor: the story lost its floored run")
	}
}

// TestConfirmationsAndAttestationsAreShown: a row's details list its confirmation runs
// (seed k, the pair, the CRN seed, the composite) and every run it has on that version
// with each member's signed attestation: the dataset and transcript digests, what it
// scored and whether it agreed.
func TestConfirmationsAndAttestationsAreShown(t *testing.T) {
	r, s := challenges(t)
	c := challengeIn(t, &s, r.season)
	carol := entryOf(t, c, r.entries["carol"])
	id := "#" + rowID(c.ID, 1, carol.ID) + "-more"
	doc := checkPage(t, render(t, s))
	var want []string
	for _, x := range carol.Confirmations {
		want = append(want, sel("%d entry #%d %d %s #%d", x.K, x.Pair, x.CRN, plainMicros(x.Composite), x.Run))
	}
	if got := textsOf2(all(doc, id+" table.confirmations tbody tr")); len(want) != 3 || !slices.Equal(got, want) {
		t.Errorf("carol's confirmations = %q, want %q", got, want)
	}
	var runs []string
	for _, n := range all(doc, id+" section.run") {
		a, _ := attr(n, "id")
		runs = append(runs, a)
	}
	var onV1 []string
	for _, x := range c.Runs {
		if x.Entry == carol.ID && x.Version == 1 {
			onV1 = append(onV1, sel("challenge-run-%d", x.ID))
		}
	}
	if !slices.Equal(runs, onV1) || len(runs) != 4 {
		t.Errorf("carol's v1 runs shown = %q, want %q", runs, onV1)
	}
	run := runIn(t, c, carol.Run)
	var atts []string
	for _, a := range run.Attestations {
		x := a.Result.Composite
		atts = append(atts, sel("%d, height %d %s %s %s %s \u00b1 %s over %d cases, gas %d agrees", a.Attempt, a.Height, a.Validator,
			a.Result.Dataset, a.Result.Transcript, plainMicros(x.Composite), plainMicros(x.SE), x.N, a.Result.Gas))
	}
	rid := sel("#challenge-run-%d", run.ID)
	if got := textsOf2(all(doc, rid+" table.atts tbody tr")); len(atts) != 3 || !slices.Equal(got, atts) {
		t.Errorf("run %d's attestations = %q, want %q", run.ID, got, atts)
	}
	checkPage(t, render(t, s),
		In(rid+" h6", HasText(sel("Run #%d, entry run final", run.ID))),
		In(rid+" p.meta", HasText(sel("Created %s, ended %s, round %d; seed %s.", readable(stamp(run.CreatedAt)), readable(stamp(run.EndedAt)), run.Round, run.Seed))),
		In(rid+" p.kept", HasText(sel("Kept: %s \u00b1 %s over 114 cases, from %s", plainMicros(carol.Composite), plainMicros(carol.SE), run.KeptFrom))),
		In(sel("#challenge-run-%d h6", carol.Confirmations[1].Run), HasText(sel("Run #%d, confirmation seed k=1 against entry #%d final", carol.Confirmations[1].Run, r.entries["dave"]))),
		In(sel("#challenge-run-%d table.atts td[data-label=Result]", entryOf(t, c, r.entries["stranger-refused"]).Run), HasText(badImport)),
	)
}

// TestTheEmissionsStripShowsSharesAndFolds: issue 13, "an emissions strip": the shares
// are the active version's frozen constants (0.9 and four equal tail shares), and each
// of the latest folds shows what it paid to whom in the arena's currency, and the
// challengers it sent to confirmation with the champion.
func TestTheEmissionsStripShowsSharesAndFolds(t *testing.T) {
	r, s := challenges(t)
	c := challengeIn(t, &s, r.season)
	a := func(n string) string { return r.c.Addr(n).String() }
	pay := func(n, role, amount string) string {
		return sel("entry #%d %s %s to %s", r.entries[n], role, amount, a(n))
	}
	paid := strings.Join([]string{pay("carol", "champion", "9 GEN"), pay("dave", "tail", "0.25 GEN"), pay("bob", "tail", "0.25 GEN"),
		pay("alice", "tail", "0.25 GEN"), pay("erin", "tail", "0.25 GEN")}, " ")
	f1, f2 := c.Folds[0], c.Folds[1]
	doc := checkPage(t, render(t, s),
		In("#challenge-2-emissions p.shares", HasText("Each epoch's fold pays 10 GEN, or what the pool holds if less, into claimable balances: "+
			"the champion takes 0.9 and a tail of up to 4 runners-up by composite shares 0.1 equally (0.025 each when all are paid); "+
			"with no tail the champion takes it all, and a fold with no eligible entry pays nothing and keeps the pool. "+
			"These are the active version's frozen fold constants.")),
		In("#challenge-1-emissions table.folds tbody tr", HasText(sel("1 %s at height %d v1 0 GEN nothing: no eligible entry, so the pool was kept none none",
			readable(stamp(challengeIn(t, &s, r.sprint).Folds[0].At)), challengeIn(t, &s, r.sprint).Folds[0].Height))),
	)
	rows := textsOf2(all(doc, "#challenge-2-emissions table.folds tbody tr"))
	want := []string{
		sel("2 %s at height %d v1 10 GEN %s none; rescore on the newer version: entry #%d, entry #%d, entry #%d, entry #%d, entry #%d #17, #18, #19, #20, #21",
			readable(stamp(f2.At)), f2.Height, paid, r.entries["carol"], r.entries["dave"], r.entries["bob"], r.entries["alice"], r.entries["erin"]),
		sel("1 %s at height %d v1 10 GEN %s entry #%d with the champion entry #%d #11, #12, #13, #14, #15, #16",
			readable(stamp(f1.At)), f1.Height, paid, r.entries["dave"], r.entries["carol"]),
	}
	if !slices.Equal(rows, want) {
		t.Errorf("the season's folds read\n%q\nwant\n%q", rows, want)
	}
}

// TestAStripListsTheLatestFoldsAndCountsTheRest: a challenge folds once per epoch
// without bound; the strip lists the latest maxFoldsShown, newest first, and says how
// many it leaves out.
func TestAStripListsTheLatestFoldsAndCountsTheRest(t *testing.T) {
	r, s := challenges(t)
	c := challengeIn(t, &s, r.season)
	last := c.Folds[len(c.Folds)-1]
	for e := last.Epoch + 1; e <= last.Epoch+9; e++ {
		f := last
		f.Epoch = e
		c.Folds = append(c.Folds, f)
	}
	doc := checkPage(t, render(t, s), In("#challenge-2-emissions p.muted", HasText("3 earlier folds are not listed.")))
	rows := all(doc, "#challenge-2-emissions table.folds tbody tr td[data-label=Epoch]")
	if got := textsOf2(rows); len(got) != maxFoldsShown || got[0] != "11" || got[maxFoldsShown-1] != "4" {
		t.Errorf("the strip lists epochs %q, want 11 down to 4", got)
	}
}

// TestTheRolloutStripShowsProgress: issue 13, "a rollout strip": the active version, the
// newer accepted one and how many agents hold a complete quorum on it of the
// rollout_agents needed; a closed challenge's board stays where it is.
func TestTheRolloutStripShowsProgress(t *testing.T) {
	r, s := challenges(t)
	if ro := challengeIn(t, &s, r.season).Rollout; ro == nil || ro.Ranked != 3 || ro.Needed != 5 {
		t.Fatalf("the story's rollout is %+v, want 3 of 5", ro)
	}
	checkPage(t, render(t, s),
		In("#challenge-2-rollout p", HasText("Active version: v1. Newer accepted version: v2, on which 3 of 5 agents hold a complete quorum "+
			"(a final, full-profile run that ranks); the whole board flips to it at the first fold after 5 do.")),
		In("#challenge-2-rollout progress", HasAttr("value", "3")),
		In("#challenge-2-rollout progress", HasAttr("max", "5")),
		In("#challenge-2-rollout a[href=#challenge-2-v2]", HasText("v2")),
		In("#challenge-1-rollout p", HasText("Active version: v1. The challenge is closed, so its board stays on it.")),
		NotIn("#challenge-1-rollout progress, #challenge-1-v2"),
	)
	c := challengeIn(t, &s, r.season)
	c.Rollout.Ranked = 5
	checkPage(t, render(t, s), In("#challenge-2-rollout p", endsWith("5 of 5 agents hold a complete quorum (a final, full-profile run that ranks); the next fold makes it active.")))
	c.Rollout = nil
	checkPage(t, render(t, s), In("#challenge-2-rollout p", HasText("Active version: v1. No newer accepted version of the bench: the board stays on it.")))
}

// TestAChallengeShowsItsTermsAndWhereItStands: a challenge shows its bench and active
// version, its pool, deposit, epoch and end, and where it stands at the arena's clock.
func TestAChallengeShowsItsTermsAndWhereItStands(t *testing.T) {
	r, s := challenges(t)
	c := challengeIn(t, &s, r.season)
	next := readable(stamp(c.PublishedAt + int64(c.Epoch+1)*c.EpochS))
	sp := challengeIn(t, &s, r.sprint)
	checkPage(t, render(t, s),
		In("#challenges table.challenges tbody tr", HasText("#1 Practice sprint dittobench v1 closed 0 GEN 1 closed "+readable(stamp(sp.ClosedAt))+
			": every held deposit and the unspent pool went back")),
		In("#challenge-2 h3", HasText("Challenge #2 Memory and tool use, season one")),
		In("#challenge-2 > p.meta", HasText(sel("open open, in epoch 2; the next fold is due from %s; published %s by the sponsor %s", next,
			readable(stamp(c.PublishedAt)), r.c.Addr("sponsor")))),
		In("#challenge-2 > dl.terms", HasText(sel("Bench dittobench, active version v1 Pool, unspent 80 GEN of 100 GEN Paid by folds 20 GEN "+
			"Deposit, per commit 1 GEN, plus the grading fee of 0.1 GEN Paid per epoch 10 GEN, at most what the pool holds "+
			"Epoch 1 h; now epoch 2 Ends %s Entries and runs 10 entries, 21 runs", readable(stamp(c.End))))),
		In("#challenge-1 > dl.terms", containsText("Returned to the sponsor 20 GEN")),
		In("nav.sections a[href=#challenges]", HasText("Benchmark challenges")),
	)
	c.FoldDue = true
	checkPage(t, render(t, s), In("#challenge-2 > p.meta", startsWith("open open, in epoch 2; a fold is due now, and anyone may send it;")))
}

// TestBenchVersionsShowStateAndFrozenMetadata: every bench version with its module
// digest and state (checking, accepted, refused with the committee's reason, lapsed),
// opening to what it froze and its check with each member's verdict.
func TestBenchVersionsShowStateAndFrozenMetadata(t *testing.T) {
	r, s := challenges(t)
	rows := map[string]string{
		"dittobench v1": "accepted", "flakybench v1": "refused " + notDeterministic, "quietbench v1": "lapsed",
		"dittobench v2": "accepted", "dittobench v3": "checking",
	}
	page := render(t, s)
	for name, want := range rows {
		checkPage(t, page, In(sel("#bench-%d td[data-label=State]", r.benches[name]), HasText(want)))
	}
	b := s.Benches[0]
	id := sel("#bench-%d-more", b.ID)
	var checks []string
	for _, a := range b.Checks {
		checks = append(checks, sel("Attempt %d, height %d: %s agrees: 114 cases of kinds memory, tool, dataset %s", a.Attempt, a.Height, a.Validator, b.Dataset))
	}
	doc := checkPage(t, page,
		In(sel("#bench-%d", b.ID), HasText(sel("dittobench v1 %s accepted %s by %s", b.Module, readable(stamp(b.RegisteredAt)), r.c.Addr("alice")))),
		In(id+" dl.frozen", HasText(sel("Module size %d bytes Module URL https://benches.example/dittobench-1.wasm Case kinds memory, tool "+
			"Cases a run needs to rank 100 Profiles full, practice Pinned model none: programs reach no model Quorum, and committee size 3 "+
			"Gas to initialise a program %d Gas per case %d Gas per bench operation %d Memory cap 2048 pages (128 MiB) Platform %s",
			b.Size, b.InitGas, b.CaseGas, b.BenchGas, challenge.Platform))),
		In(id+" dl.fold", HasText("Dethrone margin 0.02 of the champion's composite Dethrone z 1.64 Champion share 0.9 Tail 4 runners-up, equal shares "+
			"Confirmation seeds per contested pair 3 Rollout agents 5")),
		In(id+" dl.check", HasText(sel("Check seed %s Dataset of the check seed, sha256 %s (114 cases) Checked %s", b.CheckSeed, b.Dataset, readable(stamp(b.CheckedAt))))),
		In(sel("#bench-%d-more dl.frozen", r.benches["quietbench v1"]), containsText("Pinned model qwen/qwen3-32b")),
		In(sel("#bench-%d-more ul.checks li", r.benches["flakybench v1"]), endsWith("agrees: "+notDeterministic)),
		In(sel("#bench-%d-more p.muted", r.benches["quietbench v1"]), HasText("No attestation yet.")),
	)
	if got := textsOf2(all(doc, id+" ul.checks li")); !slices.Equal(got, checks) {
		t.Errorf("the check's verdicts = %q, want %q", got, checks)
	}
}

// TestTheMoneyIdentityCountsChallengePools: DESIGN.md, "the sum of every pool plus
// claimable equals paid in minus paid out": the challenges' pools, deposits and grading
// fees are pools like the others, named in the identity, which holds on the ledger's own
// numbers; the counts show challenges and bench versions.
func TestTheMoneyIdentityCountsChallengePools(t *testing.T) {
	_, s := challenges(t)
	b := &s.Arena.Balances
	if b.ChallengePool.IsZero() || b.ChallengeDeposits.IsZero() || b.ChallengeGradingFees.IsZero() {
		t.Fatalf("the story holds no money in some challenge pool: %+v", b)
	}
	doc := checkPage(t, render(t, s),
		In("#money dl.terms", containsText("Challenge pools 80 GEN Challenge deposits 1 GEN Challenge grading fees 0.2 GEN Claimable")),
		In(".invariant.ok", containsText("+ challenge pools + challenge deposits + challenge grading fees + claimable = paid in \u2212 paid out")),
	)
	if counts := all(doc, "#money dl.terms"); len(counts) != 2 || !strings.HasSuffix(textOf(counts[1]), "Benchmark challenges 2 Bench versions 5") {
		t.Errorf("the counts do not show the challenges and bench versions")
	}
}

// TestNoChallengesNoSection: an arena that holds no bench version and no challenge
// shows no section and no link to one.
func TestNoChallengesNoSection(t *testing.T) {
	checkPage(t, render(t, loadSnapshot(t, "demo")), NotIn("#challenges, nav.sections a[href=#challenges]"))
	_, s := challenges(t)
	s.Challenges, s.Arena.Counts.Challenges = nil, 0
	checkPage(t, render(t, s),
		In("#challenges p.none", HasText("No challenge has been published yet.")),
		In("#benches-h", HasText("Bench versions")),
	)
}

// TestAFlipMovesTheBoardToTheNewerVersion: issue 13, "flips to a newer one only when
// enough agents hold a complete quorum on it": once the last two rescores on v2 are
// scored, the next fold flips the season to v2, whose leaderboard comes first and is
// marked active, and v1's stays below it, marked earlier, its composites never ranked
// with v2's.
func TestAFlipMovesTheBoardToTheNewerVersion(t *testing.T) {
	r := playChallenges(t)
	v2 := r.benches["dittobench v2"]
	alice := r.runOf(t, "alice", v2, challenge.PurposeRescore, 0)
	res := storyAgents["alice"]
	res.memory += 2
	scored := res.result(t, alice.Program, alice.Seed)
	r.c.AttestSized(alice.Round, func(seat, at int) ledger.Body {
		if seat == 0 {
			return nil
		}
		return challenge.Attest{Round: alice.Round, Attempt: at, Result: scored}
	})
	erin := storyAgents["erin"]
	erin.memory += 2
	r.score(t, r.runOf(t, "erin", v2, challenge.PurposeRescore, 0), 3, erin)
	r.c.Wait(3600)
	r.c.Do("bob", ledger.Amount{}, challenge.Fold{Challenge: r.season})
	s := r.c.Challenge(r.season)
	if s.Version != 2 || !s.Folds[len(s.Folds)-1].Flipped {
		t.Fatalf("the fold did not flip the season to v2: active v%d", s.Version)
	}
	var page []byte
	r.c.View(func(st *ledger.State) { page = render(t, st.Snapshot()) })
	doc := checkPage(t, page,
		In("#challenge-2 section.standings", HasAttr("id", "challenge-2-v2")),
		In("#challenge-2-v2 h4", HasText("Leaderboard on dittobench v2 active")),
		In("#challenge-2-v1 h4", HasText("Leaderboard on dittobench v1 earlier")),
		In("#challenge-2-rollout p", HasText("Active version: v2. No newer accepted version of the bench: the board stays on it.")),
		In("#challenge-2-emissions table.folds tbody tr td[data-label=Ranked on]", HasText("v2 flipped to it")),
		In("#challenge-2 > dl.terms dd", HasText("dittobench, active version v2")),
	)
	if n := len(all(doc, "#challenge-2-v2 tbody.ranked tr.entry")); n != 5 {
		t.Errorf("%d entries rank on v2, want the 5 rescored", n)
	}
	if n := len(all(doc, "#challenge-2-v1 tbody.ranked tr.entry")); n != 5 {
		t.Errorf("%d entries rank on v1, want its 5", n)
	}
}

// TestABenchWithNoTailPaysTheChampionAll: a bench whose frozen tail is 0 pays each
// fold's whole amount to the champion, and its strip says so.
func TestABenchWithNoTailPaysTheChampionAll(t *testing.T) {
	_, s := challenges(t)
	s.Benches[0].Fold.Tail = 0
	checkPage(t, render(t, s), In("#challenge-2-emissions p.shares", HasText("Each epoch's fold pays 10 GEN, or what the pool holds if less, "+
		"into claimable balances: the bench pays no tail, so the champion takes it all, and a fold with no eligible entry pays nothing and keeps the pool. "+
		"These are the active version's frozen fold constants.")))
}
