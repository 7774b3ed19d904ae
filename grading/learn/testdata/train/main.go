//go:build wasip1

// Command train is the test training program of grading/learn: learn(b) passes each
// byte to the architecture's update. Built with -ldflags=-X=main.mode=trap it panics at
// byte 7000.
package main

var (
	mode  string
	calls int
)

//go:wasmimport arch update
func update(b int32)

//go:wasmexport learn
func learn(b int32) {
	if mode == "trap" && calls == 7000 {
		panic("byte 7000")
	}
	calls++
	update(b)
}

func main() {}
