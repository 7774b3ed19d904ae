package comet

import (
	"errors"
	"fmt"

	"github.com/arena/arena/chain"
	"github.com/arena/arena/ledger"
)

// Result codes of CheckTx and of each transaction of FinalizeBlock.
const (
	// CodeOK: admitted (CheckTx) or applied (FinalizeBlock).
	CodeOK uint32 = 0
	// CodeRefused: applied, and refused by the ledger's rules; the nonce was consumed
	// and Log holds the refusal, "[EXPECTED] ...".
	CodeRefused uint32 = 1
	// CodeMalformed: the bytes are not a transaction (ledger.ErrMalformed).
	CodeMalformed uint32 = 2
	// CodeUnknownKind: the transaction names no known kind (ledger.ErrUnknownKind).
	CodeUnknownKind uint32 = 3
	// CodeTooLarge: over ledger.MaxTxBytes (ledger.ErrTooLarge).
	CodeTooLarge uint32 = 4
	// CodeBadSignature: the signature is not the sender's (ledger.ErrBadSignature).
	CodeBadSignature uint32 = 5
	// CodeAdmission: refused by State.Check (chain, nonce, value, balance); Log holds
	// the refusal, "[EXPECTED] ...". Such a transaction changes nothing.
	CodeAdmission uint32 = 6
	// CodeSenderBusy: the sender already has MaxPendingPerSender transactions waiting
	// (chain.ErrSenderBusy); it may try again after a block.
	CodeSenderBusy uint32 = 7
)

// codeOf returns the code of an admission failure.
func codeOf(err error) uint32 {
	switch {
	case errors.Is(err, ledger.ErrTooLarge):
		return CodeTooLarge
	case errors.Is(err, ledger.ErrUnknownKind):
		return CodeUnknownKind
	case errors.Is(err, ledger.ErrBadSignature):
		return CodeBadSignature
	case errors.Is(err, chain.ErrSenderBusy):
		return CodeSenderBusy
	case ledger.ClassOf(err) != 0:
		return CodeAdmission
	}
	return CodeMalformed
}

// errorOf turns a non-zero admission code and its log back into the error the ledger
// gave: a *ledger.Error for CodeAdmission, else an error wrapping the ledger's
// sentinel.
func errorOf(code uint32, log string) error {
	var sentinel error
	switch code {
	case CodeAdmission, CodeRefused:
		if e, ok := ledger.ParseError(log); ok {
			return e
		}
		return fmt.Errorf("%w: %s", ledger.ErrMalformed, log)
	case CodeTooLarge:
		sentinel = ledger.ErrTooLarge
	case CodeUnknownKind:
		sentinel = ledger.ErrUnknownKind
	case CodeBadSignature:
		sentinel = ledger.ErrBadSignature
	case CodeSenderBusy:
		sentinel = chain.ErrSenderBusy
	default:
		sentinel = ledger.ErrMalformed
	}
	return &refusal{sentinel: sentinel, log: log}
}

// refusal is an admission failure read back from a result code: its text is the
// original message and it wraps the sentinel of its code.
type refusal struct {
	sentinel error
	log      string
}

func (r *refusal) Error() string { return r.log }
func (r *refusal) Unwrap() error { return r.sentinel }
