package node

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/arena/arena/bridge"
	"github.com/arena/arena/bridge/evm"
	"github.com/arena/arena/bridge/webhook"
	"github.com/arena/arena/ledger"
)

// BridgeConfig is the [bridge] table: where awards cross once the ledger has made them
// final. With no rpc and no webhook the node carries nothing across.
type BridgeConfig struct {
	// RPC is the EVM JSON-RPC endpoint of the chain that holds the registry named in the
	// founding terms (http, https, ws, wss or an IPC path); empty means no EVM sink.
	RPC string `toml:"rpc"`
	// Operator is the registry's operator: its key must be in the keystore, unlocked by
	// the passphrase in passphrase_env. Required with RPC.
	Operator    ledger.Address  `toml:"operator"`
	ReceiptPoll time.Duration   `toml:"receipt_poll"` // how often to ask for a registry call's receipt
	BackoffBase time.Duration   `toml:"backoff_base"` // the wait after a first failed attempt, doubled after each
	BackoffMax  time.Duration   `toml:"backoff_max"`  // the longest wait between attempts
	Poll        time.Duration   `toml:"poll"`         // how often to look for awards and due retries
	Webhooks    []WebhookConfig `toml:"webhook"`
}

// WebhookConfig is one [[bridge.webhook]] table: a URL every award is POSTed to, signed
// with the HMAC secret held in the environment variable SecretEnv.
type WebhookConfig struct {
	URL       string `toml:"url"`        // http or https
	SecretEnv string `toml:"secret_env"` // environment variable holding the secret, at least 16 bytes
}

// defaultBridge is the [bridge] table's defaults: no sinks, the bridge's own timings.
func defaultBridge() BridgeConfig {
	return BridgeConfig{
		ReceiptPoll: evm.DefaultReceiptPoll, BackoffBase: bridge.DefaultBackoff.Base,
		BackoffMax: bridge.DefaultBackoff.Max, Poll: bridge.DefaultPoll,
	}
}

// validate reports the first invalid value of the table, naming its key.
func (b BridgeConfig) validate() error {
	positive := []struct {
		key string
		d   time.Duration
	}{{"receipt_poll", b.ReceiptPoll}, {"backoff_base", b.BackoffBase}, {"backoff_max", b.BackoffMax}, {"poll", b.Poll}}
	for _, p := range positive {
		if p.d <= 0 {
			return fmt.Errorf(`key "bridge.%s": must be positive, got %s`, p.key, p.d)
		}
	}
	switch {
	case b.BackoffMax < b.BackoffBase:
		return fmt.Errorf(`key "bridge.backoff_max": must be at least bridge.backoff_base (%s), got %s`, b.BackoffBase, b.BackoffMax)
	case b.RPC != "" && !validRPC(b.RPC):
		return fmt.Errorf(`key "bridge.rpc": %q is not an http, https, ws or wss URL or an IPC path`, b.RPC)
	case b.RPC != "" && b.Operator.IsZero():
		return errors.New(`key "bridge.operator": missing: the registry calls are sent from it`)
	}
	return b.validateWebhooks()
}

func (b BridgeConfig) validateWebhooks() error {
	seen := map[string]int{}
	for i, w := range b.Webhooks {
		key := func(k string) string { return fmt.Sprintf("key \"bridge.webhook[%d].%s\"", i, k) }
		endpoint, ok := webhookEndpoint(w.URL)
		switch {
		case !ok:
			return fmt.Errorf("%s: %s", key("url"), notWebhookURL(w.URL))
		case w.SecretEnv == "":
			return fmt.Errorf("%s: must name an environment variable", key("secret_env"))
		}
		if j, dup := seen[endpoint]; dup {
			return fmt.Errorf("%s: the same endpoint as bridge.webhook[%d]", key("url"), j)
		}
		seen[endpoint] = i
	}
	return nil
}

// webhookEndpoint is what names a webhook sink: the URL without credentials or query,
// as package webhook names it. It reports false for a URL the sink would refuse.
func webhookEndpoint(s string) (string, bool) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", false
	}
	return u.Scheme + "://" + u.Host + u.EscapedPath(), true
}

// notWebhookURL says why s, which webhookEndpoint refused, is no webhook URL, quoting
// no credential it may hold: no password, query or fragment, and none of it at all
// when it does not parse.
func notWebhookURL(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "not an absolute http or https URL: " + webhook.Unparsable
	}
	return strconv.Quote(webhook.Redacted(u)) + " is not an absolute http or https URL"
}

// validRPC reports whether s is an endpoint go-ethereum's client dials.
func validRPC(s string) bool {
	if filepath.IsAbs(s) {
		return true
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return false
	}
	switch u.Scheme {
	case "http", "https", "ws", "wss":
		return true
	}
	return false
}

// encode writes the [bridge] table and its webhooks, every key commented.
func (b BridgeConfig) encode(sb *strings.Builder, kv func(key, value, comment string)) {
	sb.WriteString("\n[bridge] # where final awards cross: the EVM registry of genesis.json, webhooks\n")
	kv("rpc", quote(b.RPC), "EVM JSON-RPC URL of the registry's chain; empty: no EVM sink")
	if b.Operator.IsZero() {
		kv("# operator", quote("0x…"), "registry operator, a key in the keystore; required with rpc")
	} else {
		kv("operator", quote(b.Operator.String()), "registry operator, a key in the keystore")
	}
	kv("receipt_poll", duration(b.ReceiptPoll), "how often to ask for a registry call's receipt")
	kv("backoff_base", duration(b.BackoffBase), "wait after a first failed attempt, doubled after each")
	kv("backoff_max", duration(b.BackoffMax), "longest wait between attempts")
	kv("poll", duration(b.Poll), "how often to look for awards and due retries")
	for _, w := range b.Webhooks {
		sb.WriteString("\n[[bridge.webhook]] # every award, won or voided, POSTed and signed\n")
		kv("url", quote(w.URL), "http or https")
		kv("secret_env", quote(w.SecretEnv), "environment variable holding the HMAC secret (16 bytes or more)")
	}
}
