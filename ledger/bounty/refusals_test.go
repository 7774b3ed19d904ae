package bounty

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger/book"
)

// "Every refusal has an exact message, and a test that pins it": this package's part of
// the protocol surface, in one table. A change here is a protocol change.
func TestRefusalsArePinned(t *testing.T) {
	got := map[string]*book.Error{
		"errPrizeZero":           errPrizeZero,
		"errTitle":               errTitle,
		"errSpec":                errSpec,
		"errRubric":              errRubric,
		"errClosesIn":            errClosesIn,
		"errNoTask":              errNoTask,
		"errEntryBond":           errEntryBond,
		"errSponsorEntry":        errSponsorEntry,
		"errTaskClosed":          errTaskClosed,
		"errEnteredTwice":        errEnteredTwice,
		"errNoWork":              errNoWork,
		"errWorkLen":             errWorkLen,
		"errWorkURL":             errWorkURL,
		"errWorkDigest":          errWorkDigest,
		"errNotCommittedWork":    errNotCommittedWork,
		"errNoEntry":             errNoEntry,
		"errAlreadyGraded":       errAlreadyGraded,
		"errAttemptOpen":         errAttemptOpen,
		"errGradingClosed":       errGradingClosed,
		"errResultSize":          errResultSize,
		"errResultClass":         errResultClass,
		"errFailureGraded":       errFailureGraded,
		"errTier":                errTier,
		"errViolations":          errViolations,
		"errDisqualifiedRung":    errDisqualifiedRung,
		"errPassedGate":          errPassedGate,
		"errScoreArithmetic":     errScoreArithmetic,
		"errDuplicateNotDQ":      errDuplicateNotDQ,
		"errDuplicateNotEarlier": errDuplicateNotEarlier,
		"errAppealBond":          errAppealBond,
		"errArgument":            errArgument,
		"errAppealedTwice":       errAppealedTwice,
		"errNoGrade":             errNoGrade,
		"errAppealClosed":        errAppealClosed,
		"errAlreadyAwarded":      errAlreadyAwarded,
		"errAlreadyVoided":       errAlreadyVoided,
		"errNotClosed":           errNotClosed,
		"errAwardUngraded":       errAwardUngraded,
		"errAwardGrading":        errAwardGrading,
		"errAwardAppealed":       errAwardAppealed,
		"errAwardWindow":         errAwardWindow,
		"errNotBountyRound":      errNotBountyRound,
		"errRevealWindow":        errRevealWindow,
		"errSealedCommit":        errSealedCommit,
		"errNotSealed":           errNotSealed,
		"errNotSealedEntry":      errNotSealedEntry,
		"errRevealOwn":           errRevealOwn,
		"errRevealEarly":         errRevealEarly,
		"errRevealLate":          errRevealLate,
		"errSalt":                errSalt,
		"errRevealMismatch":      errRevealMismatch,
		"errNotRevealed":         errNotRevealed,
		"errAwardSealed":         errAwardSealed,
		"errGradingFee":          errGradingFee,
	}
	want := map[string]string{
		"errPrizeZero":           "[EXPECTED] Prize must be positive",
		"errTitle":               "[EXPECTED] Title must be 1 to 200 bytes of UTF-8",
		"errSpec":                "[EXPECTED] Spec must be 1 to 8192 bytes of UTF-8",
		"errRubric":              "[EXPECTED] Rubric must be 1 to 4096 bytes of UTF-8",
		"errClosesIn":            "[EXPECTED] Closing time must be 1 to 31536000 seconds away",
		"errNoTask":              "[EXPECTED] No such task",
		"errEntryBond":           "[EXPECTED] Value must equal the entry bond",
		"errSponsorEntry":        "[EXPECTED] The sponsor cannot enter their own task",
		"errTaskClosed":          "[EXPECTED] Submissions are closed",
		"errEnteredTwice":        "[EXPECTED] Already entered this task",
		"errNoWork":              "[EXPECTED] Submit work text or a work URL",
		"errWorkLen":             "[EXPECTED] Work must be at most 65536 bytes of UTF-8",
		"errWorkDigest":          "[EXPECTED] A work URL entry carries the sha256 of its bytes as 64 lowercase hex digits, and only it does",
		"errNotCommittedWork":    "[EXPECTED] Result must grade the work committed at filing",
		"errWorkURL":             "[EXPECTED] Work URL must be an https URL with a host, at most 2048 bytes",
		"errNoEntry":             "[EXPECTED] No such entry",
		"errAlreadyGraded":       "[EXPECTED] This entry was already graded",
		"errGradingClosed":       "[EXPECTED] The grading window has closed",
		"errAttemptOpen":         "[EXPECTED] A grading attempt is still open",
		"errResultSize":          "[EXPECTED] Result is over a size limit",
		"errResultClass":         "[EXPECTED] Result error must start with a class prefix",
		"errFailureGraded":       "[EXPECTED] A failed result carries no grade",
		"errTier":                "[EXPECTED] Rung must be 0 to 5",
		"errViolations":          "[EXPECTED] Violations must be 0 to 24",
		"errDisqualifiedRung":    "[EXPECTED] A disqualified entry sits on rung 0",
		"errPassedGate":          "[EXPECTED] Passed must mean rung 1 or above and not disqualified",
		"errScoreArithmetic":     "[EXPECTED] Score does not follow from the rung, gate and counts",
		"errDuplicateNotDQ":      "[EXPECTED] A duplicate must be disqualified",
		"errDuplicateNotEarlier": "[EXPECTED] Duplicate must name an entry filed earlier on the task",
		"errAppealBond":          "[EXPECTED] Value must equal the appeal bond",
		"errArgument":            "[EXPECTED] Argument must be 1 to 2048 bytes of UTF-8",
		"errAppealedTwice":       "[EXPECTED] This grade was already appealed",
		"errNoGrade":             "[EXPECTED] This entry has no grade to appeal",
		"errAppealClosed":        "[EXPECTED] The appeal window has closed",
		"errAlreadyAwarded":      "[EXPECTED] This task was already awarded",
		"errAlreadyVoided":       "[EXPECTED] This task was already voided",
		"errNotClosed":           "[EXPECTED] The task has not closed yet",
		"errAwardUngraded":       "[EXPECTED] An entry has not been graded yet",
		"errAwardGrading":        "[EXPECTED] An entry is still being graded",
		"errAwardAppealed":       "[EXPECTED] An appeal is still pending",
		"errAwardWindow":         "[EXPECTED] An appeal window is still open",
		"errNotBountyRound":      "[EXPECTED] That round does not grade a bounty entry",
		"errRevealWindow":        "[EXPECTED] A sealed task names a reveal window of 1 to 31536000 seconds, and only a sealed task does",
		"errSealedCommit":        "[EXPECTED] A sealed task takes a commitment of 64 lowercase hex digits and no work until the reveal",
		"errNotSealed":           "[EXPECTED] Only a sealed task takes a commitment",
		"errNotSealedEntry":      "[EXPECTED] This entry is not a sealed entry awaiting its reveal",
		"errRevealOwn":           "[EXPECTED] Only the solver reveals a sealed entry",
		"errRevealEarly":         "[EXPECTED] Sealed entries are revealed after the task closes",
		"errRevealLate":          "[EXPECTED] The reveal window has closed",
		"errSalt":                "[EXPECTED] Salt must be 16 to 256 bytes of UTF-8",
		"errRevealMismatch":      "[EXPECTED] Salt and work do not match the commitment",
		"errNotRevealed":         "[EXPECTED] Sealed entries are graded once the reveal window has closed, and only if revealed",
		"errAwardSealed":         "[EXPECTED] The reveal window is still open",
		"errGradingFee":          "[EXPECTED] Wallet cannot pay the grading fee beside the bond",
	}
	texts := map[string]string{}
	seen := map[string]string{}
	for name, e := range got {
		texts[name] = e.Error()
		if other, dup := seen[e.Error()]; dup {
			t.Errorf("%s and %s share the message %q", name, other, e.Error())
		}
		seen[e.Error()] = name
		if book.ClassOf(e) != book.Expected {
			t.Errorf("%s is not [EXPECTED]", name)
		}
	}
	if diff := cmp.Diff(want, texts); diff != "" {
		t.Fatalf("refusals (-pinned +code):\n%s", diff)
	}
}
