//go:build wasip1

// Command learn-combined is a test module that is both an architecture and a training
// program (refused).
package main

import "unsafe"

var (
	counts [256]uint32
	freq   [256]uint32
)

//go:wasmexport params
func params() uint32 { return uint32(uintptr(unsafe.Pointer(&counts))) }

//go:wasmexport params_len
func paramsLen() uint32 { return uint32(unsafe.Sizeof(counts)) }

//go:wasmexport predict
func predict() uint32 {
	for i, c := range counts {
		freq[i] = 1 + c&0x7fff
	}
	return uint32(uintptr(unsafe.Pointer(&freq)))
}

//go:wasmexport learn
func learn(b uint32) { counts[b&255]++ }

func main() {}
