//go:build !unix

package learn_test

import "time"

// cpuTime returns 0 where the process's CPU time is not read: the benchmarks then report
// no CPU figures.
func cpuTime() time.Duration { return 0 }
