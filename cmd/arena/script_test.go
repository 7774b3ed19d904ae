package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
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
			e.Values[modelServerKey{}] = &modelSlot{}
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"waitnode": waitNode, "keynew": keyNew, "sleep": sleep, "modelserver": startModelServer, "modelmode": setModelMode,
			"waitentry": waitEntry, "workhost": workHost, "fetchloopback": fetchLoopback, "bidfiles": bidFiles,
			"waitmatch": waitMatch, "secretfiles": secretFiles, "wasmimport": wasmImport, "putwork": putWork,
			"validators": validators, "replayepisodes": replayEpisodes, "ocdsvalid": ocdsValid,
		},
	})
}

// replayScript is the README's episode replay in JavaScript.
var replayScript = filepath.Join("..", "..", "ledger", "match", "testdata", "replay", "replay.mjs")

// replayEpisodes replays every episode in the directory args[0] under Node with the
// README's replay, and fails unless each replays.
func replayEpisodes(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: replayepisodes DIR")
	}
	script, err := filepath.Abs(replayScript)
	ts.Check(err)
	out, err := exec.Command("node", script, ts.MkAbs(args[0])).CombinedOutput()
	ts.Logf("%s", out)
	if err != nil {
		ts.Fatalf("node replay.mjs: %v", err)
	}
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

// waitEntry waits until entry args[1] of the arena directory args[0] is in state
// args[2], as a command run in the background moves it there.
func waitEntry(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: waitentry DIR ENTRY STATE")
	}
	var last string
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		var out, errb bytes.Buffer
		if run(context.Background(), []string{"show", "entry", args[1], "--json", "--dir", ts.MkAbs(args[0])}, nil, &out, &errb) != 0 {
			continue
		}
		var e struct{ State string }
		if json.Unmarshal(out.Bytes(), &e) == nil && e.State == args[2] {
			return
		}
		last = e.State
	}
	ts.Fatalf("entry %s is %q after 30s, want %q", args[1], last, args[2])
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

// validators sets the environment variables PREFIX1, PREFIX2, ... to the validator
// addresses of the founding terms in the arena directory args[0].
func validators(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: validators DIR PREFIX")
	}
	b, err := os.ReadFile(filepath.Join(ts.MkAbs(args[0]), "genesis.json"))
	ts.Check(err)
	var t struct{ Validators []string }
	ts.Check(json.Unmarshal(b, &t))
	for i, v := range t.Validators {
		ts.Setenv(fmt.Sprintf("%s%d", args[1], i+1), v)
	}
}
