package sandbox

import (
	"bytes"
	"context"
	"fmt"

	"github.com/arena/arena/ledger/book"
)

// Command runs m as a WASI command: _start with stdin, the fake clock starting at
// clockStart (Unix seconds) and randomness from entropy, under lim. It returns stdout and
// the gas used. Exit code 0 is success; other exits and traps are [EXPECTED] "The bench
// module failed: ...", running out of gas is [EXPECTED] "The bench module ran out of gas",
// and the wall-time safety net, or ctx ending first (errCut), is [TRANSIENT].
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
		return nil, res.used, errCut("The bench module")
	case res.timedOut:
		return nil, res.used, errWall("The bench module", lim.Wall)
	case res.outOfGas:
		return nil, res.used, book.NewError(book.Expected, "The bench module ran out of gas")
	case out.over:
		return nil, res.used, expected("The bench module wrote more than %d bytes to stdout", MaxStdout)
	case res.err != nil:
		return nil, res.used, errFailed(res.err)
	}
	return out.buf.Bytes(), res.used, nil
}

func errFailed(err error) *book.Error {
	var e *book.Error
	if code, ok := exitCode(err); ok {
		e = expected("The bench module failed: exit code %d", code)
	} else {
		e = expected("The bench module failed: %s", firstLine(err))
	}
	e.Err = err
	return e
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
