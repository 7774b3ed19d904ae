// Package data is the pinned text dataset of the learning challenges: the first
// 1,048,612 bytes (train) and the next 98,345 bytes (held-out) of Jane Austen's
// "Emma" followed by "Mansfield Park", public domain, as the Project Gutenberg texts
// bundled by the janeaustenr R package (Debian r-cran-janeaustenr 1.0.0-1). README.md
// says how they were prepared and pins their sha256.
package data

import (
	"bytes"
	_ "embed"
	"slices"
)

var (
	//go:embed train.txt
	train []byte
	//go:embed heldout.txt
	heldout []byte
)

// Pinned digests (sha256, hex) and lengths of the two splits.
const (
	TrainSHA256   = "f06bf879dd976b61da3c9b27462d5bca4e215d7b7ce4febfca8cc3fc2fa86532"
	TrainBytes    = 1_048_612
	HeldoutSHA256 = "89234319cc2defeeef57201f40172f1df92be7d6380b63ca9ba349814e6d232a"
	HeldoutBytes  = 98_345
)

// Train returns a copy of the train split.
func Train() []byte { return slices.Clone(train) }

// Heldout returns a copy of the held-out split.
func Heldout() []byte { return slices.Clone(heldout) }

// Prefix returns a copy of b's first bytes up to n, cut at a line boundary: through the
// last '\n' among the first n bytes, or all of b when it is no longer than n. When the
// first n bytes hold no newline it returns them whole. The demo and the CLI's
// --train-bytes/--heldout-bytes publish such prefixes of the pinned splits.
func Prefix(b []byte, n int) []byte {
	if n < 0 {
		n = 0
	}
	if len(b) <= n {
		return slices.Clone(b)
	}
	if i := bytes.LastIndexByte(b[:n], '\n'); i >= 0 {
		n = i + 1
	}
	return slices.Clone(b[:n])
}
