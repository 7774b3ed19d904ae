package ledger_test

import (
	"bytes"
	"encoding/json"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/ledgertest"
)

// FuzzChallengeApply: "Apply ... never panics on any input", for the challenge's bodies.
// Each line of the input is decoded as a transaction and applied, unverified, to an
// arena with a challenge under way (a bench accepted, a run open, a run anchoring);
// with fixNonce the sender's next nonce is filled in so that the rules, not admission,
// meet the input. No input breaks an invariant or the encoding.
func FuzzChallengeApply(f *testing.F) {
	a := challengeArena(f, nil)
	_, open := a.CommitProgram("alice", a.id, "alice's agent", challenge.ProfileFull)
	a.Tick()
	a.CommitProgram("bob", a.id, "bob's agent", challenge.ProfileFull)
	r := a.Run(open)
	rd := a.GradingRound(r.Round)
	base, err := a.s.Encode()
	if err != nil {
		f.Fatal(err)
	}
	fee := mustAdd(challengeDeposit, challengeFee)
	seeds := []*Tx{
		a.Tx("alice", Amount{}, ledgertest.BenchBody("echo", 1)),
		a.Tx(a.ByAddr(rd.Committee[0]), Amount{}, challenge.BenchCheckAttest{Round: 1, Attempt: 1, Result: challenge.BenchCheck{Dataset: ledgertest.Digest("d"), Cases: 114, Kinds: []string{"memory", "tool"}}}),
		a.Tx("sponsor", Ether(9), challenge.Publish{Bench: "ditto", Title: "t", Deposit: Ether(1), PerEpoch: Ether(1), EpochS: 60, End: a.Now() + 600}),
		a.Tx("carol", fee, challenge.Commit{Challenge: a.id, Program: ledgertest.Digest("carol's agent"), Size: 1, Profile: challenge.ProfileFull}),
		a.Tx(a.ByAddr(rd.Attempts[0].Leader), Amount{}, challenge.Attest{Round: r.Round, Attempt: 1, Result: ledgertest.Canonical(ledgertest.Scored(114, 500000, 1000), ledgertest.Digest("carol's agent"))}),
		a.Tx(a.ByAddr(rd.Committee[1]), Amount{}, challenge.Attest{Round: r.Round, Attempt: 1, Result: ledgertest.RunFailed("[EXPECTED] The program imports env.foo, which the bench does not offer")}),
		a.Tx("stranger", Amount{}, challenge.Fold{Challenge: a.id}),
		a.Tx("stranger", Amount{}, challenge.Close{Challenge: a.id}),
		a.Tx("carol", Amount{}, Advance{Seconds: 99999}),
	}
	var all [][]byte
	for _, tx := range seeds {
		b, err := json.Marshal(tx)
		if err != nil {
			f.Fatal(err)
		}
		all = append(all, b)
		f.Add(b, true)
		f.Add(b, false)
	}
	f.Add(bytes.Join(all, []byte("\n")), true)
	f.Fuzz(func(t *testing.T, data []byte, fixNonce bool) {
		s, err := Decode(base)
		if err != nil {
			t.Fatal(err)
		}
		lines := bytes.Split(data, []byte("\n"))
		for i, line := range lines[:min(len(lines), 16)] {
			tx, err := DecodeTx(line)
			if err != nil {
				continue
			}
			if fixNonce {
				tx.Nonce = s.NextNonce(tx.From)
			}
			out, err := s.Apply(tx, Block{Height: s.Height() + 1, Time: s.Now() + int64(i)*700})
			if err != nil {
				t.Fatalf("Apply: %v", err)
			}
			if out.Err != "" {
				if _, ok := ParseError(out.Err); !ok {
					t.Fatalf("refusal without a class: %q", out.Err)
				}
			}
			if err := s.CheckInvariants(); err != nil {
				t.Fatalf("after %s: %v", tx.Body.Kind(), err)
			}
		}
		if err := ledgertest.CheckHash(s); err != nil {
			t.Fatal(err)
		}
	})
}
