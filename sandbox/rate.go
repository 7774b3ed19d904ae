package sandbox

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// rateModule is the WebAssembly command MeasureRate runs: a _start that loops for ever,
// adding one to a global and storing it to memory, so that only its gas ends it.
var rateModule = []byte{
	0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // magic, version
	0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // type: () -> ()
	0x03, 0x02, 0x01, 0x00, // function 0 of type 0
	0x05, 0x03, 0x01, 0x00, 0x01, // memory: one page
	0x06, 0x06, 0x01, 0x7e, 0x01, 0x42, 0x00, 0x0b, // global: mut i64 = 0
	0x07, 0x0a, 0x01, 0x06, '_', 's', 't', 'a', 'r', 't', 0x00, 0x00, // export _start
	0x0a, 0x17, 0x01, 0x15, 0x00, // code: one body of 21 bytes, no locals
	0x03, 0x40, // loop
	0x23, 0x00, 0x42, 0x01, 0x7c, 0x24, 0x00, // global.set 0 (global.get 0 + 1)
	0x41, 0x08, 0x23, 0x00, 0x37, 0x03, 0x00, // i64.store (8, global 0)
	0x0c, 0x00, // br 0
	0x0b, 0x0b, // end loop, end function
}

// RateGas is the budget MeasureRate spends by default: about a second at the rate the
// default terms require.
const RateGas = 30_000_000

// MeasureRate measures how fast this runtime meters: it runs a module that loops until
// its gas runs out, three times under a third of gas each (RateGas when 0), and returns
// the best of the three in gas a second of wall time, so that a moment's contention
// does not count as the machine's speed. A validator measures itself at start and does
// not sit on program runs when it meters slower than its arena's terms require.
func (r *Runtime) MeasureRate(ctx context.Context, gas int64) (int64, error) {
	if gas <= 0 {
		gas = RateGas
	}
	m, err := r.Compile(ctx, rateModule, Offer{})
	if err != nil {
		return 0, fmt.Errorf("sandbox: compile the rate module: %w", err)
	}
	var best int64
	for range 3 {
		start := time.Now()
		_, used, err := r.Command(ctx, m, nil, [32]byte{}, 0, Limits{MaxPages: 1, Gas: gas / 3})
		took := max(time.Since(start), time.Nanosecond)
		if e := (*Error)(nil); !errors.As(err, &e) || e.Fault != FaultOutOfGas {
			return 0, fmt.Errorf("sandbox: the rate module did not run out of gas: %v", err)
		}
		best = max(best, int64(float64(used)/took.Seconds()))
	}
	return best, nil
}
