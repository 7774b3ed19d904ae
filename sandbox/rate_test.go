package sandbox

import (
	"context"
	"testing"
)

// The rate module runs until its gas runs out, so MeasureRate reports a positive rate;
// a measurement its caller cancelled is an error, never a rate.
func TestMeasureRateSpendsItsBudgetAndReportsARate(t *testing.T) {
	r := newRuntime(t, false)
	rate, err := r.MeasureRate(context.Background(), 3_000_000)
	if err != nil || rate <= 0 {
		t.Fatalf("rate %d, %v", rate, err)
	}
	t.Logf("this machine meters %d gas a second", rate)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if rate, err := r.MeasureRate(ctx, 3_000_000); err == nil {
		t.Fatalf("a cancelled measurement reported %d gas a second", rate)
	}
}
