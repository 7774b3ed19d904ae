package node

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"github.com/arena/arena/ledger"
)

// TestANodeKeepsItsBlobsUnderItsDirectory: Open opens <dir>/blobs, removing what a crash
// left half-written, and a blob put there is held after a reopen.
func TestANodeKeepsItsBlobsUnderItsDirectory(t *testing.T) {
	dir := t.TempDir()
	k := newKey(t)
	if _, err := Init(dir, InitOptions{Terms: Terms{Name: "blob test", DevMode: true,
		Genesis: []ledger.Allocation{{Address: k.Address(), Amount: ledger.Ether(1)}}}, LightScrypt: true}); err != nil {
		t.Fatal(err)
	}
	n, err := Open(dir, OpenOptions{Logger: quiet(), Env: noEnv})
	if err != nil {
		t.Fatal(err)
	}
	b := []byte("a module")
	s := sha256.Sum256(b)
	d := hex.EncodeToString(s[:])
	if n.Blobs().Dir() != filepath.Join(dir, "blobs") {
		t.Fatalf("blobs at %s", n.Blobs().Dir())
	}
	if err := n.Blobs().Put(d, bytes.NewReader(b)); err != nil {
		t.Fatal(err)
	}
	n.Close()
	half := filepath.Join(dir, "blobs", ".tmp-crash")
	if err := os.WriteFile(half, b[:3], 0o644); err != nil {
		t.Fatal(err)
	}
	n, err = Open(dir, OpenOptions{Logger: quiet(), Env: noEnv})
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	if got, err := n.Blobs().Get(d); err != nil || !bytes.Equal(got, b) {
		t.Fatalf("after reopen: %q, %v", got, err)
	}
	if _, err := os.Stat(half); !os.IsNotExist(err) {
		t.Fatalf("a half-written blob survived Open: %v", err)
	}
}
