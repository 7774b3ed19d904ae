package challenge

import (
	"testing"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/book/booktest"
)

// "Every refusal has an exact message, and a test that pins it": the challenge kind's
// part of the protocol surface, in one table. A change here is a protocol change.
func TestRefusalsArePinned(t *testing.T) {
	got := map[string]*book.Error{
		"errName":           errName,
		"errOwner":          errOwner,
		"errVersion":        errVersion,
		"errModule":         errModule,
		"errSize":           errSize,
		"errURL":            errURL,
		"errKinds":          errKinds,
		"errMinCases":       errMinCases,
		"errProfiles":       errProfiles,
		"errModel":          errModel,
		"errQuorum":         errQuorum,
		"errFewValidators":  errFewValidators,
		"errGas":            errGas,
		"errDeadline":       errDeadline,
		"errPages":          errPages,
		"errPlatform":       errPlatform,
		"errFold":           errFold,
		"errGradingFee":     errGradingFee,
		"errNotCheckRound":  errNotCheckRound,
		"errNotRunRound":    errNotRunRound,
		"errCheckShape":     errCheckShape,
		"errRunShape":       errRunShape,
		"errFailureCarries": errFailureCarries,
		"errNoBench":        errNoBench,
		"errTitle":          errTitle,
		"errEndPast":        errEndPast,
		"errNoChallenge":    errNoChallenge,
		"errClosed":         errClosed,
		"errEnded":          errEnded,
		"errProgram":        errProgram,
		"errProfile":        errProfile,
		"errCommitValue":    errCommitValue,
		"errCommittedTwice": errCommittedTwice,
		"errNotEnded":       errNotEnded,
	}
	want := map[string]string{
		"errName":           "[EXPECTED] A bench name is 1 to 40 characters of a-z, 0-9 and -",
		"errOwner":          "[EXPECTED] This bench name belongs to the address that first registered it",
		"errVersion":        "[EXPECTED] A version must exceed every version of this bench registered before, except lapsed ones",
		"errModule":         "[EXPECTED] A module is named by its sha256 digest in lowercase hex",
		"errSize":           "[EXPECTED] A module is 1 to 8388608 bytes",
		"errURL":            "[EXPECTED] A URL is at most 512 bytes of UTF-8",
		"errKinds":          "[EXPECTED] Kinds are 1 to 8 distinct names of a-z, 0-9 and -, in ascending order",
		"errMinCases":       "[EXPECTED] min_cases is 1 to 10000",
		"errProfiles":       "[EXPECTED] Profiles name full, and practice at most once beside it",
		"errModel":          "[EXPECTED] A model name is at most 128 bytes of UTF-8",
		"errQuorum":         "[EXPECTED] A quorum is 1 to 16 validators",
		"errFewValidators":  "[EXPECTED] The arena has fewer validators than the bench's quorum",
		"errGas":            "[EXPECTED] init_gas and case_gas are 1 to 2000000000, bench_gas 1 to 200000000000",
		"errDeadline":       "[EXPECTED] A bench's budgets must fit the longest attempt deadline (604800 s) at the arena's gas rate: (2 + profiles) x bench_gas for its check, and 2 x bench_gas + (min_cases + 1) x (init_gas + case_gas) for a run",
		"errPages":          "[EXPECTED] max_pages is 1 to 4096",
		"errPlatform":       "[EXPECTED] This arena runs only the platform wazero v1.12.0 amd64 arena-gas/1",
		"errFold":           "[EXPECTED] The fold terms are out of range: margin_ppm and champion_ppm at most 1000000, tail at most 16, confirm_seeds at most 8, rollout_agents 1 to 64",
		"errGradingFee":     "[EXPECTED] Wallet cannot pay the grading fee beside the value",
		"errNotCheckRound":  "[EXPECTED] This round is not a bench check",
		"errNotRunRound":    "[EXPECTED] This round is not a challenge run",
		"errCheckShape":     "[EXPECTED] A bench check carries a dataset digest, a case count of at least 1 and its case kinds, distinct and in ascending order",
		"errRunShape":       "[EXPECTED] A run result carries dataset, transcript and canonical program digests, gas from 0 to 9007199254740991 and a composite of micros from 0 to 1000000 with at most 256 categories, names at most 128 bytes",
		"errFailureCarries": "[EXPECTED] A failed run carries a classed error and nothing else",
		"errNoBench":        "[EXPECTED] No version of that bench has been accepted",
		"errTitle":          "[EXPECTED] A challenge needs a title of at most 120 characters",
		"errEndPast":        "[EXPECTED] The end must be after now and at most 9007199254740991",
		"errNoChallenge":    "[EXPECTED] No such challenge",
		"errClosed":         "[EXPECTED] This challenge is closed",
		"errEnded":          "[EXPECTED] This challenge has ended",
		"errProgram":        "[EXPECTED] A program is named by its sha256 digest in lowercase hex",
		"errProfile":        "[EXPECTED] The active bench version does not offer that profile",
		"errCommitValue":    "[EXPECTED] The value must be exactly this challenge's deposit plus the grading fee",
		"errCommittedTwice": "[EXPECTED] This program has already entered this challenge",
		"errNotEnded":       "[EXPECTED] This challenge has not ended",
	}
	booktest.PinRefusals(t, got, want)
}

// The pinned platform and injector are the brief's.
func TestThePlatformAndInjectorArePinned(t *testing.T) {
	if Platform != "wazero v1.12.0 amd64 arena-gas/1" || InjectorVersion != "arena-gas/1" {
		t.Fatalf("platform %q, injector %q", Platform, InjectorVersion)
	}
}
