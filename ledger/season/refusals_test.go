package season

import (
	"testing"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/book/booktest"
)

// "Every refusal has an exact message, and a test that pins it": the season's part of
// the protocol surface, met by the benchmark and the learning challenge alike. A change
// here is a protocol change.
func TestRefusalsArePinned(t *testing.T) {
	got := map[string]*book.Error{
		"errPoolZero":    errPoolZero,
		"errPerEpoch":    errPerEpoch,
		"errEpochS":      errEpochS,
		"errResultClass": errResultClass,
		"errResultSize":  errResultSize,
		"errFoldEarly":   errFoldEarly,
		"errFoldedEpoch": errFoldedEpoch,
	}
	want := map[string]string{
		"errPoolZero":    "[EXPECTED] The pool must be escrowed at publication",
		"errPerEpoch":    "[EXPECTED] per_epoch must be positive",
		"errEpochS":      "[EXPECTED] An epoch is 60 to 31536000 seconds",
		"errResultClass": "[EXPECTED] A failure must be classed: [EXPECTED], [EXTERNAL], [TRANSIENT] or [LLM_ERROR]",
		"errResultSize":  "[EXPECTED] An error is at most 1024 bytes of UTF-8",
		"errFoldEarly":   "[EXPECTED] The first epoch has not passed",
		"errFoldedEpoch": "[EXPECTED] This epoch has already been folded",
	}
	booktest.PinRefusals(t, got, want)
}

// The pinned platform is the brief's: every season's programs run on it.
func TestThePlatformIsPinned(t *testing.T) {
	if Platform != "wazero v1.12.0 amd64 arena-gas/1" {
		t.Fatalf("platform %q", Platform)
	}
}
