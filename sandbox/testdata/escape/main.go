//go:build wasip1

// Command escape is a test command that tries to reach outside its sandbox and prints
// what it got: a file, the environment, its arguments and the network.
package main

import (
	"fmt"
	"net"
	"os"
)

func main() {
	_, err := os.ReadFile("/etc/passwd")
	fmt.Printf("file: %v\n", err)
	_, err = os.ReadDir("/")
	fmt.Printf("dir: %v\n", err)
	fmt.Printf("env: %q\n", os.Environ())
	fmt.Printf("args: %q\n", os.Args)
	_, err = net.Dial("tcp", "127.0.0.1:80")
	fmt.Printf("net: %v\n", err)
}
