//go:build wasip1

// Command learn-train is a test training program for learn-arch: on each byte it copies
// the architecture's counts out, counts the byte (zeroing them first, the first time, so
// the random init is forgotten; halving all at 0x7fff) and copies them back. Built with
// -ldflags=-X=main.mode=loop its learn never returns at byte 3.
package main

import "unsafe"

var (
	mode   string
	counts [256]uint32
	calls  int
	sink   uint64
)

//go:wasmimport arch params
func archParams() uint32

//go:wasmimport arena copy_from_arch
func copyFromArch(dst unsafe.Pointer, src, n uint32)

//go:wasmimport arena copy_to_arch
func copyToArch(dst uint32, src unsafe.Pointer, n uint32)

//go:wasmexport learn
func learn(b uint32) {
	if mode == "loop" && calls == 3 {
		for {
			sink++
		}
	}
	p := archParams()
	copyFromArch(unsafe.Pointer(&counts), p, uint32(unsafe.Sizeof(counts)))
	if calls == 0 {
		clear(counts[:])
	}
	calls++
	counts[b&255]++
	if counts[b&255] >= 0x7fff {
		for i := range counts {
			counts[i] /= 2
		}
	}
	copyToArch(p, unsafe.Pointer(&counts), uint32(unsafe.Sizeof(counts)))
}

func main() {}
