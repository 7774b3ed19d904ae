package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

// waitMatch waits until match args[1] of the arena directory args[0] is in state
// args[2], as the node's operator moves it there.
func waitMatch(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: waitmatch DIR MATCH STATE")
	}
	var last string
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		var out, errb bytes.Buffer
		if run(context.Background(), []string{"show", "match", args[1], "--json", "--dir", ts.MkAbs(args[0])}, nil, &out, &errb) != 0 {
			continue
		}
		var m struct{ State string }
		if json.Unmarshal(out.Bytes(), &m) == nil && m.State == args[2] {
			return
		}
		last = m.State
	}
	ts.Fatalf("match %s is %q after 60s, want %q", args[1], last, args[2])
}

// secretFiles checks that the operator folder of the arena directory args[0] keeps
// args[1] seed secrets, each with mode args[2] (octal), in a folder of mode 0700; with
// "rm" as args[1] it removes every secret kept there instead, as a lost disk would.
func secretFiles(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: secretfiles DIR N PERM | secretfiles DIR rm")
	}
	dir := filepath.Join(ts.MkAbs(args[0]), "operator")
	files, _ := filepath.Glob(filepath.Join(dir, "secret-*.json"))
	if args[1] == "rm" {
		for _, f := range files {
			ts.Check(os.Remove(f))
		}
		return
	}
	if len(args) != 3 || fmt.Sprint(len(files)) != args[1] {
		ts.Fatalf("%d secrets kept (%v), want %s", len(files), files, args[1])
	}
	st, err := os.Stat(dir)
	ts.Check(err)
	if st.Mode().Perm() != 0o700 {
		ts.Fatalf("%s has mode %o, want 700", dir, st.Mode().Perm())
	}
	for _, f := range files {
		st, err := os.Stat(f)
		ts.Check(err)
		if got := fmt.Sprintf("%04o", st.Mode().Perm()); got != args[2] {
			ts.Fatalf("%s has mode %s, want %s", f, got, args[2])
		}
	}
}
