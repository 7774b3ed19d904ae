package client_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
)

// TestWorkRoundTripsThroughTheNode: PutWork, signed as PutBlob is, keeps the bytes
// under their sha256, which it returns with the signer as uploader, and Work reads
// exactly them back once a URL entry commits them, while WorkUploads lists the upload
// before any entry does; a client without a signer refuses
// before sending; a digest no record names is a 404 *client.Error naming it, and an
// upload over the fetch limit is refused with the node's exact message.
func TestWorkRoundTripsThroughTheNode(t *testing.T) {
	f := newFixture(t, 3)
	ctx := t.Context()
	note := []byte("Blocks fall like snow\nEach one sealed by the last\nThe ledger is calm\n")
	s := sha256.Sum256(note)
	want := hex.EncodeToString(s[:])
	if _, err := f.c.PutWork(ctx, note); !errors.Is(err, client.ErrNoSigner) {
		t.Fatalf("PutWork without a signer = %v", err)
	}
	c := f.c.WithSigner(f.validatorKey)
	for range 2 {
		w, err := c.PutWork(ctx, note)
		if err != nil || w.SHA256 != want || w.Size != len(note) || w.Uploader != f.validatorKey.Address() {
			t.Fatalf("PutWork = %+v, %v; want %s, %d bytes, uploaded by %s", w, err, want, len(note), f.validatorKey.Address())
		}
	}
	var ce *client.Error
	unnamed := func(d string) string {
		return "[EXPECTED] no ledger record names sha256 " + d + "; a node serves only the artifacts its ledger names"
	}
	if _, err := f.c.Work(ctx, want); !errors.As(err, &ce) || ce.Status != http.StatusNotFound || ce.Error() != unnamed(want) {
		t.Fatalf("Work(%s) before an entry commits it = %v", want, err)
	}
	if u, err := f.c.WorkUploads(ctx); err != nil || len(u.Uploads) != 1 || u.Uploads[0].SHA256 != want || u.Uploads[0].Size != int64(len(note)) ||
		u.Uploads[0].Uploader == nil || *u.Uploads[0].Uploader != f.validatorKey.Address() {
		t.Fatalf("WorkUploads before an entry commits it = %+v, %v; want the note's upload alone", u, err)
	}
	rc, err := f.sponsor.Send(ctx, ledger.Ether(50), ledger.PostTask{Title: "A haiku", Spec: "Write a haiku about ledgers.", Rubric: "It should be at most 3 lines.", ClosesInS: 3600})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.solver.Send(ctx, ledger.Ether(5), ledger.Submit{Task: ledger.TaskID(rc.Outcome.Created), WorkURL: "https://solver.example/haiku.txt", WorkSHA256: want}); err != nil {
		t.Fatal(err)
	}
	if b, err := f.c.Work(ctx, want); err != nil || string(b) != string(note) {
		t.Fatalf("Work(%s) = %q, %v; want the note", want, b, err)
	}
	missing := strings.Repeat("0", 64)
	if _, err = f.c.Work(ctx, missing); !errors.As(err, &ce) || ce.Status != http.StatusNotFound || ce.Error() != unnamed(missing) {
		t.Fatalf("Work(never kept) = %v, want a 404 %s", err, unnamed(missing))
	}
	_, err = c.PutWork(ctx, []byte(strings.Repeat("x", 512<<10+1)))
	if !errors.As(err, &ce) || ce.Status != http.StatusRequestEntityTooLarge || ce.Error() != "[EXPECTED] work over 524288 bytes, the largest a validator fetches" {
		t.Fatalf("PutWork(over the limit) = %v", err)
	}
}
