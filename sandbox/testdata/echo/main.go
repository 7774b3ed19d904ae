//go:build wasip1

// Command echo is a test agent: its input is "<channel> <request>" or "many"; it calls the
// channel with the request and responds with what it saw.
package main

import (
	"strconv"
	"strings"
	"unsafe"
)

//go:wasmimport arena input
func input(ptr unsafe.Pointer, capacity uint32) uint32

//go:wasmimport arena output
func output(ptr unsafe.Pointer, n uint32)

//go:wasmimport arena call
func call(ch unsafe.Pointer, chLen uint32, req unsafe.Pointer, reqLen uint32) uint32

//go:wasmimport arena result
func result(ptr unsafe.Pointer, capacity uint32) uint32

func bytesPtr(b []byte) unsafe.Pointer {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Pointer(&b[0])
}

func ask(channel, req string) (string, uint32) {
	c, r := []byte(channel), []byte(req)
	n := call(bytesPtr(c), uint32(len(c)), bytesPtr(r), uint32(len(r)))
	buf := make([]byte, n)
	result(bytesPtr(buf), n)
	return string(buf), n
}

//go:wasmexport handle
func handle() {
	n := input(nil, 0)
	in := make([]byte, n)
	input(bytesPtr(in), n)
	var resp string
	if string(in) == "many" {
		served := 0
		for i := 0; i < 40; i++ {
			if _, n := ask("tool", strconv.Itoa(i)); n > 0 {
				served++
			}
		}
		resp = "served " + strconv.Itoa(served)
	} else {
		channel, req, _ := strings.Cut(string(in), " ")
		got, n := ask(channel, req)
		resp = string(in) + " -> " + got + " (" + strconv.Itoa(int(n)) + ")"
	}
	out := []byte(resp)
	output(bytesPtr(out), uint32(len(out)))
}

func main() {}
