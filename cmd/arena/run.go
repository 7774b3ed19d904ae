package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"syscall"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/spf13/cobra"
)

// app holds the global flags and the streams every verb writes to.
type app struct {
	dir    string // the arena directory
	node   string // API base URL; empty means the one the directory names
	dialed string // the API base URL a client was made for, once one was
	key    string // sender address in the directory's keystore
	json   bool   // machine output
	dryRun bool   // sending verbs print their transaction and fee instead of sending it
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	getenv func(string) string
}

// run executes the command line args and returns the process exit status: 0 on
// success, 1 on any failure, which is printed to stderr as "[CLASS] message" when it is
// a protocol refusal.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, getenv: os.Getenv}
	root := a.root()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	if err := root.ExecuteContext(ctx); err != nil && !errors.Is(err, errDryRun) {
		if errors.Is(err, errMismatch) {
			fmt.Fprintln(stderr, errorLine(err))
			return exitMismatch
		}
		if line, ok := unreachable(err, a.dialed); ok {
			fmt.Fprintln(stderr, line)
			return 1
		}
		fmt.Fprintln(stderr, errorLine(err))
		return 1
	}
	return 0
}

// unreachable renders a request to the node at base that was refused a connection:
// nothing listens there, and the likeliest cause is that no node runs.
func unreachable(err error, base string) (string, bool) {
	var ue *url.Error
	if base == "" || !errors.Is(err, syscall.ECONNREFUSED) || !errors.As(err, &ue) || !strings.HasPrefix(ue.URL, base) {
		return "", false
	}
	return fmt.Sprintf("arena: cannot reach the node at %s (connection refused): is `arena node` running?", base), true
}

// errorLine renders err for stderr: a refusal as "[CLASS] message", anything else as
// "arena: ...".
func errorLine(err error) string {
	var ce *client.Error
	if errors.As(err, &ce) {
		return ce.Error()
	}
	var le *ledger.Error
	if errors.As(err, &le) {
		return le.Error()
	}
	return "arena: " + err.Error()
}

func (a *app) root() *cobra.Command {
	root := &cobra.Command{
		Use:           "arena",
		Short:         "An open market for work whose grades are settled by validator consensus",
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	dir := a.getenv("ARENA_DIR")
	if dir == "" {
		dir = "arena"
	}
	pf := root.PersistentFlags()
	pf.StringVar(&a.dir, "dir", dir, "arena directory ($ARENA_DIR)")
	pf.StringVar(&a.node, "node", "", "API base URL (default: the address the directory's node listens on)")
	pf.StringVar(&a.key, "key", a.getenv("ARENA_KEY"), "sender address in the directory's keystore ($ARENA_KEY)")
	pf.BoolVar(&a.json, "json", false, "print machine-readable JSON")
	root.AddCommand(
		a.initCmd(), a.nodeCmd(), a.keysCmd(), a.faucetCmd(), a.taskCmd(), a.submitCmd(),
		a.gradeCmd(), a.appealCmd(), a.awardCmd(), a.withdrawCmd(), a.showCmd(), a.watchCmd(),
		a.snapshotCmd(), a.verifyCmd(), a.devCmd(), a.boardCmd(), a.demoCmd(), a.benchCmd(), a.perfCmd(),
		a.testnetCmd(), a.operatorCmd(), a.genesisCmd(), a.auditCmd(), a.revealCmd(), a.tenderCmd(), a.matchCmd(), a.challengeCmd(), a.learnCmd(), a.txCmd(), a.validatorCmd(),
	)
	a.addDryRun(root)
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	refuseStrays(root)
	return root
}

// emit prints v as indented JSON under --json, and otherwise calls human.
func (a *app) emit(v any, human func(w io.Writer)) error {
	if a.json {
		enc := json.NewEncoder(a.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	human(a.stdout)
	return nil
}
