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
