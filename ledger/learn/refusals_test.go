package learn

import (
	"testing"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/book/booktest"
)

// "Every refusal has an exact message, and a test that pins it": the learning kind's
// part of the protocol surface, in one table. A change here is a protocol change.
func TestRefusalsArePinned(t *testing.T) {
	got := map[string]*book.Error{
		"errTitle":          errTitle,
		"errDataset":        errDataset,
		"errDatasetBytes":   errDatasetBytes,
		"errTimes":          errTimes,
		"errCaps":           errCaps,
		"errByteGas":        errByteGas,
		"errDeadline":       errDeadline,
		"errQuorum":         errQuorum,
		"errFewValidators":  errFewValidators,
		"errPlatform":       errPlatform,
		"errReference":      errReference,
		"errNoChallenge":    errNoChallenge,
		"errClosed":         errClosed,
		"errSubmissions":    errSubmissions,
		"errModule":         errModule,
		"errCombined":       errCombined,
		"errSize":           errSize,
		"errURL":            errURL,
		"errCommitValue":    errCommitValue,
		"errCommittedTwice": errCommittedTwice,
		"errNotLearnRound":  errNotLearnRound,
		"errResultKind":     errResultKind,
		"errRunShape":       errRunShape,
		"errHeldoutShape":   errHeldoutShape,
		"errRetrained":      errRetrained,
		"errFailureCarries": errFailureCarries,
		"errNotSponsor":     errNotSponsor,
		"errRevealEarly":    errRevealEarly,
		"errRevealLate":     errRevealLate,
		"errRevealed":       errRevealed,
		"errRevealWrong":    errRevealWrong,
		"errEnded":          errEnded,
		"errNotEnded":       errNotEnded,
	}
	want := map[string]string{
		"errTitle":          "[EXPECTED] A learning challenge needs a title of at most 120 characters",
		"errDataset":        "[EXPECTED] A dataset and a held-out split are named by their sha256 digests in lowercase hex",
		"errDatasetBytes":   "[EXPECTED] A dataset is 1024 to 67108864 bytes and a held-out split 1 to 67108864 bytes",
		"errTimes":          "[EXPECTED] The times must run now < close_at < reveal_by ≤ end ≤ 9007199254740991",
		"errCaps":           "[EXPECTED] param_cap is 1 to 1073741824 bytes and data_cap 0 to 16777216 bytes",
		"errByteGas":        "[EXPECTED] byte_gas must be 1 to 9007199254740991",
		"errDeadline":       "[EXPECTED] byte_gas must let a held-out measurement fit the longest attempt deadline (604800 s) at the arena's gas rate: 4 x 2000000000 + (dataset_bytes + 2 x heldout_bytes) x (2 x byte_gas + 1000)",
		"errQuorum":         "[EXPECTED] A quorum is 1 to 16 validators",
		"errFewValidators":  "[EXPECTED] The arena has fewer validators than the challenge's quorum",
		"errPlatform":       "[EXPECTED] This arena runs only the platform wazero v1.12.0 amd64 arena-gas/1",
		"errReference":      "[EXPECTED] gzip_bpb and xz_bpb are bits per byte in micros, 0 to 64000000",
		"errNoChallenge":    "[EXPECTED] No such learning challenge",
		"errClosed":         "[EXPECTED] This learning challenge is closed",
		"errSubmissions":    "[EXPECTED] Submissions to this learning challenge closed at close_at",
		"errModule":         "[EXPECTED] A module is named by its sha256 digest in lowercase hex",
		"errCombined":       "[EXPECTED] The architecture and the training program must be two different modules",
		"errSize":           "[EXPECTED] A module is 1 to 8388608 bytes",
		"errURL":            "[EXPECTED] A URL is at most 512 bytes of UTF-8",
		"errCommitValue":    "[EXPECTED] The value must be exactly this challenge's deposit plus the grading fee",
		"errCommittedTwice": "[EXPECTED] This pair of modules has already entered this challenge",
		"errNotLearnRound":  "[EXPECTED] This round is not a learning run or held-out measurement",
		"errResultKind":     "[EXPECTED] A learn_run round takes a result and a learn_heldout round a held-out measurement, one of them",
		"errRunShape":       "[EXPECTED] A run result carries non-negative bits, at most 40 a byte, over exactly the dataset's bytes, the first window's bits, one curve point per merged window and gas from 0 to 9007199254740991",
		"errHeldoutShape":   "[EXPECTED] A held-out measurement carries non-negative bits, at most 40 a byte, over exactly the held-out split's bytes",
		"errRetrained":      "[EXPECTED] The retrained train bits differ from the run's",
		"errFailureCarries": "[EXPECTED] A failed run carries a classed error and nothing else",
		"errNotSponsor":     "[EXPECTED] Only the sponsor reveals the held-out split",
		"errRevealEarly":    "[EXPECTED] The held-out split is revealed only after close_at",
		"errRevealLate":     "[EXPECTED] reveal_by has passed; the runs are final without held-out terms",
		"errRevealed":       "[EXPECTED] The held-out split has already been revealed",
		"errRevealWrong":    "[EXPECTED] The revealed digest does not match the held-out commitment",
		"errEnded":          "[EXPECTED] This learning challenge has ended",
		"errNotEnded":       "[EXPECTED] This learning challenge has not ended",
	}
	booktest.PinRefusals(t, got, want)
}
