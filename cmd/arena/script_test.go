package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite cmp files in scripts")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"arena": main})
}

// TestScripts runs the CLI scripts in testdata/script, one per verb and case.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script", UpdateScripts: *update, RequireExplicitExec: true, RequireUniqueNames: true,
		Setup: func(e *testscript.Env) error {
			e.Setenv("ARENA_PASSPHRASE", "")
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){"waitnode": waitNode, "keynew": keyNew, "sleep": sleep,
			"workhost": workHost, "fetchloopback": fetchLoopback},
	})
}

// waitNode waits until a node started in the background has recorded its API address
// in the arena directory args[0].
func waitNode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: waitnode DIR")
	}
	path := filepath.Join(ts.MkAbs(args[0]), addrFile)
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if b, err := os.ReadFile(path); err == nil && strings.HasSuffix(string(b), "\n") {
			return
		}
	}
	ts.Fatalf("%s", fmt.Sprintf("no node recorded its address in %s", path))
}

// keyNew makes a key in the keystore of the arena directory args[0], as `arena keys
// new` does, and sets the environment variable args[1] to its address.
func keyNew(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: keynew DIR VAR")
	}
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"keys", "new", "--light-scrypt", "--dir", ts.MkAbs(args[0])}, nil, &out, &errb); code != 0 {
		ts.Fatalf("arena keys new: %s", errb.String())
	}
	ts.Setenv(args[1], strings.TrimSpace(out.String()))
}

// sleep pauses the script for the duration args[0].
func sleep(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: sleep DURATION")
	}
	d, err := time.ParseDuration(args[0])
	ts.Check(err)
	time.Sleep(d)
}
