package gas_test

import (
	"testing"

	"github.com/arena/arena/sandbox/gas"
	. "github.com/arena/arena/sandbox/gas/gastest"
)

// FuzzInject: Inject never panics, and what it returns can be metered no further (it
// exports the counter), which also shows its output parses.
func FuzzInject(f *testing.F) {
	f.Add(Spin().Bytes())
	f.Add(fn(LocalGet, 0, I32Const, 1, 0xfc, 11, 0, End))
	f.Add(fn(0xfd, 0, End))
	f.Add([]byte("\x00asm\x01\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		out, err := gas.Inject(b)
		if err != nil {
			return
		}
		if _, err := gas.Inject(out); err == nil {
			t.Fatal("a metered module was metered again")
		}
	})
}
