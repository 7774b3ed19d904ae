// Package example holds Arena's example benchmark challenge, built: the bench
// "toolbench" (challenge/example/toolbench, wrapped by the command in bench) and the
// agents steady, steady-plus and sharp (challenge/example/agents), compiled to
// WebAssembly (GOOS=wasip1 GOARCH=wasm) and embedded, so `arena demo` needs no toolchain.
//
// The modules under modules/ are rebuilt by build.sh with reproducible flags; a test
// rebuilds them from source and fails when the committed bytes differ, so they can never
// drift from their source. steady-plus is steady's source linked with
// -X main.variant=plus: slightly and consistently better (it also reads durations).
package example

import (
	"embed"
	"sort"
)

//go:generate ./build.sh

//go:embed modules/*.wasm
var modules embed.FS

// agents maps each example agent's name to its module's file.
var agents = map[string]string{
	"steady":      "modules/steady.wasm",
	"steady-plus": "modules/steady-plus.wasm",
	"sharp":       "modules/sharp.wasm",
}

// Bench returns the example bench module (a WASI command). The slice is a fresh copy.
func Bench() []byte { return read("modules/toolbench.wasm") }

// Agent returns the module of the example agent with that name (a WASI reactor
// exporting handle), and whether there is one. The slice is a fresh copy.
func Agent(name string) ([]byte, bool) {
	f, ok := agents[name]
	if !ok {
		return nil, false
	}
	return read(f), true
}

// Agents returns the example agents' names, sorted.
func Agents() []string {
	names := make([]string, 0, len(agents))
	for n := range agents {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func read(name string) []byte {
	b, err := modules.ReadFile(name)
	if err != nil {
		panic("example: embedded module missing: " + name) // the embed pattern guarantees it
	}
	return b
}
