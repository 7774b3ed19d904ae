//go:build !unix

package main

import "time"

// processCPU reports that this system's process CPU time is not read.
func processCPU() (time.Duration, bool) { return 0, false }
