package solo

import (
	"log/slog"
	"time"
)

// Config configures an Engine. Zero fields take the defaults in withDefaults.
type Config struct {
	Path            string           // the SQLite file; created if missing
	Now             func() time.Time // the wall clock blocks are timed by; default time.Now
	MaxBatch        int              // most transactions per block; default 1000
	MaxWait         time.Duration    // how long an anchoring block waits for a transaction before it is made empty; default 2ms
	CheckpointEvery int              // blocks between full checkpoints; default 100
	Logger          *slog.Logger     // default discards
}

// The defaults.
const (
	DefaultMaxBatch        = 1000
	DefaultMaxWait         = 2 * time.Millisecond
	DefaultCheckpointEvery = 100
)

func (c Config) withDefaults() Config {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.MaxBatch <= 0 {
		c.MaxBatch = DefaultMaxBatch
	}
	if c.MaxWait <= 0 {
		c.MaxWait = DefaultMaxWait
	}
	if c.CheckpointEvery <= 0 {
		c.CheckpointEvery = DefaultCheckpointEvery
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}
