package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
)

// SchemaVersion is the version of the tables this package writes. Open upgrades a file
// of version 1 (view tables nothing read; deliveries keyed by event id alone), 2 (no
// begin-block events with the blocks) or 3 (no protocol version with the blocks) and
// refuses any other version.
const SchemaVersion = 4

// ErrSchema reports a file whose schema version this package does not know.
var ErrSchema = errors.New("unsupported schema version")

// schema creates every table. Heights, indexes and ids are INTEGER; amounts, hashes and
// addresses are TEXT; JSON columns hold the ledger's own encoding. Files written before
// had an index txs_sender on txs(sender, nonce), which no reader used and every
// transaction paid a page write for; migrate drops it from any version. The index is
// derived data, so dropping it changes no version: a file without it reads and writes
// the same, with either this package or an older one (which creates it again).
const schema = `
CREATE TABLE IF NOT EXISTS meta (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS blocks (
	height INTEGER PRIMARY KEY,
	time   INTEGER NOT NULL,
	hash   TEXT NOT NULL,
	txs    INTEGER NOT NULL,
	events TEXT, -- JSON array of the begin-block events; NULL in a block written by version 2 or earlier
	version INTEGER NOT NULL DEFAULT 1 -- the protocol version the block was applied under
) STRICT;
CREATE TABLE IF NOT EXISTS txs (
	height  INTEGER NOT NULL,
	idx     INTEGER NOT NULL,
	id      TEXT NOT NULL,
	sender  TEXT NOT NULL,
	nonce   INTEGER NOT NULL,
	kind    TEXT NOT NULL,
	wire    TEXT NOT NULL,
	outcome TEXT NOT NULL,
	PRIMARY KEY (height, idx)
) STRICT, WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS txs_id ON txs(id);
CREATE TABLE IF NOT EXISTS events (
	height INTEGER NOT NULL,
	seq    INTEGER NOT NULL,
	idx    INTEGER NOT NULL,
	type   TEXT NOT NULL,
	json   TEXT NOT NULL,
	PRIMARY KEY (height, seq)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS events_type ON events(type);
CREATE TABLE IF NOT EXISTS checkpoint (
	height INTEGER PRIMARY KEY,
	state  BLOB NOT NULL
) STRICT;
`

// migrate creates the tables of a new file, upgrades a file of an earlier version it
// knows, and refuses any other.
func migrate(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, schema); err != nil {
		return fmt.Errorf("create tables: %w", err)
	}
	var v string
	err = tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'schema_version'`).Scan(&v)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		_, err = tx.ExecContext(ctx, `INSERT INTO meta(key, value) VALUES ('schema_version', ?)`,
			strconv.Itoa(SchemaVersion))
		if err != nil {
			return fmt.Errorf("record schema version: %w", err)
		}
	case err != nil:
		return fmt.Errorf("read schema version: %w", err)
	case v == "1":
		if err := dropViews(ctx, tx); err != nil {
			return fmt.Errorf("upgrade schema 1 to %d: %w", SchemaVersion, err)
		}
		if err := upgradeDeliveries(ctx, tx); err != nil {
			return fmt.Errorf("upgrade schema 1 to %d: %w", SchemaVersion, err)
		}
		if err := addBlockEvents(ctx, tx); err != nil {
			return fmt.Errorf("upgrade schema 1 to %d: %w", SchemaVersion, err)
		}
	case v == "2":
		if err := addBlockEvents(ctx, tx); err != nil {
			return fmt.Errorf("upgrade schema 2 to %d: %w", SchemaVersion, err)
		}
	case v == "3":
		if err := addBlockVersion(ctx, tx); err != nil {
			return fmt.Errorf("upgrade schema 3 to %d: %w", SchemaVersion, err)
		}
	case v != strconv.Itoa(SchemaVersion):
		return fmt.Errorf("%w %s, want %d", ErrSchema, v, SchemaVersion)
	}
	if _, err := tx.ExecContext(ctx, deliveriesSchema+workSchema+baseSchema); err != nil {
		return fmt.Errorf("create tables: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DROP INDEX IF EXISTS txs_sender`); err != nil {
		return fmt.Errorf("drop index txs_sender: %w", err)
	}
	return tx.Commit()
}

// addBlockEvents upgrades a version 2 file: version 3 keeps with each block the events
// its begin-block work produced. The blocks already written did not keep them, so their
// column stays NULL, which readers take as "not recorded" rather than "none".
func addBlockEvents(ctx context.Context, tx *sql.Tx) error {
	var has int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM pragma_table_info('blocks') WHERE name = 'events'`).Scan(&has); err != nil {
		return fmt.Errorf("read blocks' columns: %w", err)
	}
	if has == 0 {
		if _, err := tx.ExecContext(ctx, `ALTER TABLE blocks ADD COLUMN events TEXT`); err != nil {
			return fmt.Errorf("add blocks.events: %w", err)
		}
	}
	return addBlockVersion(ctx, tx)
}

// addBlockVersion upgrades a version 3 file: version 4 records with each block the
// protocol version it was applied under. Every block written before was applied under
// version 1, the only one there was, which the column's default says.
func addBlockVersion(ctx context.Context, tx *sql.Tx) error {
	var has int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM pragma_table_info('blocks') WHERE name = 'version'`).Scan(&has); err != nil {
		return fmt.Errorf("read blocks' columns: %w", err)
	}
	if has == 0 {
		if _, err := tx.ExecContext(ctx, `ALTER TABLE blocks ADD COLUMN version INTEGER NOT NULL DEFAULT 1`); err != nil {
			return fmt.Errorf("add blocks.version: %w", err)
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE meta SET value = ? WHERE key = 'schema_version'`, strconv.Itoa(SchemaVersion)); err != nil {
		return fmt.Errorf("record schema version: %w", err)
	}
	return nil
}

// dropViews upgrades a version 1 file: version 1 also kept a row per task, entry, round
// and account, rewritten by every block and read by nothing. They derive from the log,
// so dropping them loses nothing; the log, events, checkpoint and deliveries stay.
func dropViews(ctx context.Context, tx *sql.Tx) error {
	for _, t := range []string{"tasks", "entries", "rounds", "accounts"} {
		if _, err := tx.ExecContext(ctx, `DROP TABLE IF EXISTS `+t); err != nil {
			return fmt.Errorf("drop %s: %w", t, err)
		}
	}
	return nil
}

// upgradeDeliveries rewrites the deliveries tables of schema 1, keyed by event id, as
// schema 2 keys them, by award key: every award of schema 1 is a bounty's, its id the
// task. The event ids stay as they were.
func upgradeDeliveries(ctx context.Context, tx *sql.Tx) error {
	steps := []struct {
		sql  string
		args []any
	}{
		{`ALTER TABLE deliveries RENAME TO deliveries_v1`, nil},
		{`ALTER TABLE delivery_attempts RENAME TO delivery_attempts_v1`, nil},
		{`DROP INDEX deliveries_due`, nil},
		{deliveriesSchema, nil},
		{`INSERT INTO deliveries(kind, id, sink, event, height, seq, block_time, award, attempts, last_error,
			tx_hash, http_status, enqueued_at, last_at, next_at, delivered_at)
		SELECT ?, task, sink, event, height, seq, block_time, award, attempts, last_error,
			tx_hash, http_status, enqueued_at, last_at, next_at, delivered_at FROM deliveries_v1`, []any{Bounty}},
		{`INSERT INTO delivery_attempts(kind, id, sink, n, at, error, tx_hash, http_status, next_at)
		SELECT ?, d.task, a.sink, a.n, a.at, a.error, a.tx_hash, a.http_status, a.next_at
		FROM delivery_attempts_v1 a JOIN deliveries_v1 d ON d.event = a.event AND d.sink = a.sink`, []any{Bounty}},
		{`DROP TABLE delivery_attempts_v1`, nil},
		{`DROP TABLE deliveries_v1`, nil},
		{`UPDATE meta SET value = ? WHERE key = 'schema_version'`, []any{strconv.Itoa(SchemaVersion)}},
	}
	for _, st := range steps {
		if _, err := tx.ExecContext(ctx, st.sql, st.args...); err != nil {
			return err
		}
	}
	return nil
}
