package ledgertest

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/ledger"
	"github.com/cockroachdb/datadriven"
)

// args reads a command's arguments. It fails the test on an argument the command does
// not take, so that a misspelt argument is never silently ignored.
type args struct {
	t *testing.T
	d *datadriven.TestData
}

// argsOf returns d's arguments, failing on any key not in allowed.
func argsOf(t *testing.T, d *datadriven.TestData, allowed ...string) args {
	t.Helper()
	for _, a := range d.CmdArgs {
		if !slices.Contains(allowed, a.Key) {
			d.Fatalf(t, "%s takes no argument %q (it takes %s)", d.Cmd, a.Key, strings.Join(allowed, ", "))
		}
	}
	return args{t, d}
}

// has reports whether the argument key was given.
func (a args) has(key string) bool { return a.d.HasArg(key) }

// vals returns the argument's values, or nil when it was not given.
func (a args) vals(key string) []string {
	arg, ok := a.d.Arg(key)
	if !ok {
		return nil
	}
	return arg.Vals
}

// str returns the argument as text, its values rejoined by ", " (the parser splits a
// parenthesised value at its commas), or def.
func (a args) str(key, def string) string {
	if !a.has(key) {
		return def
	}
	return strings.Join(a.vals(key), ", ")
}

// need fails the test unless key was given.
func (a args) need(key string) {
	if !a.has(key) {
		a.d.Fatalf(a.t, "%s needs %s=", a.d.Cmd, key)
	}
}

// int returns the argument as an integer, or def.
func (a args) int(key string, def int) int {
	if !a.has(key) {
		return def
	}
	n, err := strconv.Atoi(a.str(key, ""))
	if err != nil {
		a.d.Fatalf(a.t, "%s=%s: not an integer", key, a.str(key, ""))
	}
	return n
}

// id returns the argument as a ledger id, which it requires.
func (a args) id(key string) uint64 {
	a.need(key)
	n := a.int(key, 0)
	if n < 0 {
		a.d.Fatalf(a.t, "%s=%d: ids are not negative", key, n)
	}
	return uint64(n)
}

// bool returns the argument as a boolean ("true" or "false"; a bare key is true), or def.
func (a args) bool(key string, def bool) bool {
	if !a.has(key) {
		return def
	}
	switch v := a.str(key, ""); v {
	case "", "true":
		return true
	case "false":
		return false
	default:
		a.d.Fatalf(a.t, "%s=%s: want true or false", key, v)
	}
	return def
}

// amount returns the argument in whole units of the currency, or def.
func (a args) amount(key string, def ledger.Amount) ledger.Amount {
	if !a.has(key) {
		return def
	}
	v, err := parseGen(a.str(key, ""))
	if err != nil {
		a.d.Fatalf(a.t, "%s=%s: %v", key, a.str(key, ""), err)
	}
	return v
}

// seconds returns the argument as a Go duration in whole seconds, or def.
func (a args) seconds(key string, def int64) int64 {
	if !a.has(key) {
		return def
	}
	return a.parseSeconds(a.str(key, ""))
}

func (a args) parseSeconds(s string) int64 {
	d, err := time.ParseDuration(s)
	if err != nil || d%time.Second != 0 {
		a.d.Fatalf(a.t, "%q: want a duration in whole seconds such as 6h or 90s", s)
	}
	return int64(d / time.Second)
}
