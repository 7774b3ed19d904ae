package challenge

import (
	"fmt"
	"strings"

	"github.com/arena/arena/ledger"
)

// The protocol messages a challenge run or a bench check can carry that this package
// writes; the gates' refusals ([EXPECTED] The program imports …) are package sandbox's,
// and a fetched artifact's ([EXTERNAL] The artifact at … does not match its digest) and
// the host's own (Grading cancelled) package grading's. EXPECTED and EXTERNAL text is
// compared exactly by consensus, so each is fixed; TRANSIENT text is informative.
const (
	msgNoProbe          = "The program never reached the tool endpoint"
	msgNotDeterministic = "The bench is not deterministic: two generations of one seed differ"
	msgDatasetJSON      = "The bench's dataset is not a dataset"
	msgGradesJSON       = "The bench's grades are not grades"
	msgGradeCount       = "The bench did not return one grade per case"
	msgNoCases          = "The bench generated no cases"
)

// failPlatform is the abstention of a validator whose runtime is not the one the bench
// pins: its gas figures and float bits could differ from the committee's.
func failPlatform(local, pinned string) *ledger.Error {
	return ledger.NewError(ledger.Transient, fmt.Sprintf("this validator runs %s; the bench pins %s", local, pinned))
}

// failModel is the abstention of a validator that cannot serve the bench's pinned
// model exactly.
func failModel(name string) *ledger.Error {
	return ledger.NewError(ledger.Transient, fmt.Sprintf("This validator cannot serve the bench's model %s", name))
}

// failModelCall is the abstention of a run in which the pinned model failed to answer
// a program's call: the program's run would not be the one the others saw.
func failModelCall(name string) *ledger.Error {
	return ledger.NewError(ledger.Transient, fmt.Sprintf("The bench's model %s did not answer", name))
}

// failMinCases refuses a bench whose check dataset is under the cases it registered.
func failMinCases(n, min int) *ledger.Error {
	return ledger.NewError(ledger.Expected, fmt.Sprintf("The bench generated %d cases; it registered at least %d", n, min))
}

// failCases refuses a run whose dataset holds more cases than the bench's check
// counted: the ledger sized the run's deadline for the check's count, so more cases
// could outlast it on a validator metering the terms' rate.
func failCases(n, checked int) *ledger.Error {
	return ledger.NewError(ledger.Expected, fmt.Sprintf("The bench generated %d cases; its check counted %d, the most a run's deadline holds", n, checked))
}

// failIdentity refuses a bench whose dataset does not name the bench, version, seed
// and profile it was asked for.
func failIdentity(field, got, want string) *ledger.Error {
	return ledger.NewError(ledger.Expected, fmt.Sprintf("The bench's dataset names %s %q; want %q", field, got, want))
}

// failComposite is a set of grades the composite refuses: a score out of range, an
// unknown kind, a repeated case.
func failComposite(err error) *ledger.Error {
	return &ledger.Error{Class: ledger.Expected, Msg: "The bench's grades cannot be scored: " + err.Error(), Err: err}
}

// errNoProbe fails a run whose program made no tool call during the probe: the
// endpoint may have been unreachable, so the run is retried, never scored as zeros.
var errNoProbe = ledger.NewError(ledger.Transient, msgNoProbe)

// msgPublish is the [TRANSIENT] failure of a run whose transcript the host could not
// publish.
const msgPublish = "The transcript could not be published"

// failKinds refuses a bench whose cases are not of the kinds it registered.
func failKinds(got, want []string) *ledger.Error {
	return ledger.NewError(ledger.Expected, "The bench's cases are of kinds "+strings.Join(got, ", ")+"; it registered "+strings.Join(want, ", "))
}
