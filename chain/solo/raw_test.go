package solo

import (
	"database/sql"
	"testing"
)

// rawDB opens the file behind a closed engine through database/sql, to read or tamper
// with rows directly. The "sqlite" driver is the one package store registers.
func rawDB(t testing.TB, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// tamper runs a statement on the file and fails the test unless it changed exactly one row.
func tamper(t testing.TB, path, query string, args ...any) {
	t.Helper()
	res, err := rawDB(t, path).Exec(query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("%s changed %d rows, want 1", query, n)
	}
}

// rowCount returns the result of a COUNT(*) query on the file.
func rowCount(t testing.TB, path, query string) int {
	t.Helper()
	var n int
	if err := rawDB(t, path).QueryRow(query).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}
