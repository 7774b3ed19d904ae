package node

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arena/arena/account"
	"github.com/arena/arena/ledger"
)

// InitOptions are the founding terms and local setup of a new arena. Zero terms take
// DefaultTerms; the other zero fields take the defaults in withDefaults.
type InitOptions struct {
	Terms
	Validators int // validator keys to generate; default 4
	// Operators is how many agent-match operator keys to generate, name in the founding
	// terms (funded with OperatorFund) and configure as [[operator]] tables: 0 means one
	// in a dev arena and none otherwise; negative means none.
	Operators   int
	Readers     []string // reader spec per validator; missing ones are "builtin"
	Passphrase  string   // encrypts the generated keys
	LightScrypt bool     // cheap key encryption, for dev arenas and tests
	Listen      string   // API address; default DefaultListen
}

// DefaultValidators is how many validators an arena has by default: the keys Init
// generates, and the nodes of a localnet (Testnet).
const DefaultValidators = 4

func (o InitOptions) withDefaults() InitOptions {
	o.Terms = o.Terms.withDefaults()
	if o.Validators <= 0 {
		o.Validators = DefaultValidators
	}
	if o.Listen == "" {
		o.Listen = DefaultListen
	}
	if o.Operators == 0 && o.DevMode {
		o.Operators = 1
	}
	return o
}

// ErrInitialised is returned by Init for a directory that already holds an arena.
var ErrInitialised = errors.New("directory already holds an arena")

// Init creates an arena in dir: validator keys in dir/keys, their addresses in the
// founding terms written to dir/genesis.json, and dir/arena.toml naming them. Unless the
// terms name a treasury, a treasury key is generated into dir/keys too and named. Each
// operator key it generates (InitOptions.Operators) is kept there as well, named in the
// founding terms' operators with a genesis wallet, and configured as an [[operator]]. The
// founding terms are validated as the ledger validates them before anything is written.
func Init(dir string, o InitOptions) (Config, error) {
	o = o.withDefaults()
	for _, f := range []string{ConfigFile, GenesisFile} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			return Config{}, fmt.Errorf("init %s: %s exists: %w", dir, f, ErrInitialised)
		}
	}
	keys := make([]*account.Key, o.Validators)
	for i := range keys {
		k, err := account.Generate()
		if err != nil {
			return Config{}, fmt.Errorf("init %s: %w", dir, err)
		}
		keys[i] = k
	}
	slices.SortFunc(keys, func(a, b *account.Key) int { return compareAddr(a.Address(), b.Address()) })
	vals := make([]ledger.Address, len(keys))
	for i, k := range keys {
		vals[i] = k.Address()
	}
	treasury, err := treasuryKey(&o.Terms)
	if err != nil {
		return Config{}, fmt.Errorf("init %s: %w", dir, err)
	}
	ops, err := operatorKeys(&o.Terms, o.Operators)
	if err != nil {
		return Config{}, fmt.Errorf("init %s: %w", dir, err)
	}
	if err := o.check(vals); err != nil {
		return Config{}, fmt.Errorf("init %s: %w", dir, err)
	}
	terms := o.ledgerTerms(vals)
	cfg := initialConfig(o, keys, ops)
	if treasury != nil {
		keys = append(keys, treasury)
	}
	keys = append(keys, ops...)
	if err := writeArena(dir, o, keys, terms, cfg); err != nil {
		return Config{}, fmt.Errorf("init %s: %w", dir, err)
	}
	return cfg, nil
}

func initialConfig(o InitOptions, keys, ops []*account.Key) Config {
	c := DefaultConfig()
	c.Listen = o.Listen
	for i, k := range keys {
		v := ValidatorConfig{Address: k.Address()}
		if i < len(o.Readers) {
			v.Reader = o.Readers[i]
		}
		c.Validators = append(c.Validators, v.withDefaults())
	}
	for _, k := range ops {
		c.Operators = append(c.Operators, OperatorConfig{Address: k.Address()}.withDefaults())
	}
	return c
}

// operatorKeys generates n operator keys, names them in t's operators and funds each
// with t's OperatorFund at genesis.
func operatorKeys(t *Terms, n int) ([]*account.Key, error) {
	var ops []*account.Key
	for range max(n, 0) {
		k, err := account.Generate()
		if err != nil {
			return nil, fmt.Errorf("operator key: %w", err)
		}
		ops = append(ops, k)
		t.Operators = append(t.Operators, k.Address())
		t.Genesis = append(t.Genesis, ledger.Allocation{Address: k.Address(), Amount: t.OperatorFund})
	}
	return ops, nil
}

func writeArena(dir string, o InitOptions, keys []*account.Key, t ledger.Terms, c Config) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	st := &account.Store{Dir: filepath.Join(dir, c.Keys), Scrypt: account.Standard}
	if o.LightScrypt {
		st.Scrypt = account.Light
	}
	for _, k := range keys {
		if err := st.Add(k, o.Passphrase); err != nil {
			return err
		}
	}
	g, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return fmt.Errorf("encode founding terms: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, c.Genesis), append(g, '\n'), 0o644); err != nil {
		return err
	}
	return WriteConfig(dir, c)
}

// WriteConfig writes c to dir/arena.toml, replacing it.
func WriteConfig(dir string, c Config) error {
	if err := c.Validate(); err != nil {
		return fmt.Errorf("write config: %w", err)
	}
	tmp := filepath.Join(dir, "."+ConfigFile+".tmp")
	if err := os.WriteFile(tmp, c.Encode(), 0o644); err != nil {
		return fmt.Errorf("write config: %w", err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, ConfigFile)); err != nil {
		return fmt.Errorf("write config: %w", err)
	}
	return nil
}

// ChainID returns the chain id of an arena named name: "arena-" and the name's slug,
// lower-case letters and digits with single dashes between words, cut at a word so that
// it fits ledger.MaxChainLen.
func ChainID(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	slug := b.String()
	if slug == "" {
		slug = "local"
	}
	const room = ledger.MaxChainLen - len("arena-")
	if len(slug) > room {
		cut := slug[:room]
		if slug[room] != '-' { // cut at the last whole word
			if i := strings.LastIndexByte(cut, '-'); i > 0 {
				cut = cut[:i]
			}
		}
		slug = strings.TrimRight(cut, "-")
	}
	return "arena-" + slug
}

// ReadGenesis reads the founding terms from dir's genesis file.
func ReadGenesis(dir string, c Config) (ledger.Terms, error) {
	var t ledger.Terms
	b, err := os.ReadFile(path(dir, c.Genesis))
	if err != nil {
		return t, fmt.Errorf("read genesis: %w", err)
	}
	if err := json.Unmarshal(b, &t); err != nil {
		return t, fmt.Errorf("read genesis %s: %w", path(dir, c.Genesis), err)
	}
	return t, nil
}

func compareAddr(a, b ledger.Address) int { return strings.Compare(string(a[:]), string(b[:])) }
