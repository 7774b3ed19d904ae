package ledger_test

import (
	"bytes"
	"encoding/json"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// FuzzApply: "Apply ... never panics on any input", and no input breaks an invariant.
// Each line of the input is decoded as a transaction and applied, unverified, to an
// arena that has a contest under way; with fixNonce the sender's next nonce is filled in
// so that the rules, not admission, meet the input.
func FuzzApply(f *testing.F) {
	a := liveArena(f)
	task := a.Post(Ether(50))
	e := a.Enter(task, "erin", "fuzz target entry")
	r := a.OpenRound(e)
	base, err := a.s.Encode()
	if err != nil {
		f.Fatal(err)
	}
	seeds := []*Tx{
		a.Tx("bob", entryBond, Submit{Task: task, Work: "w"}),
		a.Tx("alice", Amount{}, Grade{Entry: e}),
		a.Tx(a.ByAddr(r.Attempts[0].Leader), Amount{}, Attest{Round: r.ID, Attempt: 1, Result: ledgertest.Reading(3, 1, false)}),
		a.Tx("appellant", appealBond, Appeal{Entry: 1, Argument: "again"}),
		a.Tx("stranger", Amount{}, Award{Task: task}),
		a.Tx("bob", Amount{}, Withdraw{}),
		a.Tx("carol", Ether(3), PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 9}),
		a.Tx("carol", Amount{}, Faucet{To: Address{1}, Amount: Ether(1)}),
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
		enc, err := s.Encode()
		if err != nil {
			t.Fatal(err)
		}
		d, err := Decode(enc)
		if err != nil {
			t.Fatalf("Decode(Encode(s)): %v", err)
		}
		if d.Hash() != s.Hash() {
			t.Fatal("Decode(Encode(s)) hashes differently")
		}
	})
}
