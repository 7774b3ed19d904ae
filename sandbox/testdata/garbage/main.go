//go:build wasip1

// Command garbage is a test agent that responds with 100,000 bytes that are not text.
package main

import "unsafe"

//go:wasmimport arena output
func output(ptr unsafe.Pointer, n uint32)

//go:wasmexport handle
func handle() {
	b := make([]byte, 100_000)
	for i := range b {
		b[i] = byte(0x80 + i%64)
	}
	output(unsafe.Pointer(&b[0]), uint32(len(b)))
	output(unsafe.Pointer(&b[0]), uint32(len(b)))
}

func main() {}
