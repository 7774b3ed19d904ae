package ledgertest

import (
	"testing"

	"github.com/cockroachdb/datadriven"
)

// wait moves the clock forward by a duration, in an empty block:
//
//	wait 7h
func (h *Harness) wait(t *testing.T, d *datadriven.TestData) string {
	if len(d.CmdArgs) != 1 || len(d.CmdArgs[0].Vals) != 0 {
		d.Fatalf(t, "wait takes one duration, such as: wait 7h")
	}
	secs := args{t, d}.parseSeconds(d.CmdArgs[0].Key)
	if secs <= 0 {
		d.Fatalf(t, "wait %s: the clock only moves forward", d.CmdArgs[0].Key)
	}
	h.bare.Wait(secs)
	if err := h.bare.Tick(); err != nil {
		d.Fatalf(t, "wait %s: %v", d.CmdArgs[0].Key, err)
	}
	return "clock " + clock(h.s.Now())
}
