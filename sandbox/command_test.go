package sandbox

import (
	"context"
	"strings"
	"testing"
	"time"
)

const clockStart = 1767225600 // 2026-01-01T00:00:00Z

var commandLimits = Limits{MaxPages: 512, Gas: 1 << 40}

func run(t *testing.T, r *Runtime, name, stdin string, entropy byte, start int64) (string, int64, error) {
	t.Helper()
	out, used, err := r.Command(context.Background(), compile(t, r, name, Offer{}), []byte(stdin), [32]byte{entropy}, start, commandLimits)
	return string(out), used, err
}

func line(out, prefix string) string {
	for l := range strings.SplitSeq(out, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

func TestACommandDependsOnlyOnItsInputsEntropyAndClockStart(t *testing.T) {
	r := newRuntime(t, false)
	a, gasA, err := run(t, r, "clock", "in", 1, clockStart)
	if err != nil {
		t.Fatal(err)
	}
	b, gasB, _ := run(t, r, "clock", "in", 1, clockStart)
	if a != b || gasA != gasB {
		t.Errorf("two runs differ:\n%s (%d gas)\n%s (%d gas)", a, gasA, b, gasB)
	}
	other, _, _ := run(t, r, "clock", "in", 2, clockStart)
	for _, l := range []string{"rand", "crypto", "map"} {
		if line(a, l) == line(other, l) {
			t.Errorf("%q is the same under two entropies", line(a, l))
		}
	}
	if line(a, "time") != line(other, "time") || line(a, "slept") != line(other, "slept") {
		t.Errorf("the clock depends on the entropy:\n%s\n%s", a, other)
	}
	if !strings.HasPrefix(line(a, "time"), "time 2026-01-01T00:00:00.") || line(a, "slept") == "" {
		t.Errorf("the clock does not start at clockStart:\n%s", a)
	}
	later, _, _ := run(t, r, "clock", "in", 1, clockStart+3600)
	if !strings.HasPrefix(line(later, "time"), "time 2026-01-01T01:00:00.") {
		t.Errorf("a later clockStart: %s", line(later, "time"))
	}
	if line(a, "stdin") != `stdin "in"` {
		t.Errorf("stdin: %s", line(a, "stdin"))
	}
}

func TestACommandReachesNothingOutside(t *testing.T) {
	r := newRuntime(t, false)
	out, _, err := run(t, r, "escape", "", 1, clockStart)
	if err != nil {
		t.Fatal(err)
	}
	want := "file: open /etc/passwd: Bad file number\n" +
		"dir: open /: Bad file number\n" +
		"env: []\n" +
		"args: [\"program\"]\n" +
		"net: dial tcp 127.0.0.1:80: address 127.0.0.1:80: connect: Connection refused\n" // Go's in-process fake network
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func TestACommandsFailuresAreClassed(t *testing.T) {
	r := newRuntime(t, false)
	m := compile(t, r, "clock", Offer{})
	ctx := context.Background()
	for _, tc := range []struct {
		name  string
		stdin string
		lim   Limits
		want  Error
	}{
		{"exit code", "exit 3", commandLimits, Error{Fault: FaultExit, Role: RoleBench, Code: 3}},
		{"out of gas", "spin", Limits{MaxPages: 512, Gas: 50_000_000}, Error{Fault: FaultOutOfGas, Role: RoleBench}},
		{"stdout past its cap", "flood", commandLimits, Error{Fault: FaultStdout, Role: RoleBench, Limit: 33554432}},
		{"too little memory", "", Limits{MaxPages: 1, Gas: 1 << 40}, Error{Fault: FaultMemory, N: 40, Limit: 1}},
		{"wall time", "spin", Limits{MaxPages: 512, Gas: 1 << 60, Wall: 200 * time.Millisecond}, Error{Fault: FaultWall, Role: RoleBench, Wall: 200 * time.Millisecond}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := r.Command(ctx, m, []byte(tc.stdin), [32]byte{1}, clockStart, tc.lim)
			wantFault(t, err, tc.want)
		})
	}
}

func TestOutOfGasIsDeterministic(t *testing.T) {
	r := newRuntime(t, false)
	m := compile(t, r, "clock", Offer{})
	var used []int64
	for range 2 {
		_, u, err := r.Command(context.Background(), m, []byte("spin"), [32]byte{1}, clockStart, Limits{Gas: 50_000_000})
		if err == nil {
			t.Fatal("no error")
		}
		used = append(used, u)
	}
	if used[0] != used[1] || used[0] <= 50_000_000 {
		t.Errorf("used %d and %d", used[0], used[1])
	}
}

func TestConcurrentRunsDoNotAffectEachOther(t *testing.T) {
	r := newRuntime(t, false)
	want, wantGas, err := run(t, r, "clock", "in", 1, clockStart)
	if err != nil {
		t.Fatal(err)
	}
	m := compile(t, r, "clock", Offer{})
	type got struct {
		out string
		gas int64
		err error
	}
	results := make(chan got, 4)
	for range cap(results) {
		go func() {
			out, used, err := r.Command(context.Background(), m, []byte("in"), [32]byte{1}, clockStart, commandLimits)
			results <- got{string(out), used, err}
		}()
	}
	for range cap(results) {
		g := <-results
		if g.err != nil || g.out != want || g.gas != wantGas {
			t.Errorf("a concurrent run gave %q, %d gas, %v", g.out, g.gas, g.err)
		}
	}
}
