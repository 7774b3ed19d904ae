package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
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
// success, exitMismatch when an audit found a number that does not follow, and 1 on
// any other failure. Every failure is printed to stderr as "[CLASS] message" (see
// refusal).
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, getenv: os.Getenv}
	root := a.root()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil || errors.Is(err, errDryRun) {
		return 0
	}
	fmt.Fprintln(stderr, refusal(err, a.dialed))
	if errors.Is(err, errMismatch) {
		return exitMismatch
	}
	return 1
}

// refusal renders err, which left a verb, as "[CLASS] message". A failure that already
// carries a class (the node's answer, the ledger's refusal, a fetch classed as a
// validator would) keeps it, but for the node's INTERNAL (its own failure, or an answer
// that is not the API's), which may pass and so is [TRANSIENT]. Otherwise the class
// follows the cause: an audit's mismatch is the published data's [EXTERNAL] failure; a
// request to a node or host that found nobody, or timed out, or was cut off, and a
// bounded wait that ended first (waitedOut) are [TRANSIENT], and a host name that does
// not resolve is [EXTERNAL]; everything else (flags, arguments, files, the directory)
// is the user's input refused, [EXPECTED]. base is the node's API base URL, once a
// client was made for one.
func refusal(err error, base string) string {
	var ce *client.Error
	if errors.As(err, &ce) {
		if _, ok := ledger.ParseError(ce.Error()); !ok {
			return "[" + ledger.Transient.String() + "] " + ce.Message
		}
		return ce.Error()
	}
	var le *ledger.Error
	if errors.As(err, &le) {
		return le.Error()
	}
	if errors.Is(err, errMismatch) {
		return "[" + ledger.External.String() + "] " + err.Error()
	}
	if line, ok := unreachable(err, base); ok {
		return "[" + ledger.Transient.String() + "] " + line
	}
	return "[" + classOf(err).String() + "] " + err.Error()
}

// classOf is the class of a failure that carries no protocol class: the one the CLI
// gave it (see waitedOut), the network's failures on a request (see refusal), and the
// user's input refused for anything else.
func classOf(err error) ledger.Class {
	var ue *url.Error
	var dns *net.DNSError
	var ce *classedError
	switch {
	case errors.As(err, &ce):
		return ce.class
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return ledger.Transient
	case !errors.As(err, &ue):
		return ledger.Expected
	case errors.As(err, &dns) && dns.IsNotFound:
		return ledger.External
	case ue.Timeout(), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF), errors.As(err, new(*net.OpError)):
		return ledger.Transient
	}
	return ledger.Expected
}

// classedError is a failure in the CLI's own words whose class the CLI knows: refusal
// prints it, with whatever context wraps it, under that class.
type classedError struct {
	class ledger.Class
	err   error
}

func (e *classedError) Error() string { return e.err.Error() }
func (e *classedError) Unwrap() error { return e.err }

// waitedOut is the failure of a bounded wait that ended before what it waited on did:
// [TRANSIENT], since the same wait, or the same verb sent again, may see it end.
func waitedOut(format string, args ...any) error {
	return &classedError{ledger.Transient, fmt.Errorf(format, args...)}
}

// unreachable renders a request to the node at base that was refused a connection:
// nothing listens there, and the likeliest cause is that no node runs.
func unreachable(err error, base string) (string, bool) {
	var ue *url.Error
	if base == "" || !errors.Is(err, syscall.ECONNREFUSED) || !errors.As(err, &ue) || !strings.HasPrefix(ue.URL, base) {
		return "", false
	}
	return fmt.Sprintf("cannot reach the node at %s (connection refused): is `arena node` running?", base), true
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
		a.testnetCmd(), a.operatorCmd(), a.genesisCmd(), a.auditCmd(), a.revealCmd(), a.tenderCmd(), a.matchCmd(), a.challengeCmd(), a.learnCmd(), a.txCmd(),
		a.upgradeCmd(), a.termsCmd(), a.voteCmd(), a.validatorCmd(),
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
