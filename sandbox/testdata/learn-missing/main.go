//go:build wasip1

// Command learn-missing is a test training program that imports a function its
// architecture does not export.
package main

//go:wasmimport arch update
func update(b uint32)

//go:wasmexport learn
func learn(b uint32) { update(b) }

func main() {}
