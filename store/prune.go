package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ErrPrune reports a prune the log cannot take: a height at or below where the log
// already begins, a block the log does not hold, or a state hash other than the one
// the log recorded for that block.
var ErrPrune = errors.New("cannot prune the log")

// prunedKey is the meta row that marks a log whose beginning Prune moved: the blocks
// before its base were deleted here, rather than never received by state sync.
const prunedKey = "pruned"

// Prune moves the beginning of the log forward to b, the state at block b.Height (a
// snapshot's), whose encoding is state. In one SQLite transaction it checks that the
// log holds block b.Height with state hash b.Hash, records b and state as the base (as
// SetBase does for a log restored by state sync), makes state the checkpoint unless a
// later one is kept, and marks the log pruned (Base.Pruned): from then on the blocks
// at or below b.Height are no longer read. It then deletes them, their transactions
// and events, a chunk of at most pruneChunk blocks and about pruneTxs transactions a
// transaction, so that a block commit waiting for the writer waits for one chunk at most; rows a crash left behind are deleted by the next
// Prune. The log from b.Height+1 on stays, so the state can be rebuilt from the base
// and the blocks after it. A height at or below the log's beginning, one the log does
// not hold, or another hash is refused with ErrPrune. The pages freed are reused by
// later blocks: the file stops growing by the blocks pruned, though it does not shrink.
func (db *DB) Prune(b Base, state []byte) (err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("prune the log to height %d: %w", b.Height, err)
		}
	}()
	ctx := context.Background()
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	from, err := baseHeight(ctx, tx)
	if err != nil {
		return err
	}
	if b.Height <= from {
		return fmt.Errorf("%w: the log already begins after height %d", ErrPrune, from)
	}
	var hash string
	err = tx.QueryRowContext(ctx, `SELECT hash FROM blocks WHERE height = ?`, b.Height).Scan(&hash)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: the log holds no block %d", ErrPrune, b.Height)
	}
	if err != nil {
		return err
	}
	if hash != HexID(b.Hash) {
		return fmt.Errorf("%w: block %d recorded state hash %s, the snapshot's is %s", ErrPrune, b.Height, hash, HexID(b.Hash))
	}
	var ckpt uint64
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(height), 0) FROM checkpoint`).Scan(&ckpt); err != nil {
		return err
	}
	steps := []step{
		{`DELETE FROM base`, nil},
		{`INSERT INTO base(height, time, hash, state) VALUES (?, ?, ?, ?)`, []any{b.Height, b.Time, HexID(b.Hash), state}},
		{`INSERT INTO meta(key, value) VALUES (?, 'true') ON CONFLICT(key) DO NOTHING`, []any{prunedKey}},
	}
	if ckpt < b.Height {
		steps = append(steps, step{`DELETE FROM checkpoint`, nil},
			step{`INSERT INTO checkpoint(height, state) VALUES (?, ?)`, []any{b.Height, state}})
	}
	if err := execSteps(ctx, tx, steps); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if pruneStep != nil {
		pruneStep()
	}
	return db.deleteThrough(ctx, b.Height)
}

// Prune deletes at most pruneChunk blocks in one transaction, and fewer when they hold
// more than pruneTxs transactions (a block holding more is deleted alone).
const (
	pruneChunk = 64
	pruneTxs   = 1024
)

// pruneStep, when set by a benchmark, runs after each of Prune's transactions.
var pruneStep func()

// deleteThrough deletes the blocks at or below height, with their transactions and
// events, a chunk a transaction (pruneChunk, pruneTxs), the lowest first. Each chunk
// is at least one block, so the loop ends within height-low+1 chunks.
func (db *DB) deleteThrough(ctx context.Context, height uint64) error {
	var low uint64
	if err := db.w.QueryRowContext(ctx, `SELECT COALESCE(MIN(height), 0) FROM blocks`).Scan(&low); err != nil {
		return err
	}
	if low == 0 || low > height {
		return nil
	}
	for lo := low; lo <= height; {
		hi := min(height, lo+pruneChunk-1)
		var cut uint64
		err := db.w.QueryRowContext(ctx, `SELECT height FROM txs WHERE height BETWEEN ? AND ? ORDER BY height, idx LIMIT 1 OFFSET ?`,
			lo, hi, pruneTxs).Scan(&cut)
		switch {
		case err == nil:
			hi = max(lo, cut-1)
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		tx, err := db.w.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		err = execSteps(ctx, tx, []step{
			{`DELETE FROM txs WHERE height BETWEEN ? AND ?`, []any{lo, hi}},
			{`DELETE FROM events WHERE height BETWEEN ? AND ?`, []any{lo, hi}},
			{`DELETE FROM blocks WHERE height BETWEEN ? AND ?`, []any{lo, hi}},
		})
		if err == nil {
			err = tx.Commit()
		}
		if err != nil {
			tx.Rollback()
			return fmt.Errorf("delete blocks %d-%d: %w", lo, hi, err)
		}
		if pruneStep != nil {
			pruneStep()
		}
		lo = hi + 1
	}
	return nil
}

// execSteps runs steps in tx, in order.
func execSteps(ctx context.Context, tx *sql.Tx, steps []step) error {
	for _, st := range steps {
		if _, err := tx.ExecContext(ctx, st.q, st.args...); err != nil {
			return err
		}
	}
	return nil
}

// step is one statement of a write transaction, with its arguments.
type step struct {
	q    string
	args []any
}

// pruned reports whether Prune moved the log's beginning.
func (db *DB) pruned() (bool, error) {
	var v string
	err := db.r.QueryRow(`SELECT value FROM meta WHERE key = ?`, prunedKey).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read pruned mark: %w", err)
	}
	return true, nil
}
