package board_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/node"
)

// utc is an arena time as the page writes it.
func utc(s int64) string { return time.Unix(s, 0).UTC().Format("2006-01-02 15:04:05 UTC") }

// TestAppRefusesWhatTheArenaClockForbidsBeforeTheWalletIsAsked: issue 34, "refusals the
// page could have known cost a transaction". An award before the task's close, a
// sealed entry's reveal before it, a bid's reveal inside the commit window and a
// tender's award inside the reveal window are refused in the page, from the views and
// the arena's clock, with the words the ledger refuses the same transaction with: the
// wallet is never asked, nothing reaches the node and no nonce moves, in an arena
// where each refused transaction would have cost its fee. Once the clock has passed,
// the page sends them.
func TestAppRefusesWhatTheArenaClockForbidsBeforeTheWalletIsAsked(t *testing.T) {
	fees := node.DefaultFees(false)
	a := startArenaCharging(t, -1, &fees)
	b := openApp(t, a)
	ctx := t.Context()
	task := a.postTask(t, ledger.Ether(10), 3600)
	rc, err := a.c.Sender(ledgertest.Key("sponsor")).Send(ctx, ledger.Ether(3), ledger.PostTask{Title: "Name it, sealed",
		Spec: "Suggest a name, unseen by the others until close.", Rubric: "A name.", ClosesInS: 600, Sealed: true, RevealS: 600})
	if err != nil || !rc.Outcome.OK() {
		t.Fatalf("post a sealed task: %+v (%v)", rc, err)
	}
	sealed := rc.Outcome.Created
	entry := applied(t, "sealed entry", b.act(t, "alice", "act-enter", map[string]string{"task": fmt.Sprint(sealed), "work": "Ledgerly: it keeps the count.", "team": ""}))
	id := a.publishTender(t)
	bid := applied(t, "commit", b.act(t, "alice", "act-bid", map[string]string{"tender": fmt.Sprint(id), "proposal": "We audit in three dated milestones, with evidence for each."}))

	tv, err := a.c.Task(ctx, ledger.TaskID(task))
	if err != nil {
		t.Fatal(err)
	}
	sv, err := a.c.Task(ctx, ledger.TaskID(sealed))
	if err != nil {
		t.Fatal(err)
	}
	xv, err := a.c.Tender(ctx, ledger.TenderID(id))
	if err != nil {
		t.Fatal(err)
	}
	salt := strings.Repeat("s", 16)
	for _, c := range []struct {
		who, form string
		fields    map[string]string
		body      ledger.Body // the same transaction, sent from Go for the ledger's words
		msg, when string
	}{
		{"sponsor", "act-award", map[string]string{"task": fmt.Sprint(task)}, ledger.Award{Task: ledger.TaskID(task)},
			"The task has not closed yet", fmt.Sprintf("task #%d closes at %s", task, utc(tv.ClosesAt))},
		{"alice", "act-reveal", map[string]string{"entry": fmt.Sprint(entry), "salt": "", "work": ""},
			ledger.Reveal{Entry: ledger.EntryID(entry), Salt: salt, Work: "Ledgerly: it keeps the count."},
			"Sealed entries are revealed after the task closes", fmt.Sprintf("task #%d closes at %s", sealed, utc(sv.ClosesAt))},
		{"alice", "act-bidreveal", map[string]string{"bid": fmt.Sprint(bid), "salt": "", "proposal": ""},
			tender.Reveal{Bid: ledger.BidID(bid), Salt: salt, Proposal: "We audit in three dated milestones, with evidence for each."},
			"The reveal window has not opened", fmt.Sprintf("tender #%d's reveal window opens after %s", id, utc(xv.CommitCloses))},
		{"sponsor", "act-tenderaward", map[string]string{"tender": fmt.Sprint(id)}, tender.Award{Tender: ledger.TenderID(id)},
			"The reveal window has not closed", fmt.Sprintf("tender #%d's reveal window closes at %s", id, utc(xv.RevealCloses))},
	} {
		before, signed, nonce := a.postCount(), js[int](t, b, `window.__signed`), accountNonce(t, a, c.who)
		asked := js[int](t, b, `window.__asked.length`)
		want := "Refused [EXPECTED]: " + c.msg + ": " + c.when + ". Nothing was sent."
		if st := b.act(t, c.who, c.form, c.fields); st != want {
			t.Errorf("%s: status %q, want %q", c.form, st, want)
		}
		unchanged(t, a, b, c.form, c.who, before, signed, nonce)
		if n := js[int](t, b, `window.__asked.length`); n != asked {
			t.Errorf("%s: the wallet was asked to sign %d times", c.form, n-asked)
		}
		if _, err := a.c.Sender(ledgertest.Key(c.who)).Send(ctx, ledger.Amount{}, c.body); err == nil || err.Error() != "[EXPECTED] "+c.msg {
			t.Errorf("%s sent from Go: %v, want the ledger's refusal %q", c.form, err, "[EXPECTED] "+c.msg)
		}
	}

	// Once the clock has passed, the page sends what it refused.
	a.advance(t, 601*time.Second)
	applied(t, "reveal after the close", b.act(t, "alice", "act-reveal", map[string]string{"entry": fmt.Sprint(entry), "salt": "", "work": ""}))
	a.advance(t, 3000*time.Second)
	applied(t, "award after the close", b.act(t, "sponsor", "act-award", map[string]string{"task": fmt.Sprint(task)}))
	applied(t, "bid reveal after the commit window", b.act(t, "alice", "act-bidreveal", map[string]string{"bid": fmt.Sprint(bid), "salt": "", "proposal": ""}))
	b.check(t)
}
