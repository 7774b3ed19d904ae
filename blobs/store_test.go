package blobs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func digestOf(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func open(t *testing.T, dir string) *Store {
	t.Helper()
	s, err := Open(dir)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return s
}

// A blob put under its digest is held, read back byte for byte, and named by its digest
// on disk; putting it again succeeds and adds nothing.
func TestABlobIsKeptUnderItsDigest(t *testing.T) {
	s := open(t, t.TempDir())
	b := []byte("\x00asm\x01\x00\x00\x00")
	d := digestOf(b)
	if s.Has(d) {
		t.Fatal("held before it was put")
	}
	if err := s.Put(d, bytes.NewReader(b)); err != nil {
		t.Fatalf("Put: %v", err)
	}
	got, err := s.Get(d)
	if err != nil || !bytes.Equal(got, b) || !s.Has(d) {
		t.Fatalf("Get = %q, %v; Has %v", got, err, s.Has(d))
	}
	if _, err := os.Stat(filepath.Join(s.Dir(), d)); err != nil {
		t.Fatalf("no file named by the digest: %v", err)
	}
	added, err := s.Add("0xabc", d, bytes.NewReader(b), Quota{})
	if err != nil || added || s.Total() != int64(len(b)) || s.Usage("0xabc") != 0 {
		t.Fatalf("again: added %v err %v total %d usage %d", added, err, s.Total(), s.Usage("0xabc"))
	}
	rc, n, err := s.Reader(d)
	if err != nil || n != int64(len(b)) {
		t.Fatalf("Reader: %d, %v", n, err)
	}
	rc.Close()
}

// Every refusal, with its message; nothing refused is held or left on disk.
func TestAStoreRefusesWhatIsNotItsDigest(t *testing.T) {
	s := open(t, t.TempDir())
	b := []byte("hello")
	d := digestOf(b)
	big := bytes.Repeat([]byte{1}, MaxBytes+1)
	for _, c := range []struct {
		name, d string
		body    []byte
		is      error
		want    string
	}{
		{"short", "abc", b, ErrDigest, "blob digest must be 64 lowercase hex digits"},
		{"upper", strings.ToUpper(d), b, ErrDigest, "blob digest must be 64 lowercase hex digits"},
		{"big", digestOf(big), big, ErrTooLarge, "blob is over 16777216 bytes"},
		{"mismatch", d, []byte("hellO"), nil, "blob hashes to sha256 " + digestOf([]byte("hellO")) + ", not " + d},
	} {
		err := s.Put(c.d, bytes.NewReader(c.body))
		if err == nil || err.Error() != c.want || (c.is != nil && !errors.Is(err, c.is)) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	var mm *MismatchError
	if err := s.Put(d, strings.NewReader("x")); !errors.As(err, &mm) || mm.Want != d {
		t.Errorf("mismatch is not a *MismatchError: %v", err)
	}
	if entries, _ := os.ReadDir(s.Dir()); len(entries) != 0 || s.Total() != 0 {
		t.Fatalf("refused blobs left %d files, total %d", len(entries), s.Total())
	}
	if _, err := s.Get(d); !errors.Is(err, ErrNotFound) || err.Error() != "blob "+d+": no blob with that digest" {
		t.Fatalf("Get of nothing: %v", err)
	}
	if _, err := s.Get("nope"); !errors.Is(err, ErrDigest) {
		t.Fatalf("Get of a malformed digest: %v", err)
	}
}

// A crash mid-write leaves only a temporary file: it is never served under the digest,
// and Open removes it; a damaged file under a digest is never served either.
func TestAHalfWrittenBlobIsNeverServed(t *testing.T) {
	dir := t.TempDir()
	b := []byte("the whole artifact")
	d := digestOf(b)
	if err := os.WriteFile(filepath.Join(dir, tempPrefix+"crash"), b[:5], 0o644); err != nil {
		t.Fatal(err)
	}
	s := open(t, dir)
	if s.Has(d) || s.Total() != 0 {
		t.Fatal("a half-written blob is held")
	}
	if _, err := os.Stat(filepath.Join(dir, tempPrefix+"crash")); !os.IsNotExist(err) {
		t.Fatalf("Open left the temporary file: %v", err)
	}
	// A file under the digest with other bytes (damaged on disk) is refused on read.
	if err := os.WriteFile(filepath.Join(dir, d), b[:5], 0o644); err != nil {
		t.Fatal(err)
	}
	var mm *MismatchError
	if _, err := s.Get(d); !errors.As(err, &mm) {
		t.Fatalf("a damaged blob was served: %v", err)
	}
}

// Add charges a new blob to its uploader and refuses one that would pass the uploader's
// or the store's quota; the charges survive a reopen.
func TestQuotasBoundWhatAnUploaderAndTheStoreHold(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	q := Quota{PerUploader: 10, Total: 15}
	put := func(who, body string) error {
		_, err := s.Add(who, digestOf([]byte(body)), strings.NewReader(body), q)
		return err
	}
	if err := put("alice", "123456"); err != nil {
		t.Fatal(err)
	}
	if err := put("alice", "12345"); !errors.Is(err, ErrUploaderQuota) || err.Error() != "the uploader's blob quota is spent" {
		t.Fatalf("alice past her quota: %v", err)
	}
	if err := put("bob", "abcdefgh"); err != nil {
		t.Fatal(err)
	}
	if err := put("carol", "xyz"); !errors.Is(err, ErrTotalQuota) || err.Error() != "the node's blob store is full" {
		t.Fatalf("past the total: %v", err)
	}
	if err := put("alice", "123456"); err != nil {
		t.Fatalf("a held blob was refused: %v", err)
	}
	again := open(t, dir)
	if again.Usage("alice") != 6 || again.Usage("bob") != 8 || again.Total() != 14 {
		t.Fatalf("after reopen: alice %d bob %d total %d", again.Usage("alice"), again.Usage("bob"), again.Total())
	}
}

// Concurrent uploads of one blob keep it once: exactly one reports it new, and it is
// charged once.
func TestConcurrentUploadsKeepABlobOnce(t *testing.T) {
	s := open(t, t.TempDir())
	b := []byte("shared artifact")
	d := digestOf(b)
	added := make(chan bool, 8)
	for range 8 {
		go func() {
			ok, err := s.Add("alice", d, bytes.NewReader(b), Quota{})
			if err != nil {
				t.Error(err)
			}
			added <- ok
		}()
	}
	n := 0
	for range 8 {
		if <-added {
			n++
		}
	}
	if n != 1 || s.Usage("alice") != int64(len(b)) || s.Total() != int64(len(b)) {
		t.Fatalf("added %d times, charged %d, total %d", n, s.Usage("alice"), s.Total())
	}
	if entries, _ := os.ReadDir(s.Dir()); len(entries) != 2 { // the blob and the journal
		t.Fatalf("%d files left", len(entries))
	}
}
