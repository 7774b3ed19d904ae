package store

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger"
)

// TestAVersion1FileIsUpgraded: a file written by schema version 1, which also kept a
// view table per task, entry, round and account, opens as the current version without them, and
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
	if err := db.r.QueryRow(`SELECT value FROM meta WHERE key = 'schema_version'`).Scan(&v); err != nil || v != strconv.Itoa(SchemaVersion) {
		t.Errorf("schema_version after the upgrade = %q, %v; want %d", v, err, SchemaVersion)
	}
	if got := readAll(t, db); len(got) != 1 || len(got[0].Txs) != 2 || got[0].Hash != b.Hash {
		t.Errorf("after the upgrade the log reads %+v, want block 1 with its 2 transactions", got)
	}
}

// TestABlockKeepsItsBeginBlockEvents: CommitBlock keeps the events a block's
// begin-block work produced with the block: Blocks reads them back, and the events
// table holds them first, at tx index BlockIndex, before the transactions' events.
func TestABlockKeepsItsBeginBlockEvents(t *testing.T) {
	db, _ := openTemp(t)
	s := newSigner(t)
	b := s.block(t, 1, 0, 1)
	b.Events = []ledger.Event{{Type: "run_anchored", Height: 1, Round: 3, Entry: 2, Note: "ab"}}
	commit(t, db, b)
	got := readAll(t, db)
	if len(got) != 1 || !got[0].Kept || len(got[0].Events) != 1 || !reflect.DeepEqual(got[0].Events[0], b.Events[0]) {
		t.Fatalf("block 1 reads back as %+v, want its run_anchored event kept", got)
	}
	rows, err := db.r.Query(`SELECT seq, idx, type FROM events WHERE height = 1 ORDER BY seq`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var table []string
	for rows.Next() {
		var seq, idx int
		var typ string
		if err := rows.Scan(&seq, &idx, &typ); err != nil {
			t.Fatal(err)
		}
		table = append(table, fmt.Sprintf("%d %d %s", seq, idx, typ))
	}
	if want := []string{"0 -1 run_anchored", "1 0 faucet"}; !slices.Equal(table, want) {
		t.Errorf("events table holds %q, want %q", table, want)
	}
	if evs, err := db.BlockEvents(); err != nil || len(evs) != 1 || !reflect.DeepEqual(evs[0], b.Events[0]) {
		t.Errorf("BlockEvents = %+v, %v; want the run_anchored event alone", evs, err)
	}
}

// TestAVersion2FilesBlocksDidNotKeepTheirEvents: a file written by schema version 2
// opens as the current version; its blocks read back with Kept false (their begin-block
// events were not recorded, which is not the same as none), and blocks committed after
// the upgrade keep theirs.
func TestAVersion2FilesBlocksDidNotKeepTheirEvents(t *testing.T) {
	db, path := openTemp(t)
	s := newSigner(t)
	commit(t, db, s.block(t, 1, 0, 1))
	for _, q := range []string{
		`CREATE TABLE blocks_v2 (height INTEGER PRIMARY KEY, time INTEGER NOT NULL, hash TEXT NOT NULL, txs INTEGER NOT NULL) STRICT`,
		`INSERT INTO blocks_v2 SELECT height, time, hash, txs FROM blocks`,
		`DROP TABLE blocks`, `ALTER TABLE blocks_v2 RENAME TO blocks`,
		`UPDATE meta SET value = '2' WHERE key = 'schema_version'`,
	} {
		if _, err := db.w.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	db, err := Open(path)
	if err != nil {
		t.Fatalf("Open(version 2) = %v", err)
	}
	defer db.Close()
	commit(t, db, s.block(t, 2, 1, 1))
	got := readAll(t, db)
	if len(got) != 2 || got[0].Kept || !got[1].Kept || len(got[0].Txs) != 1 {
		t.Fatalf("after the upgrade the log reads %+v; want block 1 not kept, block 2 kept", got)
	}
	if v := count(t, db, `SELECT value FROM meta WHERE key = 'schema_version'`); v != SchemaVersion {
		t.Errorf("schema version %d after the upgrade, want %d", v, SchemaVersion)
	}
}

// TestTheUnusedSenderIndexIsDropped: a file written with the index txs_sender, which no
// reader used, opens without it, at the same schema version, its log as it was, and
// takes the next block.
func TestTheUnusedSenderIndexIsDropped(t *testing.T) {
	db, path := openTemp(t)
	s := newSigner(t)
	b1 := s.block(t, 1, 0, 3)
	commit(t, db, b1)
	if _, err := db.w.Exec(`CREATE INDEX txs_sender ON txs(sender, nonce)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	db, err := Open(path)
	if err != nil {
		t.Fatalf("Open(a file with txs_sender) = %v", err)
	}
	defer db.Close()
	if n := count(t, db, `SELECT COUNT(*) FROM sqlite_schema WHERE name = 'txs_sender'`); n != 0 {
		t.Errorf("txs_sender still in the file after Open")
	}
	if v := count(t, db, `SELECT value FROM meta WHERE key = 'schema_version'`); v != SchemaVersion {
		t.Errorf("schema version %d, want %d", v, SchemaVersion)
	}
	b2 := s.block(t, 2, 3, 2)
	commit(t, db, b2)
	if got, want := readAll(t, db), []StoredBlock{stored(b1), stored(b2)}; !cmp.Equal(want, got, sameRecord) {
		t.Errorf("log after dropping the index:\n%s", cmp.Diff(want, got, sameRecord))
	}
}

// TestEveryBlockRecordsItsProtocolVersion: a block keeps the protocol version it was
// applied under, and a file of schema version 3, whose blocks recorded none, opens as
// the current version with every block it had read as applied under version 1.
func TestEveryBlockRecordsItsProtocolVersion(t *testing.T) {
	db, path := openTemp(t)
	s := newSigner(t)
	commit(t, db, s.block(t, 1, 0, 1))
	for _, q := range []string{
		`ALTER TABLE blocks DROP COLUMN version`,
		`UPDATE meta SET value = '3' WHERE key = 'schema_version'`,
	} {
		if _, err := db.w.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	db, err := Open(path)
	if err != nil {
		t.Fatalf("Open(version 3) = %v", err)
	}
	defer db.Close()
	b2 := s.block(t, 2, 1, 1)
	b2.Version = 2
	commit(t, db, b2)
	got := readAll(t, db)
	if len(got) != 2 || got[0].Version != 1 || got[1].Version != 2 {
		t.Fatalf("versions read back %+v, want 1 then 2", got)
	}
	last, _, err := db.LastBlock()
	if err != nil || last.Version != 2 {
		t.Fatalf("LastBlock = %+v, %v; want version 2", last, err)
	}
}
