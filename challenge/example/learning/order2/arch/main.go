//go:build wasip1

//lint:file-ignore U1000 the host calls these functions: they are exported with go:wasmexport

// Command arch is the architecture of the example learning submission "order2" as a WASI
// reactor over model.Order2: it exports params, params_len and predict (the brief's ABI),
// observe (the host may tell it each coded byte), and the functions a training program
// drives (orders, row, tag, get, put, get_tag, clear, halve, advance; see package model).
// Build it with challenge/example/learning/build.sh.
package main

import (
	"unsafe"

	"github.com/arena/arena/challenge/example/learning/model"
)

var m = model.NewOrder2()

func main() {}

//go:wasmexport params
func params() int32 { return int32(uintptr(unsafe.Pointer(&m.Params()[0]))) }

//go:wasmexport params_len
func paramsLen() int32 { return int32(2 * len(m.Params())) }

//go:wasmexport predict
func predict() int32 { return int32(uintptr(unsafe.Pointer(&m.Predict()[0]))) }

//go:wasmexport observe
func observe(b int32) { m.Observe(int(b)) }

//go:wasmexport orders
func orders() int32 { return int32(m.Orders()) }

//go:wasmexport row
func row(k int32) int32 { return int32(m.Row(int(k))) }

//go:wasmexport tag
func tag(k int32) int32 { return int32(m.Tag(int(k))) }

//go:wasmexport get
func get(r, b int32) int32 { return int32(m.Get(int(r), int(b))) }

//go:wasmexport put
func put(r, b, v int32) { m.Put(int(r), int(b), int(v)) }

//go:wasmexport get_tag
func getTag(r int32) int32 { return int32(m.GetTag(int(r))) }

//go:wasmexport clear
func clearRow(r, tag int32) { m.Clear(int(r), int(tag)) }

//go:wasmexport halve
func halve(r int32) { m.Halve(int(r)) }

//go:wasmexport advance
func advance(b int32) { m.Advance(int(b)) }
