package sandbox

import (
	"context"
	"strings"
	"testing"

	"github.com/arena/arena/challenge/abi"
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
