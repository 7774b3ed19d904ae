package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
)

// SchemaVersion is the version of the tables this package writes. Open refuses a file
// written with another version.
const SchemaVersion = 1

// ErrSchema reports a file whose schema version this package does not know.
var ErrSchema = errors.New("unsupported schema version")

// schema creates every table. Heights, indexes and ids are INTEGER; amounts, hashes and
// addresses are TEXT; JSON columns hold the ledger's own encoding of each view.
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
CREATE TABLE IF NOT EXISTS tasks (
	id    INTEGER PRIMARY KEY,
	state TEXT NOT NULL,
	json  TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS entries (
	id     INTEGER PRIMARY KEY,
	task   INTEGER NOT NULL,
	solver TEXT NOT NULL,
	state  TEXT NOT NULL,
	json   TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS entries_task ON entries(task);
CREATE INDEX IF NOT EXISTS entries_solver ON entries(solver);
CREATE TABLE IF NOT EXISTS rounds (
	id    INTEGER PRIMARY KEY,
	entry INTEGER NOT NULL,
	state TEXT NOT NULL,
	json  TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS rounds_entry ON rounds(entry);
CREATE INDEX IF NOT EXISTS rounds_state ON rounds(state);
CREATE TABLE IF NOT EXISTS accounts (
	address   TEXT PRIMARY KEY,
	wallet    TEXT NOT NULL,
	claimable TEXT NOT NULL,
	json      TEXT NOT NULL
) STRICT;
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

// migrate creates the tables of a new file and checks the version of an existing one.
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
	case v != strconv.Itoa(SchemaVersion):
		return fmt.Errorf("%w %s, want %d", ErrSchema, v, SchemaVersion)
	}
	return tx.Commit()
}
