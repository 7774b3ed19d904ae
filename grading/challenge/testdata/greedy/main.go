// Command greedy is a bad agent: it imports a host function no bench offers.
package main

//go:wasmimport env clock
func clock() uint64

var last uint64

//go:wasmexport handle
func handle() { last = clock() }

func main() {}
