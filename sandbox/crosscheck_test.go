package sandbox

import (
	"context"
	"fmt"
	"testing"

	"github.com/arena/arena/challenge/abi"
)

// record is what consensus compares: outputs' digest, gas and outcome.
type record struct {
	digest  string
	gas     int64
	outcome string
}

func commandRecord(t *testing.T, r *Runtime) record {
	out, used, err := r.Command(context.Background(), compile(t, r, "clock", Offer{}), []byte("x"), [32]byte{7}, clockStart, commandLimits)
	if err != nil {
		t.Fatal(err)
	}
	return record{abi.Digest(out), used, "ok"}
}

func agentRecords(t *testing.T, r *Runtime) []record {
	ctx := context.Background()
	var recs []record
	s := &session{input: "tool {}"}
	a, err := r.Agent(ctx, compile(t, r, "echo", Offer{Arena: true}), [32]byte{7}, agentLimits, initGas, s)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close(ctx)
	recs = append(recs, record{"", a.InitGas(), "init"})
	used, outcome, err := a.Handle(ctx, 1<<40)
	if err != nil {
		t.Fatal(err)
	}
	recs = append(recs, record{abi.Digest(fmt.Appendf(nil, "%q", append(s.responses, s.calls...))), used, outcome})
	spin, err := r.Agent(ctx, compile(t, r, "spin", Offer{Arena: true}), [32]byte{7}, agentLimits, initGas, &session{})
	if err != nil {
		t.Fatal(err)
	}
	defer spin.Close(ctx)
	used, outcome, err = spin.Handle(ctx, 1_000_000)
	if err != nil {
		t.Fatal(err)
	}
	return append(recs, record{"", used, outcome})
}

func TestTheCompilerAndTheInterpreterKeepTheSameRecord(t *testing.T) {
	comp, interp := newRuntime(t, false), newRuntime(t, true)
	if a, b := commandRecord(t, comp), commandRecord(t, interp); a != b {
		t.Errorf("command: compiler %+v, interpreter %+v", a, b)
	}
	a, b := agentRecords(t, comp), agentRecords(t, interp)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("agent: compiler %+v\ninterpreter %+v", a, b)
	}
	if a[2].outcome != abi.OutcomeOutOfGas {
		t.Errorf("spin: %+v", a[2])
	}
}

func TestGasFiguresRepeatAcrossRuntimes(t *testing.T) {
	a, b := newRuntime(t, false), newRuntime(t, false)
	if x, y := commandRecord(t, a), commandRecord(t, b); x != y {
		t.Errorf("command: %+v then %+v", x, y)
	}
	if x, y := agentRecords(t, a), agentRecords(t, b); fmt.Sprint(x) != fmt.Sprint(y) {
		t.Errorf("agent: %+v then %+v", x, y)
	}
}
