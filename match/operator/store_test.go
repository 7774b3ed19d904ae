package operator_test

import (
	"crypto/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/match/operator"
)

// TestTheStoreKeepsSecretsForItsOwnerOnly: the operator's secrets and kept turns are
// files readable by their owner only, in a folder only the owner can enter, and a
// secret comes back only under its own commitment.
func TestTheStoreKeepsSecretsForItsOwnerOnly(t *testing.T) {
	d := operator.Dir(filepath.Join(t.TempDir(), operator.DirName))
	secret, commitment, err := operator.NewSecret(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	if commitment != match.SeedCommitment(secret) {
		t.Fatalf("NewSecret's commitment %s is not the ledger's %s", commitment, match.SeedCommitment(secret))
	}
	if err := d.PutSecret(secret); err != nil {
		t.Fatal(err)
	}
	if err := d.PutTurn(match.Reveal{Match: 3, Turn: 2}); err != nil {
		t.Fatal(err)
	}
	if got, ok, err := d.Secret(commitment); err != nil || !ok || got != secret {
		t.Errorf("Secret(%s) = %x, %t, %v", commitment, got, ok, err)
	}
	if r, ok, err := d.Turn(3, 2); err != nil || !ok || r.Match != 3 || r.Turn != 2 {
		t.Errorf("Turn(3, 2) = %+v, %t, %v", r, ok, err)
	}
	if _, ok, err := d.Turn(3, 3); err != nil || ok {
		t.Errorf("Turn(3, 3) = %t, %v; want nothing kept", ok, err)
	}
	info, err := os.Stat(string(d))
	if err != nil || info.Mode().Perm() != 0o700 {
		t.Errorf("store folder mode %v (%v), want 0700", info.Mode().Perm(), err)
	}
	files, _ := os.ReadDir(string(d))
	for _, f := range files {
		info, _ := f.Info()
		if info.Mode().Perm() != 0o600 || strings.HasSuffix(f.Name(), ".tmp") {
			t.Errorf("%s: mode %v, want 0600 and no temporary file left", f.Name(), info.Mode().Perm())
		}
	}
	other := "0x" + strings.Repeat("ab", 32)
	if _, ok, err := d.Secret(other); err != nil || ok {
		t.Errorf("Secret of another commitment = %t, %v; want none", ok, err)
	}
	if err := os.Rename(filepath.Join(string(d), "secret-"+commitment+".json"), filepath.Join(string(d), "secret-"+other+".json")); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := d.Secret(other); err == nil || ok {
		t.Errorf("a secret kept under another commitment was accepted")
	}
	if _, _, err := d.Secret("../../etc/passwd"); err == nil {
		t.Errorf("a commitment that is not hex named a file")
	}
}
