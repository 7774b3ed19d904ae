package client_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/arena/arena/ledger"
)

// TestJudgesAreEachValidatorsRecord: issue 16, "each validator's earnings, and a judge
// panel". GET /v1/judges, read by Client.Judges, lists every validator with the rounds
// it sat on, the kept verdicts it agreed with and the models its signed receipts name.
func TestJudgesAreEachValidatorsRecord(t *testing.T) {
	f := newFixture(t, 3)
	_, round := f.entryInRound(t)
	k := f.validatorKey
	r := strong
	r.Calls = []ledger.Call{{Provider: "openai-compatible", Model: "qwen2.5-14b-instruct", Purpose: "read"}}
	var arena [32]byte
	f.eng.View(func(s *ledger.State) { arena = s.GenesisHash() })
	if err := k.SignCall(&r.Calls[0], arena, ledger.KeystoreChainID); err != nil {
		t.Fatal(err)
	}
	if _, err := f.validator.Send(t.Context(), ledger.Amount{}, ledger.Attest{Round: round, Attempt: 1, Result: r}); err != nil {
		t.Fatal(err)
	}
	js, err := f.c.Judges(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	want := []ledger.Judge{{Validator: k.Address(), Rounds: 1, Attested: 1, Kept: 1, Agreed: 1, Failures: map[string]int{},
		Models: []string{"openai-compatible/qwen2.5-14b-instruct"}, LastRound: round}}
	if d := cmp.Diff(want, js, cmp.Comparer(ledger.Amount.Eq)); d != "" {
		t.Errorf("judges (-want +got):\n%s", d)
	}
}
