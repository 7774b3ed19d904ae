package challenge

import (
	"context"

	"github.com/arena/arena/challenge/abi"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/sandbox"
)

// played is what running every case of a dataset produced: the transcript's records
// and the gas the cases used.
type played struct {
	probe abi.Record
	cases []abi.Record
	gas   int64
}

// play runs agent m on the dataset's probe and then on each case in order, each under
// the bench's case gas, with one instance until a case traps or runs out of gas, after
// which the next case gets a fresh one. Every instance's WASI random source is keyed by
// entropy, so a program that draws from it draws the same on every validator. It fails
// [TRANSIENT] when the program made no tool call during the probe; a model call that
// could not be served returns an error wrapping errModel.
func (h *Host) play(ctx context.Context, m *sandbox.Module, b challenge.BenchView, entropy [32]byte, d *abi.Dataset, model modelRoute) (played, error) {
	var p played
	var a *sandbox.Agent
	ln := &line{}
	lim := sandbox.Limits{MaxPages: b.MaxPages}
	defer func() {
		if a != nil {
			a.Close(context.WithoutCancel(ctx))
		}
	}()
	one := func(c abi.Case) (abi.Record, int, error) {
		s := newSession(ctx, c, model)
		ln.cur = s
		if a == nil {
			fresh, err := h.Runtime.Agent(ctx, m, entropy, lim, b.InitGas, ln)
			if err != nil {
				return abi.Record{}, 0, err
			}
			a = fresh
		}
		used, outcome, err := a.Handle(ctx, b.CaseGas)
		if err != nil {
			return abi.Record{}, 0, err
		}
		if s.failed != nil {
			return abi.Record{}, 0, s.failed
		}
		if outcome != abi.OutcomeOK {
			a.Close(context.WithoutCancel(ctx))
			a = nil
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
