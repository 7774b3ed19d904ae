package learn

import (
	"errors"
	"fmt"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/sandbox"
)

// failPlatform is the abstention of a validator whose runtime is not the one the
// challenge pins: its gas figures could differ from the committee's.
func failPlatform(local, pinned string) *ledger.Error {
	return ledger.NewError(ledger.Transient, fmt.Sprintf("this validator runs %s; the challenge pins %s", local, pinned))
}

// failTotal refuses a run whose architecture predicted frequencies the coder cannot
// code: their sum is past coder.MaxTotal.
func failTotal(i int64) *ledger.Error {
	return ledger.NewError(ledger.Expected, fmt.Sprintf("The architecture predicted frequencies summing past 2^24 at byte %d", i))
}

// failSize refuses a split whose length is not the one the challenge committed to
// beside its digest: every member that holds the blob meets it.
func failSize(what string, got, want int64) *ledger.Error {
	return ledger.NewError(ledger.Expected, fmt.Sprintf("The %s is %d bytes; the challenge committed %d", what, got, want))
}

// failRetrained refuses a held-out measurement whose retraining did not code the
// dataset in the bits the run kept: the pair is not deterministic.
func failRetrained(got, kept int64) *ledger.Error {
	return ledger.NewError(ledger.Expected, fmt.Sprintf("The retrained pair coded the dataset in %d bits; its run kept %d", got, kept))
}

// onHeldout says that a failure of the pair happened while coding the held-out split
// (by whom: "" the trained learner), so that "at byte N" counts held-out bytes and is
// not read as a train byte. Other failures pass unchanged.
func onHeldout(err error, by string) error {
	var e *ledger.Error
	var s *sandbox.Error
	switch {
	case errors.As(err, &e):
	case errors.As(err, &s):
		e = grading.ClassifySandbox(s)
	default:
		return err
	}
	if e.Class != ledger.Expected {
		return err
	}
	return &ledger.Error{Class: e.Class, Msg: "Coding the held-out split" + by + ": " + e.Msg, Err: e.Err}
}
