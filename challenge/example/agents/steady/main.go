//go:build wasip1

// Command steady is the example agent "steady" as a WASI reactor: it exports handle,
// which answers the current case with policy.Steady. Built with
// -ldflags=-X main.variant=plus it is "steady-plus", which answers with
// policy.SteadyPlus. Build it with challenge/example/build.sh.
package main

import (
	"github.com/arena/arena/challenge/abi/guest"
	"github.com/arena/arena/challenge/example/agents/policy"
)

// variant is set at link time: "" is steady, "plus" is steady-plus.
var variant string

func main() {}

// handle answers the current case; the host calls it once per case.
//
//lint:ignore U1000 the host calls it: it is exported with go:wasmexport
//go:wasmexport handle
func handle() {
	skills := policy.Steady
	if variant == "plus" {
		skills = policy.SteadyPlus
	}
	guest.Output([]byte(skills.Answer(guest.Input(), guest.Tool)))
}
