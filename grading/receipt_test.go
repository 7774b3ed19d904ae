package grading

import (
	"testing"
	"time"

	"github.com/arena/arena/ledger"
	"github.com/google/go-cmp/cmp"
)

// TestStampFillsOnlyWhatTheModelLeftEmpty: DESIGN "Every model call yields a receipt:
// the model, the hash of the exact prompt and of the exact response, start and finish
// times". Stamp adds the purpose and the times a Model left out, keeps what it set, and
// keeps no receipt for a call that produced nothing.
func TestStampFillsOnlyWhatTheModelLeftEmpty(t *testing.T) {
	started := time.Date(2026, 3, 1, 11, 59, 0, 0, time.FixedZone("CET", 3600))
	now := func() time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC) }
	tests := []struct {
		name string
		call ledger.Call
		now  func() time.Time
		want ledger.Call
	}{
		{"bare", ledger.Call{Model: "m"}, now,
			ledger.Call{Model: "m", Purpose: "read", Started: "2026-03-01T10:59:00Z", Finished: "2026-03-01T12:00:00Z"}},
		{"set by the model", ledger.Call{Model: "m", Purpose: "compile", Started: "s", Finished: "f"}, now,
			ledger.Call{Model: "m", Purpose: "compile", Started: "s", Finished: "f"}},
		{"no clock", ledger.Call{Model: "m"}, nil, ledger.Call{Model: "m", Purpose: "read"}},
	}
	for _, tc := range tests {
		got, ok := Stamp(tc.call, "read", started, tc.now)
		if diff := cmp.Diff(tc.want, got); !ok || diff != "" {
			t.Errorf("%s: Stamp kept %v (-want +got):\n%s", tc.name, ok, diff)
		}
	}
	if _, ok := Stamp(ledger.Call{}, "read", started, now); ok {
		t.Error("Stamp kept a receipt for a call that produced nothing")
	}
}
