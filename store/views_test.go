package store

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger"
)

// TestViewRowsHoldTheLatestState: the view tables are rewritten from each block's dirty
// set, so SQL reads the state as of the last block: one row per object, its latest JSON,
// amounts as decimal TEXT.
func TestViewRowsHoldTheLatestState(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	b1 := s.block(t, 1, 0, 1)
	b1.Tasks = []ledger.TaskView{{ID: 1, Sponsor: s.addr, Title: "t", Prize: ledger.Ether(5), State: ledger.TaskOpen}}
	b1.Entries = []ledger.EntryView{{ID: 1, Task: 1, Solver: s.addr, State: ledger.EntryPending}}
	b1.Rounds = []ledger.RoundView{{ID: 1, Entry: 1, State: ledger.RoundOpen}}
	commit(t, db, b1)
	b2 := s.block(t, 2, 1, 1)
	b2.Tasks = []ledger.TaskView{{ID: 1, Sponsor: s.addr, Title: "t", Prize: ledger.Ether(5), State: ledger.TaskAwarded, Winner: 1}}
	b2.Rounds = []ledger.RoundView{{ID: 1, Entry: 1, State: ledger.RoundSettled}}
	b2.Accounts = []Account{{Address: s.addr, Wallet: ledger.MustAmount("123456789012345678901234567890"),
		Claimable: ledger.Ether(5), Reputation: ledger.Reputation{Address: s.addr, Wins: 1}}}
	commit(t, db, b2)

	var state, j string
	if err := db.r.QueryRow(`SELECT state, json FROM tasks WHERE id = 1`).Scan(&state, &j); err != nil {
		t.Fatal(err)
	}
	var task ledger.TaskView
	if err := json.Unmarshal([]byte(j), &task); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(b2.Tasks[0], task, amountEq); diff != "" || state != ledger.TaskAwarded {
		t.Errorf("task row: state %q (-want +got):\n%s", state, diff)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM rounds WHERE state = ?`, ledger.RoundSettled); n != 1 {
		t.Errorf("settled rounds = %d, want 1", n)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM entries WHERE task = 1 AND solver = ?`, addr(s.addr)); n != 1 {
		t.Errorf("entries of task 1 by solver = %d, want 1", n)
	}
	var wallet, claimable string
	if err := db.r.QueryRow(`SELECT wallet, claimable, json FROM accounts WHERE address = ?`, addr(s.addr)).
		Scan(&wallet, &claimable, &j); err != nil {
		t.Fatal(err)
	}
	var acct Account
	if err := json.Unmarshal([]byte(j), &acct); err != nil {
		t.Fatal(err)
	}
	if wallet != "123456789012345678901234567890" || claimable != "5000000000000000000" ||
		!cmp.Equal(b2.Accounts[0], acct, amountEq) {
		t.Errorf("account row = %s, %s, %+v; want %+v", wallet, claimable, acct, b2.Accounts[0])
	}
}

// TestEventsAreNumberedWithinTheBlock: every event of every outcome gets a row, in order,
// with the index of the transaction that caused it.
func TestEventsAreNumberedWithinTheBlock(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	b := s.block(t, 1, 0, 3)
	b.Txs[1].Outcome.Events = append(b.Txs[1].Outcome.Events, ledger.Event{Type: "second", Height: 1})
	commit(t, db, b)
	rows, err := db.r.Query(`SELECT seq, idx, type FROM events WHERE height = 1 ORDER BY seq`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	type ev struct {
		Seq, Idx int
		Type     string
	}
	var got []ev
	for rows.Next() {
		var e ev
		if err := rows.Scan(&e.Seq, &e.Idx, &e.Type); err != nil {
			t.Fatal(err)
		}
		got = append(got, e)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	want := []ev{{0, 0, "faucet"}, {1, 1, "faucet"}, {2, 1, "second"}, {3, 2, "faucet"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
}
