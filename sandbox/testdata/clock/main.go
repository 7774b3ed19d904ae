//go:build wasip1

// Command clock is a test command that prints what a nondeterministic program would
// differ in: the time, random numbers and a map's iteration order, and its stdin.
package main

import (
	crand "crypto/rand"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"time"
)

func main() {
	in, _ := io.ReadAll(os.Stdin)
	start := time.Now()
	fmt.Printf("time %s\n", start.UTC().Format(time.RFC3339Nano))
	time.Sleep(time.Second)
	fmt.Printf("slept %s\n", time.Since(start))
	fmt.Printf("rand %d %d\n", rand.Uint64(), rand.IntN(1000))
	b := make([]byte, 8)
	_, _ = crand.Read(b)
	fmt.Printf("crypto %x\n", b)
	m := map[int]bool{}
	for i := range 20 {
		m[i] = true
	}
	fmt.Print("map")
	for k := range m {
		fmt.Printf(" %d", k)
	}
	fmt.Printf("\nstdin %q\n", in)
	if string(in) == "exit 3" {
		os.Exit(3)
	}
	if string(in) == "flood" {
		line := make([]byte, 1<<20)
		for range 33 {
			os.Stdout.Write(line)
		}
	}
	if string(in) == "spin" {
		for {
			start = start.Add(1)
		}
	}
}
