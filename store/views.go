package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
)

// The view tables hold one row per task, entry, round and account, rewritten whole
// whenever the ledger reports the object dirty. Each row keeps the ledger's JSON view
// and, beside it, the few columns worth indexing.

func writeTasks(ctx context.Context, tx *sql.Tx, b *CommittedBlock) error {
	return upsert(ctx, tx, `INSERT OR REPLACE INTO tasks(id, state, json) VALUES (?, ?, ?)`,
		len(b.Tasks), func(i int) ([]any, error) {
			t := &b.Tasks[i]
			j, err := json.Marshal(t)
			return []any{int64(t.ID), t.State, string(j)}, err
		})
}

func writeEntries(ctx context.Context, tx *sql.Tx, b *CommittedBlock) error {
	return upsert(ctx, tx, `INSERT OR REPLACE INTO entries(id, task, solver, state, json) VALUES (?, ?, ?, ?, ?)`,
		len(b.Entries), func(i int) ([]any, error) {
			e := &b.Entries[i]
			j, err := json.Marshal(e)
			return []any{int64(e.ID), int64(e.Task), addr(e.Solver), e.State, string(j)}, err
		})
}

func writeRounds(ctx context.Context, tx *sql.Tx, b *CommittedBlock) error {
	return upsert(ctx, tx, `INSERT OR REPLACE INTO rounds(id, entry, state, json) VALUES (?, ?, ?, ?)`,
		len(b.Rounds), func(i int) ([]any, error) {
			r := &b.Rounds[i]
			j, err := json.Marshal(r)
			return []any{int64(r.ID), int64(r.Entry), r.State, string(j)}, err
		})
}

func writeAccounts(ctx context.Context, tx *sql.Tx, b *CommittedBlock) error {
	return upsert(ctx, tx, `INSERT OR REPLACE INTO accounts(address, wallet, claimable, json) VALUES (?, ?, ?, ?)`,
		len(b.Accounts), func(i int) ([]any, error) {
			a := &b.Accounts[i]
			j, err := json.Marshal(a)
			return []any{addr(a.Address), a.Wallet.String(), a.Claimable.String(), string(j)}, err
		})
}

// upsert runs query once for each of n rows, with the arguments row(i) returns.
func upsert(ctx context.Context, tx *sql.Tx, query string, n int, row func(i int) ([]any, error)) error {
	if n == 0 {
		return nil
	}
	st, err := tx.PrepareContext(ctx, query)
	if err != nil {
		return err
	}
	defer st.Close()
	for i := range n {
		args, err := row(i)
		if err != nil {
			return fmt.Errorf("encode view row: %w", err)
		}
		if _, err := st.ExecContext(ctx, args...); err != nil {
			return fmt.Errorf("write view row: %w", err)
		}
	}
	return nil
}
