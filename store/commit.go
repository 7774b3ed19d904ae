package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/arena/arena/ledger"
)

// ErrHeight reports a block whose height does not follow the last committed block.
var ErrHeight = errors.New("block height out of sequence")

// midBlock, when set by a test, runs inside CommitBlock after the transactions are
// written and before the rest of the block, so a test can crash the process there.
var midBlock func()

// CommitBlock writes b in one SQLite transaction and returns once it is durable. b's
// height must be one more than the last committed block's (ErrHeight otherwise). On
// any error nothing of b is kept.
func (db *DB) CommitBlock(b CommittedBlock) (err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("commit block %d: %w", b.Height, err)
		}
	}()
	ctx := context.Background()
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := checkHeight(ctx, tx, b.Height); err != nil {
		return err
	}
	if err := writeTxs(ctx, tx, &b); err != nil {
		return err
	}
	if midBlock != nil {
		midBlock()
	}
	for _, write := range []func(context.Context, *sql.Tx, *CommittedBlock) error{
		writeEvents, writeCheckpoint, writeBlockRow,
	} {
		if err := write(ctx, tx, &b); err != nil {
			return err
		}
	}
	return tx.Commit()
}

func checkHeight(ctx context.Context, tx *sql.Tx, h uint64) error {
	var last uint64
	if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(height), 0) FROM blocks`).Scan(&last); err != nil {
		return fmt.Errorf("read last height: %w", err)
	}
	base, err := baseHeight(ctx, tx)
	if err != nil {
		return err
	}
	last = max(last, base)
	if h != last+1 {
		return fmt.Errorf("%w: got %d after %d", ErrHeight, h, last)
	}
	return nil
}

func writeTxs(ctx context.Context, tx *sql.Tx, b *CommittedBlock) error {
	st, err := tx.PrepareContext(ctx, `INSERT INTO txs(height, idx, id, sender, nonce, kind, wire, outcome)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer st.Close()
	for i, r := range b.Txs {
		if r.Index != i {
			return fmt.Errorf("tx %s has index %d at position %d", HexID(r.ID), r.Index, i)
		}
		wire := r.Wire
		if wire == nil {
			if wire, err = json.Marshal(r.Tx); err != nil {
				return fmt.Errorf("encode tx %d: %w", i, err)
			}
		}
		out, err := json.Marshal(r.Outcome)
		if err != nil {
			return fmt.Errorf("encode outcome of tx %d: %w", i, err)
		}
		_, err = st.ExecContext(ctx, b.Height, i, HexID(r.ID), addr(r.Tx.From), int64(r.Tx.Nonce),
			string(r.Tx.Body.Kind()), string(wire), string(out))
		if err != nil {
			return fmt.Errorf("insert tx %d: %w", i, err)
		}
	}
	return nil
}

func writeEvents(ctx context.Context, tx *sql.Tx, b *CommittedBlock) error {
	st, err := tx.PrepareContext(ctx, `INSERT INTO events(height, seq, idx, type, json) VALUES (?, ?, ?, ?, ?)`)
	if err != nil {
		return err
	}
	defer st.Close()
	seq := 0
	write := func(idx int, evs []ledger.Event) error {
		for _, ev := range evs {
			j, err := json.Marshal(ev)
			if err != nil {
				return fmt.Errorf("encode event: %w", err)
			}
			if _, err := st.ExecContext(ctx, b.Height, seq, idx, ev.Type, string(j)); err != nil {
				return fmt.Errorf("insert event %d: %w", seq, err)
			}
			seq++
		}
		return nil
	}
	if err := write(BlockIndex, b.Events); err != nil {
		return err
	}
	for i, r := range b.Txs {
		if err := write(i, r.Outcome.Events); err != nil {
			return err
		}
	}
	return nil
}

// BlockIndex is the tx index the events table gives an event of the block's own
// begin-block work, which no transaction caused.
const BlockIndex = -1

func writeBlockRow(ctx context.Context, tx *sql.Tx, b *CommittedBlock) error {
	evs := b.Events
	if evs == nil {
		evs = []ledger.Event{}
	}
	j, err := json.Marshal(evs)
	if err != nil {
		return fmt.Errorf("encode block events: %w", err)
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO blocks(height, time, hash, txs, events) VALUES (?, ?, ?, ?, ?)`,
		b.Height, b.Time, HexID(b.Hash), len(b.Txs), string(j))
	if err != nil {
		return fmt.Errorf("insert block row: %w", err)
	}
	return nil
}

func writeCheckpoint(ctx context.Context, tx *sql.Tx, b *CommittedBlock) error {
	if b.Checkpoint == nil {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM checkpoint`); err != nil {
		return fmt.Errorf("drop old checkpoint: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO checkpoint(height, state) VALUES (?, ?)`, b.Height, b.Checkpoint); err != nil {
		return fmt.Errorf("insert checkpoint: %w", err)
	}
	return nil
}
