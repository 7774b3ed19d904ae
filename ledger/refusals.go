package ledger

// refuse returns an [EXPECTED] refusal with the exact message msg. Every refusal the
// ledger can make is listed in this file, so the protocol surface fits on one screen.
func refuse(msg string) *Error { return &Error{Class: Expected, Msg: msg} }

// Refusals, by the transaction that meets them. The messages are part of the protocol.
var (
	errAlreadyGraded = refuse("This entry was already graded")
)
