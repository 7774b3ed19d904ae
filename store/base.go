package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/arena/arena/ledger"
)

// ErrBase reports a base recorded in a file that already holds blocks or a base.
var ErrBase = errors.New("the log already has a beginning")

// baseSchema is the table of a log that begins at a snapshot rather than at genesis: at
// most one row, the state the first stored block follows.
const baseSchema = `
CREATE TABLE IF NOT EXISTS base (
	height INTEGER PRIMARY KEY,
	time   INTEGER NOT NULL,
	hash   TEXT NOT NULL,
	state  BLOB NOT NULL
) STRICT;
`

// Base is where a log restored from a state-sync snapshot, or pruned (Prune), begins: the snapshot's height,
// the block time then, and the state hash there, which the snapshot was verified against.
// The blocks before it are not in the file.
type Base struct {
	Height uint64
	Time   int64
	Hash   [32]byte
	// Pruned is set, by Base, for a log whose beginning Prune moved forward: this node
	// held the blocks before it and deleted them.
	Pruned bool
}

// SetBase starts an empty file at a snapshot: in one SQLite transaction it records the
// founding terms, the base and the state encoding as the base row and as the checkpoint
// at its height, so the next block written is b.Height+1. A file that holds a block or a
// base is refused with ErrBase, one with other founding terms with ErrGenesis.
func (db *DB) SetBase(terms ledger.Terms, b Base, state []byte) (err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("set base at height %d: %w", b.Height, err)
		}
	}()
	j, err := json.Marshal(terms)
	if err != nil {
		return fmt.Errorf("encode genesis: %w", err)
	}
	ctx := context.Background()
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM blocks) + (SELECT COUNT(*) FROM base)`).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return ErrBase
	}
	var old string
	err = tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'genesis'`).Scan(&old)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if _, err := tx.ExecContext(ctx, `INSERT INTO meta(key, value) VALUES ('genesis', ?)`, string(j)); err != nil {
			return err
		}
	case err != nil:
		return err
	case old != string(j):
		return ErrGenesis
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO base(height, time, hash, state) VALUES (?, ?, ?, ?)`,
		b.Height, b.Time, HexID(b.Hash), state); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM checkpoint`); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO checkpoint(height, state) VALUES (?, ?)`, b.Height, state); err != nil {
		return err
	}
	return tx.Commit()
}

// Base returns where the log begins and the state encoding there, and false for a log
// that begins at genesis.
func (db *DB) Base() (Base, []byte, bool, error) {
	var b Base
	var hash string
	var state []byte
	err := db.r.QueryRow(`SELECT height, time, hash, state FROM base`).Scan(&b.Height, &b.Time, &hash, &state)
	if errors.Is(err, sql.ErrNoRows) {
		return Base{}, nil, false, nil
	}
	if err != nil {
		return Base{}, nil, false, fmt.Errorf("read base: %w", err)
	}
	if b.Hash, err = ParseID(hash); err != nil {
		return Base{}, nil, false, fmt.Errorf("read base: %w: %v", ErrCorrupt, err)
	}
	if b.Pruned, err = db.pruned(); err != nil {
		return Base{}, nil, false, err
	}
	return b, state, true, nil
}

// baseHeight returns the base's height, 0 for a log that begins at genesis.
func baseHeight(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}) (uint64, error) {
	var h uint64
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(height), 0) FROM base`).Scan(&h); err != nil {
		return 0, fmt.Errorf("read base height: %w", err)
	}
	return h, nil
}
