package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
)

// The work table is the node's content-addressed store of work bytes: a URL entry's
// bytes as they were at filing, kept under the sha256 the entry committed, so that a
// validator grades them (and the copy check compares them) even after the URL serves
// something else or nothing. Rows are only ever added: a digest names one content, so
// keeping the same bytes twice changes nothing. Like the deliveries, it derives from
// nothing in the log and a rebuild leaves it as it is. The caller bounds the size of
// what it keeps (the API holds an upload to the fetch limit).
const workSchema = `
CREATE TABLE IF NOT EXISTS work (
	sha256 TEXT PRIMARY KEY,
	bytes  BLOB NOT NULL
) STRICT;
`

// PutWork keeps b under its sha256 and returns that digest as lowercase hex. It reports
// whether b is new to the store; keeping bytes the store already holds is a no-op.
func (db *DB) PutWork(ctx context.Context, b []byte) (digest string, added bool, err error) {
	sum := sha256.Sum256(b)
	digest = hex.EncodeToString(sum[:])
	if b == nil {
		b = []byte{} // NOT NULL: empty work is kept as an empty blob
	}
	res, err := db.w.ExecContext(ctx, `INSERT INTO work(sha256, bytes) VALUES (?, ?) ON CONFLICT(sha256) DO NOTHING`, digest, b)
	if err != nil {
		return digest, false, fmt.Errorf("keep work %s: %w", digest, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return digest, false, fmt.Errorf("keep work %s: %w", digest, err)
	}
	return digest, n == 1, nil
}

// Work returns the bytes kept under the sha256 digest (lowercase hex), and false when
// the store holds none.
func (db *DB) Work(ctx context.Context, digest string) ([]byte, bool, error) {
	var b []byte
	err := db.r.QueryRowContext(ctx, `SELECT bytes FROM work WHERE sha256 = ?`, digest).Scan(&b)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("read work %s: %w", digest, err)
	}
	if b == nil {
		b = []byte{}
	}
	return b, true, nil
}
