package sandbox

import (
	"bytes"
	"context"
	"fmt"
)

// Command runs m as a WASI command: _start with stdin, the fake clock starting at
// clockStart (Unix seconds) and randomness from entropy, under lim. It returns stdout and
// the gas used. Exit code 0 is success; other exits and traps are FaultExit and FaultTrap,
// running out of gas FaultOutOfGas, stdout over MaxStdout FaultStdout, and the wall-time
// safety net, or ctx ending first, FaultWall and FaultCut: each an *Error of RoleBench.
func (r *Runtime) Command(ctx context.Context, m *Module, stdin []byte, entropy [32]byte, clockStart int64, lim Limits) (stdout []byte, gasUsed int64, err error) {
	if err := m.export("_start"); err != nil {
		return nil, 0, err
	}
	lim = lim.withDefaults()
	out := &cappedBuffer{max: MaxStdout}
	in, err := r.instantiate(ctx, m, entropy, clockStart, lim, bytes.NewReader(stdin), out)
	if err != nil {
		return nil, 0, err
	}
	defer in.close(ctx)
	res := in.call(ctx, "_start", lim.Gas)
	switch {
	case res.cut:
		return nil, res.used, errCut(RoleBench)
	case res.timedOut:
		return nil, res.used, errWall(RoleBench, lim.Wall)
	case res.outOfGas:
		return nil, res.used, fault(FaultOutOfGas, RoleBench)
	case out.over:
		return nil, res.used, &Error{Fault: FaultStdout, Role: RoleBench, Limit: MaxStdout}
	case res.err != nil:
		return nil, res.used, errFailed(res.err)
	}
	return out.buf.Bytes(), res.used, nil
}

func errFailed(err error) *Error {
	if code, ok := exitCode(err); ok {
		return &Error{Fault: FaultExit, Role: RoleBench, Code: code, Err: err}
	}
	return &Error{Fault: FaultTrap, Role: RoleBench, Detail: firstLine(err), Err: err}
}

// cappedBuffer keeps up to max bytes and remembers whether more were written.
type cappedBuffer struct {
	buf  bytes.Buffer
	max  int
	over bool
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if c.buf.Len()+len(p) > c.max {
		c.over = true
		return 0, fmt.Errorf("stdout is limited to %d bytes", c.max)
	}
	return c.buf.Write(p)
}
