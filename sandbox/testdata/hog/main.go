//go:build wasip1

// Command hog is a test agent that allocates memory without bound.
package main

var kept [][]byte

//go:wasmexport handle
func handle() {
	for {
		b := make([]byte, 1<<20)
		b[0] = 1
		kept = append(kept, b)
	}
}

func main() {}
