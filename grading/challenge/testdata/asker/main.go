// Command asker is an agent of a bench that pins a model: on every case it calls the
// tool once, then asks the model channel with the case's input as the user message and
// answers with the model's text.
package main

import (
	"encoding/json"
	"unsafe"
)

//go:wasmimport arena input
func input(p unsafe.Pointer, n uint32) uint32

//go:wasmimport arena output
func output(p unsafe.Pointer, n uint32)

//go:wasmimport arena call
func call(ch unsafe.Pointer, chLen uint32, req unsafe.Pointer, reqLen uint32) uint32

//go:wasmimport arena result
func result(p unsafe.Pointer, n uint32) uint32

func ask(channel string, req []byte) []byte {
	ch := []byte(channel)
	n := call(unsafe.Pointer(&ch[0]), uint32(len(ch)), unsafe.Pointer(&req[0]), uint32(len(req)))
	if n == 0 {
		return nil
	}
	buf := make([]byte, n)
	result(unsafe.Pointer(&buf[0]), n)
	return buf
}

//go:wasmexport handle
func handle() {
	n := input(nil, 0)
	in := make([]byte, n+1)
	input(unsafe.Pointer(&in[0]), n)
	ask("tool", []byte(`{"name":"search","args":{}}`))
	req, _ := json.Marshal(map[string]string{"system": "You are an agent.", "user": string(in[:n])})
	out := ask("model", req)
	if len(out) > 0 {
		output(unsafe.Pointer(&out[0]), uint32(len(out)))
	}
}

func main() {}
