package learn_test

import (
	"context"
	"slices"
	"testing"

	"github.com/arena/arena/learn/data"
	"github.com/arena/arena/ledger/learn"
)

// The example pairs score exactly what they scored before the learner's host path was
// made faster (the clock out of the calls, one copy of the frequencies, the
// architecture's calls leaving the training program's counter alone, the coder's sum):
// a run over the first 64 KiB of the train split, its bits, step-0 window, curve and gas,
// and its held-out measurement, as the parent revision computed them.
func TestTheExamplePairsScoreAsBefore(t *testing.T) {
	want := map[string]struct {
		run     learn.RunResult
		heldout learn.HeldoutResult
	}{
		"order2": {
			learn.RunResult{Bits: 233157, Bytes: 64 << 10, WindowBits: 6378, Gas: 516072620, Curve: []int64{
				6378, 5352, 4756, 4225, 4552, 3946, 4305, 3971, 4073, 4093, 3947, 3508, 3211, 3338, 4018, 3786,
				3432, 3608, 3467, 3625, 3644, 3716, 3650, 3359, 3332, 3310, 3739, 3328, 3545, 3491, 3760, 3746,
				3539, 3526, 3514, 3464, 3827, 3417, 3340, 3125, 3572, 3363, 3207, 3655, 3558, 3354, 3237, 3181,
				3675, 3339, 3374, 3307, 3418, 3318, 3377, 3354, 3378, 3162, 3411, 3337, 3285, 3378, 3488, 3466,
			}},
			learn.HeldoutResult{TrainBits: 233157, TrainedBits: 351111, TwinBits: 787315, HeldoutBytes: 98345},
		},
		"mix": {
			learn.RunResult{Bits: 175950, Bytes: 64 << 10, WindowBits: 4951, Gas: 1631920147, Curve: []int64{
				4951, 3893, 3474, 3088, 3392, 2779, 3245, 3057, 3005, 3103, 3052, 2619, 2410, 2544, 3104, 2827,
				2592, 2751, 2676, 2706, 2677, 2802, 2630, 2472, 2520, 2547, 2706, 2473, 2698, 2677, 2915, 2848,
				2584, 2653, 2581, 2630, 2948, 2533, 2589, 2362, 2641, 2584, 2487, 2847, 2793, 2596, 2515, 2368,
				2746, 2528, 2507, 2587, 2712, 2572, 2455, 2415, 2453, 2413, 2610, 2609, 2476, 2544, 2749, 2630,
			}},
			learn.HeldoutResult{TrainBits: 175950, TrainedBits: 281423, TwinBits: 786761, HeldoutBytes: 98345},
		},
	}
	n := newNode(t)
	n.put(t, data.Heldout())
	for _, name := range []string{"order2", "mix"} {
		t.Run(name, func(t *testing.T) {
			v := newValidator(t, n)
			run := prefix(t, n, runOf(name+"-arch", name+"-train", "golden"), 64<<10)
			res := v.Run(context.Background(), run)
			if w := want[name].run; res.Bits != w.Bits || res.Bytes != w.Bytes || res.WindowBits != w.WindowBits ||
				res.Gas != w.Gas || !slices.Equal(res.Curve, w.Curve) || res.Error != "" {
				t.Errorf("run: got %+v, want %+v", res, w)
			}
			run.Kept = res.Bits
			if h := newValidator(t, n).Heldout(context.Background(), run); h != want[name].heldout {
				t.Errorf("held-out: got %+v, want %+v", h, want[name].heldout)
			}
		})
	}
}
