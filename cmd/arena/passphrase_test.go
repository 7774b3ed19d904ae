package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arena/arena/node"
)

// TestPassphraseFollowsArenaToml: arena.toml's passphrase_env names "environment
// variable holding the keystore passphrase", and the verbs read the keystore with the
// passphrase from that variable, as the node does, not always from $ARENA_PASSPHRASE.
func TestPassphraseFollowsArenaToml(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a")
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"init", "--dev", "--dir", dir, "--listen", "127.0.0.1:0"}, nil, &out, &errb); code != 0 {
		t.Fatalf("arena init: %s", errb.String())
	}
	env := map[string]string{node.DefaultPassEnv: "default-pass", "SITE_PASS": "site-pass"}
	a := &app{dir: dir, getenv: func(k string) string { return env[k] }}
	if got := a.passphrase(); got != "default-pass" {
		t.Fatalf("with the default passphrase_env, passphrase() = %q, want %q", got, "default-pass")
	}
	path := filepath.Join(dir, node.ConfigFile)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	old := `passphrase_env = "` + node.DefaultPassEnv + `"`
	if !bytes.Contains(b, []byte(old)) {
		t.Fatalf("arena.toml has no line %s", old)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(b), old, `passphrase_env = "SITE_PASS"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := a.passphrase(); got != "site-pass" {
		t.Fatalf(`with passphrase_env = "SITE_PASS", passphrase() = %q, want %q`, got, "site-pass")
	}
}
