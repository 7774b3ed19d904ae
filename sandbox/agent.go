package sandbox

import (
	"bytes"
	"context"
	"errors"

	"github.com/arena/arena/challenge/abi"
)

// Session serves one agent's imports: Input is the current case's input, Output receives
// its response when the case ends ok, Call answers a request on an offered channel (and is
// where the host records it).
type Session interface {
	Input() []byte
	Output(b []byte)
	Call(channel string, req []byte) []byte
}

// Agent is one instance of an agent module, ready for cases. It is not safe for
// concurrent use. After a case that does not end ok it is dead: make a new one.
type Agent struct {
	in      *instance
	session Session
	offer   Offer
	initGas int64
	dead    bool

	// the current case
	input  []byte
	output []byte
	result []byte
	calls  int
}

type agentKey struct{}

// Agent instantiates m (running no start function), sets initGas and calls _initialize.
// The module must export handle and _initialize, both without parameters or results.
// Calls made during _initialize return 0 and reach no session. A trap or running out of
// gas in _initialize is FaultInitTrap or FaultInitGas; the safety net FaultWall.
func (r *Runtime) Agent(ctx context.Context, m *Module, entropy [32]byte, lim Limits, initGas int64, s Session) (*Agent, error) {
	for _, name := range []string{"handle", "_initialize"} {
		if err := m.export(name); err != nil {
			return nil, err
		}
	}
	lim = lim.withDefaults()
	in, err := r.instantiate(ctx, m, entropy, AgentEpoch, lim, bytes.NewReader(nil), discard{})
	if err != nil {
		return nil, err
	}
	// No session during _initialize: its calls are charged but neither served nor
	// recorded (they would count for the first case, whose count resets only in Handle).
	a := &Agent{in: in, offer: m.offer}
	res := in.call(context.WithValue(ctx, agentKey{}, a), "_initialize", initGas)
	a.session = s
	a.initGas = res.used
	switch {
	case res.cut:
		err = errCut(RoleProgram)
	case res.timedOut:
		err = errWall(RoleProgram, lim.Wall)
	case res.outOfGas:
		err = &Error{Fault: FaultInitGas, Name: "_initialize"}
	case res.err != nil:
		err = &Error{Fault: FaultInitTrap, Name: "_initialize", Detail: firstLine(res.err), Err: res.err}
	}
	if err != nil {
		return nil, errors.Join(err, in.close(ctx))
	}
	return a, nil
}

// InitGas returns the gas _initialize used.
func (a *Agent) InitGas() int64 { return a.initGas }

// Handle runs one case: it sets gas, takes the session's input and calls handle. The
// outcome is abi.OutcomeOK (the response goes to the session), abi.OutcomeTrap or
// abi.OutcomeOutOfGas (no response; the agent is dead). err is only the safety net
// or the caller (FaultWall, FaultCut: the agent is dead) or a misuse of a dead agent.
func (a *Agent) Handle(ctx context.Context, gas int64) (used int64, outcome string, err error) {
	if a.dead {
		return 0, "", errors.New("sandbox: the agent is dead after a failed case")
	}
	a.input, a.output, a.result, a.calls = a.session.Input(), nil, nil, 0
	res := a.in.call(context.WithValue(ctx, agentKey{}, a), "handle", gas)
	switch {
	case res.cut:
		a.dead = true
		return res.used, "", errCut(RoleProgram)
	case res.timedOut:
		a.dead = true
		return res.used, "", errWall(RoleProgram, a.in.wall)
	case res.outOfGas:
		a.dead = true
		return res.used, abi.OutcomeOutOfGas, nil
	case res.err != nil:
		a.dead = true
		return res.used, abi.OutcomeTrap, nil
	}
	a.session.Output(a.output)
	return res.used, abi.OutcomeOK, nil
}

// Close releases the instance.
func (a *Agent) Close(ctx context.Context) error { return a.in.close(ctx) }

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
