package ledger_test

import (
	"errors"
	"fmt"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/ledger/ledgertest"
)

// The network changes after its genesis by proposals the validators adopt: an upgrade
// moves the protocol to its next version at a height, a terms proposal changes the
// terms that may change, and a cancel removes an upgrade before its height. These claims
// hold those rules and their refusals to the letter.

// govArena is the test arena with four validators, founded under protocol version 1
// with a notice of 5 blocks.
func govArena(t *testing.T) *arena {
	return newArena(t, 4, func(tm *Terms) { tm.Protocol = 1; tm.UpgradeNotice = 5 })
}

// height returns the arena's height.
func (a *arena) height() uint64 { return a.s.Height() }

// tick applies n empty blocks.
func (a *arena) tick(t *testing.T, n int) {
	t.Helper()
	for range n {
		if err := a.bare.Tick(); err != nil {
			t.Fatal(err)
		}
	}
}

// proposal returns proposal id's view.
func (a *arena) proposal(t *testing.T, id uint64) Proposal {
	t.Helper()
	for _, p := range a.s.Proposals() {
		if p.ID == id {
			return p
		}
	}
	t.Fatalf("no proposal %d", id)
	return Proposal{}
}

// upgrade proposes the upgrade to version 2 from v1 at height+at, taking votes for
// deadline blocks, and returns its id.
func (a *arena) upgrade(t *testing.T, at, deadline uint64) uint64 {
	t.Helper()
	h := a.height() + 1 // the block that carries it
	return a.Do("v1", Amount{}, govern.ProposeUpgrade{Version: 2, Height: h + at, Release: "arena v2.0.0", Deadline: h + deadline}).Created
}

func TestAnUpgradeIsAdoptedByMoreThanTwoThirdsAndTakesEffectAtItsHeight(t *testing.T) {
	a := govArena(t)
	if a.s.Version() != 1 {
		t.Fatalf("version %d, want 1", a.s.Version())
	}
	id := a.upgrade(t, 10, 5)
	a.Do("v2", Amount{}, govern.Vote{Proposal: id})
	if p := a.proposal(t, id); p.Status != govern.Open || len(p.Votes) != 2 || p.Needed != 3 {
		t.Fatalf("after two of four votes: %+v, want open needing 3", p)
	}
	out := a.Do("v3", Amount{}, govern.Vote{Proposal: id})
	if p := a.proposal(t, id); p.Status != govern.Adopted {
		t.Fatalf("after three of four votes: status %s, want adopted", p.Status)
	}
	if !hasEvent(out.Events, "proposal_adopted") {
		t.Fatalf("the third vote's events %+v name no adoption", out.Events)
	}
	p := a.proposal(t, id)
	for a.height()+1 < p.Height {
		if a.s.Version() != 1 || a.s.VersionAt(a.height()+1) != 1 {
			t.Fatalf("version %d at height %d, before the upgrade's %d", a.s.Version(), a.height(), p.Height)
		}
		a.tick(t, 1)
	}
	if got := a.s.VersionAt(p.Height); got != 2 {
		t.Fatalf("VersionAt(%d) = %d, want 2", p.Height, got)
	}
	a.tick(t, 1)
	if a.s.Version() != 2 || a.s.Rules() != RulesOf(2) || !a.s.Rules().RefundPerFunder {
		t.Fatalf("after height %d: version %d rules %+v, want version 2", p.Height, a.s.Version(), a.s.Rules())
	}
	if got := a.proposal(t, id); got.Status != govern.Done || got.Closed != p.Height {
		t.Fatalf("after its height: %+v, want done at %d", got, p.Height)
	}
	if !hasEvent(a.s.BlockEvents(), "upgraded") {
		t.Fatalf("the upgrade's block events %+v name no upgrade", a.s.BlockEvents())
	}
}

func hasEvent(evs []Event, typ string) bool {
	for _, e := range evs {
		if e.Type == typ {
			return true
		}
	}
	return false
}

func TestAVersionAndTermsInForceSurviveEncodingAndReplay(t *testing.T) {
	a := govArena(t)
	id := a.upgrade(t, 6, 3)
	a.Do("v2", Amount{}, govern.Vote{Proposal: id})
	a.Do("v3", Amount{}, govern.Vote{Proposal: id})
	h := a.height() + 1
	tid := a.Do("v1", Amount{}, govern.ProposeTerms{Set: []govern.Setting{{Term: "entry_bond", Value: Ether(7).String()}}, Height: h + 6, Deadline: h + 2}).Created
	a.Do("v2", Amount{}, govern.Vote{Proposal: tid})
	a.Do("v4", Amount{}, govern.Vote{Proposal: tid})
	a.tick(t, 8)
	enc, err := a.s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	if back.Version() != 2 || !back.InForce().EntryBond.Eq(Ether(7)) || !back.Terms().EntryBond.Eq(Ether(5)) {
		t.Fatalf("decoded: version %d, bond in force %s, founding %s", back.Version(), back.InForce().EntryBond, back.Terms().EntryBond)
	}
	if back.GenesisHash() != a.s.GenesisHash() || back.Hash() != a.s.Hash() {
		t.Fatal("a decoded state's genesis hash or state hash differs")
	}
}

func TestAnArenaThatNeverProposesHashesAsBeforeGovernance(t *testing.T) {
	a := newArena(t, 3, nil)
	enc, err := a.s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if containsKey(enc, `"govern"`) {
		t.Fatal("an arena with no proposal encodes a governance part")
	}
	a.refusedFree(t, "Only a validator in the set in force may propose or vote", "alice", govern.Vote{Proposal: 1})
	if enc2, _ := a.s.Encode(); containsKey(enc2, `"govern"`) {
		t.Fatal("a refused vote made a governance part")
	}
}

func containsKey(b []byte, key string) bool {
	for i := 0; i+len(key) <= len(b); i++ {
		if string(b[i:i+len(key)]) == key {
			return true
		}
	}
	return false
}

func refusal(msg string) *Error { return book.Refuse(msg) }

// refusedFree sends a governance transaction that admission must refuse with exactly
// msg: the nonce stays, no fee is paid, nothing changes.
func (a *arena) refusedFree(t *testing.T, msg, from string, body Body) {
	t.Helper()
	before, err := a.s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	tx := a.Tx(from, Amount{}, body)
	err = a.s.Check(tx)
	if err == nil || err.Error() != "[EXPECTED] "+msg {
		t.Fatalf("%s by %s: admission said %v, want %q", body.Kind(), from, err, msg)
	}
	out, aerr := a.s.Apply(tx, Block{Height: a.height() + 1, Time: a.Now()})
	if aerr != nil || out.Err != "[EXPECTED] "+msg {
		t.Fatalf("%s by %s applied: %v %q, want %q", body.Kind(), from, aerr, out.Err, msg)
	}
	after, _ := a.s.Encode()
	var beforeS, afterS *State
	if beforeS, err = Decode(before); err != nil {
		t.Fatal(err)
	}
	if afterS, err = Decode(after); err != nil {
		t.Fatal(err)
	}
	if beforeS.NextNonce(tx.From) != afterS.NextNonce(tx.From) || !beforeS.Balance(tx.From).Eq(afterS.Balance(tx.From)) {
		t.Fatalf("refused %s consumed a nonce or a fee", body.Kind())
	}
	if len(beforeS.Proposals()) != len(afterS.Proposals()) {
		t.Fatalf("refused %s changed the proposals", body.Kind())
	}
}

func TestEveryBadProposalAndVoteIsRefusedWithItsMessageAndCostsNothing(t *testing.T) {
	a := govArena(t)
	up := func(v, height, deadline uint64, release string) govern.ProposeUpgrade {
		return govern.ProposeUpgrade{Version: v, Height: height, Release: release, Deadline: deadline}
	}
	terms := func(h uint64, set ...govern.Setting) govern.ProposeTerms {
		return govern.ProposeTerms{Set: set, Height: h + 10, Deadline: h + 5}
	}
	// Each case is built at h, the height of the block the transaction would go in.
	cases := []struct {
		name, from string
		at         func(h uint64) (string, Body)
	}{
		{"a non-validator proposes", "alice", func(h uint64) (string, Body) {
			return "Only a validator in the set in force may propose or vote", up(2, h+10, h+5, "r")
		}},
		{"a version the protocol cannot go to", "v1", func(h uint64) (string, Body) {
			return "The protocol is at version 1: an upgrade names version 2", up(3, h+10, h+5, "r")
		}},
		{"the version in force", "v1", func(h uint64) (string, Body) {
			return "The protocol is at version 1: an upgrade names version 2", up(1, h+10, h+5, "r")
		}},
		{"no release", "v1", func(h uint64) (string, Body) {
			return "An upgrade names its release in 1 to 200 characters", up(2, h+10, h+5, "  ")
		}},
		{"a height in the past", "v1", func(h uint64) (string, Body) {
			return fmt.Sprintf("Height %d is not after the current height %d", h-1, h), up(2, h-1, h+5, "r")
		}},
		{"a height too soon", "v1", func(h uint64) (string, Body) {
			return fmt.Sprintf("Height %d is too soon: operators need 5 blocks' notice, so the earliest is %d", h+4, h+5), up(2, h+4, h+1, "r")
		}},
		{"a deadline not before the height", "v1", func(h uint64) (string, Body) {
			return fmt.Sprintf("The deadline %d must come before height %d", h+10, h+10), up(2, h+10, h+10, "r")
		}},
		{"a deadline passed", "v1", func(h uint64) (string, Body) {
			return fmt.Sprintf("A proposal's deadline must be after the current height %d", h), up(2, h+10, h, "r")
		}},
		{"a vote on nothing", "v1", func(h uint64) (string, Body) { return "No proposal with that number", govern.Vote{Proposal: 9} }},
		{"a cancel of nothing", "v1", func(h uint64) (string, Body) {
			return "No upgrade proposal with that number", govern.ProposeCancel{Proposal: 9, Deadline: h + 1}
		}},
		{"no terms", "v1", func(h uint64) (string, Body) { return "A terms proposal changes 1 to 16 terms", terms(h) }},
		{"an identity term", "v1", func(h uint64) (string, Body) {
			return `Term "chain" cannot be changed by a proposal; those that can: ["appeal_bond","appeal_growth","appeal_window_s","attempts","committee","entry_bond","fee_per_byte","fee_per_tx","gas_rate","grading_fee","grading_window_s","operator_bond","quorum","round_timeout_s","slash_share","unbonding_blocks","upgrade_notice","validator_bond"]`,
				terms(h, govern.Setting{Term: "chain", Value: "x"})
		}},
		{"a value that does not read", "v1", func(h uint64) (string, Body) {
			return `Term "entry_bond" takes an amount in atto, written in decimal digits, not "5 GEN"`, terms(h, govern.Setting{Term: "entry_bond", Value: "5 GEN"})
		}},
		{"terms the arena refuses", "v1", func(h uint64) (string, Body) {
			return "Entry bond must be positive", terms(h, govern.Setting{Term: "entry_bond", Value: "0"})
		}},
		{"a quorum the committee cannot reach", "v1", func(h uint64) (string, Body) {
			return "Quorum cannot exceed the committee", terms(h, govern.Setting{Term: "quorum", Value: "5"})
		}},
		{"a quorum that is no majority", "v1", func(h uint64) (string, Body) {
			return "Quorum must be a majority of the committee", terms(h, govern.Setting{Term: "quorum", Value: "2"})
		}},
		{"a term twice", "v1", func(h uint64) (string, Body) {
			return `Term "quorum" is set twice`, terms(h, govern.Setting{Term: "quorum", Value: "3"}, govern.Setting{Term: "quorum", Value: "4"})
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msg, body := c.at(a.height() + 1)
			a.refusedFree(t, msg, c.from, body)
		})
	}

	id := a.upgrade(t, 12, 4)
	p := a.proposal(t, id)
	a.refusedFree(t, "This validator has already voted on proposal 1", "v1", govern.Vote{Proposal: id})
	a.refusedFree(t, "Only a validator in the set in force may propose or vote", "stranger", govern.Vote{Proposal: id})
	a.refusedFree(t, "An upgrade to version 2 is already open (proposal 1)", "v2", up(2, p.Height+1, p.Deadline, "r"))
	a.refusedFree(t, fmt.Sprintf("The deadline %d must come before the upgrade's height %d", p.Height, p.Height), "v2", govern.ProposeCancel{Proposal: id, Deadline: p.Height})
	for a.height() < p.Deadline {
		a.tick(t, 1)
	}
	a.refusedFree(t, fmt.Sprintf("Voting on proposal 1 closed at height %d", p.Deadline), "v2", govern.Vote{Proposal: id})
	a.tick(t, 1)
	if got := a.proposal(t, id); got.Status != govern.Expired {
		t.Fatalf("past its deadline with one vote: %s, want expired", got.Status)
	}
	a.refusedFree(t, fmt.Sprintf("Voting on proposal 1 closed at height %d", p.Deadline), "v2", govern.Vote{Proposal: id})
	a.refusedFree(t, "Proposal 1 is expired: only an open or adopted upgrade can be cancelled", "v2", govern.ProposeCancel{Proposal: id, Deadline: a.height() + 2})
}

func TestAnAdoptedUpgradeIsCancelledTheSameWayBeforeItsHeight(t *testing.T) {
	a := govArena(t)
	id := a.upgrade(t, 20, 3)
	a.Do("v2", Amount{}, govern.Vote{Proposal: id})
	a.Do("v3", Amount{}, govern.Vote{Proposal: id})
	c := a.Do("v4", Amount{}, govern.ProposeCancel{Proposal: id, Deadline: a.height() + 5}).Created
	a.Do("v1", Amount{}, govern.Vote{Proposal: c})
	out := a.Do("v2", Amount{}, govern.Vote{Proposal: c})
	if !hasEvent(out.Events, "proposal_cancelled") {
		t.Fatalf("the cancel's adopting vote: %+v", out.Events)
	}
	if p := a.proposal(t, id); p.Status != govern.Cancelled {
		t.Fatalf("the upgrade is %s, want cancelled", p.Status)
	}
	a.tick(t, 25)
	if a.s.Version() != 1 {
		t.Fatalf("a cancelled upgrade took effect: version %d", a.s.Version())
	}
	id2 := a.upgrade(t, 10, 3)
	if id2 != 3 {
		t.Fatalf("a new upgrade after a cancel is proposal %d, want 3", id2)
	}
}

func TestABinaryStopsAtAHeightWhoseVersionItDoesNotKnow(t *testing.T) {
	a := govArena(t)
	id := a.upgrade(t, 6, 3)
	a.Do("v2", Amount{}, govern.Vote{Proposal: id})
	a.Do("v3", Amount{}, govern.Vote{Proposal: id})
	p := a.proposal(t, id)
	restore := SetKnownVersionForTest(1)
	defer restore()
	for a.height()+1 < p.Height {
		a.tick(t, 1)
	}
	hash, height := a.s.Hash(), a.height()
	err := a.s.NeedsUpgrade(p.Height)
	var need *UpgradeNeeded
	if !errors.As(err, &need) || need.Version != 2 || need.Height != p.Height {
		t.Fatalf("NeedsUpgrade(%d) = %v, want version 2 at %d", p.Height, err, p.Height)
	}
	want := fmt.Sprintf(`UPGRADE NEEDED at height %d: protocol version 2 (proposal 1, release "arena v2.0.0"); this binary knows versions 1 to 1: install the release and start the node again`, p.Height)
	if err.Error() != want {
		t.Fatalf("got %q\nwant %q", err, want)
	}
	_, aerr := a.s.Apply(a.Tx("alice", Amount{}, Withdraw{}), Block{Height: p.Height, Time: a.Now()})
	if !errors.As(aerr, &need) {
		t.Fatalf("Apply at the height: %v, want UpgradeNeeded", aerr)
	}
	a.s.BeginBlock(Block{Height: p.Height, Time: a.Now()})
	if a.s.Hash() != hash || a.height() != height {
		t.Fatal("a block under an unknown version changed the state")
	}
}

func TestATermsChangeAppliesFromItsHeightAndNeverRepricesWhatWasTaken(t *testing.T) {
	a := govArena(t)
	task := a.Post(Ether(100))
	entry := a.Enter(task, "alice", "first work that is long enough to grade")
	h := a.height() + 1
	set := []govern.Setting{{Term: "entry_bond", Value: Ether(9).String()}, {Term: "appeal_window_s", Value: "60"}}
	id := a.Do("v1", Amount{}, govern.ProposeTerms{Set: set, Height: h + 6, Deadline: h + 3}).Created
	a.Do("v2", Amount{}, govern.Vote{Proposal: id})
	a.Do("v3", Amount{}, govern.Vote{Proposal: id})
	if !a.s.InForce().EntryBond.Eq(Ether(5)) {
		t.Fatal("an adopted change took effect before its height")
	}
	a.tick(t, 6)
	if !a.s.InForce().EntryBond.Eq(Ether(9)) || a.s.InForce().AppealWindowS != 60 {
		t.Fatalf("after its height: %+v", a.s.InForce())
	}
	if !a.s.Terms().EntryBond.Eq(Ether(5)) {
		t.Fatal("the founding terms changed")
	}
	task2 := a.Post(Ether(100))
	a.Refused(refusal("Value must equal the entry bond"), "bob", Ether(5), Submit{Task: task2, Work: "second work that is long enough"})
	a.Do("bob", Ether(9), Submit{Task: task2, Work: "second work that is long enough"})
	var bond Amount
	a.View(func(s *State) { e, _ := s.Entry(entry); bond = e.Bond })
	if !bond.Eq(Ether(5)) {
		t.Fatalf("the bond taken before the change reads %s, want 5 GEN", bond)
	}
	var window int64
	a.View(func(s *State) { tv, _ := s.Task(task); window = tv.GradingBy - tv.ClosesAt })
	if window != gradingWindow {
		t.Fatalf("the first task's grading window is %d, want the %d it was posted under", window, gradingWindow)
	}
}

func TestATaskThatSpansAnUpgradeSettlesUnderTheVersionInForceAtItsAward(t *testing.T) {
	a := govArena(t)
	task := a.postTiered(Ether(10), 5000, 5000)
	a.Do("alice", MustAmount("3000000000000000002"), TopUp{Task: task})
	a.Do("alice", MustAmount("1500000000000000001"), TopUp{Task: task})
	id := a.upgrade(t, 6, 3)
	a.Do("v2", Amount{}, govern.Vote{Proposal: id})
	a.Do("v3", Amount{}, govern.Vote{Proposal: id})
	a.tick(t, 6)
	if a.s.Version() != 2 {
		t.Fatalf("version %d after the upgrade's height", a.s.Version())
	}
	eb := a.Enter(task, "bob", "strong")
	a.GradeAs(eb, ledgertest.Reading(4, 0, false))
	tv := a.Settle(task)
	if !tv.RefundsPerFunder || len(tv.Refunds) != 2 || !tv.Refunds[1].Prize.Eq(MustAmount("2250000000000000001")) {
		t.Fatalf("refunds after the upgrade %+v, per funder %v: want version 2's", tv.Refunds, tv.RefundsPerFunder)
	}
	if !tv.Prize.Eq(MustAmount("14500000000000000003")) {
		t.Fatalf("the prize escrowed before the upgrade reads %s", tv.Prize)
	}
}
