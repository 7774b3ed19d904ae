// Command flood is a bad agent that writes the largest transcript it can: on every case
// it makes abi.MaxCalls tool calls, each with 64 KiB of control bytes (six bytes each once
// JSON-escaped), and answers with 64 KiB of them.
package main

import "unsafe"

//go:wasmimport arena call
func call(ch unsafe.Pointer, chLen uint32, req unsafe.Pointer, reqLen uint32) uint32

//go:wasmimport arena output
func output(p unsafe.Pointer, n uint32)

var junk = make([]byte, 64<<10)

func init() {
	for i := range junk {
		junk[i] = 1
	}
}

//go:wasmexport handle
func handle() {
	ch := []byte("tool")
	for range 32 {
		call(unsafe.Pointer(&ch[0]), uint32(len(ch)), unsafe.Pointer(&junk[0]), uint32(len(junk)))
	}
	output(unsafe.Pointer(&junk[0]), uint32(len(junk)))
}

func main() {}
