//go:build wasip1

// Command panic is a test agent whose handle panics on its second case.
package main

var cases int

//go:wasmexport handle
func handle() {
	cases++
	if cases == 2 {
		panic("second case")
	}
}

func main() {}
