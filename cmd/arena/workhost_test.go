package main

import (
	"context"
	"encoding/pem"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"

	"github.com/arena/arena/node"
	"github.com/rogpeppe/go-internal/testscript"
)

// workHost serves the directory args[0] over https on loopback until the script ends,
// as a solver's work host: it sets $WORKHOST to its base URL and $SSL_CERT_FILE to a
// PEM file holding its certificate, its own CA, so that the arena processes the script
// runs after it (a node's validators, arena submit) trust it and nothing else does.
// Files ending in .txt are served as text/plain.
func workHost(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: workhost DIR")
	}
	srv := httptest.NewUnstartedServer(http.FileServer(http.Dir(ts.MkAbs(args[0]))))
	srv.Config.ErrorLog = log.New(io.Discard, "", 0)
	srv.StartTLS()
	ts.Defer(srv.Close)
	ca := ts.MkAbs("workhost-ca.pem")
	ts.Check(os.WriteFile(ca, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o644))
	ts.Setenv("WORKHOST", srv.URL)
	ts.Setenv("SSL_CERT_FILE", ca)
}

// fetchLoopback sets allow_loopback in the [fetch] table of the arena directory
// args[0], so that its validators and arena submit may fetch from a loopback work host.
func fetchLoopback(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: fetchloopback DIR")
	}
	dir := ts.MkAbs(args[0])
	cfg, err := node.LoadConfig(dir)
	ts.Check(err)
	cfg.Fetch.AllowLoopback = true
	ts.Check(node.WriteConfig(dir, cfg))
}

// putWork uploads the file args[2] to the work store of the node of the arena
// directory args[0] (PUT /v1/work/{sha256}), signed by the key args[1] of its keystore,
// as a solver uploads work before any filing names it.
func putWork(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: putwork DIR KEY FILE")
	}
	b, err := os.ReadFile(ts.MkAbs(args[2]))
	ts.Check(err)
	a := &app{dir: ts.MkAbs(args[0]), key: args[1], getenv: func(string) string { return "" }}
	c, err := a.client()
	ts.Check(err)
	k, err := a.signer()
	ts.Check(err)
	_, err = c.WithSigner(k).PutWork(context.Background(), b)
	ts.Check(err)
}
