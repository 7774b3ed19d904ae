package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
)

// SchemaVersion is the version of the tables this package writes. Open upgrades a file
// of version 1 (see dropViews) and refuses any other.
const SchemaVersion = 2

// ErrSchema reports a file whose schema version this package does not know.
var ErrSchema = errors.New("unsupported schema version")

// schema creates every table. Heights, indexes and ids are INTEGER; amounts, hashes and
// addresses are TEXT; JSON columns hold the ledger's own encoding.
const schema = `
CREATE TABLE IF NOT EXISTS meta (
	key   TEXT PRIMARY KEY,
	value TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS blocks (
	height INTEGER PRIMARY KEY,
	time   INTEGER NOT NULL,
	hash   TEXT NOT NULL,
	txs    INTEGER NOT NULL
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
CREATE INDEX IF NOT EXISTS txs_sender ON txs(sender, nonce);
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

// migrate creates the tables of a new file, and checks the version of an existing one,
// upgrading a version 1 file in the same transaction.
func migrate(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, schema+deliveriesSchema); err != nil {
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
	case v != strconv.Itoa(SchemaVersion):
		return fmt.Errorf("%w %s, want %d", ErrSchema, v, SchemaVersion)
	}
	return tx.Commit()
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
	_, err := tx.ExecContext(ctx, `UPDATE meta SET value = ? WHERE key = 'schema_version'`, strconv.Itoa(SchemaVersion))
	return err
}
