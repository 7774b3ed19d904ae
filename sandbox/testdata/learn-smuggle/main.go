//go:build wasip1

// Command learn-smuggle is a test architecture that carries a 256 KiB table in a data
// segment outside its parameter region (what the data cap refuses).
package main

import "unsafe"

const (
	t0  = "smuggled weights, smuggled weights, smuggled weights, smuggled!"
	t1  = t0 + t0
	t2  = t1 + t1
	t3  = t2 + t2
	t4  = t3 + t3
	t5  = t4 + t4
	t6  = t5 + t5
	t7  = t6 + t6
	t8  = t7 + t7
	t9  = t8 + t8
	t10 = t9 + t9
	t11 = t10 + t10 // 128 KiB
	t12 = t11 + t11 // 256 KiB
)

var (
	table = t12
	state [256]uint32
	freq  [256]uint32
	calls int
)

//go:wasmexport params
func params() uint32 { return uint32(uintptr(unsafe.Pointer(&state))) }

//go:wasmexport params_len
func paramsLen() uint32 { return uint32(unsafe.Sizeof(state)) }

//go:wasmexport predict
func predict() uint32 {
	for i := range freq {
		freq[i] = 1 + uint32(table[(calls*256+i)%len(table)])
	}
	calls++
	return uint32(uintptr(unsafe.Pointer(&freq)))
}

func main() {}
