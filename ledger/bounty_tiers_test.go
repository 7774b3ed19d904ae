package ledger_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/ledgertest"
)

// The refusals of prize tiers, teams, top-ups, extensions, withdrawals and replacements,
// by their exact text.
var (
	errSharesRanks    = expected("Prize shares name at most 10 ranks")
	errSharesSum      = expected("Prize shares must be positive whole basis points summing to 10000")
	errTeamSize       = expected("A team names 2 to 16 members")
	errTeamSplit      = expected("Team shares must be positive whole basis points summing to 10000")
	errTeamRepeat     = expected("A team names each member once, by a non-zero address")
	errTeamSponsor    = expected("The sponsor cannot be on a team entering their own task")
	errTeamFiler      = expected("A team names its filer among its members")
	errTeamEntered    = expected("A team member is already on an entry of this task")
	errTopUpZero      = expected("A top-up must be positive")
	errTopUpClosed    = expected("Top-ups close when the task closes")
	errExtendSponsor  = expected("Only the sponsor extends a task")
	errExtendClosed   = expected("A task is extended only before it closes")
	errExtensions     = expected("A task is extended at most 3 times")
	errExtendBy       = expected("An extension moves the close 1 to 31536000 seconds later")
	errWithdrawOwn    = expected("Only the filer withdraws or replaces an entry")
	errWithdrawClosed = expected("Entries are withdrawn or replaced only before the task closes")
	errWithdrawBusy   = expected("An entry is withdrawn or replaced only while no grading round or appeal is open on it")
	errWithdrawn      = expected("This entry was withdrawn or replaced")
)

// postTiered opens a task by "sponsor" with the given prize and shares, closing
// ledgertest.ClosesInS later.
func (a *arena) postTiered(prize Amount, shares ...int) TaskID {
	body := PostTask{Title: "Launch note", Spec: "Write a launch note.", Rubric: "The note must be at most 600 characters.", ClosesInS: ledgertest.ClosesInS, Shares: shares}
	return TaskID(a.Do("sponsor", prize, body).Created)
}

// enterTeam files work on task by filer for the team named by alternating names and
// basis points.
func (a *arena) enterTeam(task TaskID, filer, work string, team ...any) EntryID {
	return EntryID(a.Do(filer, entryBond, Submit{Task: task, Work: work, Team: a.team(team...)}).Created)
}

func (a *arena) team(team ...any) []Member {
	var out []Member
	for i := 0; i < len(team); i += 2 {
		out = append(out, Member{Address: a.Addr(team[i].(string)), Share: team[i+1].(int)})
	}
	return out
}

// owed fails unless each named address is owed exactly its amount.
func (a *arena) claims(t *testing.T, want map[string]Amount) {
	t.Helper()
	for name, w := range want {
		if got := a.s.Claimable(a.Addr(name)); !got.Eq(w) {
			t.Errorf("%s owed %s, want %s", name, got, w)
		}
	}
}

var amountEq = cmp.Comparer(Amount.Eq)

// "A task may name shares of its prize by rank ... Award ranks eligible entries by the
// existing total order and pays each rank its share": 60/30/10 of a prize that does not
// divide evenly, a tie on score broken by filing, a disqualified entry never placed, and
// each later rank's amount rounded down with first place taking the rest.
func TestTiersPayEachRankItsShare(t *testing.T) {
	a := newArena(t, 5, nil)
	prize := MustAmount("1000000000000000007")
	task := a.postTiered(prize, 6000, 3000, 1000)
	ea := a.Enter(task, "alice", "adequate")
	eb := a.Enter(task, "bob", "strong")
	ec := a.Enter(task, "carol", "copied")
	ed := a.Enter(task, "dave", "adequate too")
	a.GradeAs(ea, ledgertest.Reading(3, 0, false))
	a.GradeAs(eb, ledgertest.Reading(4, 0, false))
	a.GradeAs(ec, ledgertest.Reading(0, 0, true))
	a.GradeAs(ed, ledgertest.Reading(3, 0, false))
	tv := a.Settle(task)
	second, third := MustAmount("300000000000000002"), MustAmount("100000000000000000")
	first := MustAmount("600000000000000005")
	wantPodium := []Place{{Rank: 1, Share: 6000, Entry: eb, Amount: first}, {Rank: 2, Share: 3000, Entry: ea, Amount: second}, {Rank: 3, Share: 1000, Entry: ed, Amount: third}}
	if d := cmp.Diff(wantPodium, tv.Podium, amountEq); d != "" || tv.Winner != eb || tv.State != TaskAwarded || len(tv.Refunds) != 0 {
		t.Fatalf("podium (-want +got):\n%s\ntask %+v", d, tv)
	}
	a.claims(t, map[string]Amount{"bob": mustSum(first, entryBond), "alice": mustSum(second, entryBond), "dave": mustSum(third, entryBond), "carol": {}, "sponsor": {}})
	for id, want := range map[EntryID]string{eb: "won", ea: "placed", ed: "placed", ec: "slashed"} {
		if ev, _ := a.s.Entry(id); ev.Outcome != want {
			t.Errorf("entry %d outcome %q, want %q", id, ev.Outcome, want)
		}
	}
	if ev, _ := a.s.Entry(ea); ev.Rank != 2 || ev.Paid == nil || !ev.Paid.Eq(second) {
		t.Errorf("second place entry %+v", ev)
	}
	if r := a.s.Reputation(a.Addr("alice")); r.Wins != 0 || !r.Earned.Eq(second) {
		t.Errorf("alice's reputation %+v", r)
	}
	if r := a.s.Reputation(a.Addr("bob")); r.Wins != 1 || !r.Earned.Eq(first) {
		t.Errorf("bob's reputation %+v", r)
	}
	out := a.s.Snapshot().Events
	wantPayees := []book.Payee{{Rank: 1, Entry: uint64(eb), Address: a.Addr("bob"), Amount: first}, {Rank: 2, Entry: uint64(ea), Address: a.Addr("alice"), Amount: second}, {Rank: 3, Entry: uint64(ed), Address: a.Addr("dave"), Amount: third}}
	if len(out) != 1 || out[0].Entry != uint64(eb) || !out[0].Amount.Eq(first) {
		t.Errorf("outbox %+v", out)
	} else if d := cmp.Diff(wantPayees, out[0].Payees, amountEq); d != "" {
		t.Errorf("the award event's payees (-want +got):\n%s", d)
	}
}

func mustSum(x, y Amount) Amount {
	s, _ := x.Add(y)
	return s
}

// "a share with no eligible entry for it goes back to the sponsor": with top-ups, to the
// funders in proportion to what each added, the remainder to the sponsor; and a tiered
// task with no eligible entry at all is voided, its prize back the same way.
func TestTiersUnfilledGoBackToTheFunders(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.postTiered(Ether(60), 5000, 3000, 2000)
	a.Do("alice", Ether(30), TopUp{Task: task})
	a.Do("erin", Ether(10), TopUp{Task: task})
	eb := a.Enter(task, "bob", "strong")
	a.GradeAs(eb, ledgertest.Reading(4, 0, false))
	tv := a.Settle(task)
	// 100 in all: 50 to bob, 50 back: 30 to the sponsor, 15 to alice, 5 to erin
	wantRefunds := []Payout{{Address: a.Addr("sponsor"), Prize: Ether(30)}, {Address: a.Addr("alice"), Prize: Ether(15)}, {Address: a.Addr("erin"), Prize: Ether(5)}}
	if d := cmp.Diff(wantRefunds, tv.Refunds, amountEq); d != "" {
		t.Fatalf("refunds (-want +got):\n%s", d)
	}
	if len(tv.Podium) != 3 || tv.Podium[1].Entry != 0 || !tv.Podium[1].Amount.Eq(Ether(30)) || !tv.Prize.Eq(Ether(100)) {
		t.Fatalf("podium %+v, prize %s", tv.Podium, tv.Prize)
	}
	a.claims(t, map[string]Amount{"bob": mustSum(Ether(50), entryBond), "sponsor": Ether(30), "alice": Ether(15), "erin": Ether(5)})

	void := a.postTiered(Ether(7), 7000, 3000)
	a.Do("alice", Ether(3), TopUp{Task: void})
	vv := a.Settle(void)
	if vv.State != TaskVoided || len(vv.Podium) != 0 {
		t.Fatalf("voided task %+v", vv)
	}
	if d := cmp.Diff([]Payout{{Address: a.Addr("sponsor"), Prize: Ether(7)}, {Address: a.Addr("alice"), Prize: Ether(3)}}, vv.Refunds, amountEq); d != "" {
		t.Fatalf("void refunds (-want +got):\n%s", d)
	}
}

// A funder who tops up twice is one funder: their additions are summed and rounded down
// once, not each apart, and the task's refunds name them once, in the order of their
// first funding. Here R = 7750000000000000001 atto go back of a prize P of
// 15500000000000000003: alice, who added 3000000000000000002 and, after erin,
// 1500000000000000001, gets floor(R*4500000000000000003/P) = 2250000000000000001, where
// rounding each top-up apart gave her 2250000000000000000 and the sponsor the atto. That
// is protocol version 2's rule; an arena under version 1 keeps version 1's, so that
// every block it applied replays as it was.
func TestRefundsAreRoundedOncePerFunder(t *testing.T) {
	refunds := func(version uint64) TaskView {
		a := newArena(t, 5, func(tm *Terms) { tm.Protocol = version })
		task := a.postTiered(Ether(10), 5000, 5000)
		a.Do("alice", MustAmount("3000000000000000002"), TopUp{Task: task})
		a.Do("erin", Ether(1), TopUp{Task: task})
		a.Do("alice", MustAmount("1500000000000000001"), TopUp{Task: task})
		eb := a.Enter(task, "bob", "strong")
		a.GradeAs(eb, ledgertest.Reading(4, 0, false))
		tv := a.Settle(task)
		return tv
	}
	a := newArena(t, 5, nil)
	tv := refunds(2)
	want := []Payout{
		{Address: a.Addr("sponsor"), Prize: MustAmount("5000000000000000001")},
		{Address: a.Addr("alice"), Prize: MustAmount("2250000000000000001")},
		{Address: a.Addr("erin"), Prize: MustAmount("499999999999999999")},
	}
	if d := cmp.Diff(want, tv.Refunds, amountEq); d != "" || !tv.RefundsPerFunder {
		t.Fatalf("version 2 refunds (-want +got), per funder %v:\n%s", tv.RefundsPerFunder, d)
	}
	tv = refunds(1)
	want = []Payout{
		{Address: a.Addr("sponsor"), Prize: MustAmount("5000000000000000002")},
		{Address: a.Addr("alice"), Prize: MustAmount("1500000000000000000")},
		{Address: a.Addr("erin"), Prize: MustAmount("499999999999999999")},
		{Address: a.Addr("alice"), Prize: MustAmount("750000000000000000")},
	}
	if d := cmp.Diff(want, tv.Refunds, amountEq); d != "" || tv.RefundsPerFunder {
		t.Fatalf("version 1 refunds (-want +got), per funder %v:\n%s", tv.RefundsPerFunder, d)
	}
}

// "one share = today's single winner": a task posted with the one share 10000, or with
// none, encodes, hashes and settles exactly as a task always has.
func TestOneShareIsTodaysSingleWinner(t *testing.T) {
	run := func(shares ...int) (string, [32]byte) {
		a := newArena(t, 5, nil)
		task := a.postTiered(Ether(200), shares...)
		eb := a.Enter(task, "bob", "strong")
		a.GradeAs(eb, ledgertest.Reading(4, 0, false))
		tv := a.Settle(task)
		if tv.Podium != nil || tv.Shares != nil || tv.Winner != eb {
			t.Fatalf("task %+v", tv)
		}
		raw, err := a.s.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return string(raw), a.s.Hash()
	}
	plain, hp := run()
	one, h1 := run(10000)
	if plain != one || hp != h1 {
		t.Fatalf("one share encodes unlike none")
	}
	for _, key := range []string{`"shares"`, `"podium"`, `"refunds"`, `"top_ups"`, `"extensions"`, `"team"`, `"payouts"`, `"prize_paid"`, `"rank"`, `"withdrawn_at"`} {
		if strings.Contains(plain, key) {
			t.Errorf("a plain task's state encodes %s", key)
		}
	}
}

// "every member is paid its part of the prize (and of the bond's return) to the atto,
// the remainder by the rule the README states": each member's part rounded down, the
// atto left over to the first member named; every member's reputation counts the entry.
func TestTeamMembersArePaidTheirSplitToTheAtto(t *testing.T) {
	a := newArena(t, 5, nil)
	prize := MustAmount("1000000000000000001")
	task := a.postTiered(prize)
	et := a.enterTeam(task, "alice", "joint work", "bob", 3333, "alice", 3333, "carol", 3334)
	a.GradeAs(et, ledgertest.Reading(4, 0, false))
	tv := a.Settle(task)
	if tv.Winner != et {
		t.Fatalf("task %+v", tv)
	}
	// each part rounded down; the one atto left over goes to bob, named first
	bob, alice, carol := MustAmount("333300000000000001"), MustAmount("333300000000000000"), MustAmount("333400000000000000")
	ev, _ := a.s.Entry(et)
	var sumPrize, sumBond Amount
	for _, p := range ev.Payouts {
		sumPrize = mustSum(sumPrize, p.Prize)
		sumBond = mustSum(sumBond, p.Bond)
	}
	if !sumPrize.Eq(prize) || !sumBond.Eq(entryBond) || len(ev.Payouts) != 3 {
		t.Fatalf("payouts %+v sum to %s and %s", ev.Payouts, sumPrize, sumBond)
	}
	wantPrize := []Amount{bob, alice, carol}
	for i, p := range ev.Payouts {
		if !p.Prize.Eq(wantPrize[i]) {
			t.Errorf("member %d prize %s, want %s", i, p.Prize, wantPrize[i])
		}
		if got := a.s.Claimable(p.Address); !got.Eq(mustSum(p.Prize, p.Bond)) {
			t.Errorf("member %d owed %s, want %s", i, got, mustSum(p.Prize, p.Bond))
		}
		r := a.s.Reputation(p.Address)
		if r.Entries != 1 || r.Wins != 1 || r.BestScore != 80 || !r.Earned.Eq(p.Prize) {
			t.Errorf("member %d reputation %+v", i, r)
		}
	}
}

// "A member cannot be on two entries of one task", and the team's own bad input: each
// refused with its exact message, nothing moved.
func TestTeamRefusals(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.postTiered(Ether(100))
	sub := func(team ...any) Submit { return Submit{Task: task, Work: "w", Team: a.team(team...)} }
	a.Refused(errTeamSize, "alice", entryBond, sub("alice", 10000))
	a.Refused(errTeamSplit, "alice", entryBond, sub("alice", 5000, "bob", 4000))
	a.Refused(errTeamSplit, "alice", entryBond, sub("alice", 10000, "bob", 0))
	a.Refused(errTeamRepeat, "alice", entryBond, sub("alice", 5000, "alice", 5000))
	a.Refused(errTeamRepeat, "alice", entryBond, Submit{Task: task, Work: "w", Team: []Member{{Address: a.Addr("alice"), Share: 5000}, {Share: 5000}}})
	a.Refused(errTeamSponsor, "alice", entryBond, sub("alice", 5000, "sponsor", 5000))
	a.Refused(errTeamFiler, "alice", entryBond, sub("bob", 5000, "carol", 5000))
	joint := a.enterTeam(task, "alice", "joint", "alice", 5000, "bob", 5000)
	a.Refused(errTeamEntered, "carol", entryBond, sub("carol", 5000, "bob", 5000))
	a.Refused(errTeamMember(joint), "bob", entryBond, Submit{Task: task, Work: "solo"})
	a.Refused(errEnteredTwice, "alice", entryBond, Submit{Task: task, Work: "solo"})
}

// "Anyone may add to a task's prize before it closes (the board shows who added what);
// the sponsor may extend the close, before it passes, a bounded number of times, never
// shortening any window; the grading window and appeal windows move with it."
func TestTopUpsAndExtensions(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.postTiered(Ether(100))
	posted, _ := a.s.Task(task)
	a.Do("alice", Ether(5), TopUp{Task: task})
	a.Do("sponsor", Ether(10), TopUp{Task: task})
	a.Refused(errTopUpZero, "bob", Amount{}, TopUp{Task: task})
	a.Refused(errNoTask, "bob", Ether(1), TopUp{Task: 9})
	a.Refused(errExtendSponsor, "alice", Amount{}, Extend{Task: task, ByS: 60})
	a.Refused(errExtendBy, "sponsor", Amount{}, Extend{Task: task, ByS: 0})
	a.Refused(errExtendBy, "sponsor", Amount{}, Extend{Task: task, ByS: -60})
	for range 3 {
		a.Do("sponsor", Amount{}, Extend{Task: task, ByS: 600})
	}
	a.Refused(errExtensions, "sponsor", Amount{}, Extend{Task: task, ByS: 600})
	tv, _ := a.s.Task(task)
	if tv.ClosesAt != posted.ClosesAt+1800 || tv.GradingBy != posted.GradingBy+1800 || len(tv.Extensions) != 3 || tv.Extensions[2] != tv.ClosesAt {
		t.Fatalf("extended task %+v, posted %+v", tv, posted)
	}
	if !tv.Prize.Eq(Ether(115)) || len(tv.TopUps) != 2 || tv.TopUps[0].From != a.Addr("alice") || !tv.TopUps[1].Amount.Eq(Ether(10)) {
		t.Fatalf("topped-up task %+v", tv)
	}
	a.Wait(ledgertest.ClosesInS)
	eb := a.Enter(task, "bob", "after the first close") // still open: it was extended
	a.Wait(1800)
	a.Refused(errTopUpClosed, "alice", Ether(1), TopUp{Task: task})
	a.Refused(errExtendClosed, "sponsor", Amount{}, Extend{Task: task, ByS: 60})
	a.GradeAs(eb, ledgertest.Reading(4, 0, false))
	a.Wait(window)
	a.Do("stranger", Amount{}, Award{Task: task})
	a.claims(t, map[string]Amount{"bob": mustSum(Ether(115), entryBond), "alice": {}})
}

// "A solver may withdraw an entry before close (bond back, in full) or replace it; a
// replaced entry's filing time is the replacement's, for the copy check and the tie rule
// alike. Sealed tasks: re-commit."
func TestWithdrawAndReplace(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.postTiered(Ether(100))
	ea := a.Enter(task, "alice", "first try")
	a.Wait(10)
	eb := a.Enter(task, "bob", "bob's work")
	a.Wait(10)
	et := a.enterTeam(task, "carol", "joint", "carol", 5000, "dave", 5000)
	a.Refused(errWithdrawOwn, "bob", Amount{}, WithdrawEntry{Entry: ea})
	a.Refused(errNoEntry, "bob", Amount{}, WithdrawEntry{Entry: 99})
	// carol withdraws the team entry: the bond back by the split, the fee to her
	before := a.s.Claimable(a.Addr("carol"))
	a.Do("carol", Amount{}, WithdrawEntry{Entry: et})
	fee := a.Terms().GradingFee
	half, _ := entryBond.DivMod(2)
	a.claims(t, map[string]Amount{"carol": mustSum(mustSum(before, half), fee), "dave": half})
	a.Refused(errWithdrawn, "carol", Amount{}, WithdrawEntry{Entry: et})
	a.Refused(errWithdrawn, "stranger", Amount{}, Grade{Entry: et})
	// dave, freed from the team, may enter alone
	ed := a.Enter(task, "dave", "dave alone")
	a.GradeAs(ed, ledgertest.Reading(2, 0, false))
	// alice replaces hers: the replacement is filed now, after bob's
	r := a.OpenRound(ea)
	a.Refused(errWithdrawBusy, "alice", Amount{}, Replace{Entry: ea, Work: "second try"})
	a.AttestAll(r.ID, ledgertest.Reading(4, 0, false))
	a.Wait(10)
	out := a.Do("alice", Amount{}, Replace{Entry: ea, Work: "second try"})
	er := EntryID(out.Created)
	old, _ := a.s.Entry(ea)
	rep, _ := a.s.Entry(er)
	if old.State != EntryReplaced || old.ReplacedBy != er || rep.Replaces != ea || rep.FiledAt <= old.FiledAt || rep.State != EntryPending {
		t.Fatalf("replaced %+v, replacement %+v", old, rep)
	}
	rr := a.OpenRound(er)
	if want := []EntryID{eb, 4}; !cmp.Equal(rr.Inputs.Earlier, want) {
		t.Fatalf("the replacement's copy check reads %v, want %v (never the entry it replaced, nor the team entry withdrawn before it)", rr.Inputs.Earlier, want)
	}
	a.AttestAll(rr.ID, ledgertest.Reading(4, 0, false))
	a.GradeAs(eb, ledgertest.Reading(4, 0, false))
	tv := a.Settle(task)
	if tv.Winner != eb { // same score: bob filed before the replacement
		t.Fatalf("winner %d, want bob's %d: the tie rule reads the replacement's filing", tv.Winner, eb)
	}
	a.Refused(errWithdrawClosed, "bob", Amount{}, WithdrawEntry{Entry: eb})
	a.Refused(errWithdrawClosed, "alice", Amount{}, Replace{Entry: er, Work: "late"})

	sealed := TaskID(a.Do("sponsor", Ether(10), PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 600, Sealed: true, RevealS: 600}).Created)
	salt := strings.Repeat("s", 16)
	es := EntryID(a.Do("bob", entryBond, Submit{Task: sealed, Commitment: bounty.Commit(salt, a.Addr("bob"), "v1")}).Created)
	a.Refused(errSealedCommit, "bob", Amount{}, Replace{Entry: es, Work: "v2"})
	es2 := EntryID(a.Do("bob", Amount{}, Replace{Entry: es, Commitment: bounty.Commit(salt, a.Addr("bob"), "v2")}).Created)
	a.Wait(600)
	a.Refused(errNotSealedEntry, "bob", Amount{}, Reveal{Entry: es, Salt: salt, Work: "v1"})
	a.Do("bob", Amount{}, Reveal{Entry: es2, Salt: salt, Work: "v2"})
}

// Bad input on posting: shares that do not sum to 10,000 or name more ranks than the
// bound, each refused with its exact message, nothing moved.
func TestSharesRefusals(t *testing.T) {
	a := newArena(t, 5, nil)
	post := func(shares ...int) PostTask {
		return PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60, Shares: shares}
	}
	a.Refused(errSharesSum, "sponsor", Ether(10), post(6000, 3000))
	a.Refused(errSharesSum, "sponsor", Ether(10), post(6000, 4000, 0))
	a.Refused(errSharesSum, "sponsor", Ether(10), post(12000, -2000))
	a.Refused(errSharesRanks, "sponsor", Ether(10), post(1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 500, 500))
	a.Do("sponsor", Ether(10), post(1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000))
}
