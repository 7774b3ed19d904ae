// Command garbage is a bad agent: on every case it calls the tool with bytes that are
// not a request and answers with 100 KiB of bytes that are not text.
package main

import "unsafe"

//go:wasmimport arena call
func call(ch unsafe.Pointer, chLen uint32, req unsafe.Pointer, reqLen uint32) uint32

//go:wasmimport arena output
func output(p unsafe.Pointer, n uint32)

//go:wasmexport handle
func handle() {
	ch, req := []byte("tool"), []byte{0xff, 0xfe, '{', 0}
	call(unsafe.Pointer(&ch[0]), uint32(len(ch)), unsafe.Pointer(&req[0]), uint32(len(req)))
	out := make([]byte, 100<<10)
	for i := range out {
		out[i] = byte(i*7 + 0x80)
	}
	output(unsafe.Pointer(&out[0]), uint32(len(out)))
}

func main() {}
