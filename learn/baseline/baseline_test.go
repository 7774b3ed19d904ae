package baseline

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/arena/arena/learn/data"
)

// The train split's figures with gzip 1.12 and xz 5.4.1 (Debian 12); other versions
// may differ by a few bytes, so the test pins a band and prints the figures.
func TestTheTrainSplitCompressesAsEnglishProseDoes(t *testing.T) {
	g, x, err := Measure(context.Background(), data.Train())
	if err != nil {
		t.Fatalf("%v (CI: apt-get install -y gzip xz-utils)", err)
	}
	t.Logf("train: gzip -9 %d, xz -9 %d micro-bpb", g, x)
	if g < 2_500_000 || g > 3_500_000 || x < 1_800_000 || x > 2_800_000 || x >= g {
		t.Errorf("gzip %d, xz %d micro-bpb: not what English prose gives", g, x)
	}
	g2, x2, err := Measure(context.Background(), data.Train())
	if err != nil || g2 != g || x2 != x {
		t.Errorf("a second measure gave %d, %d, %v", g2, x2, err)
	}
}

// TestBPBIsExactAndRoundsHalfAwayFromZero, worked by hand: 8e6·1/16 = 500000 exactly;
// 8e6·1/3 = 2666666.67 → 2666667; 8e6·1/7 = 1142857.14 → 1142857; 8e6·1/16e6 = 0.5 → 1.
func TestBPBIsExactAndRoundsHalfAwayFromZero(t *testing.T) {
	for _, c := range []struct{ c, n, want int64 }{
		{1, 16, 500_000}, {1, 3, 2_666_667}, {1, 7, 1_142_857}, {1, 16_000_000, 1}, {0, 5, 0},
		{1, 48_000_000, 0}, {3, 48_000_000, 1},
	} {
		if got := BPB(c.c, c.n); got != c.want {
			t.Errorf("BPB(%d, %d) = %d, want %d", c.c, c.n, got, c.want)
		}
	}
}

// TestAMissingToolIsNamed: with no tools on PATH the error names gzip and its package.
func TestAMissingToolIsNamed(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, _, err := Measure(context.Background(), []byte("x"))
	if !errors.Is(err, exec.ErrNotFound) || !strings.Contains(err.Error(), "gzip is not installed (Debian package gzip)") {
		t.Errorf("err = %v", err)
	}
}

// TestNoDataIsAnError: bits per byte of nothing are undefined.
func TestNoDataIsAnError(t *testing.T) {
	if _, _, err := Measure(context.Background(), nil); !errors.Is(err, ErrEmpty) {
		t.Errorf("err = %v", err)
	}
}

// TestACancelledMeasureStops: a cancelled context ends the run with an error.
func TestACancelledMeasureStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Measure(ctx, data.Train()); err == nil {
		t.Error("a cancelled context measured")
	}
}
