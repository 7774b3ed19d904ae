//go:build wasip1

// Command sharp is the example agent "sharp" as a WASI reactor: it exports handle,
// which answers the current case with policy.Sharp. Build it with
// challenge/example/build.sh.
package main

import (
	"github.com/arena/arena/challenge/abi/guest"
	"github.com/arena/arena/challenge/example/agents/policy"
)

func main() {}

// handle answers the current case; the host calls it once per case.
//
//lint:ignore U1000 the host calls it: it is exported with go:wasmexport
//go:wasmexport handle
func handle() {
	guest.Output([]byte(policy.Sharp.Answer(guest.Input(), guest.Tool)))
}
