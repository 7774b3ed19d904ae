package node

import (
	"slices"
	"testing"

	"github.com/arena/arena/ledger"
)

// A node asks every other founding operator's API for artifacts, never its own, after the
// peers its configuration names.
func TestPeersIncludeEveryOtherJoinsAPI(t *testing.T) {
	self := ledger.Address{1}
	terms := ledger.Terms{Joins: []ledger.Join{
		{GradingAddress: ledger.Address{2}, API: "http://10.0.0.2:7545"},
		{GradingAddress: self, API: "http://10.0.0.1:7545"},
		{GradingAddress: ledger.Address{3}, API: "http://10.0.0.3:7545"},
	}}
	c := DefaultConfig()
	c.Listen = "127.0.0.1:7545"
	c.Validators = []ValidatorConfig{{Address: self}}
	c.Artifacts.Peers = []string{"http://10.0.0.9:7545", "http://10.0.0.3:7545"}
	got := PeerBases(c, JoinAPIs(terms, c))
	want := []string{"http://10.0.0.9:7545", "http://10.0.0.3:7545", "http://10.0.0.2:7545"}
	if !slices.Equal(got, want) {
		t.Fatalf("peers %q, want %q", got, want)
	}
}
