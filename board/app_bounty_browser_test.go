package board_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/api/wire"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/ledgertest"
)

// postTask posts a plain task from Go, as the sponsor, and returns its id.
func (a *appArena) postTask(t *testing.T, prize ledger.Amount, closesInS int64) uint64 {
	t.Helper()
	rc, err := a.c.Sender(ledgertest.Key("sponsor")).Send(t.Context(), prize, ledger.PostTask{Title: "Name the ledger",
		Spec: "Suggest a name for a ledger of contests, with a reason.", Rubric: "A name and one sentence of reason.", ClosesInS: closesInS})
	if err != nil || !rc.Outcome.OK() {
		t.Fatalf("post a task: %+v (%v)", rc, err)
	}
	return rc.Outcome.Created
}

// grade opens entry id's grading round from Go and waits for its grade.
func (a *appArena) grade(t *testing.T, id uint64) ledger.EntryView {
	t.Helper()
	if rc, err := a.c.Sender(ledgertest.Key("carol")).Send(t.Context(), ledger.Amount{}, ledger.Grade{Entry: ledger.EntryID(id)}); err != nil || !rc.Outcome.OK() {
		t.Fatalf("grade entry %d: %+v (%v)", id, rc, err)
	}
	return a.waitEntry(t, id, "graded")
}

// enterTwo enters alice's work and then bob's on task from the page, as text, alone,
// and returns their entries.
func (b *appBrowser) enterTwo(t *testing.T, task uint64) (alice, bob uint64) {
	t.Helper()
	alice = applied(t, "alice enters", b.act(t, "alice", "act-enter", map[string]string{"task": fmt.Sprint(task), "work": "Tally: it counts what was won.", "team": ""}))
	bob = applied(t, "bob enters", b.act(t, "bob", "act-enter", map[string]string{"task": fmt.Sprint(task), "work": "Ledgerly: a book of contests.", "team": ""}))
	return alice, bob
}

// unchanged checks that nothing reached the node and nothing was signed since before
// (the count of POST /v1/tx), signed (the wallet's signatures) and nonce (who's next).
func unchanged(t *testing.T, a *appArena, b *appBrowser, what, who string, before, signed int, nonce uint64) {
	t.Helper()
	if n := a.postCount(); n != before {
		t.Errorf("%s: %d POST /v1/tx reached the node", what, n-before)
	}
	if n := js[int](t, b, `window.__signed`); n != signed {
		t.Errorf("%s: the wallet signed %d times", what, n-signed)
	}
	if n := accountNonce(t, a, who); n != nonce {
		t.Errorf("%s: %s's next nonce moved from %d to %d", what, who, nonce, n)
	}
}

// TestAppPostsATieredTaskAndNamesEveryPlace: the page posts a task whose prize is split
// by place (5000,3000,2000 basis points), sent as the post's shares; two entries are
// graded; after the award the log names every place as GET /v1/tasks/{id}'s podium
// gives it (the entry, its grade and its amount; the third place, which no entry took,
// as sent back to the funders), and each placed entry records its rank and pay.
// Shares the ledger would refuse (not numbers, a place taking nothing, more places than
// a prize is split across, a sum other than the whole) are refused in the page, nothing
// signed or sent, so no fee is paid for a refusal.
func TestAppPostsATieredTaskAndNamesEveryPlace(t *testing.T) {
	a := startArena(t)
	b := openApp(t, a)
	ctx := t.Context()
	ar := a.arena(t)
	post := map[string]string{"title": "Name the ledger, three places", "spec": "Suggest a name for a ledger of contests, with a reason.",
		"rubric": "A name and one sentence of reason.", "prize": "10", "closes_in_s": "3600"}
	with := func(shares string) map[string]string {
		m := map[string]string{"shares": shares}
		for k, v := range post {
			m[k] = v
		}
		return m
	}

	before, signed, nonce := a.postCount(), js[int](t, b, `window.__signed`), accountNonce(t, a, "sponsor")
	for shares, want := range map[string]string{
		"50%,30%,20%": "Prize shares by place: \u201c50%\u201d is not a whole number of basis points; write them first place first, separated by commas, such as 5000,3000,2000. Nothing was sent.",
		"5000,,5000":  "Prize shares by place: \u201c\u201d is not a whole number of basis points; write them first place first, separated by commas, such as 5000,3000,2000. Nothing was sent.",
		"5000, -1":    "Prize shares by place: \u201c-1\u201d is not a whole number of basis points; write them first place first, separated by commas, such as 5000,3000,2000. Nothing was sent.",
		"5000,3000":   "Prize shares by place sum to 8000 basis points; they must sum to 10000, the whole prize. Nothing was sent.",
		"10000,0":     "Prize shares by place: every place takes a positive share; place 2 takes none. Nothing was sent.",
		"1000,1000,1000,1000,1000,1000,1000,1000,1000,500,500": "Prize shares by place name 11 places; a prize is split across at most 10. Nothing was sent.",
	} {
		if st := b.act(t, "sponsor", "act-post", with(shares)); st != want {
			t.Errorf("shares %q: status %q, want %q", shares, st, want)
		}
	}
	unchanged(t, a, b, "shares the ledger would refuse", "sponsor", before, signed, nonce)

	task := applied(t, "tiered post", b.act(t, "sponsor", "act-post", with(" 5000, 3000 ,2000 ")))
	tv, err := a.c.Task(ctx, ledger.TaskID(task))
	if err != nil || !slices.Equal(tv.Shares, []int{5000, 3000, 2000}) || tv.Prize != ledger.Ether(10) {
		t.Fatalf("task %d after a tiered post: %+v (%v), want shares 5000,3000,2000 of 10", task, tv, err)
	}

	works := map[string]string{"alice": "Tally: it counts what was won, and by whom, in one plain word.",
		"bob": "Ledgerly, because every contest ends as an entry in a book that anyone can read."}
	var entries []uint64
	for _, who := range []string{"alice", "bob"} {
		id := applied(t, who+" enters", b.act(t, who, "act-enter", map[string]string{"task": fmt.Sprint(task), "work": works[who], "team": ""}))
		a.grade(t, id)
		entries = append(entries, id)
	}

	a.advance(t, 30*24*time.Hour)
	applied(t, "award", b.act(t, "sponsor", "act-award", map[string]string{"task": fmt.Sprint(task)}))
	tv, err = a.c.Task(ctx, ledger.TaskID(task))
	if err != nil || tv.State != "awarded" || len(tv.Podium) != 3 {
		t.Fatalf("task %d after award: %+v (%v), want three places", task, tv, err)
	}
	amounts := bounty.SplitPrize(ledger.Ether(10), []int{5000, 3000, 2000})
	var places []string
	for i, p := range tv.Podium {
		if p.Rank != i+1 || p.Share != tv.Shares[i] || p.Amount != amounts[i] {
			t.Errorf("place %d: %+v, want rank %d, share %d, amount %v", i+1, p, i+1, tv.Shares[i], amounts[i])
		}
		if p.Entry == 0 {
			places = append(places, fmt.Sprintf("place %d taken by no entry, %s %s back to the funders", p.Rank, p.Amount.Units(), ar.Terms.Symbol))
			continue
		}
		e, err := a.c.Entry(ctx, p.Entry)
		if err != nil || e.Rank != p.Rank || e.Paid == nil || *e.Paid != p.Amount || e.Current == nil {
			t.Fatalf("entry %d of place %d: %+v (%v)", p.Entry, p.Rank, e, err)
		}
		places = append(places, fmt.Sprintf("place %d won by entry #%d at %d, prize %s %s", p.Rank, p.Entry, e.Current.Score, p.Amount.Units(), ar.Terms.Symbol))
	}
	if got := []ledger.EntryID{tv.Podium[0].Entry, tv.Podium[1].Entry, tv.Podium[2].Entry}; !slices.Contains(got, ledger.EntryID(entries[0])) ||
		!slices.Contains(got, ledger.EntryID(entries[1])) || got[2] != 0 {
		t.Errorf("the podium's entries are %v, want entries %v in the first two places and none in the third", got, entries)
	}
	if want := strings.Join(places, "; "); !strings.Contains(b.logText(t), want) {
		t.Errorf("award of a tiered task: log %q, want it to name every place: %q", b.logText(t), want)
	}
	if len(tv.Refunds) != 1 || tv.Refunds[0].Address != ledgertest.Addr("sponsor") || tv.Refunds[0].Prize != amounts[2] {
		t.Errorf("the third place's prize sent back: %+v, want %v to the sponsor", tv.Refunds, amounts[2])
	}
	b.check(t)
}

// TestAppEntersAsATeam: the Enter form's team field, one member a line as "0xADDRESS
// SHARE_BPS", is sent as the entry's team: the entry view names the members and their
// split as filed, and after the award (whose log keeps the single winner's line) pays
// each member its part of the prize and of the bond as the ledger splits them. A line
// that is not a member is refused in the page, naming the line, nothing signed or sent.
func TestAppEntersAsATeam(t *testing.T) {
	a := startArena(t)
	b := openApp(t, a)
	ctx := t.Context()
	ar := a.arena(t)
	task := a.postTask(t, ledger.Ether(10), 3600)
	alice, bob := ledgertest.Addr("alice"), ledgertest.Addr("bob")
	work := "Tally, say alice and bob: it counts what was won, and by whom."

	before, signed, nonce := a.postCount(), js[int](t, b, `window.__signed`), accountNonce(t, a, "alice")
	for team, want := range map[string]string{
		alice.String() + " 7000\nbob 3000": "Team line 2 \u201cbob 3000\u201d is not a member: write 0x and 40 hex digits, a space, then its share in whole basis points. Nothing was sent.",
		"0xabc 7000":                       "Team line 1 \u201c0xabc 7000\u201d is not a member: write 0x and 40 hex digits, a space, then its share in whole basis points. Nothing was sent.",
		alice.String() + " 70%":            "Team line 1 \u201c" + alice.String() + " 70%\u201d is not a member: write 0x and 40 hex digits, a space, then its share in whole basis points. Nothing was sent.",
	} {
		if st := b.act(t, "alice", "act-enter", map[string]string{"task": fmt.Sprint(task), "work": work, "team": team}); st != want {
			t.Errorf("team %q: status %q, want %q", team, st, want)
		}
	}
	unchanged(t, a, b, "a malformed team", "alice", before, signed, nonce)

	team := []ledger.Member{{Address: alice, Share: 7000}, {Address: bob, Share: 3000}}
	lines := fmt.Sprintf("%s 7000\n\n  %s   3000  \n", alice, strings.ToLower(bob.String()))
	id := applied(t, "team entry", b.act(t, "alice", "act-enter", map[string]string{"task": fmt.Sprint(task), "work": work, "team": lines}))
	e, err := a.c.Entry(ctx, ledger.EntryID(id))
	if err != nil || e.Solver != alice || !slices.Equal(e.Team, team) || e.Work != work {
		t.Fatalf("team entry %d: %+v (%v), want alice's with team %+v", id, e, err, team)
	}
	a.grade(t, id)

	a.advance(t, 30*24*time.Hour)
	applied(t, "award", b.act(t, "sponsor", "act-award", map[string]string{"task": fmt.Sprint(task)}))
	tv, err := a.c.Task(ctx, ledger.TaskID(task))
	if err != nil || tv.State != "awarded" || uint64(tv.Winner) != id || len(tv.Podium) != 0 {
		t.Fatalf("task %d after award: %+v (%v), want entry %d the single winner", task, tv, err, id)
	}
	if want := fmt.Sprintf("won by entry #%d at %d, prize 10 %s", id, tv.WinScore, ar.Terms.Symbol); !strings.Contains(b.logText(t), want) {
		t.Errorf("award: log %q, want %q", b.logText(t), want)
	}
	if e, err = a.c.Entry(ctx, ledger.EntryID(id)); err != nil {
		t.Fatal(err)
	}
	prize, bond := bounty.SplitTeam(ledger.Ether(10), team), bounty.SplitTeam(e.Bond, team)
	want := []ledger.Payout{{Address: alice, Prize: prize[0], Bond: bond[0]}, {Address: bob, Prize: prize[1], Bond: bond[1]}}
	if !slices.Equal(e.Payouts, want) || e.Paid == nil || *e.Paid != ledger.Ether(10) {
		t.Errorf("team entry %d's payouts after award: %+v (paid %v), want %+v", id, e.Payouts, e.Paid, want)
	}
	b.check(t)
}

// TestAppTopsUpAndAnswersQuestions: from the page anyone tops up a task's prize (the
// value is the amount added, the log and the task's view show the new prize and who
// added what), the sponsor extends its close (a stranger's extension is the ledger's to
// refuse), a solver asks a public question and the sponsor answers it, and the question
// and its answer show in GET /v1/tasks/{id}/questions; a stranger's answer is refused
// in the ledger's words. An amount that is not one is refused in the page, nothing sent.
func TestAppTopsUpAndAnswersQuestions(t *testing.T) {
	a := startArena(t)
	b := openApp(t, a)
	ctx := t.Context()
	ar := a.arena(t)
	task := a.postTask(t, ledger.Ether(10), 3600)
	tv, err := a.c.Task(ctx, ledger.TaskID(task))
	if err != nil {
		t.Fatal(err)
	}

	before, signed, nonce := a.postCount(), js[int](t, b, `window.__signed`), accountNonce(t, a, "carol")
	for _, amt := range []string{"0", "five", "1.0000000000000000001"} {
		if st, want := b.act(t, "carol", "act-topup", map[string]string{"task": fmt.Sprint(task), "amount": amt}),
			"Amount added to the prize must be a positive amount of "+ar.Terms.Symbol+", at most 18 decimals. Nothing was sent."; st != want {
			t.Errorf("top-up of %q: status %q, want %q", amt, st, want)
		}
	}
	unchanged(t, a, b, "a top-up of no amount", "carol", before, signed, nonce)

	applied(t, "top-up", b.act(t, "carol", "act-topup", map[string]string{"task": fmt.Sprint(task), "amount": "2.5"}))
	b.waitLog(t, fmt.Sprintf("added 2.5 %s: the prize is now 12.5 %s", ar.Terms.Symbol, ar.Terms.Symbol))
	up, err := a.c.Task(ctx, ledger.TaskID(task))
	if err != nil || up.Prize.String() != "12500000000000000000" || len(up.TopUps) != 1 || up.TopUps[0].From != ledgertest.Addr("carol") ||
		up.TopUps[0].Amount.String() != "2500000000000000000" {
		t.Fatalf("task %d after carol's top-up of 2.5: prize %v, top-ups %+v (%v)", task, up.Prize, up.TopUps, err)
	}

	if st, want := b.act(t, "alice", "act-extend", map[string]string{"task": fmt.Sprint(task), "by_s": "7200"}), "Refused [EXPECTED]: Only the sponsor extends a task"; st != want {
		t.Errorf("an extension by a solver: status %q, want %q", st, want)
	}
	applied(t, "extend", b.act(t, "sponsor", "act-extend", map[string]string{"task": fmt.Sprint(task), "by_s": "7200"}))
	ext, err := a.c.Task(ctx, ledger.TaskID(task))
	if err != nil || ext.ClosesAt != tv.ClosesAt+7200 || !slices.Equal(ext.Extensions, []int64{tv.ClosesAt + 7200}) {
		t.Fatalf("task %d after extending by 7200 s: closes at %d, extensions %v (%v); it closed at %d", task, ext.ClosesAt, ext.Extensions, err, tv.ClosesAt)
	}
	if want := "the task now closes at " + time.Unix(ext.ClosesAt, 0).UTC().Format("2006-01-02 15:04:05") + " UTC"; !strings.Contains(b.logText(t), want) {
		t.Errorf("extend: log %q, want %q", b.logText(t), want)
	}

	question, reply := "Must the name be a single English word?", "One word, in any language."
	if st := b.act(t, "alice", "act-taskask", map[string]string{"task": fmt.Sprint(task), "question": question}); applied(t, "ask", st) != 1 {
		t.Errorf("the first question: status %q, want it created as #1", st)
	}
	if want := fmt.Sprintf("asked as question #1 of task #%d", task); !strings.Contains(b.logText(t), want) {
		t.Errorf("ask: log %q, want %q", b.logText(t), want)
	}
	if st, want := b.act(t, "bob", "act-taskanswer", map[string]string{"task": fmt.Sprint(task), "question": "1", "reply": "Any word."}),
		"Refused [EXPECTED]: Only the sponsor answers a task's questions"; st != want {
		t.Errorf("an answer by a solver: status %q, want %q", st, want)
	}
	applied(t, "answer", b.act(t, "sponsor", "act-taskanswer", map[string]string{"task": fmt.Sprint(task), "question": "1", "reply": reply}))
	var qs []ledger.QuestionView
	if err := json.Unmarshal([]byte(a.get(t, fmt.Sprintf("/v1/tasks/%d/questions", task))), &qs); err != nil {
		t.Fatal(err)
	}
	if len(qs) != 1 || qs[0].Asker != ledgertest.Addr("alice") || qs[0].Text != question || qs[0].Answer != reply || qs[0].AnsweredAt < qs[0].AskedAt || qs[0].AskedAt == 0 {
		t.Fatalf("task %d's questions: %+v, want alice's question answered", task, qs)
	}
	// The tender's own question forms are untouched: a task's question is not a tender's.
	if tenders := a.get(t, "/v1/tenders"); strings.Contains(tenders, question) {
		t.Errorf("a task's question reached the tenders: %s", tenders)
	}
	b.check(t)
}

// TestAppWithdrawsAnEntryBeforeClose: the filer withdraws an entry from the page before
// its task closes; the entry leaves the task marked withdrawn, and its bond and unearned
// grading fee are owed back in full. Another account's withdrawal, and one after close,
// show the ledger's refusals.
func TestAppWithdrawsAnEntryBeforeClose(t *testing.T) {
	a := startArena(t)
	b := openApp(t, a)
	ctx := t.Context()
	ar := a.arena(t)
	task := a.postTask(t, ledger.Ether(10), 3600)
	id, kept := b.enterTwo(t, task)
	e, err := a.c.Entry(ctx, ledger.EntryID(id))
	if err != nil {
		t.Fatal(err)
	}
	if st, want := b.act(t, "bob", "act-withdrawentry", map[string]string{"entry": fmt.Sprint(id)}), "Refused [EXPECTED]: Only the filer withdraws or replaces an entry"; st != want {
		t.Errorf("a withdrawal by another account: status %q, want %q", st, want)
	}
	owed, err := a.c.Claimable(ctx, ledgertest.Addr("alice"))
	if err != nil {
		t.Fatal(err)
	}
	applied(t, "withdraw entry", b.act(t, "alice", "act-withdrawentry", map[string]string{"entry": fmt.Sprint(id)}))
	if want := fmt.Sprintf("entry #%d withdrawn: its bond of %s %s returned", id, e.Bond.Units(), ar.Terms.Symbol); !strings.Contains(b.logText(t), want) {
		t.Errorf("withdraw entry: log %q, want %q", b.logText(t), want)
	}
	w, err := a.c.Entry(ctx, ledger.EntryID(id))
	if err != nil || w.State != "withdrawn" || w.WithdrawnAt == 0 {
		t.Fatalf("entry %d after its withdrawal: %+v (%v)", id, w, err)
	}
	now, err := a.c.Claimable(ctx, ledgertest.Addr("alice"))
	back, _ := owed.Amount.Add(e.Bond)
	back, _ = back.Add(e.Fee)
	if err != nil || now.Amount != back {
		t.Errorf("alice is owed %v after withdrawing (was %v; %v), want the bond %v and the fee %v back", now.Amount, owed.Amount, err, e.Bond, e.Fee)
	}

	a.advance(t, 3601*time.Second)
	if st, want := b.act(t, "bob", "act-withdrawentry", map[string]string{"entry": fmt.Sprint(kept)}), "Refused [EXPECTED]: Entries are withdrawn or replaced only before the task closes"; st != want {
		t.Errorf("a withdrawal after close: status %q, want %q", st, want)
	}
	b.check(t)
}

// replaceMoney is what a replacement may move: the filer's account, and the arena's
// bond escrow and grading fees not yet earned.
type replaceMoney struct {
	acc         wire.Account
	bonds, fees ledger.Amount
}

// money reads who's account and the arena's balances now.
func (a *appArena) money(t *testing.T, who string) replaceMoney {
	t.Helper()
	acc, err := a.c.Account(t.Context(), ledgertest.Addr(who))
	if err != nil {
		t.Fatal(err)
	}
	ar, err := a.c.Arena(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return replaceMoney{acc: acc, bonds: ar.Balances.BondEscrow, fees: ar.Balances.GradingFees}
}

// paidFor checks that from before to after the filer paid the transaction's fee (what
// its fees paid grew by) and fresh, a new grading fee, from its wallet and nothing else,
// the bond escrow holds what it held (the replacement staked nothing) and the grading
// fees not yet earned grew by fresh alone.
func paidFor(t *testing.T, what string, before, after replaceMoney, fresh ledger.Amount) {
	t.Helper()
	txFee, _ := after.acc.FeesPaid.Sub(before.acc.FeesPaid)
	want, _ := before.acc.Balance.Sub(txFee)
	want, _ = want.Sub(fresh)
	if after.acc.Balance != want || after.acc.Claimable != before.acc.Claimable {
		t.Errorf("%s: the filer's wallet went from %v to %v and what it is owed from %v to %v, want %v paid (the fee %v and a grading fee of %v), nothing owed",
			what, before.acc.Balance, after.acc.Balance, before.acc.Claimable, after.acc.Claimable, want, txFee, fresh)
	}
	fees, _ := before.fees.Add(fresh)
	if after.bonds != before.bonds || after.fees != fees {
		t.Errorf("%s: the bond escrow went from %v to %v and the unearned grading fees from %v to %v, want the bonds as they were and the fees %v",
			what, before.bonds, after.bonds, before.fees, after.fees, fees)
	}
}

// TestAppReplacesAnEntryBeforeClose: the filer replaces an entry from the page before its
// task closes, its new work a URL the node fetches, as the Enter form files one. The old
// entry shows replaced by the new, which is filed last on the task with the URL and the
// sha256 of its bytes and took over the bond and the grading fee no grade had earned:
// the filer paid the transaction's fee and nothing else, the bond escrow and unearned
// fees hold what they held, and the log says so from the views. Once a grade earned the
// new entry's fee, a second replacement, as text, pays a grading fee afresh and stakes
// no bond. What the ledger would refuse and the page can see is refused there with its
// reason, nothing signed or sent and the sender's nonce unmoved: another account's
// entry, an entry that is not there, one already replaced, and any after close.
func TestAppReplacesAnEntryBeforeClose(t *testing.T) {
	a := startArena(t)
	b := openApp(t, a)
	ctx := t.Context()
	ar := a.arena(t)
	sym := " " + ar.Terms.Symbol
	task := a.postTask(t, ledger.Ether(10), 3600)
	id, kept := b.enterTwo(t, task)
	old, err := a.c.Entry(ctx, ledger.EntryID(id))
	if err != nil {
		t.Fatal(err)
	}
	replace := func(who string, entry uint64, work, url string) string {
		return b.act(t, who, "act-replace", map[string]string{"entry": fmt.Sprint(entry), "work": work, "work_url": url})
	}

	before, signed, nonce := a.postCount(), js[int](t, b, `window.__signed`), accountNonce(t, a, "bob")
	for entry, want := range map[uint64]string{
		id: fmt.Sprintf("Entry #%d was filed by %s; only its filer replaces it. Nothing was sent.", id, old.Solver),
		99: "There is no entry #99 to replace. Nothing was sent.",
	} {
		if st := replace("bob", entry, "Bob's words in another's place.", ""); st != want {
			t.Errorf("bob replaces entry %d: status %q, want %q", entry, st, want)
		}
	}
	unchanged(t, a, b, "a replacement of another's entry or of none", "bob", before, signed, nonce)

	pageSum := sha256.Sum256([]byte(workPage))
	published := a.workHost + "/ledgerly.md"
	was := a.money(t, "alice")
	first := applied(t, "replace by URL", b.takes(t, "alice", func() string { return replace("alice", id, "", published) }))
	gone, err := a.c.Entry(ctx, ledger.EntryID(id))
	if err != nil || gone.State != ledger.EntryReplaced || gone.Outcome != ledger.EntryReplaced || uint64(gone.ReplacedBy) != first || gone.WithdrawnAt == 0 {
		t.Fatalf("entry %d after its replacement: %+v (%v), want it replaced by entry %d", id, gone, err, first)
	}
	e, err := a.c.Entry(ctx, ledger.EntryID(first))
	if err != nil || uint64(e.Replaces) != id || e.Task != ledger.TaskID(task) || e.Solver != old.Solver || e.Seq != 3 || e.State != ledger.EntryPending ||
		e.Work != "" || e.WorkURL != published || e.WorkSHA != hex.EncodeToString(pageSum[:]) {
		t.Fatalf("the replacement %d: %+v (%v), want alice's third filing on task %d, at %s with the sha256 of its bytes", first, e, err, task, published)
	}
	if e.Bond != old.Bond || e.Bond != ar.Terms.EntryBond || e.Fee != old.Fee || e.Fee != ar.Terms.GradingFee {
		t.Errorf("the replacement %d holds the bond %v and the fee %v, want the old entry's %v and %v, the terms' entry bond and grading fee", first, e.Bond, e.Fee, old.Bond, old.Fee)
	}
	paidFor(t, "a replacement before any grade", was, a.money(t, "alice"), ledger.Amount{})
	if want := fmt.Sprintf("entry #%d replaced by entry #%d, filed now as #3 on task #%d: it took over the bond of %s, nothing staked again; the grading fee of %s, which no grade had earned, carried over",
		id, first, task, e.Bond.Units()+sym, e.Fee.Units()+sym); !strings.Contains(b.logText(t), want) {
		t.Errorf("replace: log %q, want %q", b.logText(t), want)
	}

	a.grade(t, first)
	was = a.money(t, "alice")
	work := "Tally, again: it counts what was won, and by whom."
	second := applied(t, "replace by text", b.takes(t, "alice", func() string { return replace("alice", first, work, "") }, part{"grading fee", ar.Terms.GradingFee}))
	if gone, err = a.c.Entry(ctx, ledger.EntryID(first)); err != nil || gone.State != ledger.EntryReplaced || uint64(gone.ReplacedBy) != second || gone.Current == nil {
		t.Fatalf("graded entry %d after its replacement: %+v (%v), want it replaced by entry %d, its grade kept", first, gone, err, second)
	}
	if e, err = a.c.Entry(ctx, ledger.EntryID(second)); err != nil || uint64(e.Replaces) != first || e.Seq != 4 || e.Work != work || e.WorkURL != "" || e.WorkSHA != "" ||
		e.Bond != ar.Terms.EntryBond || e.Fee != ar.Terms.GradingFee || e.Current != nil {
		t.Fatalf("the second replacement %d: %+v (%v), want the text, the entry bond and a fresh grading fee, ungraded", second, e, err)
	}
	paidFor(t, "a replacement once a grade earned the fee", was, a.money(t, "alice"), ar.Terms.GradingFee)
	if want := fmt.Sprintf("entry #%d replaced by entry #%d, filed now as #4 on task #%d: it took over the bond of %s, nothing staked again; a grade had earned entry #%d's grading fee, so entry #%d paid its own, %s",
		first, second, task, e.Bond.Units()+sym, first, second, ar.Terms.GradingFee.Units()+sym); !strings.Contains(b.logText(t), want) {
		t.Errorf("replace once graded: log %q, want %q", b.logText(t), want)
	}

	before, signed, nonce = a.postCount(), js[int](t, b, `window.__signed`), accountNonce(t, a, "alice")
	if st, want := replace("alice", id, work, ""), fmt.Sprintf("Entry #%d was replaced by entry #%d: replace the entry in force. Nothing was sent.", id, first); st != want {
		t.Errorf("a replacement of a replaced entry: status %q, want %q", st, want)
	}
	unchanged(t, a, b, "a replacement of a replaced entry", "alice", before, signed, nonce)

	a.advance(t, 3601*time.Second)
	tv, err := a.c.Task(ctx, ledger.TaskID(task))
	if err != nil {
		t.Fatal(err)
	}
	before, signed, nonce = a.postCount(), js[int](t, b, `window.__signed`), accountNonce(t, a, "bob")
	if st, want := replace("bob", kept, "Ledgerly, late.", ""), fmt.Sprintf("Task #%d closed at %s UTC: an entry is replaced only before its task closes. Nothing was sent.",
		task, time.Unix(tv.ClosesAt, 0).UTC().Format("2006-01-02 15:04:05")); st != want {
		t.Errorf("a replacement after close: status %q, want %q", st, want)
	}
	unchanged(t, a, b, "a replacement after close", "bob", before, signed, nonce)
	b.check(t)
}
