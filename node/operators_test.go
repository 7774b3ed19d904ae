package node

import (
	"context"
	"encoding/pem"
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/arena/arena/fetch"
)

// TestACAFileIsTrustedForWorkURLs: `[fetch] ca_file` names a PEM file, relative to the
// arena directory, whose CA the validators' fetcher trusts besides the system roots: a
// work URL served under it fetches, and without the file it fails as untrusted.
func TestACAFileIsTrustedForWorkURLs(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/markdown")
		w.Write([]byte("# work on the intranet"))
	}))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the untrusted handshake is refused on purpose
	srv.StartTLS()
	defer srv.Close()
	dir := t.TempDir()
	ca := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}) // httptest's cert is its own CA
	if err := os.WriteFile(filepath.Join(dir, "intranet-ca.pem"), ca, 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := ParseConfig("arena.toml", []byte("[fetch]\nallow_loopback = true\nca_file = \"intranet-ca.pem\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	fc, err := c.Fetch.Client(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := fetch.New(fc).Fetch(context.Background(), srv.URL+"/work.md"); err != nil || string(got) != "# work on the intranet" {
		t.Fatalf("Fetch with ca_file = %q, %v", got, err)
	}
	c.Fetch.CAFile = ""
	if fc, err = c.Fetch.Client(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := fetch.New(fc).Fetch(context.Background(), srv.URL+"/work.md"); !errors.Is(err, fetch.ErrCertificate) {
		t.Fatalf("Fetch without ca_file = %v, want an untrusted certificate", err)
	}
}

// TestALocalReaderOpensWithoutAKey: a validator whose reader is the operator's own
// server on a loopback or private address opens with no API key in the environment,
// whichever API it speaks.
func TestALocalReaderOpensWithoutAKey(t *testing.T) {
	dir := t.TempDir()
	if _, err := Init(dir, InitOptions{Validators: 3, LightScrypt: true, Readers: []string{
		"anthropic:http://127.0.0.1:8000#local-claude", "openai:http://192.168.1.20:8000/v1#qwen", "ollama:http://[::1]:11434#llama3.2",
	}}); err != nil {
		t.Fatal(err)
	}
	n, err := Open(dir, OpenOptions{Logger: quiet(), Env: noEnv})
	if err != nil {
		t.Fatalf("Open with local readers and no keys: %v", err)
	}
	n.Close()
}
