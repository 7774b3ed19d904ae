package grading

import (
	"time"

	"github.com/arena/arena/ledger"
)

// Stamp completes the receipt of one model call as a Model returned it, and reports
// whether there is a receipt to keep: the zero Call (the model produced nothing) is not
// one. Stamp sets Purpose when the Model left it empty and, when now is non-nil, Started
// (from started) and Finished (from now) when the Model left them empty, in RFC 3339
// UTC. It never overwrites what the Model set. The validator signs the receipt later.
func Stamp(call ledger.Call, purpose string, started time.Time, now func() time.Time) (ledger.Call, bool) {
	if call == (ledger.Call{}) {
		return call, false
	}
	if call.Purpose == "" {
		call.Purpose = purpose
	}
	if now != nil {
		if call.Started == "" {
			call.Started = started.UTC().Format(time.RFC3339)
		}
		if call.Finished == "" {
			call.Finished = now().UTC().Format(time.RFC3339)
		}
	}
	return call, true
}
