package sandbox

import (
	"context"
	"slices"

	"github.com/tetratelabs/wazero/api"
)

// observeExport is the optional export through which a host that codes without learning
// tells the architecture which byte came: observe(b i32).
const observeExport = "observe"

// Observe tells the architecture that byte i was b by calling its observe(b) export, when
// it has one (a no-op otherwise), under what Predict left of the byte's gas (ByteGas when
// no Predict started the byte); what fails there is the architecture's. It is what a host
// that codes a stream without learning (the held-out measurement) calls in place of Learn:
// predict takes no argument, so without it a stateful architecture's context would stay
// where the training stopped. An observe export of another signature than (i32) → () is
// FaultExportType at its first call.
func (l *Learner) Observe(ctx context.Context, i int64, b byte) error {
	if l.err != nil {
		return errDead
	}
	fn := l.arch.mod.ExportedFunction(observeExport)
	if fn == nil {
		return nil
	}
	if d := fn.Definition(); !slices.Equal(d.ParamTypes(), []api.ValueType{i32}) || len(d.ResultTypes()) != 0 {
		l.err = &Error{Fault: FaultExportType, Role: RoleArch, Name: observeExport}
		return l.err
	}
	if !l.open {
		l.left, l.open = l.lim.ByteGas, true
	}
	cctx, err := l.ctx(ctx)
	if err != nil {
		l.err = err
		return err
	}
	l.stack[0] = uint64(b)
	res := l.call(cctx, fn, l.left, true)
	l.left -= res.used
	l.used += res.used
	return l.verdict(res, RoleArch, i)
}
