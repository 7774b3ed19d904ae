package account

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"

	"github.com/arena/arena/ledger"
)

func lightStore(t *testing.T) *Store {
	return &Store{Dir: filepath.Join(t.TempDir(), "keys"), Scrypt: Light}
}

// TestOurFilesDecryptWithGeth: the keystore is "compatible with Ethereum's keystore v3
// format". A file the Store wrote decrypts with go-ethereum's keystore.DecryptKey to the
// same key, and is named UTC--<time>--<address> as geth names it.
func TestOurFilesDecryptWithGeth(t *testing.T) {
	s := lightStore(t)
	s.Now = func() time.Time { return time.Date(2026, 3, 4, 5, 6, 7, 8, time.UTC) }
	k, err := s.New("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(s.Dir)
	if err != nil || len(ents) != 1 {
		t.Fatalf("keystore holds %v (%v), want one file", ents, err)
	}
	want := "UTC--2026-03-04T05-06-07.000000008Z--" + strings.ToLower(k.Address().String()[2:])
	if ents[0].Name() != want {
		t.Fatalf("file name %q, want %q", ents[0].Name(), want)
	}
	b, err := os.ReadFile(filepath.Join(s.Dir, want))
	if err != nil {
		t.Fatal(err)
	}
	gk, err := keystore.DecryptKey(b, "correct horse")
	if err != nil {
		t.Fatalf("keystore.DecryptKey: %v", err)
	}
	if ledger.Address(gk.Address) != k.Address() || !gk.PrivateKey.Equal(k.priv) {
		t.Fatalf("geth decrypted %s, want the key of %s", gk.Address, k.Address())
	}
	if info, _ := ents[0].Info(); info.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode %v, want 0600", info.Mode().Perm())
	}
}

// TestGethFilesLoad: a key geth encrypted (keystore.EncryptKey) imports into the Store,
// keeps its id, lists, loads under its passphrase and exports back to JSON geth reads.
func TestGethFilesLoad(t *testing.T) {
	p, _ := crypto.GenerateKey()
	gk := &keystore.Key{Id: uuid.New(), Address: crypto.PubkeyToAddress(p.PublicKey), PrivateKey: p}
	blob, err := keystore.EncryptKey(gk, "pw", keystore.LightScryptN, keystore.LightScryptP)
	if err != nil {
		t.Fatal(err)
	}
	s := lightStore(t)
	a, err := s.Import(string(blob), "pw")
	if err != nil {
		t.Fatal(err)
	}
	if a != ledger.Address(gk.Address) {
		t.Fatalf("Import returned %s, want %s", a, gk.Address)
	}
	list, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]ledger.Address{a}, list); diff != "" {
		t.Fatalf("List (-want +got):\n%s", diff)
	}
	k, err := s.Load(a, "pw")
	if err != nil || !k.priv.Equal(p) {
		t.Fatalf("Load = %v, %v; want geth's key", k, err)
	}
	out, err := s.Export(a, "pw")
	if err != nil {
		t.Fatal(err)
	}
	back, err := keystore.DecryptKey(out, "pw")
	if err != nil || back.Id != gk.Id || !back.PrivateKey.Equal(p) {
		t.Fatalf("exported JSON decrypts to id %v key ok=%v (%v); want id %v", back.Id, err == nil && back.PrivateKey.Equal(p), err, gk.Id)
	}
}

// TestAWrongPassphraseIsRefused: a wrong passphrase is ErrWrongPassphrase, with the
// address in the message, on Load, Export and Import of keystore JSON.
func TestAWrongPassphraseIsRefused(t *testing.T) {
	s := lightStore(t)
	k, err := s.New("right")
	if err != nil {
		t.Fatal(err)
	}
	a := k.Address()
	_, err = s.Load(a, "wrong")
	if want := "load key " + a.String() + ": wrong passphrase"; err == nil || err.Error() != want || !errors.Is(err, ErrWrongPassphrase) {
		t.Fatalf("Load with a wrong passphrase: %v, want %q", err, want)
	}
	_, err = s.Export(a, "wrong")
	if want := "export key " + a.String() + ": wrong passphrase"; err == nil || err.Error() != want {
		t.Fatalf("Export with a wrong passphrase: %v, want %q", err, want)
	}
	blob, _ := s.Export(a, "right")
	_, err = lightStore(t).Import(string(blob), "wrong")
	if want := "import key: wrong passphrase"; err == nil || err.Error() != want {
		t.Fatalf("Import with a wrong passphrase: %v, want %q", err, want)
	}
}

// TestStoreRefusals: each refusal of the Store has its exact message.
func TestStoreRefusals(t *testing.T) {
	s := lightStore(t)
	k, err := s.New("")
	if err != nil {
		t.Fatal(err)
	}
	stranger, _ := Generate()
	const hexKey = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
	if _, err := s.Import(hexKey, ""); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		do   func() error
		want string
	}{
		{"load unknown", func() error { _, err := s.Load(stranger.Address(), ""); return err },
			"load key " + stranger.Address().String() + ": no key in the keystore"},
		{"export unknown", func() error { _, err := s.Export(stranger.Address(), ""); return err },
			"export key " + stranger.Address().String() + ": no key in the keystore"},
		{"import twice", func() error { _, err := s.Import("0x"+hexKey, ""); return err },
			"import key 0x2c7536E3605D9C16a7a3D7b1898e529396a65c23: key already in the keystore"},
		{"import bad hex", func() error { _, err := s.Import("0x1234", ""); return err },
			"import key: private key must be 64 hex digits, optionally 0x-prefixed"},
		{"import bad json", func() error { _, err := s.Import(`{"version": 3}`, ""); return err },
			"import key: not a keystore v3 file: invalid UUID length: 0"},
	}
	for _, tc := range tests {
		if err := tc.do(); err == nil || err.Error() != tc.want {
			t.Errorf("%s: error = %v, want %q", tc.name, err, tc.want)
		}
	}
	if _, err := s.Load(k.Address(), ""); err != nil {
		t.Fatalf("the empty passphrase is a passphrase: %v", err)
	}
}

// TestListSkipsWhatIsNotAKey: List returns every key's address sorted, ignoring hidden
// files, editor backups, directories and other files, as geth does; a missing
// directory lists nothing.
func TestListSkipsWhatIsNotAKey(t *testing.T) {
	s := lightStore(t)
	if got, err := s.List(); err != nil || len(got) != 0 {
		t.Fatalf("List of a missing directory = %v, %v", got, err)
	}
	var want []ledger.Address
	for range 3 {
		k, err := s.New("x")
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, k.Address())
	}
	for _, name := range []string{".hidden", "backup~", "README"} {
		os.WriteFile(filepath.Join(s.Dir, name), []byte(`{"address":"2c7536e3605d9c16a7a3d7b1898e529396a65c23"}`[:20]), 0o600)
	}
	os.Mkdir(filepath.Join(s.Dir, "sub"), 0o700)
	got, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(want, func(a, b ledger.Address) int { return strings.Compare(string(a[:]), string(b[:])) })
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("List (-want +got):\n%s", diff)
	}
}

// TestStandardScryptIsGeths: the user-facing cost is geth's standard one, and a zero
// Store.Scrypt means it.
func TestStandardScryptIsGeths(t *testing.T) {
	if Standard != (Scrypt{N: 1 << 18, P: 1}) || Light != (Scrypt{N: 1 << 12, P: 6}) {
		t.Fatalf("Standard = %+v, Light = %+v", Standard, Light)
	}
	if got := (&Store{}).cost(); got != Standard {
		t.Fatalf("a zero Store.Scrypt writes at %+v, want Standard", got)
	}
	if got := (&Store{Scrypt: Light}).cost(); got != Light {
		t.Fatalf("Store{Scrypt: Light} writes at %+v", got)
	}
}

func BenchmarkLoadLight(b *testing.B) {
	s := &Store{Dir: b.TempDir(), Scrypt: Light}
	k, _ := s.New("pw")
	for b.Loop() {
		if _, err := s.Load(k.Address(), "pw"); err != nil {
			b.Fatal(err)
		}
	}
}
