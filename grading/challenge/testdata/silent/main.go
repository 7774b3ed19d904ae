// Command silent is a bad agent: it answers every case without ever calling the tool
// endpoint.
package main

import "unsafe"

//go:wasmimport arena output
func output(p unsafe.Pointer, n uint32)

//go:wasmexport handle
func handle() {
	b := []byte("I did it myself.")
	output(unsafe.Pointer(&b[0]), uint32(len(b)))
}

func main() {}
