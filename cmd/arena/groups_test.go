package main

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// commandTree returns c and every command under it, depth first.
func commandTree(c *cobra.Command) []*cobra.Command {
	out := []*cobra.Command{c}
	for _, s := range c.Commands() {
		out = append(out, commandTree(s)...)
	}
	return out
}

// groups returns the command path (without "arena") of every command group: a command
// with commands of its own.
func groups(t *testing.T) [][]string {
	t.Helper()
	a := &app{getenv: func(string) string { return "" }}
	var out [][]string
	for _, c := range commandTree(a.root()) {
		if c.HasSubCommands() {
			out = append(out, strings.Fields(c.CommandPath())[1:])
		}
	}
	return out
}

// runArgs runs the CLI on args and returns its exit status, stdout and stderr.
func runArgs(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// TestEveryGroupRefusesAnUnknownCommand: every command group, the root included, refuses
// a command it does not have with exit status 1 and cobra's message for the root, and
// prints nothing to stdout (no help that would read as success).
func TestEveryGroupRefusesAnUnknownCommand(t *testing.T) {
	gs := groups(t)
	want := map[string]bool{"": true, "tender": true, "challenge": true, "bench": true, "learn": true, "match": true,
		"task": true, "show": true, "audit": true, "perf": true, "keys": true, "dev": true, "completion": true}
	for _, g := range gs {
		delete(want, strings.Join(g, " "))
		path := strings.TrimSpace("arena " + strings.Join(g, " "))
		code, out, errs := runArgs(append(g, "zzqx", "1")...)
		if wantErr := "[EXPECTED] unknown command \"zzqx\" for \"" + path + "\"\n"; code != 1 || out != "" || errs != wantErr {
			t.Errorf("%s zzqx 1: exit %d, stdout %q, stderr %q; want exit 1, no stdout, stderr %q", path, code, out, errs, wantErr)
		}
	}
	for g := range want {
		t.Errorf("no command group %q in the tree", g)
	}
}

// TestAGroupRunAloneNamesItsCommands: a command group given no command exits 1 and names
// the commands it has, and prints nothing to stdout.
func TestAGroupRunAloneNamesItsCommands(t *testing.T) {
	for _, g := range groups(t) {
		path := strings.TrimSpace("arena " + strings.Join(g, " "))
		code, out, errs := runArgs(g...)
		if prefix := "[EXPECTED] \"" + path + "\" needs a command: "; code != 1 || out != "" || !strings.HasPrefix(errs, prefix) ||
			!strings.HasSuffix(errs, " (\""+path+" --help\" says what each does)\n") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1, no stdout, stderr %q...", path, code, out, errs, prefix)
		}
	}
	code, _, errs := runArgs("tender")
	want := `[EXPECTED] "arena tender" needs a command: amend, answer, appeal, ask, award, check, commit, decline, expire, publish, resolve, reveal, score, withdraw ("arena tender --help" says what each does)` + "\n"
	if code != 1 || errs != want {
		t.Errorf("arena tender: exit %d, stderr %q; want exit 1, %q", code, errs, want)
	}
}

// TestUnknownCommandsAreRefused pins the refusals a user meets: a typo gets cobra's
// suggestions, at the root and in a group alike; a verb a group lacks gets none; and
// help, asked for, is still help.
func TestUnknownCommandsAreRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"tender", "bogus"}, 1, "[EXPECTED] unknown command \"bogus\" for \"arena tender\"\n"},
		{[]string{"tender", "claim", "1"}, 1, "[EXPECTED] unknown command \"claim\" for \"arena tender\"\n"},
		{[]string{"tender", "scor", "1"}, 1, "[EXPECTED] unknown command \"scor\" for \"arena tender\"\n\nDid you mean this?\n\tscore\n"},
		{[]string{"tendr"}, 1, "[EXPECTED] unknown command \"tendr\" for \"arena\"\n\nDid you mean this?\n\ttender\n"},
		{[]string{"show", "rund", "1"}, 1, "[EXPECTED] unknown command \"rund\" for \"arena show\"\n\nDid you mean this?\n\tround\n\trun\n"},
		{[]string{"challenge", "fold", "--help"}, 0, ""},
		{[]string{"tender", "--help"}, 0, ""},
	} {
		code, out, errs := runArgs(tc.args...)
		if code != tc.code || errs != tc.err {
			t.Errorf("arena %s: exit %d, stderr %q; want exit %d, stderr %q", strings.Join(tc.args, " "), code, errs, tc.code, tc.err)
		}
		if tc.code == 0 && !strings.Contains(out, "Usage:\n  arena "+strings.Join(tc.args[:len(tc.args)-1], " ")) {
			t.Errorf("arena %s: stdout %q, want its help", strings.Join(tc.args, " "), out)
		}
	}
	if _, out, _ := runArgs("tender", "--help"); !strings.Contains(out, "\nUsage:\n  arena tender [command]\n\nAvailable Commands:\n") {
		t.Errorf("arena tender --help: its usage is not only \"arena tender [command]\":\n%s", out)
	}
}

// flagName finds the flag a line of flag help is about.
var flagName = regexp.MustCompile(`^\s+(?:-[a-zA-Z], )?--([a-z0-9-]+)`)

// TestFlagHelpReadsAsWritten: no flag's help has a back-quoted word, which pflag would
// take for the name of the flag's value, and none says its default twice.
func TestFlagHelpReadsAsWritten(t *testing.T) {
	a := &app{getenv: func(string) string { return "" }}
	for _, c := range commandTree(a.root()) {
		fs := c.LocalFlags()
		for _, line := range strings.Split(fs.FlagUsages(), "\n") {
			if m := flagName.FindStringSubmatch(line); m != nil && strings.Contains(fs.Lookup(m[1]).Usage, "`") {
				t.Errorf("%s --%s: help %q has a back-quote", c.CommandPath(), m[1], fs.Lookup(m[1]).Usage)
			}
			if strings.Count(line, "(default") > 1 {
				t.Errorf("%s: %q says its default twice", c.CommandPath(), strings.TrimSpace(line))
			}
		}
	}
	for _, tc := range []struct {
		args []string
		line string
	}{
		{[]string{"tender", "publish", "--help"}, "      --weight uints              the weight of each criterion, 1 to 10, in the order of --criterion (default: 1 each)\n"},
		{[]string{"challenge", "fold", "--help"}, "      --learning   fold a learning challenge (as \"arena learn fold\" does)\n"},
		{[]string{"bench", "register", "--help"}, "      --quorum int           agreeing validators that settle every round on this bench; its committee draws one more when the arena has the validators, so that one silent member does not stop a round (default 3)\n"},
	} {
		if _, out, _ := runArgs(tc.args...); !strings.Contains(out, tc.line) {
			t.Errorf("arena %s: no line %q in\n%s", strings.Join(tc.args, " "), tc.line, out)
		}
	}
}
