package audit

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/challenge"
	"github.com/arena/arena/ledger/round"
)

// coin is a verdict that agrees with the leader's when it has the same face.
type coin bool

func (c coin) Agrees(leader round.Verdict) bool { return c == leader.(coin) }
func (coin) Failure() *book.Error               { return nil }

// move is one block's step of a round: a verdict from the committee member at index
// member of the leader order (on the current attempt, or late on attempt late when it
// is set), or the current attempt's expiry; gap is how many blocks after the last
// step it lands (0: the same block).
type move struct {
	member int
	face   coin
	late   int
	expire bool
	gap    uint64
}

// settlement drives a round of the ledger's round set through moves and returns the
// height of the block whose tally settled it (ok is false when none did) and the
// run's attestations as the snapshot shows them.
func settlement(validators, quorum int, moves []move) (height uint64, ok bool, run ledger.RunView) {
	var vs []book.Address
	for i := range validators {
		vs = append(vs, book.Address{0xa0 + byte(i)})
	}
	rs := round.NewSet(round.Terms{Validators: vs, Quorum: quorum, Attempts: 3, TimeoutS: 60})
	at := book.At{Height: 1, Now: 1000}
	r := rs.Open("coin", 1, 0, nil, "differential", at)
	for _, m := range moves {
		at.Height += m.gap
		at.Now += int64(m.gap)
		from := r.Order[m.member%len(r.Order)]
		switch {
		case m.late > 0 && m.late <= len(r.Attempts) && (r.State != round.Open || m.late < len(r.Attempts)):
			rs.RecordLate(r, m.late, from, m.face, at)
		case r.State != round.Open:
		case m.expire:
			rs.Expire(r, at)
		case !slices.ContainsFunc(r.Current().Attestations, func(x round.Attestation) bool { return x.Validator == from }):
			if rs.Record(r, from, m.face, at).Settled {
				height, ok = at.Height, true
			}
		}
	}
	for _, a := range r.Attempts {
		for _, x := range a.Attestations {
			run.Attestations = append(run.Attestations, challenge.RunAttestationView{Attempt: a.Attempt, Validator: x.Validator, Height: x.Height, Agrees: x.Agrees, Late: x.Late})
		}
	}
	return height, ok, run
}

// checkSettled holds the audit's reading of when a run settled to the round set's
// tally: a fold in the block after settlement counts the run, a fold in the block of
// settlement counts it only when same is true, and a fold in the block before does not.
func checkSettled(t *testing.T, name string, validators, quorum int, moves []move) bool {
	t.Helper()
	h, ok, run := settlement(validators, quorum, moves)
	if !ok {
		return false
	}
	fold := func(height uint64) ledger.FoldView { return ledger.FoldView{Height: height} }
	for _, c := range []struct {
		height uint64
		same   bool
		want   bool
	}{{h + 1, false, true}, {h, true, true}, {h, false, false}, {h - 1, true, false}} {
		if got := settledBefore(&run, fold(c.height), c.same); got != c.want {
			t.Errorf("%s: settled at block %d; a fold at block %d (same block counted: %t) counted it %t, want %t", name, h, c.height, c.same, got, c.want)
		}
	}
	return true
}

// The audit re-derives the block a run settled in from its attestations alone (the
// snapshot records no settlement height), as the greatest height of an agreeing,
// timely attestation of the last attempt. Hand-picked and seeded random rounds of the
// ledger's own round set, with retries, late verdicts, dissent and several verdicts a
// block, settle at the block the audit names.
func TestTheAuditReadsASettlementAtTheBlockTheTallySettledIn(t *testing.T) {
	hand := []struct {
		name       string
		validators int
		quorum     int
		moves      []move
	}{
		{"three agree across blocks", 3, 0, []move{{member: 0, face: true, gap: 1}, {member: 1, face: true, gap: 2}}},
		{"dissent after the leader, then agreement", 3, 0, []move{{member: 0, face: true, gap: 1}, {member: 1, face: false, gap: 1}, {member: 2, face: true, gap: 3}}},
		{"the leader last, with its quorum in one block", 5, 0, []move{{member: 1, face: true, gap: 1}, {member: 2, face: true}, {member: 0, face: true, gap: 2}}},
		{"late verdicts after settlement", 3, 2, []move{{member: 0, face: true, gap: 1}, {member: 1, face: true, gap: 1}, {member: 2, face: true, late: 1, gap: 4}}},
		{"a timed-out attempt, then a settled retry", 3, 0, []move{{member: 0, face: true, gap: 1}, {expire: true, gap: 5}, {member: 1, face: false, late: 1, gap: 1}, {member: 0, face: true, gap: 1}, {member: 1, face: true, gap: 1}, {member: 2, face: true, gap: 1}}},
		{"a discarded attempt, then a settled retry", 3, 0, []move{{member: 0, face: true, gap: 1}, {member: 1, face: false, gap: 1}, {member: 2, face: false, gap: 1}, {member: 0, face: false, gap: 2}, {member: 1, face: false, gap: 1}}},
	}
	for _, c := range hand {
		if !checkSettled(t, c.name, c.validators, c.quorum, c.moves) {
			t.Errorf("%s: the round did not settle", c.name)
		}
	}
	rng := rand.New(rand.NewPCG(23, 5))
	settled := 0
	for i := range 2000 {
		var moves []move
		for range 4 + rng.IntN(20) {
			m := move{member: rng.IntN(7), face: coin(rng.IntN(4) > 0), gap: uint64(rng.IntN(3))}
			switch rng.IntN(10) {
			case 0:
				m.expire = true
			case 1, 2:
				m.late = 1 + rng.IntN(3)
			}
			moves = append(moves, m)
		}
		if checkSettled(t, fmt.Sprintf("seeded round %d", i), 3+rng.IntN(5), rng.IntN(4), moves) {
			settled++
		}
	}
	if settled < 500 {
		t.Fatalf("only %d of 2000 seeded rounds settled: too few to hold the rules equal", settled)
	}
}
