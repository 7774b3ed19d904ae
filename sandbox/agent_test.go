package sandbox

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/arena/arena/challenge/abi"
	gt "github.com/arena/arena/sandbox/gas/gastest"
)

func newAgent(t *testing.T, r *Runtime, name string, offer Offer, s Session) *Agent {
	t.Helper()
	ctx := context.Background()
	a, err := r.Agent(ctx, compile(t, r, name, offer), [32]byte{1}, agentLimits, initGas, s)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close(ctx) })
	return a
}

func TestAnAgentSeesItsInputAndReachesTheToolChannel(t *testing.T) {
	r := newRuntime(t, false)
	s := &session{}
	a := newAgent(t, r, "echo", Offer{Arena: true}, s)
	for _, in := range []string{"tool {\"name\":\"x\"}", "tool second"} {
		s.input = in
		if _, outcome, err := a.Handle(context.Background(), 1<<40); err != nil || outcome != abi.OutcomeOK {
			t.Fatalf("%q: %s %v", in, outcome, err)
		}
	}
	want := []string{`tool {"name":"x"} -> tool:{"name":"x"} (17)`, "tool second -> tool:second (11)"}
	if strings.Join(s.responses, "\n") != strings.Join(want, "\n") {
		t.Errorf("responses %q, want %q", s.responses, want)
	}
	if got := strings.Join(s.calls, "|"); got != `tool {"name":"x"}|tool second` {
		t.Errorf("calls %q", got)
	}
}

func TestTheModelChannelIsServedOnlyWhenOffered(t *testing.T) {
	r := newRuntime(t, false)
	for _, tc := range []struct {
		offer Offer
		want  string
	}{
		{Offer{Arena: true}, "model hi ->  (0)"},
		{Offer{Arena: true, Model: true}, "model hi -> model:hi (8)"},
	} {
		s := &session{input: "model hi"}
		a := newAgent(t, r, "echo", tc.offer, s)
		if _, outcome, err := a.Handle(context.Background(), 1<<40); err != nil || outcome != abi.OutcomeOK {
			t.Fatalf("%s %v", outcome, err)
		}
		if s.responses[0] != tc.want {
			t.Errorf("offer %+v: %q, want %q", tc.offer, s.responses[0], tc.want)
		}
	}
}

func TestACaseGetsAtMostMaxCallsCalls(t *testing.T) {
	r := newRuntime(t, false)
	s := &session{input: "many"}
	a := newAgent(t, r, "echo", Offer{Arena: true}, s)
	if _, outcome, err := a.Handle(context.Background(), 1<<40); err != nil || outcome != abi.OutcomeOK {
		t.Fatalf("%s %v", outcome, err)
	}
	if s.responses[0] != "served 32" || len(s.calls) != abi.MaxCalls {
		t.Errorf("%q after %d calls", s.responses[0], len(s.calls))
	}
}

func TestALoopingAgentRunsOutOfGasAtTheSamePointEveryTime(t *testing.T) {
	r := newRuntime(t, false)
	var used []int64
	for range 2 {
		a := newAgent(t, r, "spin", Offer{Arena: true}, &session{})
		u, outcome, err := a.Handle(context.Background(), 5_000_000)
		if err != nil || outcome != abi.OutcomeOutOfGas {
			t.Fatalf("%s %v", outcome, err)
		}
		used = append(used, u)
	}
	if used[0] != used[1] || used[0] <= 5_000_000 || used[0] > 5_000_100 {
		t.Errorf("gas used %d and %d, want equal and just past the budget", used[0], used[1])
	}
}

func TestAnAgentThatAllocatesWithoutBoundTraps(t *testing.T) {
	r := newRuntime(t, false)
	s := &session{}
	a := newAgent(t, r, "hog", Offer{Arena: true}, s)
	_, outcome, err := a.Handle(context.Background(), 1<<40)
	if err != nil || outcome != abi.OutcomeTrap {
		t.Fatalf("%s %v", outcome, err)
	}
	if len(s.responses) != 0 {
		t.Errorf("a trapped case responded %q", s.responses)
	}
}

func TestAPanicTrapsTheCaseAndKillsTheAgent(t *testing.T) {
	r := newRuntime(t, false)
	s := &session{}
	a := newAgent(t, r, "panic", Offer{Arena: true}, s)
	ctx := context.Background()
	if _, outcome, _ := a.Handle(ctx, 1<<40); outcome != abi.OutcomeOK {
		t.Fatalf("first case: %s", outcome)
	}
	if _, outcome, _ := a.Handle(ctx, 1<<40); outcome != abi.OutcomeTrap {
		t.Fatalf("second case: %s", outcome)
	}
	if _, _, err := a.Handle(ctx, 1<<40); err == nil || err.Error() != "sandbox: the agent is dead after a failed case" {
		t.Errorf("third case: %v", err)
	}
}

func TestAResponseIsCutAtMaxResponse(t *testing.T) {
	r := newRuntime(t, false)
	s := &session{}
	a := newAgent(t, r, "garbage", Offer{Arena: true}, s)
	if _, outcome, err := a.Handle(context.Background(), 1<<40); err != nil || outcome != abi.OutcomeOK {
		t.Fatalf("%s %v", outcome, err)
	}
	if got := s.responses[0]; len(got) != abi.MaxResponse || got[1] != 0x81 {
		t.Errorf("response of %d bytes", len(got))
	}
}

func TestAgentsOfOneModuleShareNothing(t *testing.T) {
	r := newRuntime(t, false)
	// panic traps on its own second case: if two instances shared its counter, the second
	// agent's first case would trap.
	for range 2 {
		a := newAgent(t, r, "panic", Offer{Arena: true}, &session{})
		if _, outcome, err := a.Handle(context.Background(), 1<<40); err != nil || outcome != abi.OutcomeOK {
			t.Fatalf("%s %v", outcome, err)
		}
	}
}

func TestAnAgentsFailuresOutsideCasesAreClassed(t *testing.T) {
	r := newRuntime(t, false)
	ctx := context.Background()
	m := compile(t, r, "spin", Offer{Arena: true})
	_, err := r.Agent(ctx, m, [32]byte{}, agentLimits, 1000, &session{})
	wantFault(t, err, Error{Fault: FaultInitGas, Name: "_initialize"})
	a, err := r.Agent(ctx, m, [32]byte{}, Limits{Wall: 200 * time.Millisecond}, initGas, &session{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close(ctx)
	_, _, err = a.Handle(ctx, 1<<60)
	wantFault(t, err, Error{Fault: FaultWall, Wall: 200 * time.Millisecond})
	if _, _, err := a.Handle(ctx, 1<<40); err == nil {
		t.Error("an agent stopped by the safety net ran again")
	}
}

// A case stopped because the caller's context ended (a validator's attempt deadline)
// names that cause, not the safety net, which had hours left; so does a bench command.
func TestACallCutByItsCallersDeadlineNamesTheDeadline(t *testing.T) {
	r := newRuntime(t, false)
	m := compile(t, r, "spin", Offer{Arena: true})
	a, err := r.Agent(context.Background(), m, [32]byte{}, Limits{Wall: time.Hour}, initGas, &session{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close(context.Background())
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, _, err = a.Handle(ctx, 1<<60)
	wantFault(t, err, Error{Fault: FaultCut})
	cm := compile(t, r, "clock", Offer{})
	_, _, err = r.Command(ctx, cm, []byte("spin"), [32]byte{1}, clockStart, Limits{MaxPages: 512, Gas: 1 << 60, Wall: time.Hour})
	wantFault(t, err, Error{Fault: FaultCut, Role: RoleBench})
}

func TestHostImportsChargeForTheBytesTheyCopy(t *testing.T) {
	r := newRuntime(t, false)
	gasOf := func(input string) int64 {
		a := newAgent(t, r, "echo", Offer{Arena: true}, &session{input: input})
		used, outcome, err := a.Handle(context.Background(), 1<<40)
		if err != nil || outcome != abi.OutcomeOK {
			t.Fatalf("%s %v", outcome, err)
		}
		return used
	}
	small, big := gasOf("tool x"), gasOf("tool "+strings.Repeat("x", 64_000))
	// The input is copied in, sent as a request, copied back as the result and written
	// out: at least four times 1000 gas on the host's side alone.
	if big-small < 4000 {
		t.Errorf("64 kB more input cost %d more gas", big-small)
	}
}

// callsTool is an agent whose _initialize and handle each make one call on the tool
// channel ("tool" stored at address 0, an empty request).
func callsTool() []byte {
	call := append(gt.S64([]byte{gt.I32Const, 0, gt.I32Const}, 0x6c6f6f74), 0x36, 2, 0, // i32.store "tool"
		gt.I32Const, 0, gt.I32Const, 4, gt.I32Const, 0, gt.I32Const, 0, gt.Call, 0, gt.Drop, gt.End)
	m := &gt.Module{
		Types:   []gt.FuncType{{}, {Params: []byte{gt.I32, gt.I32, gt.I32, gt.I32}, Results: []byte{gt.I32}}},
		Imports: []gt.Import{{Module: "arena", Name: "call", Kind: 0, Index: 1}},
		Funcs:   []gt.Func{{Code: call}, {Code: call}},
		Memory:  gt.Ptr(1),
		Exports: []gt.Export{{Name: "_initialize", Kind: 0, Index: 1}, {Name: "handle", Kind: 0, Index: 2}},
	}
	return m.Bytes()
}

func TestCallsDuringInitializeAreNeitherServedNorRecorded(t *testing.T) {
	r := newRuntime(t, false)
	ctx := context.Background()
	m, err := r.Compile(ctx, callsTool(), Offer{Arena: true})
	if err != nil {
		t.Fatal(err)
	}
	s := &session{}
	a, err := r.Agent(ctx, m, [32]byte{}, agentLimits, initGas, s)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close(ctx)
	if len(s.calls) != 0 {
		t.Fatalf("_initialize's call reached the session: %q", s.calls)
	}
	if _, outcome, err := a.Handle(ctx, 1<<30); err != nil || outcome != "ok" {
		t.Fatal(outcome, err)
	}
	if len(s.calls) != 1 || s.calls[0] != "tool " {
		t.Errorf("handle's calls: %q, want [\"tool \"]", s.calls)
	}
}
