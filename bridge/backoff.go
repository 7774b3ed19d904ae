package bridge

import "time"

// Backoff is the retry schedule: the delay before the next attempt after the n-th
// consecutive failure is Base * 2^(n-1), capped at Max. It has no jitter, so the
// schedule is the same on every run.
type Backoff struct {
	Base time.Duration
	Max  time.Duration
}

// DefaultBackoff retries after 1s, 2s, 4s, ... and at most every 5 minutes.
var DefaultBackoff = Backoff{Base: time.Second, Max: 5 * time.Minute}

// Delay returns the wait after the n-th failure (n from 1). It never exceeds Max and
// never overflows.
func (b Backoff) Delay(n int) time.Duration {
	if b.Base <= 0 {
		b = DefaultBackoff
	}
	if b.Max < b.Base {
		b.Max = b.Base
	}
	d := b.Base
	for i := 1; i < n && d < b.Max; i++ {
		d *= 2
	}
	return min(d, b.Max)
}
