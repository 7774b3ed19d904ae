package board

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/ledger/ledgertest"
)

// The board lists the validators' proposals once there is one: the version in force,
// what the adopted upgrade does at which height, and each proposal with its votes and
// status; an arena that never proposed shows no such section, and a release named in
// markup stays text.
func TestTheBoardListsProposalsVotesAndWhatHappensWhere(t *testing.T) {
	terms := ledgertest.Terms(3)
	terms.Protocol, terms.UpgradeNotice = 1, 3
	s, err := ledger.New(terms)
	if err != nil {
		t.Fatal(err)
	}
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	if html := string(render(t, s.Snapshot())); strings.Contains(html, `id="governance"`) {
		t.Fatal("an arena that never proposed shows a governance section")
	}
	id := c.Do("v1", ledger.Amount{}, govern.ProposeUpgrade{Version: 2, Height: 9, Release: "<b>v2</b>", Deadline: 8}).Created
	c.Do("v2", ledger.Amount{}, govern.Vote{Proposal: id})
	c.Do("v3", ledger.Amount{}, govern.Vote{Proposal: id})
	html := string(render(t, s.Snapshot()))
	for _, want := range []string{
		`<section id="governance" aria-labelledby="governance-h">`,
		`Blocks are applied under protocol version 1. A proposal is adopted when 3 of the 3 validators have signed it before its deadline. Next: from height 9 every block is applied under protocol version 2 (proposal 1; operators install &lt;b&gt;v2&lt;/b&gt; before it).`,
		`<td data-label="What">protocol version 2 from height 9 (release &lt;b&gt;v2&lt;/b&gt;)</td>`,
		`<td data-label="Votes" title="` + c.Addr("v1").String() + `, ` + c.Addr("v2").String() + `, ` + c.Addr("v3").String() + `">3 of 3</td><td data-label="Status">adopted at height 3: takes effect at height 9</td>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the board lacks %q", want)
		}
	}
	if strings.Contains(html, "<b>v2</b>") {
		t.Error("a release named in markup was rendered as markup")
	}
}

// Once founders post bonds, the governance section lists every validator's record: its
// bond, its status, and when it leaves and has its bond back.
func TestTheBoardListsValidatorsWithTheirBonds(t *testing.T) {
	terms := ledgertest.Terms(4)
	terms.ValidatorBond, terms.UnbondingBlocks = ledger.Ether(2), 50
	for i := range 4 {
		terms.Genesis = append(terms.Genesis, ledger.Allocation{Address: ledgertest.Addr(fmt.Sprintf("v%d", i+1)), Amount: ledger.Ether(10)})
	}
	s, err := ledger.New(terms)
	if err != nil {
		t.Fatal(err)
	}
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	c.Do("v4", ledger.Amount{}, ledger.ExitValidator{})
	if html := string(render(t, s.Snapshot())); !strings.Contains(html, `<td data-label="Status">leaving</td><td data-label="When">founder; leaves the set at height 2</td>`) {
		t.Error("the board does not say when an exiting validator leaves")
	}
	c.Do("stranger", ledger.Amount{}, ledger.Faucet{To: c.Addr("stranger"), Amount: ledger.Ether(1)}) // block 2: it has left
	html := string(render(t, s.Snapshot()))
	for _, want := range []string{
		`<section id="governance" aria-labelledby="governance-h">`,
		`<tr id="validator-` + c.Addr("v1").String() + `"><td data-label="Validator"><code class="addr">` + c.Addr("v1").String() + `</code></td><td data-label="Name"></td><td data-label="Bond">2 GEN</td><td data-label="Status">active</td><td data-label="When">founder</td><td data-label="Slashed"></td></tr>`,
		`<td data-label="Status">unbonding</td><td data-label="When">founder; leaves the set at height 2; bond back at height 52</td>`,
	} {
		if !strings.Contains(html, want) {
			t.Errorf("the board lacks %q", want)
		}
	}
	if strings.Contains(html, "A proposal is adopted when") {
		t.Error("an arena that never proposed describes its proposals")
	}
}
