package store

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// TestWorkIsKeptByItsDigest: DESIGN.md, "Work is fixed at filing". Bytes are kept under
// their own sha256 and read back exactly; keeping them again adds nothing; a digest the
// store never saw is absent; and what was kept survives closing and reopening the file.
func TestWorkIsKeptByItsDigest(t *testing.T) {
	db, path := openTemp(t)
	ctx := t.Context()
	note := []byte("# Launch note\n\nThe Settlement API is live.\n")
	sum := sha256.Sum256(note)
	want := hex.EncodeToString(sum[:])
	for i, wantAdded := range []bool{true, false} {
		got, added, err := db.PutWork(ctx, note)
		if err != nil || got != want || added != wantAdded {
			t.Fatalf("PutWork #%d = %s, added %v, %v; want %s, added %v", i+1, got, added, err, want, wantAdded)
		}
	}
	if n := count(t, db, `SELECT COUNT(*) FROM work`); n != 1 {
		t.Fatalf("%d rows after keeping the same bytes twice, want 1", n)
	}
	empty, _, err := db.PutWork(ctx, nil)
	if err != nil {
		t.Fatalf("PutWork(empty) = %v", err)
	}
	if b, ok, err := db.Work(ctx, empty); err != nil || !ok || b == nil || len(b) != 0 {
		t.Fatalf("Work(empty digest) = %q, %v, %v; want empty bytes held", b, ok, err)
	}
	if b, ok, err := db.Work(ctx, hex.EncodeToString(make([]byte, 32))); err != nil || ok || b != nil {
		t.Fatalf("Work(unknown digest) = %q, %v, %v; want absent", b, ok, err)
	}
	db.Close()
	db, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if b, ok, err := db.Work(ctx, want); err != nil || !ok || !bytes.Equal(b, note) {
		t.Fatalf("after reopening, Work(%s) = %q, %v, %v; want the note", want, b, ok, err)
	}
}
