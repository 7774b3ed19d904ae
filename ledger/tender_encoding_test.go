package ledger_test

import (
	"bytes"
	"testing"

	"github.com/google/go-cmp/cmp"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/tender"
)

// midTender runs a full tender up to a live rescoring of an appeal, with a settled
// check, bids in four states, a clarification and open rounds, and returns it.
func midTender(t *testing.T) *fullTender {
	f := newFullTender(t)
	for _, st := range f.steps() {
		if st.name == "rescore alice" {
			break
		}
		st.do()
	}
	f.a.Do("stranger", Amount{}, tender.Resolve{Bid: f.bids["alice"]})
	return f
}

// "Two nodes that apply the same transactions hold byte-identical state and the same
// state hash", with tenders in it; Decode(Encode(s)) has the same hash and views and
// keeps applying the tender's transactions to the same state as s.
func TestTenderStateEncodesDecodesAndReplaysIdentically(t *testing.T) {
	f := midTender(t)
	a := f.a
	b, err := a.s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"tender":{"tenders":[{"id":1`)) {
		t.Fatal("the encoding holds no tender")
	}
	x, y := replay(t, a), replay(t, a)
	bx, _ := x.Encode()
	by, _ := y.Encode()
	if !bytes.Equal(bx, by) || !bytes.Equal(bx, b) || x.Hash() != a.s.Hash() || y.Hash() != a.s.Hash() {
		t.Fatal("replays of a tender encode or hash differently")
	}
	d, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if d.Hash() != a.s.Hash() {
		t.Fatal("the decoded state hashes differently")
	}
	if diff := cmp.Diff(a.s.Snapshot(), d.Snapshot(), cmp.Comparer(Amount.Eq)); diff != "" {
		t.Fatalf("views differ (-original +decoded):\n%s", diff)
	}
	n := len(a.bare.Log())
	a.ScoreAll(a.Bid(f.bids["alice"]).Appeal.Round, ledgertest.Scores(4, 4, 1, 4))
	for _, st := range f.steps() {
		if st.name == "expire carol" || st.name == "award" {
			st.do()
		}
	}
	for _, l := range a.bare.Log()[n:] {
		if _, err := d.Apply(l.Tx, l.Block); err != nil {
			t.Fatal(err)
		}
	}
	if d.Hash() != a.s.Hash() {
		t.Fatal("the decoded state diverged after the award")
	}
}

// The hash commits to the tender: a state whose tender differs by one bid's total, or
// whose references do not hold, does not decode; and a change to a tender changes the
// state hash.
func TestTenderStateDecodeRefusesWhatDoesNotHold(t *testing.T) {
	f := midTender(t)
	b, _ := f.a.s.Encode()
	for name, bad := range map[string][]byte{
		"a total that does not follow": bytes.Replace(b, []byte(`"total":34,"rescored"`), []byte(`"total":35,"rescored"`), 1),
		"a bid on no tender":           bytes.Replace(b, []byte(`{"id":2,"tender":1,`), []byte(`{"id":2,"tender":3,`), 1),
		"a check of other criteria":    bytes.Replace(b, []byte(`"criteria":["Names three`), []byte(`"criteria":["Named three`), 1),
		"deposits that do not add up":  bytes.Replace(b, []byte(`"deposit":"5000000000000000000","grading_fee"`), []byte(`"deposit":"6000000000000000000","grading_fee"`), 1),
	} {
		if bytes.Equal(bad, b) {
			t.Fatalf("%s: the encoding did not change", name)
		}
		if _, err := Decode(bad); err == nil {
			t.Errorf("Decode accepted %s", name)
		}
	}
	before := f.a.s.Hash()
	f.a.Refused(errTenderNoTender, "stranger", Amount{}, tender.Ask{Tender: 2, Question: "no such tender here"})
	if f.a.s.Hash() == before {
		t.Fatal("a refused transaction left the hash unchanged, though it consumed a nonce")
	}
}
