package main

import (
	"os"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// wasmImport writes to args[0] the smallest WebAssembly module that imports the
// function args[1] ("env.steal") and does nothing else: a program every sandbox refuses
// for what it imports before it runs.
func wasmImport(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: wasmimport FILE MODULE.NAME")
	}
	mod, name, ok := strings.Cut(args[1], ".")
	if !ok || len(mod) > 60 || len(name) > 60 {
		ts.Fatalf("wasmimport: %q is not MODULE.NAME", args[1])
	}
	types := []byte{1, 0x60, 0, 0} // one type: a function of nothing to nothing
	imports := append(append(append(append([]byte{1, byte(len(mod))}, mod...), byte(len(name))), name...), 0, 0)
	b := []byte{0, 'a', 's', 'm', 1, 0, 0, 0}
	b = append(append(b, 1, byte(len(types))), types...)
	b = append(append(b, 2, byte(len(imports))), imports...)
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), b, 0o644))
}
