// Command loop is a bad agent: on every case it calls the tool once, so it reaches the
// endpoint in the probe, and then loops forever.
package main

import "unsafe"

//go:wasmimport arena call
func call(ch unsafe.Pointer, chLen uint32, req unsafe.Pointer, reqLen uint32) uint32

var sink uint64

//go:wasmexport handle
func handle() {
	ch, req := []byte("tool"), []byte(`{"name":"search","args":{}}`)
	call(unsafe.Pointer(&ch[0]), uint32(len(ch)), unsafe.Pointer(&req[0]), uint32(len(req)))
	for i := uint64(0); ; i++ {
		sink += i
	}
}

func main() {}
