package challenge

import (
	"fmt"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// Refusals, by the transaction that meets them. The messages are part of the protocol;
// every one is pinned by a test. A transaction is checked in the order listed; the
// season's own refusals (package season: the pool, per_epoch and epoch_s at
// publication, a fold's epoch, a failure's class and size) are checked where noted.
var (
	// bench_register
	errName          = refusef("A bench name is 1 to %d characters of a-z, 0-9 and -", MaxNameLen)
	errOwner         = book.Refuse("This bench name belongs to the address that first registered it")
	errVersion       = book.Refuse("A version must exceed every version of this bench registered before, except lapsed ones")
	errModule        = book.Refuse("A module is named by its sha256 digest in lowercase hex")
	errSize          = refusef("A module is 1 to %d bytes", MaxModuleBytes)
	errURL           = refusef("A URL is at most %d bytes of UTF-8", MaxURLLen)
	errKinds         = refusef("Kinds are 1 to %d distinct names of a-z, 0-9 and -, in ascending order", MaxKinds)
	errMinCases      = refusef("min_cases is 1 to %d", MaxMinCases)
	errProfiles      = book.Refuse("Profiles name full, and practice at most once beside it")
	errModel         = refusef("A model name is at most %d bytes of UTF-8", MaxModelLen)
	errQuorum        = refusef("A quorum is 1 to %d validators", MaxQuorum)
	errFewValidators = book.Refuse("The arena has fewer validators than the bench's quorum")
	errGas           = refusef("init_gas and case_gas are 1 to %d, bench_gas 1 to %d", MaxInitGas, MaxBenchGas)
	errDeadline      = refusef("A bench's budgets must fit the longest attempt deadline (%d s) at the arena's gas rate: (2 + profiles) x bench_gas for its check, and 2 x bench_gas + (min_cases + 1) x (init_gas + case_gas) for a run", round.MaxMeteredS)
	errPages         = refusef("max_pages is 1 to %d", MaxPagesCap)
	errPlatform      = book.Refuse("This arena runs only the platform " + Platform)
	errFold          = refusef("The fold terms are out of range: margin_ppm and champion_ppm at most %d, tail at most %d, confirm_seeds at most %d, rollout_agents 1 to %d", PPM, MaxTail, MaxConfirm, MaxRollout)
	errGradingFee    = book.Refuse("Wallet cannot pay the grading fee beside the value")

	// bench_check_attest and challenge_attest
	errNotCheckRound  = book.Refuse("This round is not a bench check")
	errNotRunRound    = book.Refuse("This round is not a challenge run")
	errCheckShape     = book.Refuse("A bench check carries a dataset digest, a case count of at least 1 and its case kinds, distinct and in ascending order")
	errRunShape       = refusef("A run result carries dataset, transcript and canonical program digests, gas from 0 to %d and a composite of micros from 0 to 1000000 with at most %d categories, names at most %d bytes", book.MaxExact, MaxCategories, MaxCategoryLen)
	errFailureCarries = book.Refuse("A failed run carries a classed error and nothing else") // after season.CheckFailure

	// challenge_publish
	errNoBench = book.Refuse("No version of that bench has been accepted")
	errTitle   = refusef("A challenge needs a title of at most %d characters", MaxTitleLen)

	// challenge_publish, after season.CheckTerms
	errEndPast = book.Refuse("The end must be after now and at most 9007199254740991")

	// challenge_commit
	errNoChallenge    = book.Refuse("No such challenge")
	errClosed         = book.Refuse("This challenge is closed")
	errEnded          = book.Refuse("This challenge has ended")
	errProgram        = book.Refuse("A program is named by its sha256 digest in lowercase hex")
	errProfile        = book.Refuse("The active bench version does not offer that profile")
	errCommitValue    = book.Refuse("The value must be exactly this challenge's deposit plus the grading fee")
	errCommittedTwice = book.Refuse("This program has already entered this challenge")

	// challenge_fold: errClosed, errEnded, then season.FoldDue

	// challenge_close
	errNotEnded = book.Refuse("This challenge has not ended")
)

func refusef(format string, args ...any) *book.Error {
	return book.Refuse(fmt.Sprintf(format, args...))
}
