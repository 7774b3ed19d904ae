package account

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/common"
	"github.com/google/uuid"

	"github.com/arena/arena/ledger"
)

// Scrypt is the cost of the key-derivation function that protects a keystore file.
type Scrypt struct {
	N int // CPU and memory cost, a power of two
	P int // parallelism
}

// The scrypt costs geth uses: Standard for users' keys (about 256 MB and a second per
// unlock), Light for development arenas and tests (4 MB, milliseconds).
var (
	Standard = Scrypt{N: keystore.StandardScryptN, P: keystore.StandardScryptP}
	Light    = Scrypt{N: keystore.LightScryptN, P: keystore.LightScryptP}
)

// Errors of the keystore.
var (
	ErrWrongPassphrase = errors.New("wrong passphrase")
	ErrNoKey           = errors.New("no key in the keystore")
	ErrKeyExists       = errors.New("key already in the keystore")
	ErrKeyJSON         = errors.New("not a keystore v3 file")
)

// Store is a directory of keystore v3 files named as geth names them,
// UTC--<created>--<address hex>, so that geth and wallets can read it and we can read
// theirs. Files are written atomically with mode 0600. A Store is safe for concurrent
// readers; writers of one address race as files in a directory do.
type Store struct {
	Dir    string
	Scrypt Scrypt           // zero means Standard
	Now    func() time.Time // names new files; nil means time.Now
}

// New generates a key, writes it encrypted under passphrase, and returns it.
func (s *Store) New(passphrase string) (*Key, error) {
	k, err := Generate()
	if err != nil {
		return nil, err
	}
	if err := s.write(k, uuid.New(), passphrase); err != nil {
		return nil, err
	}
	return k, nil
}

// Add writes k encrypted under passphrase. It refuses a key the store already holds.
func (s *Store) Add(k *Key, passphrase string) error {
	files, err := s.files()
	if err != nil {
		return err
	}
	if _, ok := files[k.addr]; ok {
		return fmt.Errorf("add key %s: %w", k.addr, ErrKeyExists)
	}
	return s.write(k, uuid.New(), passphrase)
}

// List returns the addresses of every key in the directory, sorted. A missing directory
// holds no keys.
func (s *Store) List() ([]ledger.Address, error) {
	files, err := s.files()
	if err != nil {
		return nil, err
	}
	out := make([]ledger.Address, 0, len(files))
	for a := range files {
		out = append(out, a)
	}
	slices.SortFunc(out, func(a, b ledger.Address) int { return strings.Compare(string(a[:]), string(b[:])) })
	return out, nil
}

// Import adds a key given either as a hex private key, which is encrypted under
// passphrase, or as keystore v3 JSON, which passphrase must decrypt and which is
// re-encrypted under the same passphrase at the store's cost. It returns the address.
func (s *Store) Import(hexOrJSON, passphrase string) (ledger.Address, error) {
	text := strings.TrimSpace(hexOrJSON)
	id := uuid.New()
	var k *Key
	if strings.HasPrefix(text, "{") {
		gk, err := keystore.DecryptKey([]byte(text), passphrase)
		if err != nil {
			return ledger.Address{}, fmt.Errorf("import key: %w", decryptErr(err))
		}
		k, id = fromECDSA(gk.PrivateKey), gk.Id
	} else {
		var err error
		if k, err = FromHex(text); err != nil {
			return ledger.Address{}, fmt.Errorf("import key: %w", err)
		}
	}
	files, err := s.files()
	if err != nil {
		return ledger.Address{}, err
	}
	if _, ok := files[k.addr]; ok {
		return ledger.Address{}, fmt.Errorf("import key %s: %w", k.addr, ErrKeyExists)
	}
	return k.addr, s.write(k, id, passphrase)
}

// Export returns the keystore v3 JSON of a's key, exactly as stored, after checking that
// passphrase unlocks it.
func (s *Store) Export(a ledger.Address, passphrase string) ([]byte, error) {
	b, err := s.read(a)
	if err != nil {
		return nil, fmt.Errorf("export key %s: %w", a, err)
	}
	if _, err := decrypt(b, a, passphrase); err != nil {
		return nil, fmt.Errorf("export key %s: %w", a, err)
	}
	return b, nil
}

// Load decrypts a's key with passphrase.
func (s *Store) Load(a ledger.Address, passphrase string) (*Key, error) {
	b, err := s.read(a)
	if err != nil {
		return nil, fmt.Errorf("load key %s: %w", a, err)
	}
	k, err := decrypt(b, a, passphrase)
	if err != nil {
		return nil, fmt.Errorf("load key %s: %w", a, err)
	}
	return k, nil
}

func decrypt(b []byte, a ledger.Address, passphrase string) (*Key, error) {
	gk, err := keystore.DecryptKey(b, passphrase)
	if err != nil {
		return nil, decryptErr(err)
	}
	k := fromECDSA(gk.PrivateKey)
	if k.addr != a {
		return nil, fmt.Errorf("%w: file holds the key of %s", ErrKeyJSON, k.addr)
	}
	return k, nil
}

func decryptErr(err error) error {
	if errors.Is(err, keystore.ErrDecrypt) {
		return ErrWrongPassphrase
	}
	return fmt.Errorf("%w: %v", ErrKeyJSON, err)
}

func (s *Store) write(k *Key, id uuid.UUID, passphrase string) error {
	c := s.cost()
	gk := &keystore.Key{Id: id, Address: common.Address(k.addr), PrivateKey: k.priv}
	b, err := keystore.EncryptKey(gk, passphrase, c.N, c.P)
	if err != nil {
		return fmt.Errorf("encrypt key %s: %w", k.addr, err)
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return fmt.Errorf("keystore: %w", err)
	}
	return writeAtomic(filepath.Join(s.Dir, s.fileName(k.addr)), b)
}

// cost returns the scrypt cost new files are written at.
func (s *Store) cost() Scrypt {
	if s.Scrypt.N == 0 {
		return Standard
	}
	return s.Scrypt
}

// fileName follows geth: UTC--2006-01-02T15-04-05.000000000Z--<address hex>.
func (s *Store) fileName(a ledger.Address) string {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	ts := now().UTC().Format("2006-01-02T15-04-05.000000000Z")
	return "UTC--" + ts + "--" + hex.EncodeToString(a[:])
}

func writeAtomic(path string, b []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp")
	if err != nil {
		return fmt.Errorf("write key file: %w", err)
	}
	_, werr := f.Write(b)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write key file: %w", err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write key file: %w", err)
	}
	return nil
}

func (s *Store) read(a ledger.Address) ([]byte, error) {
	files, err := s.files()
	if err != nil {
		return nil, err
	}
	path, ok := files[a]
	if !ok {
		return nil, ErrNoKey
	}
	return os.ReadFile(path)
}

// files maps each address in the directory to its file. Hidden files, editor backups,
// directories and files that are not keystore JSON are skipped, as geth skips them.
func (s *Store) files() (map[ledger.Address]string, error) {
	ents, err := os.ReadDir(s.Dir)
	if errors.Is(err, os.ErrNotExist) {
		return map[ledger.Address]string{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("keystore: %w", err)
	}
	out := make(map[ledger.Address]string, len(ents))
	for _, e := range ents {
		name := e.Name()
		if e.IsDir() || strings.HasPrefix(name, ".") || strings.HasSuffix(name, "~") {
			continue
		}
		path := filepath.Join(s.Dir, name)
		if a, ok := fileAddress(path); ok {
			out[a] = path
		}
	}
	return out, nil
}

func fileAddress(path string) (ledger.Address, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return ledger.Address{}, false
	}
	var f struct {
		Address string `json:"address"`
	}
	if json.Unmarshal(b, &f) != nil {
		return ledger.Address{}, false
	}
	a, err := ledger.ParseAddress("0x" + strings.TrimPrefix(f.Address, "0x"))
	return a, err == nil
}
