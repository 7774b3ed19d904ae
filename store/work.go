package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/arena/arena/blobs"
)

// The work table is the node's content-addressed store of work bytes: a URL entry's
// bytes as they were at filing, kept under the sha256 the entry committed, so that a
// validator grades them (and the copy check compares them) even after the URL serves
// something else or nothing. Rows are only ever added: a digest names one content, so
// keeping the same bytes twice changes nothing. Like the deliveries, it derives from
// nothing in the log and a rebuild leaves it as it is. The caller bounds the size of
// what it keeps (the API holds an upload to the fetch limit).
//
// work_uploads charges bytes an account uploaded (PUT /v1/work) to it: one row per
// upload that was new to the store, with its size and the unix time it was kept, so
// that the API can hold each account to a quota and the node can delete what no filing
// names in time. Bytes a validator kept after fetching them are charged to nobody.
const workSchema = `
CREATE TABLE IF NOT EXISTS work (
	sha256 TEXT PRIMARY KEY,
	bytes  BLOB NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS work_uploads (
	sha256   TEXT PRIMARY KEY,
	uploader TEXT NOT NULL,
	size     INTEGER NOT NULL,
	at       INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS work_uploads_uploader ON work_uploads(uploader);
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

// UploadWork keeps b charged to uploader at time at, refusing new bytes that would take
// the uploader past q.PerUploader (blobs.ErrUploaderQuota) or every upload together
// past q.Total (blobs.ErrTotalQuota), as the blob store charges its uploads. Bytes the
// store already holds are kept as they are and charged to no one again; added reports
// whether b was new.
func (db *DB) UploadWork(ctx context.Context, b []byte, uploader string, at time.Time, q blobs.Quota) (digest string, added bool, err error) {
	sum := sha256.Sum256(b)
	digest = hex.EncodeToString(sum[:])
	if b == nil {
		b = []byte{}
	}
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return digest, false, fmt.Errorf("upload work %s: %w", digest, err)
	}
	defer tx.Rollback()
	var held int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM work WHERE sha256 = ?`, digest).Scan(&held); err != nil {
		return digest, false, fmt.Errorf("upload work %s: %w", digest, err)
	}
	if held > 0 {
		return digest, false, nil
	}
	var mine, all int64
	err = tx.QueryRowContext(ctx, `SELECT COALESCE(SUM(CASE WHEN uploader = ? THEN size END), 0), COALESCE(SUM(size), 0) FROM work_uploads`, uploader).Scan(&mine, &all)
	switch {
	case err != nil:
		return digest, false, fmt.Errorf("upload work %s: %w", digest, err)
	case q.Total > 0 && all+int64(len(b)) > q.Total:
		return digest, false, blobs.ErrTotalQuota
	case q.PerUploader > 0 && mine+int64(len(b)) > q.PerUploader:
		return digest, false, blobs.ErrUploaderQuota
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO work(sha256, bytes) VALUES (?, ?)`, digest, b); err != nil {
		return digest, false, fmt.Errorf("upload work %s: %w", digest, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO work_uploads(sha256, uploader, size, at) VALUES (?, ?, ?, ?)`, digest, uploader, len(b), at.Unix()); err != nil {
		return digest, false, fmt.Errorf("upload work %s: %w", digest, err)
	}
	if err := tx.Commit(); err != nil {
		return digest, false, fmt.Errorf("upload work %s: %w", digest, err)
	}
	return digest, true, nil
}

// WorkUploads returns every upload the store keeps, by digest, with its charge.
func (db *DB) WorkUploads(ctx context.Context) ([]blobs.Held, error) {
	rows, err := db.r.QueryContext(ctx, `SELECT sha256, uploader, size, at FROM work_uploads ORDER BY sha256`)
	if err != nil {
		return nil, fmt.Errorf("list work uploads: %w", err)
	}
	defer rows.Close()
	out := []blobs.Held{}
	for rows.Next() {
		var u blobs.Held
		if err := rows.Scan(&u.SHA256, &u.Uploader, &u.Size, &u.At); err != nil {
			return nil, fmt.Errorf("list work uploads: %w", err)
		}
		u.Charge.Size = u.Size
		out = append(out, u)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list work uploads: %w", err)
	}
	return out, nil
}

// DeleteWork deletes the bytes kept under digest and their charge.
func (db *DB) DeleteWork(ctx context.Context, digest string) error {
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("delete work %s: %w", digest, err)
	}
	defer tx.Rollback()
	for _, q := range []string{`DELETE FROM work WHERE sha256 = ?`, `DELETE FROM work_uploads WHERE sha256 = ?`} {
		if _, err := tx.ExecContext(ctx, q, digest); err != nil {
			return fmt.Errorf("delete work %s: %w", digest, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("delete work %s: %w", digest, err)
	}
	return nil
}
