package node

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"github.com/arena/arena/ledger"
)

// The files of an arena directory.
const (
	ConfigFile  = "arena.toml"   // the node's configuration
	GenesisFile = "genesis.json" // the founding terms, ledger.Terms as JSON
	KeysDir     = "keys"         // the keystore: validator keys and user keys
	DBFile      = "arena.db"     // the SQLite file of the solo engine
)

// Config is a node's configuration, read from DIR/arena.toml. Paths are relative to the
// arena directory unless absolute. Every default lives in DefaultConfig.
type Config struct {
	Listen        string            `toml:"listen"`         // API address, host:port
	DB            string            `toml:"db"`             // the SQLite file
	Keys          string            `toml:"keys"`           // the keystore directory
	Genesis       string            `toml:"genesis"`        // the founding terms
	PassphraseEnv string            `toml:"passphrase_env"` // environment variable holding the keystore passphrase
	LogLevel      string            `toml:"log_level"`      // debug, info, warn or error
	Engine        string            `toml:"engine"`         // EngineSolo or EngineComet
	API           APIConfig         `toml:"api"`
	Fetch         FetchConfig       `toml:"fetch"`
	Artifacts     ArtifactsConfig   `toml:"artifacts"`
	Solo          SoloConfig        `toml:"solo"`
	Comet         CometConfig       `toml:"comet"`
	Snapshots     SnapshotsConfig   `toml:"snapshots"`
	StateSync     StateSyncConfig   `toml:"statesync"`
	Pruning       PruningConfig     `toml:"pruning"`
	Bridge        BridgeConfig      `toml:"bridge"`
	Validators    []ValidatorConfig `toml:"validator"`
	Operators     []OperatorConfig  `toml:"operator"`
}

// ValidatorConfig is one [[validator]] table: a local validator key and the models its
// pipeline uses.
type ValidatorConfig struct {
	Address     ledger.Address `toml:"address"`     // must be in the founding validator set and the keystore
	Reader      string         `toml:"reader"`      // reader spec, e.g. "builtin", "openai:URL#model"
	Compiler    string         `toml:"compiler"`    // rubric compiler spec; empty means the reader's model
	Concurrency int            `toml:"concurrency"` // pipeline runs in flight
	RunTimeout  time.Duration  `toml:"run_timeout"` // one pipeline run, e.g. "90s"
}

// OperatorConfig is one [[operator]] table: a local agent-match operator key (one of
// the founding terms' operators) and the models it serves the agents from. An agent's
// model is served by the reader spec Models names for it, and by Reader when Models
// names none.
type OperatorConfig struct {
	Address     ledger.Address    `toml:"address"`      // must be in the founding operator set and the keystore
	Reader      string            `toml:"reader"`       // reader spec serving every agent model Models does not name
	Models      map[string]string `toml:"models"`       // reader spec by agent model name
	CallTimeout time.Duration     `toml:"call_timeout"` // one agent's model call; past it the agent defends (timeout)
	BetWindow   time.Duration     `toml:"bet_window"`   // how long each turn stays open for bets once it can be committed
}

// APIConfig is the [api] table: what the API admits from one client, and how long it
// keeps bytes no filing names.
type APIConfig struct {
	Rate  float64 `toml:"rate"`  // POST /v1/tx per second per client IP (IPv6: per /64), and uploads apart; 0 turns the limit off
	Burst int     `toml:"burst"` // the most one client may send at once after a pause
	// KeepUnfiled is how long uploads (PUT /v1/work, PUT /v1/blobs) are kept while no
	// filing names them; then the node deletes them.
	KeepUnfiled time.Duration `toml:"keep_unfiled"`
}

// DefaultKeepUnfiled is the [api] table's keep_unfiled: a day, time to file what was
// uploaded first.
const DefaultKeepUnfiled = 24 * time.Hour

// FetchConfig is the [fetch] table: how validators fetch work URLs.
type FetchConfig struct {
	AllowLoopback bool          `toml:"allow_loopback"` // allow 127.0.0.0/8 and ::1
	AllowPrivate  bool          `toml:"allow_private"`  // allow RFC 1918, ULA and CGNAT addresses
	MaxBytes      int64         `toml:"max_bytes"`      // largest body accepted
	Timeout       time.Duration `toml:"timeout"`        // one whole fetch, e.g. "10s"
	CAFile        string        `toml:"ca_file"`        // PEM file of CAs trusted besides the system roots; "" for none
}

// SoloConfig is the [solo] table: the embedded engine's batching.
type SoloConfig struct {
	MaxBatch        int           `toml:"max_batch"`        // most transactions per block
	MaxWait         time.Duration `toml:"max_wait"`         // how long an anchoring block waits for a transaction
	CheckpointEvery int           `toml:"checkpoint_every"` // blocks between full checkpoints
}

// CometConfig is the [comet] table: a node of a CometBFT network.
type CometConfig struct {
	Home            string `toml:"home"`             // the CometBFT home: config/ (config.toml, genesis.json, keys) and data/
	CheckpointEvery int    `toml:"checkpoint_every"` // blocks between full checkpoints
}

// The ordering engines a node runs.
const (
	EngineSolo  = "solo"  // one sequencer in this process, the default
	EngineComet = "comet" // a CometBFT node in this process, one of a network
)

// Defaults of a validator table.
const (
	DefaultReader      = "builtin"
	DefaultConcurrency = 2
	DefaultRunTimeout  = 90 * time.Second
	DefaultListen      = "127.0.0.1:7545"
	DefaultPassEnv     = "ARENA_PASSPHRASE"
	DefaultCallTimeout = 60 * time.Second // an operator's model call
)

// DefaultConfig returns the configuration every field of arena.toml defaults to.
func DefaultConfig() Config {
	return Config{
		Listen:        DefaultListen,
		DB:            DBFile,
		Keys:          KeysDir,
		Genesis:       GenesisFile,
		PassphraseEnv: DefaultPassEnv,
		LogLevel:      "info",
		Engine:        EngineSolo,
		API:           APIConfig{Rate: 20, Burst: 40, KeepUnfiled: DefaultKeepUnfiled},
		Comet:         CometConfig{Home: ".", CheckpointEvery: 100},
		Fetch:         FetchConfig{MaxBytes: 512 << 10, Timeout: 10 * time.Second},
		Artifacts:     ArtifactsConfig{Timeout: DefaultPeerTimeout},
		Solo:          SoloConfig{MaxBatch: 1000, MaxWait: 2 * time.Millisecond, CheckpointEvery: 100},
		Bridge:        defaultBridge(),
	}
}

// withValidatorDefaults fills the zero fields of v.
func (v ValidatorConfig) withDefaults() ValidatorConfig {
	if v.Reader == "" {
		v.Reader = DefaultReader
	}
	if v.Concurrency == 0 {
		v.Concurrency = DefaultConcurrency
	}
	if v.RunTimeout == 0 {
		v.RunTimeout = DefaultRunTimeout
	}
	return v
}

// withDefaults fills the zero fields of o.
func (o OperatorConfig) withDefaults() OperatorConfig {
	if o.Reader == "" {
		o.Reader = DefaultReader
	}
	if o.CallTimeout == 0 {
		o.CallTimeout = DefaultCallTimeout
	}
	return o
}

// LoadConfig reads DIR/arena.toml over DefaultConfig. An unknown key, a value of the
// wrong type or an invalid value is an error naming the file and the key.
func LoadConfig(dir string) (Config, error) {
	path := filepath.Join(dir, ConfigFile)
	b, err := os.ReadFile(path)
	if err != nil {
		return Config{}, fmt.Errorf("read config: %w", err)
	}
	return ParseConfig(path, b)
}

// ParseConfig decodes the TOML b (named name in errors) over DefaultConfig, fills the
// validator defaults and validates the result.
func ParseConfig(name string, b []byte) (Config, error) {
	c := DefaultConfig()
	md, err := toml.NewDecoder(bytes.NewReader(b)).Decode(&c)
	if err != nil {
		return Config{}, fmt.Errorf("%s: %w", name, decodeErr(err))
	}
	if un := md.Undecoded(); len(un) > 0 {
		return Config{}, fmt.Errorf("%s: unknown key %q", name, un[0].String())
	}
	for i := range c.Validators {
		c.Validators[i] = c.Validators[i].withDefaults()
	}
	for i := range c.Operators {
		c.Operators[i] = c.Operators[i].withDefaults()
	}
	if err := c.Validate(); err != nil {
		return Config{}, fmt.Errorf("%s: %w", name, err)
	}
	return c, nil
}

// tomlTypeErr matches the decoder's type-mismatch errors, which are not ParseErrors.
var tomlTypeErr = regexp.MustCompile(`^toml: line (\d+) \(last key "(.*)"\): (.*)$`)

// decodeErr turns a TOML parse error into "line N, key K: what".
func decodeErr(err error) error {
	var pe toml.ParseError
	if pp := (*toml.ParseError)(nil); errors.As(err, &pp) {
		pe = *pp
	} else if !errors.As(err, &pe) {
		if m := tomlTypeErr.FindStringSubmatch(err.Error()); m != nil {
			return fmt.Errorf("line %s, key %q: %s", m[1], m[2], m[3])
		}
		return err
	}
	if pe.LastKey != "" {
		return fmt.Errorf("line %d, key %q: %s", pe.Position.Line, pe.LastKey, pe.Message)
	}
	return fmt.Errorf("line %d: %s", pe.Position.Line, pe.Message)
}

// Validate reports the first invalid value, naming its key.
func (c Config) Validate() error {
	switch {
	case c.Listen == "":
		return errors.New(`key "listen": must be host:port`)
	case c.DB == "":
		return errors.New(`key "db": must name a file`)
	case c.Keys == "":
		return errors.New(`key "keys": must name a directory`)
	case c.Genesis == "":
		return errors.New(`key "genesis": must name a file`)
	case c.PassphraseEnv == "":
		return errors.New(`key "passphrase_env": must name an environment variable`)
	case !validLevel(c.LogLevel):
		return fmt.Errorf(`key "log_level": %q is not debug, info, warn or error`, c.LogLevel)
	case c.Engine != EngineSolo && c.Engine != EngineComet:
		return fmt.Errorf(`key "engine": %q is not %q or %q`, c.Engine, EngineSolo, EngineComet)
	case c.Engine == EngineComet && c.Comet.Home == "":
		return errors.New(`key "comet.home": must name a directory`)
	case c.Comet.CheckpointEvery < 0:
		return errors.New(`key "comet.checkpoint_every": cannot be negative`)
	case c.API.Rate < 0:
		return errors.New(`key "api.rate": cannot be negative`)
	case c.API.Rate > 0 && c.API.Burst < 1:
		return errors.New(`key "api.burst": must be at least 1 when api.rate is set`)
	case c.API.KeepUnfiled <= 0:
		return errors.New(`key "api.keep_unfiled": must be a positive duration`)
	case c.Fetch.MaxBytes < 0:
		return errors.New(`key "fetch.max_bytes": cannot be negative`)
	case c.Fetch.Timeout < 0:
		return errors.New(`key "fetch.timeout": cannot be negative`)
	case c.Solo.MaxBatch < 0:
		return errors.New(`key "solo.max_batch": cannot be negative`)
	case c.Solo.MaxWait < 0:
		return errors.New(`key "solo.max_wait": cannot be negative`)
	case c.Solo.CheckpointEvery < 0:
		return errors.New(`key "solo.checkpoint_every": cannot be negative`)
	}
	if err := c.validateSync(); err != nil {
		return err
	}
	if err := c.validatePruning(); err != nil {
		return err
	}
	if err := c.Bridge.validate(); err != nil {
		return err
	}
	if err := c.Artifacts.validate(); err != nil {
		return err
	}
	if err := c.validateValidators(); err != nil {
		return err
	}
	return c.validateOperators()
}

func (c Config) validateOperators() error {
	seen := map[ledger.Address]bool{}
	for i, o := range c.Operators {
		key := func(k string) string { return fmt.Sprintf("key \"operator[%d].%s\"", i, k) }
		switch {
		case o.Address.IsZero():
			return fmt.Errorf("%s: missing", key("address"))
		case seen[o.Address]:
			return fmt.Errorf("%s: %s is listed twice", key("address"), o.Address)
		case o.Reader == "":
			return fmt.Errorf("%s: missing", key("reader"))
		case o.CallTimeout < time.Second:
			return fmt.Errorf("%s: must be at least 1s, got %s", key("call_timeout"), o.CallTimeout)
		case o.BetWindow < 0:
			return fmt.Errorf("%s: cannot be negative", key("bet_window"))
		}
		for _, m := range slices.Sorted(maps.Keys(o.Models)) {
			if o.Models[m] == "" {
				return fmt.Errorf("%s: model %q has no reader spec", key("models"), m)
			}
		}
		seen[o.Address] = true
	}
	return nil
}

func (c Config) validateValidators() error {
	seen := map[ledger.Address]bool{}
	for i, v := range c.Validators {
		key := func(k string) string { return fmt.Sprintf("key \"validator[%d].%s\"", i, k) }
		switch {
		case v.Address.IsZero():
			return fmt.Errorf("%s: missing", key("address"))
		case seen[v.Address]:
			return fmt.Errorf("%s: %s is listed twice", key("address"), v.Address)
		case v.Reader == "":
			return fmt.Errorf("%s: missing", key("reader"))
		case v.Concurrency < 0:
			return fmt.Errorf("%s: cannot be negative", key("concurrency"))
		case v.RunTimeout < time.Second:
			return fmt.Errorf("%s: must be at least 1s, got %s", key("run_timeout"), v.RunTimeout)
		}
		seen[v.Address] = true
	}
	return nil
}

func validLevel(l string) bool {
	switch strings.ToLower(l) {
	case "debug", "info", "warn", "error":
		return true
	}
	return false
}

// path resolves p against the arena directory.
func path(dir, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}
