//go:build wasip1

// Command bench is the example bench "toolbench" as a WASI command: it reads one
// abi.Request from stdin and writes the Dataset (generate) or the Grades (grade) as JSON
// to stdout. A bad request exits 1 with a message on stderr. Build it with
// challenge/example/build.sh.
package main

import (
	"fmt"
	"os"

	"github.com/arena/arena/challenge/example/toolbench"
)

func main() {
	out, err := toolbench.Serve(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "toolbench:", err)
		os.Exit(1)
	}
	os.Stdout.Write(out)
}
