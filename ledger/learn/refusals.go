package learn

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
	// learn_publish
	errTitle        = refusef("A learning challenge needs a title of at most %d characters", MaxTitleLen)
	errDataset      = book.Refuse("A dataset and a held-out split are named by their sha256 digests in lowercase hex")
	errDatasetBytes = refusef("A dataset is %d to %d bytes and a held-out split 1 to %d bytes", Window, MaxDatasetBytes, MaxDatasetBytes)
	errTimes        = book.Refuse("The times must run now < close_at < reveal_by ≤ end ≤ 9007199254740991")

	// learn_publish, after season.CheckTerms
	errCaps          = refusef("param_cap is 1 to %d bytes and data_cap 0 to %d bytes", MaxParamCap, MaxDataCap)
	errByteGas       = book.Refuse("byte_gas must be 1 to 9007199254740991")
	errDeadline      = refusef("byte_gas must let a held-out measurement fit the longest attempt deadline (%d s) at the arena's gas rate: 4 x %d + (dataset_bytes + 2 x heldout_bytes) x (2 x byte_gas + %d)", round.MaxMeteredS, InitGas, ByteCallGas)
	errQuorum        = refusef("A quorum is 1 to %d validators", MaxQuorum)
	errFewValidators = book.Refuse("The arena has fewer validators than the challenge's quorum")
	errPlatform      = book.Refuse("This arena runs only the platform " + Platform)
	errReference     = book.Refuse("gzip_bpb and xz_bpb are bits per byte in micros, 0 to 64000000")

	// learn_commit
	errNoChallenge    = book.Refuse("No such learning challenge")
	errClosed         = book.Refuse("This learning challenge is closed")
	errSubmissions    = book.Refuse("Submissions to this learning challenge closed at close_at")
	errModule         = book.Refuse("A module is named by its sha256 digest in lowercase hex")
	errCombined       = book.Refuse("The architecture and the training program must be two different modules")
	errSize           = refusef("A module is 1 to %d bytes", MaxModuleBytes)
	errURL            = refusef("A URL is at most %d bytes of UTF-8", MaxURLLen)
	errCommitValue    = book.Refuse("The value must be exactly this challenge's deposit plus the grading fee")
	errCommittedTwice = book.Refuse("This pair of modules has already entered this challenge")

	// learn_attest
	errNotLearnRound  = book.Refuse("This round is not a learning run or held-out measurement")
	errResultKind     = book.Refuse("A learn_run round takes a result and a learn_heldout round a held-out measurement, one of them")
	errRunShape       = book.Refuse("A run result carries non-negative bits, at most 40 a byte, over exactly the dataset's bytes, the first window's bits, one curve point per merged window and gas from 0 to 9007199254740991")
	errHeldoutShape   = book.Refuse("A held-out measurement carries non-negative bits, at most 40 a byte, over exactly the held-out split's bytes")
	errRetrained      = book.Refuse("The retrained train bits differ from the run's")
	errFailureCarries = book.Refuse("A failed run carries a classed error and nothing else") // after season.CheckFailure

	// learn_reveal
	errNotSponsor  = book.Refuse("Only the sponsor reveals the held-out split")
	errRevealEarly = book.Refuse("The held-out split is revealed only after close_at")
	errRevealLate  = book.Refuse("reveal_by has passed; the runs are final without held-out terms")
	errRevealed    = book.Refuse("The held-out split has already been revealed")
	errRevealWrong = book.Refuse("The revealed digest does not match the held-out commitment")

	// challenge_fold with kind learning
	errEnded = book.Refuse("This learning challenge has ended") // after errClosed; then season.FoldDue

	// learn_close
	errNotEnded = book.Refuse("This learning challenge has not ended")
)

func refusef(format string, args ...any) *book.Error {
	return book.Refuse(fmt.Sprintf(format, args...))
}
