package node

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// Encode returns c as an arena.toml document, every key commented. ParseConfig reads it
// back to c.
func (c Config) Encode() []byte {
	var b strings.Builder
	kv := func(key, value, comment string) { fmt.Fprintf(&b, "%-40s # %s\n", key+" = "+value, comment) }
	b.WriteString("# Arena node configuration. Paths are relative to this directory.\n\n")
	kv("listen", quote(c.Listen), "API address, host:port")
	kv("db", quote(c.DB), "the solo engine's SQLite file")
	kv("keys", quote(c.Keys), "keystore: keystore v3 files, named as geth names them")
	kv("genesis", quote(c.Genesis), "founding terms, fixed when the arena opened")
	kv("passphrase_env", quote(c.PassphraseEnv), "environment variable holding the keystore passphrase")
	kv("log_level", quote(c.LogLevel), "debug, info, warn or error")
	kv("engine", quote(c.Engine), `"solo" (one machine) or "comet" (a CometBFT network)`)
	b.WriteString("\n[api] # what the API admits from one client (its IP; an IPv6 /64)\n")
	kv("rate", fmt.Sprint(c.API.Rate), "POST /v1/tx per second, and uploads apart, refilled continuously; 0 turns the limit off")
	kv("burst", fmt.Sprint(c.API.Burst), "the most sent at once after a pause")
	kv("keep_unfiled", duration(c.API.KeepUnfiled), "uploads no filing names are deleted after this")
	b.WriteString("\n[fetch] # how validators fetch work URLs\n")
	kv("allow_loopback", fmt.Sprint(c.Fetch.AllowLoopback), "allow 127.0.0.0/8 and ::1")
	kv("allow_private", fmt.Sprint(c.Fetch.AllowPrivate), "allow RFC 1918, ULA and CGNAT addresses")
	kv("max_bytes", fmt.Sprint(c.Fetch.MaxBytes), "largest body accepted")
	kv("timeout", duration(c.Fetch.Timeout), "one whole fetch")
	kv("ca_file", quote(c.Fetch.CAFile), "PEM file of a private CA trusted besides the system roots")
	c.Artifacts.encode(&b, kv)
	b.WriteString("\n[solo] # the embedded engine\n")
	kv("max_batch", fmt.Sprint(c.Solo.MaxBatch), "most transactions per block")
	kv("max_wait", duration(c.Solo.MaxWait), "how long an anchoring block waits for a transaction before it is made empty")
	kv("checkpoint_every", fmt.Sprint(c.Solo.CheckpointEvery), "blocks between full checkpoints")
	b.WriteString("\n[comet] # the CometBFT node, when engine = \"comet\"\n")
	kv("home", quote(c.Comet.Home), "CometBFT home: config/config.toml, config/genesis.json, keys, data/")
	kv("checkpoint_every", fmt.Sprint(c.Comet.CheckpointEvery), "blocks between full checkpoints")
	c.encodeSync(&b, kv)
	c.encodePruning(&b, kv)
	c.Bridge.encode(&b, kv)
	for _, v := range c.Validators {
		b.WriteString("\n[[validator]] # a local validator key and its models\n")
		kv("address", quote(v.Address.String()), "in genesis.json and in the keystore")
		kv("reader", quote(v.Reader), "builtin, replay:FILE, openai:URL#model, ollama:URL#model, anthropic:URL#model")
		if v.Compiler != "" {
			kv("compiler", quote(v.Compiler), "rubric compiler; the reader's model when absent")
		}
		kv("concurrency", fmt.Sprint(v.Concurrency), "pipeline runs in flight")
		kv("run_timeout", duration(v.RunTimeout), "one pipeline run")
	}
	for _, o := range c.Operators {
		b.WriteString("\n[[operator]] # a local agent-match operator key and the models it serves agents from\n")
		kv("address", quote(o.Address.String()), "in genesis.json's operators and in the keystore")
		kv("reader", quote(o.Reader), "serves every agent model the models table does not name")
		kv("call_timeout", duration(o.CallTimeout), "one agent's model call; past it the agent defends")
		kv("bet_window", duration(o.BetWindow), "each turn stays open for bets this long once it can be committed")
		if len(o.Models) > 0 {
			b.WriteString("[operator.models] # reader spec by agent model name\n")
			for _, m := range slices.Sorted(maps.Keys(o.Models)) {
				fmt.Fprintf(&b, "%s = %s\n", quote(m), quote(o.Models[m]))
			}
		}
	}
	return []byte(b.String())
}

// quote returns s as a TOML basic string.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func duration(d time.Duration) string { return quote(d.String()) }
