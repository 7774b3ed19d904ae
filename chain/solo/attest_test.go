package solo

import (
	"context"
	"testing"
	"time"

	"github.com/arena/arena/ledger"
)

// TestABlockIsCutOnceTheCommitterIsFree: the sequencer waits for no more transactions
// while the committer is idle: a grading round waits on its validators' attestations,
// and every submitter on its receipt. With a MaxWait of an hour, an attestation (refused
// by the rules here: there is no such round) and then a faucet transaction are each
// committed in a block of their own and answered, well before it.
func TestABlockIsCutOnceTheCommitterIsFree(t *testing.T) {
	e := openEngine(t, Config{Path: tempPath(t), MaxWait: time.Hour}, testTerms(t))
	s := newSigner(t)
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	r, err := e.Submit(ctx, s.sign(t, &ledger.Tx{Nonce: 1, Body: ledger.Attest{Round: 7, Attempt: 1, Result: ledger.Result{Tier: 3, Passed: true}}}))
	if err != nil {
		t.Fatalf("submit the attestation: %v", err)
	}
	if want := "[EXPECTED] No such round"; r.Outcome.Err != want || r.Height != 1 {
		t.Errorf("attestation: height %d, outcome %q; want height 1, %q", r.Height, r.Outcome.Err, want)
	}
	if r, err = e.Submit(ctx, s.faucet(t, 2, 1)); err != nil {
		t.Fatalf("submit the faucet: %v", err)
	}
	if !r.Outcome.OK() || r.Height != 2 {
		t.Errorf("faucet: height %d, outcome %q; want applied at height 2", r.Height, r.Outcome.Err)
	}
}
