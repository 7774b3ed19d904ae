package node

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/account"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

func noEnv(string) string { return "" }

func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }

func newKey(t *testing.T) *account.Key {
	t.Helper()
	k, err := account.Generate()
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// TestInitLaysOutAnArena: the arena directory holds arena.toml, genesis.json (the
// founding terms naming the generated validators and treasury), keys/ (one keystore
// file per validator and one for the treasury) and, once opened, arena.db.
func TestInitLaysOutAnArena(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "arena")
	cfg, err := Init(dir, InitOptions{Terms: Terms{Name: "Proving Ground"}, Validators: 3, LightScrypt: true, Passphrase: "pw",
		Readers: []string{"builtin", "replay:answers.json"}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, GenesisFile))
	if err != nil {
		t.Fatal(err)
	}
	var terms ledger.Terms
	if err := json.Unmarshal(b, &terms); err != nil {
		t.Fatalf("genesis.json: %v", err)
	}
	if terms.Chain != "arena-proving-ground" || terms.Name != "Proving Ground" || terms.Symbol != "GEN" || terms.Attempts != 3 ||
		terms.RoundTimeoutS != 120 || terms.AppealWindowS != 6*3600 || !terms.EntryBond.Eq(ledger.Ether(5)) {
		t.Fatalf("founding terms %+v, want the defaults", terms)
	}
	var addrs []ledger.Address
	for _, v := range cfg.Validators {
		addrs = append(addrs, v.Address)
	}
	if diff := cmp.Diff(terms.Validators, addrs); diff != "" {
		t.Fatalf("arena.toml validators differ from genesis.json (-genesis +toml):\n%s", diff)
	}
	if !slices.IsSortedFunc(addrs, compareAddr) {
		t.Fatalf("validators %v are not in address order", addrs)
	}
	if got := []string{cfg.Validators[0].Reader, cfg.Validators[1].Reader, cfg.Validators[2].Reader}; !slices.Equal(got, []string{"builtin", "replay:answers.json", "builtin"}) {
		t.Fatalf("readers %v", got)
	}
	loaded, err := LoadConfig(dir)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(cfg, loaded); diff != "" {
		t.Fatalf("arena.toml reads back differently (-init +load):\n%s", diff)
	}
	st := &account.Store{Dir: filepath.Join(dir, KeysDir)}
	list, err := st.List()
	want := slices.SortedFunc(slices.Values(append(slices.Clone(addrs), *terms.Treasury)), compareAddr)
	if err != nil || !slices.Equal(list, want) {
		t.Fatalf("keystore lists %v (%v), want %v", list, err, want)
	}
	if _, err := st.Load(addrs[0], "pw"); err != nil {
		t.Fatalf("validator key does not unlock with the init passphrase: %v", err)
	}
}

// TestInitRefuses: Init refuses a directory that already holds an arena, and founding
// terms the ledger would refuse, with the ledger's own message; it writes nothing then.
func TestInitRefuses(t *testing.T) {
	dir := t.TempDir()
	if _, err := Init(dir, InitOptions{LightScrypt: true}); err != nil {
		t.Fatal(err)
	}
	_, err := Init(dir, InitOptions{LightScrypt: true})
	if !errors.Is(err, ErrInitialised) || err.Error() != "init "+dir+": arena.toml exists: directory already holds an arena" {
		t.Fatalf("second Init: %v", err)
	}
	fresh := filepath.Join(t.TempDir(), "a")
	_, err = Init(fresh, InitOptions{LightScrypt: true, Terms: Terms{Quorum: 1}})
	if want := "init " + fresh + ": founding terms: [EXPECTED] Quorum must be a majority of the committee"; err == nil || err.Error() != want {
		t.Fatalf("Init with quorum 1 of 4: %v, want %q", err, want)
	}
	if _, err := os.Stat(fresh); !os.IsNotExist(err) {
		t.Fatalf("a refused Init left %s behind", fresh)
	}
}

// TestOneEntryIsGradedThroughTheNode: Init, then Open, then a full grading of one entry
// through the engine: the node's four validators, each with the builtin reader and its
// own fetcher, settle the round.
func TestOneEntryIsGradedThroughTheNode(t *testing.T) {
	dir := t.TempDir()
	sponsor, solver := newKey(t), newKey(t)
	_, err := Init(dir, InitOptions{Terms: Terms{Name: "node test", DevMode: true, Genesis: []ledger.Allocation{
		{Address: sponsor.Address(), Amount: ledger.Ether(1000)}, {Address: solver.Address(), Amount: ledger.Ether(100)},
	}}, LightScrypt: true})
	if err != nil {
		t.Fatal(err)
	}
	n, err := Open(dir, OpenOptions{Logger: quiet(), Env: noEnv})
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- n.Run(ctx) }()

	send := func(k *account.Key, value ledger.Amount, body ledger.Body) ledger.Outcome {
		t.Helper()
		tx := ledgertest.Stamped(n.Terms(), &ledger.Tx{Value: value, Body: body})
		n.Engine().View(func(s *ledger.State) { tx.Nonce = s.NextNonce(k.Address()) })
		if err := k.SignTx(tx); err != nil {
			t.Fatal(err)
		}
		r, err := n.Engine().Submit(ctx, tx)
		if err != nil || !r.Outcome.OK() {
			t.Fatalf("%s: %v %s", body.Kind(), err, r.Outcome.Err)
		}
		return r.Outcome
	}
	task := send(sponsor, ledger.Ether(100), ledger.PostTask{Title: "Launch note", Spec: "Write a launch note for the Settlement API.",
		Rubric: "The note must be at most 600 characters.", ClosesInS: 3600}).Created
	entry := ledger.EntryID(send(solver, n.Terms().EntryBond, ledger.Submit{Task: ledger.TaskID(task),
		Work: "Settlement API: settle payouts in one call. Send a batch, get a receipt, poll its status."}).Created)
	send(sponsor, ledger.Amount{}, ledger.Grade{Entry: entry})

	var e ledger.EntryView
	deadline := time.Now().Add(30 * time.Second)
	for {
		n.Engine().View(func(s *ledger.State) { e, _ = s.Entry(entry) })
		if e.State != ledger.EntryGrading || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if e.State != ledger.EntryGraded || e.Current == nil {
		t.Fatalf("entry %s after the node ran, want graded", e.State)
	}
	terms := n.Terms()
	if len(e.Current.Agreed) < terms.QuorumSize() || e.Current.Result.Calls[0].Provider != "builtin" {
		t.Fatalf("grade agreed by %d, read by %q; want a quorum of builtin readings", len(e.Current.Agreed), e.Current.Result.Calls[0].Provider)
	}
	st := n.Stats()
	if len(st.Validators) != 4 || st.Height == 0 {
		t.Fatalf("stats %+v", st)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if err := n.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, DBFile)); err != nil {
		t.Fatalf("arena.db: %v", err)
	}
}

// TestOpenRefuses: Open names what is wrong: a bad arena.toml (with the key), a wrong
// passphrase (with the variable it is read from), a validator outside the founding set,
// an unknown reader spec, a hosted reader without its key, a ca_file that is missing or
// holds no certificate.
func TestOpenRefuses(t *testing.T) {
	dir := t.TempDir()
	cfg, err := Init(dir, InitOptions{Validators: 1, LightScrypt: true, Passphrase: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	v := cfg.Validators[0].Address
	open := func(edit func(c *Config), env func(string) string) error {
		c := cfg
		c.Validators = slices.Clone(cfg.Validators)
		if edit != nil {
			edit(&c)
		}
		if err := WriteConfig(dir, c); err != nil {
			t.Fatal(err)
		}
		n, err := Open(dir, OpenOptions{Logger: quiet(), Env: env})
		if err == nil {
			n.Close()
		}
		return err
	}
	pass := func(name string) string {
		if name == "ARENA_PASSPHRASE" {
			return "s3cret"
		}
		return ""
	}
	stranger := newKey(t).Address()
	tests := []struct {
		name string
		edit func(c *Config)
		env  func(string) string
		want string
	}{
		{"wrong passphrase", nil, noEnv,
			"validator key: load key " + v.String() + ": wrong passphrase (the passphrase is read from $ARENA_PASSPHRASE)"},
		{"not a founding validator", func(c *Config) { c.Validators[0].Address = stranger }, pass,
			`arena.toml: key "validator[0].address": ` + stranger.String() + " is not in the founding validator set of genesis.json"},
		{"unknown reader", func(c *Config) { c.Validators[0].Reader = "telepathy:x" }, pass,
			`arena.toml: validator[0] ` + v.String() + `: reader "telepathy:x": `},
		{"hosted reader without a key", func(c *Config) { c.Validators[0].Reader = "anthropic:https://api.anthropic.com#claude" }, pass,
			`arena.toml: validator[0] ` + v.String() + `: reader "anthropic:https://api.anthropic.com#claude": bad reader spec: anthropic needs ARENA_ANTHROPIC_API_KEY or ANTHROPIC_API_KEY unless its URL is a loopback or private address`},
		{"missing ca_file", func(c *Config) { c.Fetch.CAFile = "missing.pem" }, pass,
			`arena.toml: key "fetch.ca_file": open ` + filepath.Join(dir, "missing.pem") + ": "},
		{"ca_file without a certificate", func(c *Config) { c.Fetch.CAFile = "genesis.json" }, pass,
			`arena.toml: key "fetch.ca_file": genesis.json: no PEM certificate found`},
	}
	for _, tc := range tests {
		err := open(tc.edit, tc.env)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: Open error %v\n want prefix %s", tc.name, err, tc.want)
		}
	}
	if err := open(nil, pass); err != nil {
		t.Fatalf("Open with the passphrase: %v", err)
	}
	os.WriteFile(filepath.Join(dir, ConfigFile), []byte("[fetch]\nallow_loopback = \"yes\"\n"), 0o644)
	_, err = Open(dir, OpenOptions{Logger: quiet(), Env: pass})
	want := filepath.Join(dir, ConfigFile) + `: line 2, key "fetch.allow_loopback": incompatible types: TOML value has type string; destination has type boolean`
	if err == nil || err.Error() != want {
		t.Fatalf("Open with a bad arena.toml: %v\n want %s", err, want)
	}
}
