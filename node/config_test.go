package node

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger"
)

// TestABadConfigNamesTheKey: a bad arena.toml is refused with an error that names the
// file and the key, for unknown keys, wrong types, bad values and invalid settings.
func TestABadConfigNamesTheKey(t *testing.T) {
	const addr = "0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"
	tests := []struct {
		toml string
		want string
	}{
		{"listen = 5\n", `arena.toml: line 1, key "listen": incompatible types: TOML value has type int64; destination has type string`},
		{"lissen = \"x\"\n", `arena.toml: unknown key "lissen"`},
		{"[fetch]\ntimeout = \"10 parsecs\"\n", `arena.toml: line 2, key "fetch.timeout": invalid duration: "10 parsecs"`},
		{"[fetch]\nmax_bytes = -1\n", `arena.toml: key "fetch.max_bytes": cannot be negative`},
		{"[solo]\nmax_batch = \"x\"\n", `arena.toml: line 2, key "solo.max_batch": incompatible types: TOML value has type string; destination has type integer`},
		{"[solo]\nmax_wait = \"-1s\"\n", `arena.toml: key "solo.max_wait": cannot be negative`},
		{"log_level = \"loud\"\n", `arena.toml: key "log_level": "loud" is not debug, info, warn or error`},
		{"passphrase_env = \"\"\n", `arena.toml: key "passphrase_env": must name an environment variable`},
		{"[[validator]]\naddress = \"0x12\"\n", `arena.toml: line 2, key "validator.address": address must be 0x followed by 40 hex digits: "0x12"`},
		{"[[validator]]\nreadr = \"builtin\"\n", `arena.toml: unknown key "validator.readr"`},
		{"[[validator]]\nreader = \"builtin\"\n", `arena.toml: key "validator[0].address": missing`},
		{"[[validator]]\naddress = \"" + addr + "\"\n[[validator]]\naddress = \"" + addr + "\"\n",
			`arena.toml: key "validator[1].address": ` + addr + ` is listed twice`},
		{"[[validator]]\naddress = \"" + addr + "\"\nconcurrency = -2\n", `arena.toml: key "validator[0].concurrency": cannot be negative`},
		{"[[validator]]\naddress = \"" + addr + "\"\nrun_timeout = 30\n", `arena.toml: key "validator[0].run_timeout": must be at least 1s, got 30ns`},
		{"listen = \n", `arena.toml: line 1, key "listen": expected value but found '\n' instead`},
		{"[api]\nrate = -1\n", `arena.toml: key "api.rate": cannot be negative`},
		{"[api]\nrate = 5\nburst = 0\n", `arena.toml: key "api.burst": must be at least 1 when api.rate is set`},
		{"[api]\nkeep_unfiled = \"0s\"\n", `arena.toml: key "api.keep_unfiled": must be a positive duration`},
		{"[[operator]]\nreader = \"builtin\"\n", `arena.toml: key "operator[0].address": missing`},
		{"[[operator]]\naddress = \"" + addr + "\"\ncall_timeout = \"10ms\"\n", `arena.toml: key "operator[0].call_timeout": must be at least 1s, got 10ms`},
		{"[[operator]]\naddress = \"" + addr + "\"\nbet_window = \"-1s\"\n", `arena.toml: key "operator[0].bet_window": cannot be negative`},
		{"[[operator]]\naddress = \"" + addr + "\"\n[operator.models]\nm = \"\"\n", `arena.toml: key "operator[0].models": model "m" has no reader spec`},
		{"[[operator]]\naddress = \"" + addr + "\"\nreadr = \"builtin\"\n", `arena.toml: unknown key "operator.readr"`},
		{"[artifacts]\npeers = [\"http://10.0.0.2:7545\", \"10.0.0.3:7545\"]\n", `arena.toml: key "artifacts.peers[1]": "10.0.0.3:7545" is not an http or https base URL`},
		{"[artifacts]\npeers = [\"ftp://10.0.0.2\"]\n", `arena.toml: key "artifacts.peers[0]": "ftp://10.0.0.2" is not an http or https base URL`},
		{"[artifacts]\ntimeout = \"-1s\"\n", `arena.toml: key "artifacts.timeout": cannot be negative`},
		{"[artifacts]\npeers = \"http://10.0.0.2:7545\"\n", `arena.toml: line 2, key "artifacts.peers": incompatible types: TOML value has type string; destination has type slice`},
		{"[api]\nrate = \"fast\"\n", `arena.toml: line 2, key "api.rate": incompatible types: TOML value has type string; destination has type float`},
		{"[snapshots]\ninterval = 100\n", `arena.toml: key "snapshots.interval": only engine = "comet" makes snapshots`},
		{"[snapshots]\ninterval = -1\n", `arena.toml: key "snapshots.interval": cannot be negative`},
		{"[statesync]\nenable = true\n", `arena.toml: key "statesync.enable": only engine = "comet" syncs state`},
		{"engine = \"comet\"\n[statesync]\nenable = true\nrpc_servers = [\"tcp://127.0.0.1:26657\"]\n",
			`arena.toml: key "statesync.rpc_servers": must name at least two RPC servers (the same one twice is accepted)`},
		{"engine = \"comet\"\n[statesync]\nenable = true\nrpc_servers = [\"tcp://a:1\", \"tcp://b:1\"]\n",
			`arena.toml: key "statesync.trust_height": must be a positive height`},
		{"engine = \"comet\"\n[statesync]\nenable = true\nrpc_servers = [\"tcp://a:1\", \"tcp://b:1\"]\ntrust_height = 5\ntrust_hash = \"abc\"\n",
			`arena.toml: key "statesync.trust_hash": "abc" is not a header hash of 64 hex digits`},
		{"engine = \"comet\"\n[statesync]\nenable = true\nrpc_servers = [\"tcp://a:1\", \"tcp://b:1\"]\ntrust_height = 5\ntrust_period = \"-1h\"\n",
			`arena.toml: key "statesync.trust_period": cannot be negative`},
		{"[statesync]\ntrust_hieght = 5\n", `arena.toml: unknown key "statesync.trust_hieght"`},
		{"[pruning]\nkeep_blocks = 1000\n", `arena.toml: key "pruning.keep_blocks": only engine = "comet" prunes: the solo engine's log is the arena's only record, which no peer holds`},
		{"engine = \"comet\"\n[pruning]\nkeep_blocks = -1\n", `arena.toml: key "pruning.keep_blocks": cannot be negative`},
		{"engine = \"comet\"\n[pruning]\nkeep_blocks = 1000\n",
			`arena.toml: key "pruning.keep_blocks": needs [snapshots] interval > 0: a pruned node restarts from its own snapshot, and a new node can join it only by state sync`},
	}
	for _, tc := range tests {
		_, err := ParseConfig("arena.toml", []byte(tc.toml))
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseConfig(%q)\n error %v\n want  %s", tc.toml, err, tc.want)
		}
	}
}

// TestAnEmptyConfigIsTheDefaults: STYLE.md, "configuration in one struct with defaults
// in one place". An empty file decodes to DefaultConfig, and a validator table to its
// defaults.
func TestAnEmptyConfigIsTheDefaults(t *testing.T) {
	c, err := ParseConfig("arena.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(DefaultConfig(), c); diff != "" {
		t.Fatalf("empty config (-want +got):\n%s", diff)
	}
	c, err = ParseConfig("arena.toml", []byte("[[validator]]\naddress = \"0x2c7536e3605d9c16a7a3d7b1898e529396a65c23\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := []ValidatorConfig{{Address: ledger.MustAddress("0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"),
		Reader: DefaultReader, Concurrency: DefaultConcurrency, RunTimeout: DefaultRunTimeout}}
	if diff := cmp.Diff(want, c.Validators); diff != "" {
		t.Fatalf("validator defaults (-want +got):\n%s", diff)
	}
	c, err = ParseConfig("arena.toml", []byte("[[operator]]\naddress = \"0x2c7536e3605d9c16a7a3d7b1898e529396a65c23\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	wantOp := []OperatorConfig{{Address: ledger.MustAddress("0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"),
		Reader: DefaultReader, CallTimeout: DefaultCallTimeout}}
	if diff := cmp.Diff(wantOp, c.Operators); diff != "" {
		t.Fatalf("operator defaults (-want +got):\n%s", diff)
	}
}

// TestEncodedConfigReadsBack: the file Init writes, with its comments, parses back to
// the same Config.
func TestEncodedConfigReadsBack(t *testing.T) {
	c := DefaultConfig()
	c.Listen = "127.0.0.1:0"
	c.LogLevel = "debug"
	c.Fetch = FetchConfig{AllowLoopback: true, AllowPrivate: true, MaxBytes: 1024, Timeout: 3 * time.Second}
	c.Solo = SoloConfig{MaxBatch: 10, MaxWait: time.Millisecond, CheckpointEvery: 7}
	c.API = APIConfig{Rate: 2.5, Burst: 9, KeepUnfiled: 90 * time.Minute}
	c.Engine = EngineComet
	c.Snapshots = SnapshotsConfig{Interval: 500, Dir: "snaps"}
	c.Pruning = PruningConfig{KeepBlocks: 100_000}
	c.StateSync = StateSyncConfig{Enable: true, RPCServers: []string{"tcp://10.0.0.1:26657", `tcp://"odd":1`},
		TrustHeight: 1200, TrustHash: strings.Repeat("ab", 32), TrustPeriod: 72 * time.Hour}
	c.Validators = []ValidatorConfig{
		{Address: ledger.MustAddress("0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"), Reader: `openai:http://127.0.0.1:8080/v1#qwen "3"`,
			Compiler: "builtin", Concurrency: 3, RunTimeout: time.Minute},
		{Address: ledger.MustAddress("0x0000000000000000000000000000000000000001"), Reader: "builtin", Concurrency: 1, RunTimeout: time.Second},
	}
	c.Operators = []OperatorConfig{
		{Address: ledger.MustAddress("0x0000000000000000000000000000000000000002"), Reader: "builtin", CallTimeout: time.Minute},
		{Address: ledger.MustAddress("0x0000000000000000000000000000000000000003"), Reader: "ollama:http://127.0.0.1:11434#llama3.2",
			Models:      map[string]string{"gpt-4o": "openai:https://api.openai.com/v1#gpt-4o", `odd "name"`: "builtin"},
			CallTimeout: 20 * time.Second, BetWindow: 30 * time.Second},
	}
	dir := t.TempDir()
	if err := WriteConfig(dir, c); err != nil {
		t.Fatal(err)
	}
	got, err := LoadConfig(dir)
	if err != nil {
		b, _ := os.ReadFile(filepath.Join(dir, ConfigFile))
		t.Fatalf("LoadConfig: %v\n%s", err, b)
	}
	if diff := cmp.Diff(c, got); diff != "" {
		t.Fatalf("round trip (-want +got):\n%s", diff)
	}
}

// TestChainID: the chain id is "arena-" and the name's slug, within the ledger's limit.
func TestChainID(t *testing.T) {
	long := "a very long arena name that goes on and on past every reasonable limit of length"
	tests := []struct{ in, want string }{
		{"Proving Ground", "arena-proving-ground"},
		{"  Bounties & Tenders!! 2026 ", "arena-bounties-tenders-2026"},
		{"---", "arena-local"},
		{"", "arena-local"},
		{long, "arena-a-very-long-arena-name-that-goes-on-and-on-past-every"},
	}
	for _, tc := range tests {
		got := ChainID(tc.in)
		if got != tc.want || len(got) > ledger.MaxChainLen {
			t.Errorf("ChainID(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzParseConfig: ParseConfig never panics, and whatever it accepts encodes to a file
// it reads back unchanged.
func FuzzParseConfig(f *testing.F) {
	f.Add([]byte("listen = \"x:1\"\n[fetch]\ntimeout = \"1s\"\n"))
	f.Add([]byte("[[validator]]\naddress = \"0x2c7536e3605d9c16a7a3d7b1898e529396a65c23\"\nreader = \"replay:a b\\\"c\"\n"))
	f.Add(DefaultConfig().Encode())
	f.Add([]byte("[bridge]\nrpc = \"http://127.0.0.1:8545\"\noperator = \"0x2c7536e3605d9c16a7a3d7b1898e529396a65c23\"\n" +
		"[[bridge.webhook]]\nurl = \"https://h.example/a?k=1\"\nsecret_env = \"S\"\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := ParseConfig("f.toml", b)
		if err != nil {
			return
		}
		again, err := ParseConfig("f.toml", c.Encode())
		if err != nil {
			t.Fatalf("re-parse of the encoded config: %v\n%s", err, c.Encode())
		}
		if diff := cmp.Diff(c, again); diff != "" {
			t.Fatalf("round trip (-want +got):\n%s", diff)
		}
	})
}

// The [artifacts] section says what the node asks whatever its peers list names: the
// API of every founding join, after the peers it names, so an empty list is not "this
// node's store only".
func TestTheArtifactPeersCommentSaysTheJoinsAreAsked(t *testing.T) {
	for _, tc := range []struct {
		peers []string
		line  string
	}{
		{nil, `# peers = ["http://10.0.0.2:7545"]       # the other nodes' API base URLs; none: the API of every founding join is asked all the same`},
		{[]string{"http://10.0.0.3:7545"}, `peers = ["http://10.0.0.3:7545"]         # the other nodes' API base URLs, asked before the API of every founding join, which is always asked`},
	} {
		c := DefaultConfig()
		c.Artifacts.Peers = tc.peers
		if enc := string(c.Encode()); !strings.Contains(enc, "\n"+tc.line+"\n") {
			t.Errorf("no line %q in\n%s", tc.line, enc)
		}
	}
}
