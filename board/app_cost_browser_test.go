package board_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/node"
)

// part is one thing an action takes from the wallet, as the page names it.
type part struct {
	what string
	amt  ledger.Amount
}

// announcement is what the page says before the wallet is asked to sign an action that
// takes parts, the transaction fee last: each by name, then their sum.
func announcement(symbol string, parts []part) string {
	var named []string
	var sum ledger.Amount
	for _, p := range parts {
		named = append(named, p.what+" "+p.amt.Units()+" "+symbol)
		sum, _ = sum.Add(p.amt)
	}
	list := named[len(named)-1]
	if len(named) > 1 {
		list = strings.Join(named[:len(named)-1], ", ") + " and " + list
	}
	return strings.ToUpper(list[:1]) + list[1:] + ": " + sum.Units() + " " + symbol + " from your wallet in all. Asking your wallet to sign."
}

// asked is what the provider kept of the last time the page asked it to sign: the
// status line that announced it and the message's validity bound.
func (b *appBrowser) asked(t *testing.T) (said string, validUntil int64) {
	t.Helper()
	var last struct {
		Said    string
		Message struct {
			ValidUntil string `json:"validUntil"`
		}
	}
	if err := json.Unmarshal([]byte(js[string](t, b, `JSON.stringify(window.__asked[window.__asked.length-1]||{})`)), &last); err != nil {
		t.Fatal(err)
	}
	vu, err := strconv.ParseInt(last.Message.ValidUntil, 10, 64)
	if err != nil {
		t.Fatalf("the signed validUntil %q: %v", last.Message.ValidUntil, err)
	}
	return last.Said, vu
}

// takes runs act, one action of who's from the page that signs one transaction, last
// of what it signs (an upload's signature comes first), and returns its status line. It checks what the page said before the wallet was asked:
// parts and then the transaction fee the ledger charged, each by name, and their sum,
// which is what left who's wallet, to the atto. And it checks that the transaction was
// signed valid for an hour past the arena's clock: no less than an hour past the clock
// before the action, no more than an hour past the later of the arena's clock and this
// machine's after it.
func (b *appBrowser) takes(t *testing.T, who string, act func() string, parts ...part) string {
	t.Helper()
	a, ctx := b.a, t.Context()
	acc0, err := a.c.Account(ctx, ledgertest.Addr(who))
	if err != nil {
		t.Fatal(err)
	}
	clock0, n := a.arena(t).Time, js[int](t, b, `window.__asked.length`)
	st := act()
	acc1, err := a.c.Account(ctx, ledgertest.Addr(who))
	if err != nil {
		t.Fatal(err)
	}
	clock1 := max(a.arena(t).Time, time.Now().Unix())
	if got := js[int](t, b, `window.__asked.length`); got == n {
		t.Fatalf("%s: the wallet was never asked to sign (status %q)", who, st)
	}
	fee, _ := acc1.FeesPaid.Sub(acc0.FeesPaid)
	paid, _ := acc0.Balance.Sub(acc1.Balance)
	said, vu := b.asked(t)
	parts = append(parts, part{"transaction fee", fee})
	var sum ledger.Amount
	for _, p := range parts {
		sum, _ = sum.Add(p.amt)
	}
	if !sum.Eq(paid) {
		t.Errorf("%s: the wallet paid %s atto, the parts named sum to %s", who, paid, sum)
	}
	if want := announcement(a.arena(t).Terms.Symbol, parts); said != want {
		t.Errorf("%s: before the wallet was asked the page said\n%q, want\n%q", who, said, want)
	}
	if lo, hi := clock0+ledger.DefaultValidityS, clock1+ledger.DefaultValidityS; vu < lo || vu > hi {
		t.Errorf("%s: signed valid until %d, want an hour past the arena's clock: %d to %d", who, vu, lo, hi)
	}
	return st
}

// TestAppNamesAllAnActionTakesBeforeTheWalletIsAsked: issue 34, "the page understates
// what an entry costs". Before the wallet is asked, the page names everything the
// action will take from it (its value by the ledger's name for it, the grading fee an
// entry and an appeal pay beside their bonds, the transaction fee) and their sum, and
// the sum is what the wallet paid, to the atto: a post, a top-up, an entry, an appeal
// and a question, in an arena charging a public arena's default fees. Each is signed
// valid for an hour past the arena's clock, which here runs a day ahead of this
// machine's.
func TestAppNamesAllAnActionTakesBeforeTheWalletIsAsked(t *testing.T) {
	fees := node.DefaultFees(false)
	a := startArenaCharging(t, -1, &fees)
	b := openApp(t, a)
	terms := a.arena(t).Terms
	if terms.GradingFee.IsZero() || terms.FeePerTx.IsZero() || terms.FeePerByte.IsZero() {
		t.Fatalf("the arena charges a grading fee of %s, %s a transaction and %s a byte: want each above zero", terms.GradingFee, terms.FeePerTx, terms.FeePerByte)
	}
	a.advance(t, 24*time.Hour)

	task := applied(t, "post", b.takes(t, "sponsor", func() string {
		return b.act(t, "sponsor", "act-post", map[string]string{"title": "Name the ledger", "spec": "Suggest a name for a ledger of contests.",
			"rubric": "A name and one sentence of reason.", "prize": "10", "closes_in_s": "3600"})
	}, part{"prize", ledger.Ether(10)}))
	applied(t, "top-up", b.takes(t, "sponsor", func() string {
		return b.act(t, "sponsor", "act-topup", map[string]string{"task": fmt.Sprint(task), "amount": "2.5"})
	}, part{"added to the prize", ledger.NewAmount(2_500_000_000_000_000_000)}))

	entry := applied(t, "entry", b.takes(t, "alice", func() string {
		return b.act(t, "alice", "act-enter", map[string]string{"task": fmt.Sprint(task), "work": "Tally: it counts what was won.", "team": ""})
	}, part{"entry bond", terms.EntryBond}, part{"grading fee", terms.GradingFee}))
	a.grade(t, entry)
	applied(t, "appeal", b.takes(t, "alice", func() string {
		return b.act(t, "alice", "act-appeal", map[string]string{"entry": fmt.Sprint(entry), "argument": "The name carries its reason in one word."})
	}, part{"appeal bond", terms.AppealBond}, part{"grading fee", terms.GradingFee}))

	applied(t, "question", b.takes(t, "bob", func() string {
		return b.act(t, "bob", "act-taskask", map[string]string{"task": fmt.Sprint(task), "question": "May the name be two words?"})
	}))
	b.check(t)
}
