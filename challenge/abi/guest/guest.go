//go:build wasip1

// Package guest wraps the imports of the host module "arena" for an agent module written
// in Go and built with GOOS=wasip1 GOARCH=wasm (-buildmode=c-shared, exporting handle).
// Every call is synchronous: the host serves it before it returns. The package builds
// only for wasip1; a native build of a program that imports it fails at compile time.
package guest

import (
	"encoding/json"
	"runtime"
	"unsafe"

	"github.com/arena/arena/challenge/abi"
)

//go:wasmimport arena input
func input(ptr unsafe.Pointer, capacity int32) int32

//go:wasmimport arena output
func output(ptr unsafe.Pointer, length int32)

//go:wasmimport arena call
func call(chanPtr unsafe.Pointer, chanLen int32, reqPtr unsafe.Pointer, reqLen int32) int32

//go:wasmimport arena result
func result(ptr unsafe.Pointer, capacity int32) int32

// Input returns the current case's input, whole.
func Input() []byte {
	n := input(nil, 0)
	if n <= 0 {
		return nil
	}
	buf := make([]byte, n)
	input(unsafe.Pointer(&buf[0]), n)
	return buf
}

// Output sets the case's response. The last call wins; the host keeps at most
// abi.MaxResponse bytes.
func Output(b []byte) {
	output(ptr(b), int32(len(b)))
	runtime.KeepAlive(b)
}

// Call sends req on channel and returns the host's answer. Past abi.MaxCalls calls in a
// case the host serves nothing and Call returns nil.
func Call(channel string, req []byte) []byte {
	ch := []byte(channel)
	n := call(ptr(ch), int32(len(ch)), ptr(req), int32(len(req)))
	runtime.KeepAlive(ch)
	runtime.KeepAlive(req)
	if n <= 0 {
		return nil
	}
	buf := make([]byte, n)
	result(unsafe.Pointer(&buf[0]), n)
	return buf
}

// Tool calls the mock tool endpoint: the request {"name":name,"args":args} on the tool
// channel, args encoded with encoding/json (nil sends no args). It returns the
// endpoint's answer, which for a tool the case does not mock is abi.UnknownTool.
func Tool(name string, args any) []byte {
	req := abi.ToolRequest{Name: name}
	if args != nil {
		a, err := json.Marshal(args)
		if err != nil {
			return nil
		}
		req.Args = a
	}
	b, err := json.Marshal(req)
	if err != nil {
		return nil
	}
	return Call(abi.ChannelTool, b)
}

// ptr is the address of b's first byte, or nil for an empty slice.
func ptr(b []byte) unsafe.Pointer {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Pointer(&b[0])
}
