package main

import (
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
)

// TestAFreshPanelIsListed: a regrade drawn on a larger panel says so, with its own
// quorum, under its heading; a round without a quorum of its own says nothing more.
func TestAFreshPanelIsListed(t *testing.T) {
	r := ledger.RoundView{ID: 9, Regrade: true, State: ledger.RoundOpen, Committee: []ledger.Address{lead, alice, bob, carol, lead}, Quorum: 4}
	var b strings.Builder
	printRound(&b, &r)
	if want := "round 9 (regrade): open, 0 attempts\n  a fresh panel of 5, quorum 4\n"; b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	r.Quorum = 0
	b.Reset()
	printRound(&b, &r)
	if strings.Contains(b.String(), "panel") {
		t.Errorf("a round under the terms' quorum names a panel:\n%s", b.String())
	}
}
