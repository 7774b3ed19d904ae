//go:build wasip1

// Command arch is the test architecture of grading/learn: an order-0 model whose
// parameter region is 256 u32 counts, predicting 1 + (count & 0x7fff) for each byte (so
// whatever the forced fresh init wrote is a valid prediction), and counting each byte
// its training program passes to update. Built with -ldflags=-X=main.mode=M it
// misbehaves: loop (predict never returns at byte 3000), trap (predict panics at byte
// 5000), zero (predicts frequency 0 for 'e'), total (frequencies summing to 2^25 at byte
// 10), big (a parameter region of 1 MiB), fs (tries to read files and the environment
// at byte 0, and panics if it gets anything). Built with -tags smuggle its region starts
// out holding counts taken from English text.
package main

import (
	"os"
	"unsafe"
)

var (
	mode  string
	freq  [256]uint32
	calls int
	sink  uint64
)

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
	case mode == "loop" && n == 3000:
		for {
			sink++
		}
	case mode == "trap" && n == 5000:
		panic("byte 5000")
	case mode == "fs" && n == 0:
		probe()
	}
	for i, c := range counts {
		freq[i] = 1 + c&0x7fff
	}
	switch {
	case mode == "zero":
		freq['e'] = 0
	case mode == "total" && n == 10:
		for i := range freq {
			freq[i] = 1 << 17
		}
	}
	return uint32(uintptr(unsafe.Pointer(&freq)))
}

//go:wasmexport update
func update(b int32) {
	counts[b&255] += 64
	if counts[b&255]&0x7fff >= 0x7f00 {
		for i := range counts {
			counts[i] = counts[i] & 0x7fff / 2
		}
	}
}

// probe panics if the guest can read anything from outside: a file, a directory, its
// environment.
func probe() {
	for _, p := range []string{"/", ".", "/heldout", "heldout.txt", "/etc/passwd", "/proc/self/environ"} {
		if _, err := os.ReadFile(p); err == nil {
			panic("read " + p)
		}
		if _, err := os.ReadDir(p); err == nil {
			panic("listed " + p)
		}
	}
	if len(os.Environ()) > 0 {
		panic("an environment")
	}
}

func main() {}
