package board

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// tieredRun is the arena tiered plays, with what it filed.
type tieredRun struct {
	c           *ledgertest.Contest
	plain, task ledger.TaskID
	team, solo  ledger.EntryID
}

// tiered plays, on an arena of five validators with committees of three and appeal
// panels two larger: a plain task; a 60/30/10 task with a template and the copy check
// leaving it out, topped up by erin and extended once by its sponsor; a team entry by
// alice (75%) and bob (25%) read at rung 5 with four words of the template left out;
// dave's entry read at rung 3, appealed and regraded at rung 4 by a fresh panel of five,
// quorum four; no third entry, so rank 3 goes back to the funders. It returns the
// snapshot after the award.
func tiered(t testing.TB) (*tieredRun, ledger.Snapshot) {
	terms := ledgertest.Terms(5)
	terms.Committee, terms.Quorum, terms.AppealGrowth = 3, 0, 2
	s, err := ledger.New(terms)
	if err != nil {
		t.Fatal(err)
	}
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	r := &tieredRun{c: c, plain: c.Post(ledger.Ether(10))}
	body := ledger.PostTask{Title: "Launch note", Spec: "Write a launch note.", Rubric: "At most 600 characters.", ClosesInS: ledgertest.ClosesInS,
		Shares: []int{6000, 3000, 1000}, CopyBase: true, Template: "Launch note template: headline, then what changed."}
	r.task = ledger.TaskID(c.Do("sponsor", ledger.Ether(90), body).Created)
	c.Do("erin", ledger.Ether(10), ledger.TopUp{Task: r.task})
	c.Do("sponsor", ledger.Amount{}, ledger.Extend{Task: r.task, ByS: 60})
	team := []ledger.Member{{Address: c.Addr("alice"), Share: 7500}, {Address: c.Addr("bob"), Share: 2500}}
	r.team = ledger.EntryID(c.Do("alice", c.Terms().EntryBond, ledger.Submit{Task: r.task, Work: "joint", Team: team}).Created)
	r.solo = c.Enter(r.task, "dave", "dave's")
	read := ledgertest.Reading(5, 0, false)
	read.Excluded = 4
	c.GradeAs(r.team, read)
	c.GradeAs(r.solo, ledgertest.Reading(3, 0, false))
	c.Regrade(r.solo, ledgertest.Reading(4, 0, false))
	c.Wait(60)
	c.Settle(r.task)
	return r, s.Snapshot()
}

// tieredSnapshot is tiered's snapshot alone.
func tieredSnapshot(t testing.TB) ledger.Snapshot { _, s := tiered(t); return s }

// "the board (a podium, team members, top-ups)": a 60/30/10 task topped up, extended,
// with a team entry in first place and no third, shows each rank with its entry, its
// filer and amount, the rank nobody took going back, who added what and got what back,
// the extension, and each team member's share and pay; a plain task shows none of it.
func TestTheBoardShowsThePodiumTeamsAndTopUps(t *testing.T) {
	r, s := tiered(t)
	c := r.c
	page := string(render(t, s))
	for _, want := range []string{
		`<ol class="podium"><li>Rank 1 (60%): <a href="#entry-1">entry #1</a> by <code class="addr">` + c.Addr("alice").String() + `</code> and 1 more, 60 GEN</li>` +
			`<li>Rank 2 (30%): <a href="#entry-2">entry #2</a> by <code class="addr">` + c.Addr("dave").String() + `</code>, 30 GEN</li>` +
			`<li>Rank 3 (10%): no eligible entry, back to the funders, 10 GEN</li></ol>`,
		`<p class="muted">Topped up: 10 GEN by <code class="addr">` + c.Addr("erin").String() + `</code></p>`,
		`<p class="muted">Returned to the funders: 9 GEN to <code class="addr">` + c.Addr("sponsor").String() + `</code>; 1 GEN to <code class="addr">` + c.Addr("erin").String() + `</code></p>`,
		`<p class="muted">Close extended 1 times.</p>`,
		`<p class="muted">Team <a href="#entry-1">entry #1</a> (graded): <code class="addr">` + c.Addr("alice").String() + `</code> 75%: paid 45 GEN and bond 3.75 GEN; <code class="addr">` + c.Addr("bob").String() + `</code> 25%: paid 15 GEN and bond 1.25 GEN</p>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the board lacks %s", want)
		}
	}
	row := page[strings.Index(page, `<tr id="task-1">`):]
	row = row[:strings.Index(row, "</tr>")]
	if strings.Contains(row, "podium") || strings.Contains(row, `class="muted"`) {
		t.Errorf("plain task %d's row shows tiers: %s", r.plain, row)
	}
}

// "the board (... team members ...)" on the entry cards: a team entry's card says so and
// lists each member with its part and what it was paid of the prize and the bond's
// return; each placed entry's card names its rank, share and amount; an appeal regraded
// by a fresh panel names its size and quorum. The script renders the same cards from
// the data block.
func TestTheCardsShowTheTeamThePlaceAndThePanel(t *testing.T) {
	r, s := tiered(t)
	c := r.c
	page := render(t, s)
	doc := checkPage(t, page,
		In("#entry-1 p.place", HasText("Rank 1 of the podium, 60% of the prize: 60 GEN")),
		In("#entry-1 p.team", HasText("A team entry, its split fixed at filing:")),
		In("#entry-1 ul.team li code.addr", HasText(c.Addr("alice").String())),
		In("#entry-1 dd.excluded", HasText("4 words of the brief, rubric and template")),
		In("#entry-2 p.place", HasText("Rank 2 of the podium, 30% of the prize: 30 GEN")),
		NotIn("#entry-2 ul.team"),
		NotIn("#entry-3"),
	)
	var members []string
	for _, li := range all(doc, "#entry-1 ul.team li") {
		members = append(members, textOf(li))
	}
	if want := []string{c.Addr("alice").String() + " 75%: paid 45 GEN, bond back 3.75 GEN", c.Addr("bob").String() + " 25%: paid 15 GEN, bond back 1.25 GEN"}; !slices.Equal(members, want) {
		t.Errorf("team members %q, want %q", members, want)
	}
	if got, want := textOf(all(doc, "#entry-2 p.appeal")[0]), "against round 2, regraded in round 3 by a fresh panel of 5, quorum 4, bond 20 GEN, bounty 0 GEN"; !strings.HasSuffix(got, want) {
		t.Errorf("the appeal reads %q, want it to end %q", got, want)
	}
	_, _, cards, err := decodeData(textOfScript(t, page))
	if err != nil {
		t.Fatalf("decode the data block: %v", err)
	}
	if d := sameCards(index(&s, crossings{}).cards(), cards); d != "" {
		t.Errorf("the data block differs from the cards (-want +got):\n%s", d)
	}
	if len(cards) < 2 || len(cards[0].Team) != 2 || cards[0].Place == nil || cards[1].Appeal == nil || cards[1].Appeal.Quorum != 4 {
		t.Errorf("the data block lacks the team, the place or the panel: %+v", cards)
	}
	plain := checkPage(t, render(t, loadSnapshot(t, "demo")), NotIn(".team"), NotIn(".place"))
	for _, p := range all(plain, "p.appeal") {
		if strings.Contains(textOf(p), "panel") {
			t.Errorf("the demo's appeal names a panel: %s", textOf(p))
		}
	}
}

// TestTieredMatchesGolden: STYLE.md, "Golden files for the board": the tiered arena
// renders to testdata/tiered.golden.html byte for byte (-update rewrites it).
func TestTieredMatchesGolden(t *testing.T) {
	got := render(t, tieredSnapshot(t))
	path := filepath.Join("testdata", "tiered.golden.html")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("board differs from %s (-want +got):\n%s", path,
			cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n")))
	}
}
