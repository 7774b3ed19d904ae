package solo

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/arena/arena/ledger"
)

// TestAnAttestationCutsItsBlockAtOnce: a grading round waits on its validators'
// attestations, so the sequencer seals one as soon as it is queued instead of waiting
// for the batch's quiet gap. With a MaxWait of an hour the gap is seven and a half
// minutes; the attestation (refused here: there is no such round) is answered well
// before it.
func TestAnAttestationCutsItsBlockAtOnce(t *testing.T) {
	e := openEngine(t, Config{Path: tempPath(t), MaxWait: time.Hour}, testTerms(t))
	s := newSigner(t)
	tx := s.sign(t, &ledger.Tx{Nonce: 1, Body: ledger.Attest{Round: 7, Attempt: 1, Result: ledger.Result{Tier: 3, Passed: true}}})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r, err := e.Submit(ctx, tx)
	if err != nil {
		t.Fatalf("submit: %v", err)
	}
	if want := "[EXPECTED] No such round"; r.Outcome.Err != want {
		t.Errorf("outcome %q, want %q", r.Outcome.Err, want)
	}
}

// TestEveryAttestationKindAndNoOtherCutsABlock: the kinds that report a grading run's
// result, of every contest kind, are the ones attests names.
func TestEveryAttestationKindAndNoOtherCutsABlock(t *testing.T) {
	want := []string{"attest", "bench_check_attest", "challenge_attest", "learn_attest", "tender_attest", "tender_check_attest"}
	var got []string
	for _, k := range ledger.Kinds() {
		body, ok := ledger.ZeroBody(k)
		if !ok {
			t.Fatalf("no body for kind %s", k)
		}
		if attests(&request{tx: &ledger.Tx{Body: body}}) {
			got = append(got, string(k))
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("attestation kinds %v, want %v", got, want)
	}
}
