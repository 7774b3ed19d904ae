package node

import (
	"fmt"
	"strings"
	"time"
)

// Encode returns c as an arena.toml document, every key commented. ParseConfig reads it
// back to c.
func (c Config) Encode() []byte {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	p("# Arena node configuration. Paths are relative to this directory.\n\n")
	p("listen = %s          # API address, host:port\n", quote(c.Listen))
	p("db = %s              # the solo engine's SQLite file\n", quote(c.DB))
	p("keys = %s            # keystore (keystore v3 files, geth naming)\n", quote(c.Keys))
	p("genesis = %s         # founding terms, fixed when the arena opened\n", quote(c.Genesis))
	p("passphrase_env = %s  # environment variable holding the keystore passphrase\n", quote(c.PassphraseEnv))
	p("log_level = %s       # debug, info, warn or error\n\n", quote(c.LogLevel))
	p("[fetch] # how validators fetch work URLs\n")
	p("allow_loopback = %t  # allow 127.0.0.0/8 and ::1\n", c.Fetch.AllowLoopback)
	p("allow_private = %t   # allow RFC 1918, ULA and CGNAT addresses\n", c.Fetch.AllowPrivate)
	p("max_bytes = %d       # largest body accepted\n", c.Fetch.MaxBytes)
	p("timeout = %s         # one whole fetch\n\n", duration(c.Fetch.Timeout))
	p("[solo] # the embedded engine\n")
	p("max_batch = %d       # most transactions per block\n", c.Solo.MaxBatch)
	p("max_wait = %s        # longest a block waits after its first transaction\n", duration(c.Solo.MaxWait))
	p("checkpoint_every = %d # blocks between full checkpoints\n", c.Solo.CheckpointEvery)
	for _, v := range c.Validators {
		p("\n[[validator]] # a local validator key and its models\n")
		p("address = %s\n", quote(v.Address.String()))
		p("reader = %s  # builtin, replay:FILE, openai:URL#model, ollama:URL#model, anthropic:URL#model\n", quote(v.Reader))
		if v.Compiler != "" {
			p("compiler = %s  # rubric compiler; the reader's model when absent\n", quote(v.Compiler))
		}
		p("concurrency = %d  # pipeline runs in flight\n", v.Concurrency)
		p("run_timeout = %s  # one pipeline run\n", duration(v.RunTimeout))
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
