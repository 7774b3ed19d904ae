// Package learning holds Arena's example learning submissions (issue 14), built: each is
// an architecture module and a training module (WASI reactors, GOOS=wasip1 GOARCH=wasm,
// -buildmode=c-shared), compiled from the pure logic in package model and embedded, so
// `arena demo` needs no toolchain.
//
//   - "order2": model.Order2 (order-2 contexts hashed into 4,096 rows of 256 u16 counts,
//     2,129,920 bytes of parameters) trained by model.LearnCounts (add 1, halve past
//     model.Order2Limit).
//   - "mix": model.Mix (orders 1-3 blended by Witten-Bell interpolation, 4,193,280 bytes of
//     parameters) trained by model.LearnMix (per-order halving limits).
//
// Both architectures export params, params_len, predict, observe(b) (which the host calls
// when it codes without learning: sandbox.Learner.Observe) and the functions the training
// programs import from "arch" (orders, row, tag, get, put, get_tag, clear, halve,
// advance); the training programs export learn(b) and import only those, not the arena
// copy functions. See package model for the parameter layout, how the forced random init
// is made inert, and why observe exists.
//
// Figures on learn/data's train split (1,048,612 bytes; gzip -9 2.935 bpb, xz -9 2.378):
// order2 3.2541 bpb, mix 2.4430 bpb (the run's exact coded bits, with the forced random
// init); held-out after training: order2 3.2811, mix 2.5397
// bpb (gap 0.03 and 0.10, no penalty), fresh twins 8.0 bpb. Gas per byte under the
// sandbox's meter: order2 about 7,000 (predict about 5,200), mix about 23,000-25,000
// (predict about 18,000), each at most about 27,000 and 45,000 when a row is halved or
// claimed; initialising either pair takes about 2.7 million gas.
//
// The modules under modules/ are rebuilt by build.sh with reproducible flags; a test
// rebuilds them from source and fails when the committed bytes differ.
package learning

import (
	"embed"
	"sort"
)

//go:generate ./build.sh

//go:embed modules/*.wasm
var modules embed.FS

// names are the example submissions; each has modules/<name>-arch.wasm and
// modules/<name>-train.wasm.
var names = []string{"mix", "order2"}

// Arch returns the architecture module of the example submission with that name, and
// whether there is one. The slice is a fresh copy.
func Arch(name string) ([]byte, bool) { return read(name, "arch") }

// Train returns the training module of the example submission with that name, and
// whether there is one. The slice is a fresh copy.
func Train(name string) ([]byte, bool) { return read(name, "train") }

// Names returns the example submissions' names, sorted.
func Names() []string {
	out := append([]string(nil), names...)
	sort.Strings(out)
	return out
}

func read(name, part string) ([]byte, bool) {
	known := false
	for _, n := range names {
		known = known || n == name
	}
	if !known {
		return nil, false
	}
	b, err := modules.ReadFile("modules/" + name + "-" + part + ".wasm")
	if err != nil {
		panic("learning: embedded module missing: " + name + "-" + part) // the embed pattern and names guarantee it
	}
	return b, true
}
