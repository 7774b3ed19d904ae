package node

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/bridge"
	"github.com/arena/arena/bridge/evm"
	"github.com/arena/arena/ledger"
)

// TestABadBridgeTableNamesTheKey: the [bridge] table is validated like every other, and
// each refusal names the key: timings that are not positive, a backoff whose cap is
// below its base, an rpc that is no endpoint or has no operator, a webhook that is not
// http(s) (quoted without its password, query or fragment, and not at all when it does
// not parse), has no secret variable, or repeats another's endpoint.
func TestABadBridgeTableNamesTheKey(t *testing.T) {
	const op = "operator = \"0x2c7536E3605D9C16a7a3D7b1898e529396a65c23\"\n"
	hook := func(url, env string) string {
		return "[[bridge.webhook]]\nurl = \"" + url + "\"\nsecret_env = \"" + env + "\"\n"
	}
	tests := []struct {
		toml string
		want string
	}{
		{"[bridge]\npoll = \"0s\"\n", `arena.toml: key "bridge.poll": must be positive, got 0s`},
		{"[bridge]\nreceipt_poll = \"-1s\"\n", `arena.toml: key "bridge.receipt_poll": must be positive, got -1s`},
		{"[bridge]\nbackoff_base = \"0s\"\n", `arena.toml: key "bridge.backoff_base": must be positive, got 0s`},
		{"[bridge]\nbackoff_base = \"10s\"\nbackoff_max = \"2s\"\n",
			`arena.toml: key "bridge.backoff_max": must be at least bridge.backoff_base (10s), got 2s`},
		{"[bridge]\nbackoff_max = \"soon\"\n", `arena.toml: line 2, key "bridge.backoff_max": invalid duration: "soon"`},
		{"[bridge]\nrpc = \"localhost:8545\"\n" + op,
			`arena.toml: key "bridge.rpc": "localhost:8545" is not an http, https, ws or wss URL or an IPC path`},
		{"[bridge]\nrpc = \"ftp://x/y\"\n" + op, `arena.toml: key "bridge.rpc": "ftp://x/y" is not an http, https, ws or wss URL or an IPC path`},
		{"[bridge]\nrpc = \"http://127.0.0.1:8545\"\n", `arena.toml: key "bridge.operator": missing: the registry calls are sent from it`},
		{"[bridge]\noperator = \"0x12\"\n", `arena.toml: line 2, key "bridge.operator": address must be 0x followed by 40 hex digits: "0x12"`},
		{"[bridge]\nrcp = \"http://x\"\n", `arena.toml: unknown key "bridge.rcp"`},
		{hook("hooks.example/arena", "S"), `arena.toml: key "bridge.webhook[0].url": "hooks.example/arena" is not an absolute http or https URL`},
		{hook("ftp://u:pw@hooks.example/a?token=t#f", "S"),
			`arena.toml: key "bridge.webhook[0].url": "ftp://u:xxxxx@hooks.example/a" is not an absolute http or https URL`},
		{hook("http://u:pw@%zz/a?token=t", "S"),
			`arena.toml: key "bridge.webhook[0].url": not an absolute http or https URL: unparsable URL`},
		{hook("https://hooks.example/arena", ""), `arena.toml: key "bridge.webhook[0].secret_env": must name an environment variable`},
		{hook("https://hooks.example/a", "S") + hook("https://hooks.example/a?x=1", "T"),
			`arena.toml: key "bridge.webhook[1].url": the same endpoint as bridge.webhook[0]`},
		{"[[bridge.webhook]]\nurl = \"https://h/a\"\nsecret = \"s\"\n", `arena.toml: unknown key "bridge.webhook.secret"`},
	}
	for _, tc := range tests {
		_, err := ParseConfig("arena.toml", []byte(tc.toml))
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseConfig(%q)\n error %v\n want  %s", tc.toml, err, tc.want)
		}
	}
}

// TestTheBridgeDefaultsAreTheBridgesOwn: an absent [bridge] table names no sink and
// takes the timings package bridge and its EVM sink default to.
func TestTheBridgeDefaultsAreTheBridgesOwn(t *testing.T) {
	c, err := ParseConfig("arena.toml", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := BridgeConfig{ReceiptPoll: evm.DefaultReceiptPoll, BackoffBase: bridge.DefaultBackoff.Base,
		BackoffMax: bridge.DefaultBackoff.Max, Poll: bridge.DefaultPoll}
	if diff := cmp.Diff(want, c.Bridge); diff != "" {
		t.Fatalf("[bridge] defaults (-want +got):\n%s", diff)
	}
}

// TestABridgeTableReadsBack: a [bridge] table with an EVM endpoint, its operator and
// two webhooks encodes, with its comments, to a file that parses back to it.
func TestABridgeTableReadsBack(t *testing.T) {
	c := DefaultConfig()
	c.Bridge = BridgeConfig{
		RPC: "ws://127.0.0.1:8546", Operator: ledger.MustAddress("0x2c7536E3605D9C16a7a3D7b1898e529396a65c23"),
		ReceiptPoll: 250 * time.Millisecond, BackoffBase: 3 * time.Second, BackoffMax: time.Hour, Poll: 5 * time.Second,
		Webhooks: []WebhookConfig{
			{URL: "https://hooks.example/arena?token=a\"b", SecretEnv: "HOOK_A"},
			{URL: "http://127.0.0.1:9000/awards", SecretEnv: "HOOK_B"},
		},
	}
	got, err := ParseConfig("arena.toml", c.Encode())
	if err != nil {
		t.Fatalf("ParseConfig: %v\n%s", err, c.Encode())
	}
	if diff := cmp.Diff(c, got); diff != "" {
		t.Fatalf("round trip (-want +got):\n%s", diff)
	}
}
