//go:build unix

package learn_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used so far (user and system, every
// thread): what a benchmark divides by when the machine is shared, since wall time then
// counts other processes' turns on the cores.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
