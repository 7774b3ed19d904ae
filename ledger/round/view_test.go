package round_test

import (
	"slices"
	"testing"

	"github.com/arena/arena/ledger/round"
)

// TestAViewShowsWhoAttestedWithoutTheVerdicts: a round's kind-neutral view carries its
// kind, subject, committee and each attempt's deadline and attesters in the order
// recorded, and shares no memory with the round: changing the view changes nothing.
func TestAViewShowsWhoAttestedWithoutTheVerdicts(t *testing.T) {
	g := newToy(t, 3)
	r := g.play()
	leader, o := r.Current().Leader, others(r)
	g.attest(r, leader, true, "")
	g.attest(r, o[0], false, "")

	v := r.View()
	if v.ID != r.ID || v.Kind != toyKind || v.Subject != 1 || v.Ref != 0 || v.State != round.Open || !slices.Equal(v.Committee, r.Committee) {
		t.Fatalf("view %+v of round %+v", v, r)
	}
	a, ok := v.Current()
	if !ok || a.Attempt != 1 || a.Leader != leader || a.Deadline != r.Current().Deadline || a.State != round.AttemptOpen {
		t.Fatalf("current attempt %+v (ok %v)", a, ok)
	}
	if len(a.Attested) != 2 || a.Attested[0] != leader || a.Attested[1] != o[0] {
		t.Fatalf("attested %v, want the leader then %x", a.Attested, o[0])
	}
	if !a.HasAttested(o[0]) || a.HasAttested(o[1]) {
		t.Fatalf("HasAttested wrong for %v", a.Attested)
	}
	stranger := addr(0xff)
	v.Committee[0], v.Attempts[0].Attested[0] = stranger, stranger
	if r.Committee[0] == stranger || r.Current().Attestations[0].Validator != leader {
		t.Fatal("the view shares memory with the round")
	}
	if _, ok := (round.View{}).Current(); ok {
		t.Fatal("a view with no attempts has a current one")
	}
}

// TestADetailCarriesEveryVerdictAsItsKindEncodesIt: a round's detail, whatever its kind,
// carries each attempt's leader, state and deadline, and each attestation in the order
// recorded with its verdict's JSON, its classed failure as text, whether it agreed with
// the leader and whether it was late; the quorum is the round's; a round that does not
// exist has none.
func TestADetailCarriesEveryVerdictAsItsKindEncodesIt(t *testing.T) {
	g := newToy(t, 3)
	r := g.play()
	l1 := r.Current().Leader
	g.attest(r, l1, true, "[LLM_ERROR] Model refused the request")
	late := others(r)[0] // the second attempt's members other than its leader
	if late == l1 {
		late = others(r)[1]
	}
	if _, isLate, err := g.rs.Admit(r.ID, 1, late, g.now); err != nil || !isLate {
		t.Fatalf("admit late to attempt 1: late %v, %v", isLate, err)
	}
	g.rs.RecordLate(r, 1, late, &flip{Heads: true, Reason: "after the end"}, g.at(late))
	l2, o := r.Current().Leader, others(r)
	g.attest(r, l2, true, "")
	g.attest(r, o[0], true, "")
	g.attest(r, o[1], false, "")
	g.attest(r, o[2], false, "[TRANSIENT] Model unavailable")

	d, ok := g.rs.Detail(r.ID)
	if !ok || d.ID != r.ID || d.Kind != toyKind || d.Subject != 1 || d.Quorum != 3 || d.State != round.Open || !slices.Equal(d.Committee, r.Committee) || len(d.Attempts) != 2 {
		t.Fatalf("detail %+v (ok %v) of round %+v", d, ok, r)
	}
	reason := func(v []byte) string { return "seen from " + string(rune('a'+v[0]%26)) }
	type row struct {
		who     []byte
		failure string
		verdict string
		agrees  bool
		late    bool
	}
	for i, want := range []struct {
		leader []byte
		state  string
		rows   []row
	}{
		{l1[:], round.AttemptDiscarded, []row{
			{l1[:], "[LLM_ERROR] Model refused the request", `{"heads":true,"reason":"` + reason(l1[:]) + `","error":"[LLM_ERROR] Model refused the request"}`, false, false},
			{late[:], "", `{"heads":true,"reason":"after the end"}`, false, true},
		}},
		{l2[:], round.AttemptOpen, []row{
			{l2[:], "", `{"heads":true,"reason":"` + reason(l2[:]) + `"}`, true, false},
			{o[0][:], "", `{"heads":true,"reason":"` + reason(o[0][:]) + `"}`, true, false},
			{o[1][:], "", `{"heads":false,"reason":"` + reason(o[1][:]) + `"}`, false, false},
			{o[2][:], "[TRANSIENT] Model unavailable", `{"heads":false,"reason":"` + reason(o[2][:]) + `","error":"[TRANSIENT] Model unavailable"}`, false, false},
		}},
	} {
		a := d.Attempts[i]
		if a.Attempt != i+1 || a.Leader[0] != want.leader[0] || a.State != want.state || a.Deadline != r.Attempts[i].Deadline || len(a.Attestations) != len(want.rows) {
			t.Fatalf("attempt %d: %+v, want leader %x, state %s, %d attestations", i+1, a, want.leader[0], want.state, len(want.rows))
		}
		for j, w := range want.rows {
			x := a.Attestations[j]
			if x.Validator[0] != w.who[0] || x.Failure != w.failure || string(x.Verdict) != w.verdict || x.Agrees != w.agrees || x.Late != w.late {
				t.Errorf("attempt %d attestation %d: %+v (verdict %s), want %+v", i+1, j+1, x, x.Verdict, w)
			}
		}
	}
	d.Committee[0], d.Attempts[1].Attestations[0].Validator = addr(0xff), addr(0xff)
	if r.Committee[0] == addr(0xff) || r.Current().Attestations[0].Validator != l2 {
		t.Fatal("the detail shares memory with the round")
	}
	if _, ok := g.rs.Detail(r.ID + 1); ok {
		t.Fatal("a round that was never opened has a detail")
	}
}
