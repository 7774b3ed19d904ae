package client_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/arena/arena/client"
)

// TestWorkRoundTripsThroughTheNode: PutWork, signed as PutBlob is, keeps the bytes
// under their sha256, which it returns with the signer as uploader, and Work reads
// exactly them back; a client without a signer refuses before sending; a digest the
// node never kept is a 404 *client.Error naming it, and an upload over the fetch limit
// is refused with the node's exact message.
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
	if b, err := f.c.Work(ctx, want); err != nil || string(b) != string(note) {
		t.Fatalf("Work(%s) = %q, %v; want the note", want, b, err)
	}
	missing := strings.Repeat("0", 64)
	_, err := f.c.Work(ctx, missing)
	var ce *client.Error
	if !errors.As(err, &ce) || ce.Status != http.StatusNotFound || ce.Error() != "[EXPECTED] no work with sha256 "+missing {
		t.Fatalf("Work(never kept) = %v, want a 404 [EXPECTED] no work with sha256 %s", err, missing)
	}
	_, err = c.PutWork(ctx, []byte(strings.Repeat("x", 512<<10+1)))
	if !errors.As(err, &ce) || ce.Status != http.StatusRequestEntityTooLarge || ce.Error() != "[EXPECTED] work over 524288 bytes, the largest a validator fetches" {
		t.Fatalf("PutWork(over the limit) = %v", err)
	}
}
