package learn_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/learn/score"
)

// Smuggled weights are inert: an architecture whose parameter region starts out holding
// counts of English text (data inside the region, which the data cap does not count)
// runs exactly as the same architecture with a zero region, bits, curve and gas, since
// the host fills the whole region from the run's seed before the first byte.
func TestSmuggledWeightsAreInert(t *testing.T) {
	n := newNode(t)
	v := newValidator(t, n)
	plain := v.Run(context.Background(), prefix(t, n, runOf("arch", "train", "smuggle"), 20_000))
	smuggled := v.Run(context.Background(), prefix(t, n, runOf("arch-smuggle", "train", "smuggle"), 20_000))
	if plain.Error != "" || !reflect.DeepEqual(plain, smuggled) {
		t.Fatalf("the smuggled region changed the run:\n plain    %+v\n smuggled %+v", plain, smuggled)
	}
}

// Step-0 anomaly: an architecture that knows the dataset's first 2 KiB (written into a
// table by its code, not carried as data) codes the first window far below 4 bits per
// byte, and the score's multiplier is then 0; the honest example's first window is
// above it and keeps its score.
func TestAStepZeroAnomalyZeroesTheScore(t *testing.T) {
	n := newNode(t)
	v := newValidator(t, n)
	cheat := v.Run(context.Background(), prefix(t, n, runOf("arch-cheat", "train", "step zero"), 8192))
	honest := v.Run(context.Background(), prefix(t, n, runOf("order2-arch", "order2-train", "step zero"), 8192))
	if cheat.Error != "" || honest.Error != "" {
		t.Fatalf("runs failed: %q %q", cheat.Error, honest.Error)
	}
	if cheat.WindowBits*16 > 4*learn.Window || score.StepZero(cheat.WindowBits) != 0 {
		t.Fatalf("the cheat coded its first window in %d bits, multiplier %d", cheat.WindowBits, score.StepZero(cheat.WindowBits))
	}
	if honest.WindowBits < 4*learn.Window || score.StepZero(honest.WindowBits) != learn.PPM {
		t.Fatalf("the honest example coded its first window in %d bits, multiplier %d", honest.WindowBits, score.StepZero(honest.WindowBits))
	}
	t.Logf("first window: the cheat %d bits, the honest order-2 %d bits (the threshold is %d)", cheat.WindowBits, honest.WindowBits, 4*learn.Window)
}
