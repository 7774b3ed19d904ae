package ledger_test

import (
	"bytes"
	"encoding/binary"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/google/go-cmp/cmp"
	"github.com/holiman/uint256"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// "The inputs are frozen when the round opens: the task, the entry, and every entry filed
// before it on the same task" -- by filing order, whatever order grading runs in.
func TestRoundsFreezeTheEarlierEntriesByFilingOrder(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(100))
	e1 := a.Enter(task, "alice", "one")
	e2 := a.Enter(task, "bob", "two")
	e3 := a.Enter(task, "carol", "three")
	r3 := a.OpenRound(e3)
	r1 := a.OpenRound(e1)
	if diff := cmp.Diff(RoundInputs{Task: task, Entry: e3, Earlier: []EntryID{e1, e2}}, r3.Inputs); diff != "" {
		t.Fatalf("inputs of the third entry (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(RoundInputs{Task: task, Entry: e1, Earlier: []EntryID{}}, r1.Inputs); diff != "" {
		t.Fatalf("inputs of the first entry (-want +got):\n%s", diff)
	}
	a.Enter(task, "dave", "four")
	if r, _ := a.s.Round(r3.ID); len(r.Inputs.Earlier) != 2 {
		t.Fatalf("a later filing changed the frozen inputs: %v", r.Inputs.Earlier)
	}
	if e, _ := a.s.Entry(e3); e.State != EntryGrading {
		t.Fatalf("state %s, want grading", e.State)
	}
}

// "attempt k, a committee drawn from the validator set, a leader chosen by rotation from
// the round's seed and k": seed = keccak256(chain, round, entry, height); the committee is
// the first CommitteeSize validators by keccak(seed || address); the leader order is the
// committee rotated by seed mod n.
func TestRoundsDrawCommitteeAndLeaderFromTheSeed(t *testing.T) {
	a := newArena(t, 7, func(t *Terms) { t.Committee = 5 })
	task := a.Post(Ether(100))
	e := a.Enter(task, "alice", "work")
	r := a.OpenRound(e)

	var pre []byte
	pre = binary.BigEndian.AppendUint64(pre, uint64(len(testChain)))
	pre = append(pre, testChain...)
	pre = binary.BigEndian.AppendUint64(pre, uint64(r.ID))
	pre = binary.BigEndian.AppendUint64(pre, uint64(e))
	pre = binary.BigEndian.AppendUint64(pre, a.s.Height())
	seed := crypto.Keccak256Hash(pre)

	vs := slices.Clone(a.s.Terms().Validators)
	slices.SortFunc(vs, func(x, y Address) int {
		return bytes.Compare(crypto.Keccak256(seed[:], x[:]), crypto.Keccak256(seed[:], y[:]))
	})
	want := vs[:5]
	if diff := cmp.Diff(want, r.Committee); diff != "" {
		t.Fatalf("committee (-want +got):\n%s", diff)
	}
	var k uint256.Int
	k.SetBytes32(seed[:])
	rot := int(k.Mod(&k, uint256.NewInt(5)).Uint64())
	if r.Attempts[0].Leader != want[rot] {
		t.Fatalf("leader %s, want committee[%d] = %s", r.Attempts[0].Leader, rot, want[rot])
	}
	for _, v := range vs[5:] {
		a.Refused(errNotCommittee, a.ByAddr(v), Amount{}, Attest{Round: r.ID, Attempt: 1, Result: ledgertest.Reading(3, 0, false)})
	}
}

// "When ... the round times out, the round is discarded and a new attempt starts with the
// next leader. A round that exhausts its attempts leaves the entry ungraded, visibly", and
// grade() then opens a fresh round.
func TestRoundsTimeOutToTheNextLeaderThenUngraded(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(100))
	e := a.Enter(task, "alice", "work")
	r := a.OpenRound(e)
	a.Refused(errAttemptOpen, "bob", Amount{}, Grade{Entry: e})
	a.Wait(timeout)
	a.Refused(errAttemptOpen, "bob", Amount{}, Grade{Entry: e}) // the deadline itself is still inside
	leaders := []Address{r.Attempts[0].Leader}
	for k := 2; k <= attempts; k++ {
		a.Wait(1)
		a.Do("bob", Amount{}, Grade{Entry: e})
		at := a.Attempt(r.ID)
		if at.Attempt != k || at.State != AttemptOpen || at.Deadline != a.Now()+timeout {
			t.Fatalf("attempt %+v, want %d open", at, k)
		}
		leaders = append(leaders, at.Leader)
		a.Wait(timeout)
	}
	first := slices.Index(r.Committee, leaders[0])
	for k, l := range leaders {
		if want := r.Committee[(first+k)%len(r.Committee)]; l != want {
			t.Fatalf("attempt %d led by %s, want the next in rotation %s", k+1, l, want)
		}
	}
	a.Wait(1)
	a.Refused(errAttemptExpired, a.ByAddr(leaders[2]), Amount{}, Attest{Round: r.ID, Attempt: attempts, Result: ledgertest.Reading(3, 0, false)})
	a.Do("bob", Amount{}, Grade{Entry: e})
	round, _ := a.s.Round(r.ID)
	if round.State != RoundExhausted || round.Attempts[attempts-1].State != AttemptTimedOut {
		t.Fatalf("round %s, last attempt %s", round.State, round.Attempts[attempts-1].State)
	}
	if ev, _ := a.s.Entry(e); ev.State != EntryUngraded || ev.Current != nil {
		t.Fatalf("entry %+v, want ungraded", ev)
	}
	if n := len(a.s.OpenRounds()); n != 0 {
		t.Fatalf("%d open rounds after exhaustion", n)
	}
	fresh := a.OpenRound(e)
	if fresh.ID == r.ID || fresh.Attempts[0].Attempt != 1 {
		t.Fatalf("fresh round %+v", fresh)
	}
	a.AttestAll(fresh.ID, ledgertest.Reading(3, 0, false))
	ev, _ := a.s.Entry(e)
	if ev.State != EntryGraded || len(ev.Rounds) != 2 {
		t.Fatalf("entry %+v", ev)
	}
	if g := a.s.Grades(e); len(g) != 2 || g[0].State != RoundExhausted || g[1].State != RoundSettled {
		t.Fatalf("history %+v", g)
	}
}

// "grade(submission_id): anyone"; refused on an unknown entry, while an attempt is open,
// and with exactly "[EXPECTED] This entry was already graded" once a grade stands.
func TestRoundsGradeRefusals(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(100))
	e := a.Enter(task, "alice", "work")
	a.Refused(errNoEntry, "bob", Amount{}, Grade{Entry: 7})
	a.GradeAs(e, ledgertest.Reading(4, 0, false))
	a.Refused(errAlreadyGraded, "bob", Amount{}, Grade{Entry: e})
	out := a.Apply(a.Tx("carol", Amount{}, Grade{Entry: e}))
	if out.Err != "[EXPECTED] This entry was already graded" {
		t.Fatalf("got %q", out.Err)
	}
}

// "attest(round, result)": only committee members, only the open attempt, before its
// deadline, once each.
func TestRoundsAttestRefusals(t *testing.T) {
	a := newArena(t, 5, nil)
	task := a.Post(Ether(100))
	e := a.Enter(task, "alice", "work")
	r := a.OpenRound(e)
	leader := a.ByAddr(r.Attempts[0].Leader)
	res := ledgertest.Reading(3, 0, false)
	a.Refused(errNoRound, leader, Amount{}, Attest{Round: 9, Attempt: 1, Result: res})
	a.Refused(errNotCommittee, "bob", Amount{}, Attest{Round: r.ID, Attempt: 1, Result: res})
	a.Refused(errAttemptNotOpen, leader, Amount{}, Attest{Round: r.ID, Attempt: 2, Result: res})
	a.Do(leader, Amount{}, Attest{Round: r.ID, Attempt: 1, Result: res})
	a.Refused(errAttestedTwice, leader, Amount{}, Attest{Round: r.ID, Attempt: 1, Result: res})
	if open := a.s.OpenRounds(); len(open) != 1 || open[0].ID != r.ID {
		t.Fatalf("open rounds %+v", open)
	}
	a.attestAll2(r.ID, res)
	a.Refused(errAttestedTwice, leader, Amount{}, Attest{Round: r.ID, Attempt: 1, Result: res})
	a.Wait(timeout + 1)
	a.Refused(errAttemptNotOpen, leader, Amount{}, Attest{Round: r.ID, Attempt: 1, Result: res})
}

// attestAll2 has the members other than the leader attest res until the attempt closes.
func (a *arena) attestAll2(id RoundID, res Result) {
	r, _ := a.s.Round(id)
	at := a.Attempt(id)
	for _, m := range r.Committee {
		if m == at.Leader {
			continue
		}
		if cur := a.Attempt(id); cur.State != AttemptOpen || cur.Attempt != at.Attempt {
			return
		}
		a.Do(a.ByAddr(m), Amount{}, Attest{Round: id, Attempt: at.Attempt, Result: res})
	}
}
