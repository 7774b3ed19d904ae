package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"path/filepath"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// readConns is the size of the read-only pool.
const readConns = 4

// The writer's WAL and cache sizes, in pages of 4 KiB (see dsn): a WAL of up to 32 MiB
// between checkpoints, a cache of up to 8 MiB.
const (
	writerCheckpointPages = 8000
	writerCachePages      = 2000
)

// DB is an arena's SQLite file. Its methods are safe for concurrent use; CommitBlock
// calls are serialised on the single writer connection.
type DB struct {
	path string
	w    *sql.DB // the one writer connection
	r    *sql.DB // read-only pool

	stmts writeStmts // the writer's prepared statements for commits
}

// Open opens the SQLite file at path, creating it and its tables if needed. It refuses
// a file written with another schema version (ErrSchema).
func Open(path string) (*DB, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	db := &DB{path: abs}
	if err := db.open(); err != nil {
		db.Close()
		return nil, fmt.Errorf("open store %s: %w", path, err)
	}
	return db, nil
}

func (db *DB) open() error {
	var err error
	if db.w, err = sql.Open("sqlite", dsn(db.path, false)); err != nil {
		return err
	}
	db.w.SetMaxOpenConns(1)
	db.w.SetMaxIdleConns(1)
	db.w.SetConnMaxLifetime(0)
	if err := migrate(context.Background(), db.w); err != nil {
		return err
	}
	if db.r, err = sql.Open("sqlite", dsn(db.path, true)); err != nil {
		return err
	}
	db.r.SetMaxOpenConns(readConns)
	db.r.SetMaxIdleConns(readConns)
	return db.r.Ping()
}

// dsn is the data source name for the writer or for the read-only pool. WAL lets the
// readers run beside the writer; synchronous=FULL makes each commit survive power loss;
// _txlock=immediate takes the write lock at BEGIN so a transaction never fails midway
// on a lock upgrade. The writer checkpoints the WAL into the file once it holds
// writerCheckpointPages pages rather than SQLite's 1000, and caches writerCachePages
// pages rather than 2 MiB: a block writes a random leaf of the txs_id index for each
// transaction, and with more blocks between checkpoints more of those writes land on
// the same page, while a larger cache reads fewer of them back (measured: a quarter fewer
// reads and writes a block of 25 transactions).
func dsn(path string, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(5000)")
	q.Add("_pragma", "journal_mode(WAL)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		q.Add("_pragma", "synchronous(FULL)")
		q.Add("_pragma", fmt.Sprintf("wal_autocheckpoint(%d)", writerCheckpointPages))
		q.Add("_pragma", fmt.Sprintf("cache_size(%d)", writerCachePages))
		q.Set("_txlock", "immediate")
	}
	u := url.URL{Scheme: "file", Path: path, RawQuery: q.Encode()}
	return u.String()
}

// Path returns the absolute path of the file.
func (db *DB) Path() string { return db.path }

// Close closes both pools. It is safe to call on a partly opened DB.
func (db *DB) Close() error {
	db.stmts.mu.Lock()
	errs := []error{db.stmts.close()}
	db.stmts.mu.Unlock()
	if db.r != nil {
		errs = append(errs, db.r.Close())
	}
	if db.w != nil {
		errs = append(errs, db.w.Close())
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("close store %s: %w", db.path, err)
	}
	return nil
}
