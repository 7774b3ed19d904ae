package challenge

import (
	"context"

	"github.com/arena/arena/challenge/abi"
)

// host is what an agent instance calls back into during one handle call: package
// sandbox's reactor serves the arena imports from it. session implements it.
type host interface {
	Input() []byte
	Output(b []byte)
	Call(channel string, req []byte) []byte
	Result() []byte
}

// instance is one live instance of an agent module, initialised.
type instance interface {
	// handle runs one case under gas against h and returns its outcome (abi.OutcomeOK,
	// OutcomeTrap, OutcomeOutOfGas) and the gas the call used. An error is the host's,
	// never the program's (the wall-time net, a runtime fault): the run abstains.
	handle(ctx context.Context, gas int64, h host) (outcome string, used int64, err error)
	close(ctx context.Context)
}

// agentModule makes fresh instances of one compiled agent module.
type agentModule interface {
	// instantiate returns a fresh instance with _initialize run under the bench's init
	// gas. failed is the outcome when _initialize itself trapped or ran out of gas (the
	// program cannot run a case); err is the host's.
	instantiate(ctx context.Context) (inst instance, failed string, err error)
}

// played is what running every case of a dataset produced: the transcript's records
// and the gas they used.
type played struct {
	probe abi.Record
	cases []abi.Record
	gas   int64
}

// play runs the agent on the dataset's probe and then on each case in order, each under
// caseGas, with one instance until a case traps or runs out of gas, after which the
// next case gets a fresh one. It fails [TRANSIENT] when the program made no tool call
// during the probe, and when the pinned model could not answer a call.
func play(ctx context.Context, m agentModule, d *abi.Dataset, caseGas int64, model modelRoute) (played, error) {
	var p played
	var inst instance
	defer func() {
		if inst != nil {
			inst.close(context.WithoutCancel(ctx))
		}
	}()
	one := func(c abi.Case) (abi.Record, int, error) {
		s := newSession(ctx, c, model)
		if inst == nil {
			i, failed, err := m.instantiate(ctx)
			if err != nil {
				return abi.Record{}, 0, err
			}
			if failed != "" {
				return s.record(failed, 0), 0, nil
			}
			inst = i
		}
		outcome, used, err := inst.handle(ctx, caseGas, s)
		if err != nil {
			return abi.Record{}, 0, err
		}
		if s.failed != nil {
			return abi.Record{}, 0, s.failed
		}
		if outcome != abi.OutcomeOK {
			inst.close(context.WithoutCancel(ctx))
			inst = nil
		}
		return s.record(outcome, used), s.toolCalls(), nil
	}
	rec, tools, err := one(d.Probe)
	if err != nil {
		return p, err
	}
	if tools == 0 {
		return p, errNoProbe
	}
	p.probe, p.gas = rec, rec.Gas
	p.cases = make([]abi.Record, 0, len(d.Cases))
	for _, c := range d.Cases {
		rec, _, err := one(c)
		if err != nil {
			return p, err
		}
		p.cases = append(p.cases, rec)
		p.gas += rec.Gas
	}
	return p, nil
}
