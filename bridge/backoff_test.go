package bridge_test

import (
	"testing"
	"time"

	"github.com/arena/arena/bridge"
)

// TestBackoffDoublesUpToItsCap: the brief, "exponential backoff on failure (bounded,
// deterministic delays)". The n-th failure waits Base*2^(n-1), never more than Max.
func TestBackoffDoublesUpToItsCap(t *testing.T) {
	b := bridge.Backoff{Base: time.Second, Max: 10 * time.Second}
	for _, tc := range []struct {
		n    int
		want time.Duration
	}{
		{0, time.Second}, {1, time.Second}, {2, 2 * time.Second}, {3, 4 * time.Second}, {4, 8 * time.Second},
		{5, 10 * time.Second}, {6, 10 * time.Second}, {1 << 30, 10 * time.Second},
	} {
		if got := b.Delay(tc.n); got != tc.want {
			t.Errorf("Delay(%d) = %s, want %s", tc.n, got, tc.want)
		}
	}
	if got := (bridge.Backoff{}).Delay(3); got != 4*time.Second {
		t.Errorf("zero Backoff Delay(3) = %s, want the default's 4s", got)
	}
	if got := (bridge.Backoff{Base: time.Minute, Max: time.Second}).Delay(5); got != time.Minute {
		t.Errorf("Max below Base: Delay(5) = %s, want Base", got)
	}
}
