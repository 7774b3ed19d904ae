package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
)

// leaves returns the command path (without "arena") of every command that runs: those
// without commands of their own, help aside, which answers anything with help.
func leaves(t *testing.T) []*cobra.Command {
	t.Helper()
	a := &app{getenv: func(string) string { return "" }}
	var out []*cobra.Command
	for _, c := range commandTree(a.root()) {
		if !c.HasSubCommands() && c.Name() != "help" {
			out = append(out, c)
		}
	}
	if len(out) < 90 {
		t.Fatalf("only %d verbs in the tree", len(out))
	}
	return out
}

// TestEveryVerbsRefusalsAreClassed walks every verb of the command tree through the
// refusals that come before it runs: an unknown flag, too many arguments, a flag
// without its value, and a number, duration or amount flag given a word. Each exits 1,
// prints nothing to stdout, and prints one refusal of the user's input, "[EXPECTED] ...",
// to stderr.
func TestEveryVerbsRefusalsAreClassed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "none")
	for _, c := range leaves(t) {
		path := strings.Fields(c.CommandPath())[1:]
		at := func(extra ...string) []string {
			return append(append(append([]string{}, path...), extra...), "--dir", dir, "--node", "http://127.0.0.1:1")
		}
		check := func(args []string, want string) {
			t.Helper()
			code, out, errs := runArgs(args...)
			if code != 1 || out != "" || !strings.HasPrefix(errs, want) || strings.Count(errs, "\n") != 1 {
				t.Errorf("arena %s: exit %d, stdout %q, stderr %q; want exit 1, no stdout, one line starting %q",
					strings.Join(args, " "), code, out, errs, want)
			}
		}
		check(at("--zzqx"), "[EXPECTED] unknown flag: --zzqx\n")
		check(at("zzqx", "zzqx", "zzqx", "zzqx", "zzqx"), "[EXPECTED] ")
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.NoOptDefVal != "" || f.Hidden {
				return // a flag that takes no value, or one nobody is shown
			}
			check(append(at(), "--"+f.Name), fmt.Sprintf("[EXPECTED] flag needs an argument: --%s\n", f.Name))
			switch f.Value.Type() {
			case "int", "int64", "uint", "uint64", "uint32", "float64", "duration":
				check(at("--"+f.Name, "zzqx"), fmt.Sprintf("[EXPECTED] invalid argument \"zzqx\" for \"--%s\" flag: ", f.Name))
			}
		})
	}
}

// TestRefusalsCarryTheirCause: a failure keeps the class it carries (the node's
// INTERNAL, which may pass, is [TRANSIENT]); the network's
// failures on a request and a bounded wait that ended first are [TRANSIENT], a host
// that does not resolve [EXTERNAL], an audit's mismatch [EXTERNAL], and everything else
// the user's input refused.
func TestRefusalsCarryTheirCause(t *testing.T) {
	base := "http://127.0.0.1:9"
	req := func(err error) error {
		return fmt.Errorf("GET /v1/arena: %w", &url.Error{Op: "Get", URL: base + "/v1/arena", Err: err})
	}
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"the node's answer", fmt.Errorf("send: %w", &client.Error{Status: 422, Class: "EXPECTED", Message: "Task is closed"}), "[EXPECTED] Task is closed"},
		{"the node's own failure", &client.Error{Status: 502, Class: "INTERNAL", Message: "HTTP 502: Bad Gateway"}, "[TRANSIENT] HTTP 502: Bad Gateway"},
		{"the ledger's refusal", fmt.Errorf("check: %w", ledger.NewError(ledger.External, "Work URL returned 404")), "[EXTERNAL] Work URL returned 404"},
		{"an audit's mismatch", errMismatch, "[EXTERNAL] audit: a settled number does not follow from the published data"},
		{"no node listening", req(&net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}),
			"[TRANSIENT] cannot reach the node at " + base + " (connection refused): is `arena node` running?"},
		{"a connection cut off", req(io.ErrUnexpectedEOF), "[TRANSIENT] GET /v1/arena: Get \"" + base + "/v1/arena\": unexpected EOF"},
		{"a connection reset", req(&net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}),
			"[TRANSIENT] GET /v1/arena: Get \"" + base + "/v1/arena\": read tcp: connection reset by peer"},
		{"a wait that ran out", fmt.Errorf("wait: %w", context.DeadlineExceeded), "[TRANSIENT] wait: context deadline exceeded"},
		{"no such host", req(&net.DNSError{Err: "no such host", Name: "nowhere.invalid", IsNotFound: true}),
			"[EXTERNAL] GET /v1/arena: Get \"" + base + "/v1/arena\": lookup nowhere.invalid: no such host"},
		{"a URL the client cannot use", req(errors.New(`unsupported protocol scheme "ftp"`)),
			"[EXPECTED] GET /v1/arena: Get \"" + base + "/v1/arena\": unsupported protocol scheme \"ftp\""},
		{"a wait that ended first, in its verb's words", fmt.Errorf("check 1: %w; send it again", waitedOut("round %d is %w after 2s", 3, errStillOpen)),
			"[TRANSIENT] check 1: round 3 is still open after 2s; send it again"},
		{"a flag's value", errors.New(`--by: duration must be positive: "-1h"`), `[EXPECTED] --by: duration must be positive: "-1h"`},
	} {
		if got := refusal(tc.err, base); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	if err := waitedOut("round %d is %w after 2s", 3, errStillOpen); !errors.Is(err, errStillOpen) {
		t.Errorf("%v does not say the round is still open to errors.Is", err)
	}
}

// TestInputRefusalsNameTheirFlag pins the refusals of a few flags' values, each the
// user's input refused before anything is sent.
func TestInputRefusalsNameTheirFlag(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "none")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"task", "post", "--title", "t", "--spec", "s", "--rubric", "r", "--prize", "1", "--closes-in", "1h", "--shares", "6000,3999.5,0.5"},
			`[EXPECTED] --shares: "3999.5" is not a whole number of basis points`},
		{[]string{"task", "extend", "--task", "1", "--by=-1h"},
			`[EXPECTED] --by: duration must be a positive whole number of seconds, as "90s", "6h", "1h30m" or "7d": "-1h"`},
	} {
		code, out, errs := runArgs(append(tc.args, "--dir", dir, "--node", "http://127.0.0.1:1")...)
		if code != 1 || out != "" || errs != tc.want+"\n" {
			t.Errorf("arena %s: exit %d, stdout %q, stderr %q; want exit 1, stderr %q", strings.Join(tc.args, " "), code, out, errs, tc.want)
		}
	}
}
