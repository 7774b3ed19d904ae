//go:build wasip1

// Command spin is a test agent whose handle never returns.
package main

var sink uint64

//go:wasmexport handle
func handle() {
	for i := uint64(0); ; i++ {
		sink += i * i
	}
}

func main() {}
