//go:build wasip1

// Command foreign is a test agent that imports something no bench offers.
package main

//go:wasmimport env foo
func foo() uint32

//go:wasmexport handle
func handle() { _ = foo() }

func main() {}
