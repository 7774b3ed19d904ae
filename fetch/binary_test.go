package fetch

import (
	"bytes"
	"context"
	"net/http"
	"testing"
)

// TestABinaryClientReadsAnyBytesUnderTheSameLimits: with Binary set, any Content-Type
// and bytes that are not UTF-8 are read as they are, and the size limit still holds.
func TestABinaryClientReadsAnyBytesUnderTheSameLimits(t *testing.T) {
	body := []byte("\x00asm\x01\x00\x00\x00\xff")
	srv, c := server(t, Config{Binary: true, MaxBytes: 16}, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/wasm")
		w.Write(body)
	})
	got, err := c.Fetch(context.Background(), srv.URL)
	if err != nil || !bytes.Equal(got, body) {
		t.Fatalf("Fetch = %q, %v", got, err)
	}
	big, c := server(t, Config{Binary: true, MaxBytes: 4}, func(w http.ResponseWriter, r *http.Request) {
		w.Write(body)
	})
	_, err = c.Fetch(context.Background(), big.URL)
	match(t, err, ErrTooLarge)
}
