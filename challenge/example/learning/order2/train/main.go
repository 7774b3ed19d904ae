//go:build wasip1

//lint:file-ignore U1000 the host calls these functions: they are exported with go:wasmexport

// Command train is the training program of the example learning submission "order2" as a
// WASI reactor: learn(b) applies model.LearnCounts (add 1 to b's count in its context,
// halve the row past model.Order2Limit) to the linked architecture through its exports.
// Build it with challenge/example/learning/build.sh.
package main

import (
	"github.com/arena/arena/challenge/example/learning/model"
	"github.com/arena/arena/challenge/example/learning/train/arch"
)

func main() {}

//go:wasmexport learn
func learn(b int32) { model.LearnCounts(arch.Model{}, int(b), model.Order2Limit) }
