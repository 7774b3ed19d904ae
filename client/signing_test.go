package client_test

import (
	"testing"

	"github.com/arena/arena/ledger"
)

// The client signs every transaction valid for an hour of the arena's clock from the
// next block (GET /v1/arena's next_time), a dev arena's too: before the first block,
// and after a dev_advance has moved the clock a week past the node's, when a
// transaction so signed is still admitted.
func TestTheClientSignsForAnHourFromTheNextBlock(t *testing.T) {
	f := newFixture(t, 1)
	ctx := t.Context()
	check := func(when string) {
		t.Helper()
		before, err := f.c.Arena(ctx)
		if err != nil {
			t.Fatal(err)
		}
		q, err := f.sponsor.Quote(ctx, ledger.Amount{}, ledger.Withdraw{})
		if err != nil {
			t.Fatal(err)
		}
		after, err := f.c.Arena(ctx)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := uint64(before.NextTime+ledger.DefaultValidityS), uint64(after.NextTime+ledger.DefaultValidityS)
		if q.Tx.ValidUntil < lo || q.Tx.ValidUntil > hi {
			t.Errorf("%s: valid_until %d, want next_time + %d s, %d to %d", when, q.Tx.ValidUntil, ledger.DefaultValidityS, lo, hi)
		}
	}
	check("before the first block")
	if _, err := f.sponsor.Send(ctx, ledger.Amount{}, ledger.Advance{Seconds: 7 * 86400}); err != nil {
		t.Fatal(err)
	}
	check("after a week's dev_advance")
	if _, err := f.sponsor.Send(ctx, ledger.Amount{}, ledger.Faucet{To: f.validatorKey.Address(), Amount: ledger.Ether(1)}); err != nil {
		t.Fatalf("a transaction signed after the advance: %v", err)
	}
}

// TypedDataTypes reads the schema of every kind the ledger takes, each under its primary
// type.
func TestTheClientReadsEveryKindsSchema(t *testing.T) {
	f := newFixture(t, 1)
	got, err := f.c.TypedDataTypes(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range ledger.Kinds() {
		primary, _, _ := ledger.SchemaTable().Schema(k)
		if s, ok := got.Kinds[k]; !ok || s.PrimaryType != primary || len(s.Types[primary]) == 0 {
			t.Errorf("kind %s: served %+v, want primary type %s with its fields", k, s, primary)
		}
	}
	if len(got.Kinds) != len(ledger.Kinds()) {
		t.Errorf("%d kinds served, the ledger takes %d", len(got.Kinds), len(ledger.Kinds()))
	}
}
