package solo

import (
	"sync"
	"testing"
	"time"
)

// clock is a settable wall clock.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) set(unix int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = time.Unix(unix, 0)
}

// TestBlockTimeNeverGoesBackwards: DESIGN, "time arrives with the block". Block time is
// the wall clock in unix seconds, but never earlier than the previous block's, even when
// the clock steps back, and across a restart on a clock that is behind.
func TestBlockTimeNeverGoesBackwards(t *testing.T) {
	path := tempPath(t)
	c := &clock{}
	e := openEngine(t, Config{Path: path, Now: c.Now}, testTerms(t))
	s := newSigner(t)
	steps := []struct{ clock, want int64 }{
		{1_700_000_100, 1_700_000_100},
		{1_700_000_050, 1_700_000_100}, // the clock stepped back
		{1_700_000_100, 1_700_000_100},
		{1_700_000_200, 1_700_000_200},
		{1_600_000_000, 1_700_000_200}, // far back
	}
	n := uint64(1)
	for _, st := range steps {
		c.set(st.clock)
		submit(t, e, s.faucet(t, n, 1))
		n++
	}
	e.Close()
	c.set(1_650_000_000)
	e = openEngine(t, Config{Path: path, Now: c.Now}, nil)
	submit(t, e, s.faucet(t, n, 1))
	e.Close()

	want := []int64{}
	for _, st := range steps {
		want = append(want, st.want)
	}
	want = append(want, 1_700_000_200)
	db := openStore(t, path)
	var got []int64
	for b, err := range db.Blocks(1, uint64(len(want))) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, b.Time)
	}
	if len(got) != len(want) {
		t.Fatalf("block times %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("block %d time = %d, want %d (clock %v)", i+1, got[i], want[i], got)
		}
	}
}
