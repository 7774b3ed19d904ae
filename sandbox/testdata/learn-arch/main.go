//go:build wasip1

// Command learn-arch is a test architecture: an order-0 model whose parameter region is
// 256 u32 counts, predicting 1 + (count & 0x7fff) for each byte, so any bytes in the region
// (the forced random init included) are a valid prediction. Built with
// -ldflags=-X=main.mode=M it misbehaves: loop (predict never returns at byte 5), trap
// (predict panics at byte 7), zero (predicts all zeros), big (params_len is 1 MiB), wild
// (predict returns a pointer outside its memory).
package main

import "unsafe"

var (
	mode   string
	counts [256]uint32
	freq   [256]uint32
	calls  int
	sink   uint64
)

// init sets counts that the forced fresh init must overwrite.
func init() {
	for i := range counts {
		counts[i] = 1000
	}
}

//go:wasmexport params
func params() uint32 { return uint32(uintptr(unsafe.Pointer(&counts))) }

//go:wasmexport params_len
func paramsLen() uint32 {
	if mode == "big" {
		return 1 << 20
	}
	return uint32(unsafe.Sizeof(counts))
}

//go:wasmexport predict
func predict() uint32 {
	n := calls
	calls++
	switch {
	case mode == "loop" && n == 5:
		for {
			sink++
		}
	case mode == "trap" && n == 7:
		panic("byte seven")
	case mode == "wild":
		return 0xfffffff0
	case mode == "zero":
		clear(freq[:])
		return uint32(uintptr(unsafe.Pointer(&freq)))
	}
	for i, c := range counts {
		freq[i] = 1 + c&0x7fff
	}
	return uint32(uintptr(unsafe.Pointer(&freq)))
}

func main() {}
