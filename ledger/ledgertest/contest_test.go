package ledgertest_test

import (
	"encoding/hex"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/typed"
)

// Keys are derived from their names alone: the same name gives the same address in
// every contest, and different names different addresses.
func TestKeysAreDerivedFromTheirNames(t *testing.T) {
	if ledgertest.Addr("alice") != ledgertest.Key("alice").Address() || ledgertest.Addr("alice") == ledgertest.Addr("bob") {
		t.Fatal("alice's address is not alice's alone")
	}
	s := open(t)
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	if c.Addr("alice") != ledgertest.Addr("alice") || c.ByAddr(ledgertest.Addr("v3")) != "v3" {
		t.Fatal("a contest names keys differently from the package")
	}
}

// Sign signs an attestation's model-call receipts, each over its digest for the chain,
// as a validator does, then the transaction; the caller's receipts are left as they were.
func TestSignSignsTheReceiptsOfAnAttestation(t *testing.T) {
	res := ledgertest.Reading(4, 0, false)
	res.Calls = []ledger.Call{{Provider: "p", Model: "m", Purpose: "read", Prompt: "read this"}, {Provider: "p", Model: "m", Purpose: "compile"}}
	tx := &ledger.Tx{Chain: "arena-test", SigChainID: ledger.KeystoreChainID, From: ledgertest.Addr("v1"), Nonce: 1, Body: ledger.Attest{Round: 1, Attempt: 1, Result: res}}
	if err := ledgertest.Sign(tx, ledgertest.Key("v1")); err != nil {
		t.Fatal(err)
	}
	if err := tx.Verify(); err != nil {
		t.Fatalf("Verify: %v", err)
	}
	signed := tx.Body.(ledger.Attest).Result.Calls
	for i := range signed {
		sig, err := hex.DecodeString(strings.TrimPrefix(signed[i].Sig, "0x"))
		if err != nil {
			t.Fatalf("call %d: signature %q: %v", i, signed[i].Sig, err)
		}
		d, err := typed.CallDigest(tx.Arena, signed[i])
		if err != nil {
			t.Fatal(err)
		}
		if got, err := ledger.Recover(d, sig); err != nil || got != tx.From {
			t.Errorf("call %d signed by %s, %v; want the sender %s", i, got, err, tx.From)
		}
		if res.Calls[i].Sig != "" {
			t.Errorf("call %d: Sign wrote into the caller's receipt", i)
		}
	}
}

// The driver fails the test on whatever the contest did not expect, with the reason.
func TestTheDriverFailsWhatTheContestDidNotExpect(t *testing.T) {
	noTask := ledger.NewError(ledger.Expected, "No such task")
	for _, tt := range []struct {
		name  string
		drive func(c *ledgertest.Contest)
		want  string
	}{
		{"a refusal where Do wanted success", func(c *ledgertest.Contest) {
			c.Do("stranger", ledger.Amount{}, ledger.Award{Task: 9})
		}, "award {\"task\":9} by stranger refused: [EXPECTED] No such task"},
		{"another refusal than the one wanted", func(c *ledgertest.Contest) {
			c.Refused(noTask, "alice", ledger.Amount{}, ledger.Withdraw{})
		}, `withdraw by alice: got "[EXPECTED] Nothing to withdraw", want "[EXPECTED] No such task"`},
		{"success where a refusal was wanted", func(c *ledgertest.Contest) {
			c.Refused(noTask, "sponsor", ledger.Ether(1), ledger.PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60})
		}, `post_task by sponsor: got "", want "[EXPECTED] No such task"`},
		{"an unsigned transaction on a Bare that verifies", func(c *ledgertest.Contest) {
			c.Unsigned().Do("alice", ledger.Amount{}, ledger.Withdraw{})
		}, "apply withdraw by alice: verify:"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{TB: t}
			done := make(chan struct{})
			go func() {
				defer close(done)
				tt.drive(ledgertest.Drive(t, ledgertest.NewBare(open(t))).In(rec))
			}()
			<-done
			if !strings.Contains(rec.failed, tt.want) {
				t.Fatalf("failed with %q, want %q", rec.failed, tt.want)
			}
		})
	}
}

// recorder is a testing.TB whose Fatalf records the failure and ends the goroutine.
type recorder struct {
	testing.TB
	failed string
}

func (r *recorder) Helper() {}

func (r *recorder) Fatalf(format string, args ...any) {
	r.failed = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// open founds the test arena with five validators.
func open(t *testing.T) *ledger.State {
	t.Helper()
	s, err := ledger.New(ledgertest.Terms(5))
	if err != nil {
		t.Fatal(err)
	}
	return s
}
