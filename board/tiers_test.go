package board

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// "the board (a podium, team members, top-ups)": a 60/30/10 task topped up, extended,
// with a team entry in first place and no third, shows each rank with its entry and
// amount, the rank nobody took going back, who added what and got what back, the
// extension, and each team member's share and pay; a plain task shows none of it.
func TestTheBoardShowsThePodiumTeamsAndTopUps(t *testing.T) {
	s, err := ledger.New(ledgertest.Terms(3))
	if err != nil {
		t.Fatal(err)
	}
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	plain := c.Post(ledger.Ether(10))
	body := ledger.PostTask{Title: "Launch note", Spec: "Write a launch note.", Rubric: "At most 600 characters.", ClosesInS: ledgertest.ClosesInS, Shares: []int{6000, 3000, 1000}}
	task := ledger.TaskID(c.Do("sponsor", ledger.Ether(90), body).Created)
	c.Do("erin", ledger.Ether(10), ledger.TopUp{Task: task})
	c.Do("sponsor", ledger.Amount{}, ledger.Extend{Task: task, ByS: 60})
	team := []ledger.Member{{Address: c.Addr("alice"), Share: 7500}, {Address: c.Addr("bob"), Share: 2500}}
	et := ledger.EntryID(c.Do("alice", c.Terms().EntryBond, ledger.Submit{Task: task, Work: "joint", Team: team}).Created)
	ed := c.Enter(task, "dave", "dave's")
	c.GradeAs(et, ledgertest.Reading(5, 0, false))
	c.GradeAs(ed, ledgertest.Reading(3, 0, false))
	c.Wait(60)
	c.Settle(task)
	page := string(render(t, s.Snapshot()))
	for _, want := range []string{
		`<ol class="podium"><li>Rank 1 (60%): <a href="#entry-1">entry #1</a>, 60 GEN</li><li>Rank 2 (30%): <a href="#entry-2">entry #2</a>, 30 GEN</li><li>Rank 3 (10%): no eligible entry, back to the funders, 10 GEN</li></ol>`,
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
		t.Errorf("plain task %d's row shows tiers: %s", plain, row)
	}
}
