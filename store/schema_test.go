package store

import (
	"testing"
)

// TestAVersion1FileIsUpgraded: a file written by schema version 1, which also kept a
// view table per task, entry, round and account, opens as version 2 without them, and
// its log reads back as it was.
func TestAVersion1FileIsUpgraded(t *testing.T) {
	db, path := openTemp(t)
	s := newSigner(t)
	b := s.block(t, 1, 0, 2)
	commit(t, db, b)
	for _, q := range []string{
		`CREATE TABLE tasks (id INTEGER PRIMARY KEY, state TEXT NOT NULL, json TEXT NOT NULL) STRICT`,
		`CREATE TABLE entries (id INTEGER PRIMARY KEY, task INTEGER NOT NULL, solver TEXT NOT NULL, state TEXT NOT NULL, json TEXT NOT NULL) STRICT`,
		`CREATE INDEX entries_task ON entries(task)`,
		`CREATE TABLE rounds (id INTEGER PRIMARY KEY, entry INTEGER NOT NULL, state TEXT NOT NULL, json TEXT NOT NULL) STRICT`,
		`CREATE TABLE accounts (address TEXT PRIMARY KEY, wallet TEXT NOT NULL, claimable TEXT NOT NULL, json TEXT NOT NULL) STRICT`,
		`INSERT INTO accounts VALUES ('0x01', '1', '0', '{}')`,
		`DROP TABLE delivery_attempts`, `DROP TABLE deliveries`, deliveriesSchemaV1, // and version 1's deliveries
		`UPDATE meta SET value = '1' WHERE key = 'schema_version'`,
	} {
		if _, err := db.w.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()

	db, err := Open(path)
	if err != nil {
		t.Fatalf("Open(version 1) = %v", err)
	}
	defer db.Close()
	if n := count(t, db, `SELECT COUNT(*) FROM sqlite_schema WHERE name IN ('tasks', 'entries', 'entries_task', 'rounds', 'accounts')`); n != 0 {
		t.Errorf("%d view tables and indexes left after the upgrade, want 0", n)
	}
	var v string
	if err := db.r.QueryRow(`SELECT value FROM meta WHERE key = 'schema_version'`).Scan(&v); err != nil || v != "2" {
		t.Errorf("schema_version after the upgrade = %q, %v; want 2", v, err)
	}
	if got := readAll(t, db); len(got) != 1 || len(got[0].Txs) != 2 || got[0].Hash != b.Hash {
		t.Errorf("after the upgrade the log reads %+v, want block 1 with its 2 transactions", got)
	}
}
