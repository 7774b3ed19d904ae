package ledger_test

import (
	"bytes"
	"crypto/ed25519"
	"fmt"
	"slices"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/valset"
)

// The validator set changes after genesis: an operator joins with a bond and the
// validators in force admit it by vote, a validator exits or is removed by vote and its
// bond comes back after the unbonding blocks, and a validator that signs two
// conflicting votes or attestations loses a share of its bond and its place for good.
// These claims hold those rules, their money to the atto, and their refusals.

// The validator set's refusals the claims expect, by their exact messages.
var (
	errJoinSender       = expected("A join is sent from the grading address its statement names")
	errAlreadyValidator = expected("This grading address is already a validator, or waits to become one")
	errKeyInUse         = expected("Another validator holds this consensus key")
	errNotInSet         = expected("Sender is not a validator in the set in force")
	errAlreadyLeaving   = expected("This validator is already leaving the set")
	errSetEmpty         = expected("The change would leave the validator set empty")
)

// bond is the validator bond of valArena.
var bond = Ether(10)

// valArena is the test arena with n validators v1..vn, each funded with 100 GEN and
// bonded with 10 GEN of it at genesis, a joiner funded likewise, and 3 unbonding blocks.
func valArena(t *testing.T, n int, edit func(*Terms)) *arena {
	t.Helper()
	return newArena(t, n, func(tm *Terms) {
		tm.ValidatorBond, tm.UnbondingBlocks = bond, 3
		for _, v := range tm.Validators {
			tm.Genesis = append(tm.Genesis, Allocation{Address: v, Amount: Ether(100)})
		}
		for _, name := range []string{"joiner", "joiner2"} {
			tm.Genesis = append(tm.Genesis, Allocation{Address: ledgertest.Addr(name), Amount: Ether(100)})
		}
		if edit != nil {
			edit(tm)
		}
	})
}

// namedJoin returns the join statement of the test key name, with a consensus key
// derived from seed, signed by both.
func namedJoin(t *testing.T, name string, seed byte) Join {
	t.Helper()
	j := Join{Chain: testChain, Name: name, NodeID: fmt.Sprintf("%040x", 0x100+int(seed)),
		P2P: fmt.Sprintf("10.1.0.%d:26656", seed), API: fmt.Sprintf("https://%s.example", name)}
	k := joinKeys{grading: ledgertest.KeyBytes(name), consensus: ed25519.NewKeyFromSeed(bytes.Repeat([]byte{seed}, 32))}
	k.sign(t, &j)
	return j
}

// record returns a's validator record, failing when it has none.
func (a *arena) record(t *testing.T, addr Address) ValidatorView {
	t.Helper()
	for _, v := range a.s.Validators() {
		if v.Address == addr {
			return v
		}
	}
	t.Fatalf("no validator record of %s", addr)
	return ValidatorView{}
}

// join sends name's join and returns the admission proposal's id.
func (a *arena) join(t *testing.T, name string, seed byte, deadline uint64) uint64 {
	t.Helper()
	return a.Do(name, bond, JoinValidator{Join: namedJoin(t, name, seed), Deadline: a.height() + 1 + deadline}).Created
}

func (a *arena) bondPool() Amount { return a.s.Arena().Balances.ValidatorBonds }

func TestFoundersPostTheirBondFromTheirGenesisAllocation(t *testing.T) {
	a := valArena(t, 4, nil)
	for _, v := range a.s.Terms().Validators {
		if got := a.s.Balance(v); !got.Eq(Ether(90)) {
			t.Fatalf("founder %s's wallet %s, want 90 GEN after its bond", v, got)
		}
		if r := a.record(t, v); r.Status != valset.Active || !r.Bond.Eq(bond) {
			t.Fatalf("founder record %+v, want active with the bond", r)
		}
	}
	if got := a.bondPool(); !got.Eq(Ether(40)) {
		t.Fatalf("bond pool %s, want 40 GEN", got)
	}
	terms := ledgertest.Terms(2)
	terms.ValidatorBond = bond
	terms.Genesis = append(terms.Genesis, Allocation{Address: terms.Validators[0], Amount: Ether(100)}, Allocation{Address: terms.Validators[1], Amount: Ether(9)})
	_, err := New(terms)
	want := expected(fmt.Sprintf("Founding validator %s's genesis allocation of 9000000000000000000 atto cannot cover the validator bond of 10000000000000000000 atto", terms.Validators[1]))
	wantErr(t, err, want)
}

func TestAnArenaWithoutBondsEncodesAsBeforeAndListsItsFoundersUnbonded(t *testing.T) {
	a := newArena(t, 3, nil)
	enc, err := a.s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(enc, []byte(`"validators":[{`)) || bytes.Contains(enc, []byte("validator_bond")) {
		t.Fatalf("an arena that never used the validator set encodes it: %s", enc)
	}
	if bal := a.s.Arena().Balances; len(bal.Pools()) != len(newArena(t, 1, nil).s.Arena().Balances.Pools()) {
		t.Fatalf("the balances list the validator pools while they hold nothing: %+v", bal.Pools())
	}
	vs := a.s.Validators()
	if len(vs) != 3 || vs[0].Status != valset.Active || !vs[0].Bond.IsZero() {
		t.Fatalf("views %+v, want three active founders with no bond", vs)
	}
}

func TestAJoinEscrowsTheBondAndIsAdmittedByMoreThanTwoThirds(t *testing.T) {
	a := valArena(t, 4, nil)
	joiner := a.Addr("joiner")
	id := a.join(t, "joiner", 7, 5)
	if got := a.s.Balance(joiner); !got.Eq(Ether(90)) {
		t.Fatalf("joiner's wallet %s, want 90 GEN", got)
	}
	if got := a.bondPool(); !got.Eq(Ether(50)) {
		t.Fatalf("bond pool %s, want 50 GEN", got)
	}
	if p := a.proposal(t, id); p.Action != govern.ActionAdmit || p.Needed != 3 || len(p.Votes) != 0 {
		t.Fatalf("admission %+v, want needing 3 votes with none", p)
	}
	a.Do("v1", Amount{}, govern.Vote{Proposal: id})
	a.Do("v2", Amount{}, govern.Vote{Proposal: id})
	if slices.Contains(a.s.InForce().Validators, joiner) {
		t.Fatal("the joiner is in the set before its admission")
	}
	a.Do("v3", Amount{}, govern.Vote{Proposal: id})
	if slices.Contains(a.s.InForce().Validators, joiner) {
		t.Fatal("the joiner is in the set in the block that adopted it")
	}
	a.tick(t, 1)
	if !slices.Contains(a.s.InForce().Validators, joiner) || len(a.s.InForce().Validators) != 5 {
		t.Fatalf("set in force %v, want the joiner added", a.s.InForce().Validators)
	}
	j := namedJoin(t, "joiner", 7)
	if ups := a.s.ValidatorUpdates(); len(ups) != 1 || !bytes.Equal(ups[0].Key, j.ConsensusPubKey) || ups[0].Power != 1 {
		t.Fatalf("updates %+v, want the joiner's key at power 1", ups)
	}
	if r := a.record(t, joiner); r.Status != valset.Active || !r.Bond.Eq(bond) || r.Joined != a.height() {
		t.Fatalf("record %+v", r)
	}
	a.tick(t, 1)
	if ups := a.s.ValidatorUpdates(); len(ups) != 0 {
		t.Fatalf("the next height's updates %+v, want none", ups)
	}
	// a round opened now draws from the set in force, joiner included
	task := a.Post(Ether(100))
	e := a.Enter(task, "alice", "work")
	if r := a.OpenRound(e); !slices.Contains(r.Committee, joiner) {
		t.Fatalf("committee %v, want the joiner on it (committee 0: every validator)", r.Committee)
	}
}

func TestARoundOpenedBeforeAJoinKeepsItsCommittee(t *testing.T) {
	a := valArena(t, 4, nil)
	task := a.Post(Ether(100))
	e := a.Enter(task, "alice", "work")
	r := a.OpenRound(e)
	id := a.join(t, "joiner", 7, 5)
	for _, v := range []string{"v1", "v2", "v3"} {
		a.Do(v, Amount{}, govern.Vote{Proposal: id})
	}
	a.tick(t, 1)
	a.Refused(errNotCommittee, "joiner", Amount{}, Attest{Round: r.ID, Attempt: 1, Result: ledgertest.Reading(3, 0, false)})
}

func TestAnExpiredJoinGivesTheBondBack(t *testing.T) {
	a := valArena(t, 4, nil)
	joiner := a.Addr("joiner")
	id := a.join(t, "joiner", 7, 2)
	a.Do("v1", Amount{}, govern.Vote{Proposal: id})
	a.tick(t, 3)
	if p := a.proposal(t, id); p.Status != govern.Expired {
		t.Fatalf("admission %s, want expired", p.Status)
	}
	if got := a.s.Claimable(joiner); !got.Eq(bond) {
		t.Fatalf("joiner's claimable %s, want its bond back", got)
	}
	if got := a.bondPool(); !got.Eq(Ether(40)) {
		t.Fatalf("bond pool %s, want the founders' 40 GEN", got)
	}
	if r := a.record(t, joiner); r.Status != valset.Rejected || !r.Bond.IsZero() {
		t.Fatalf("record %+v, want rejected with no bond", r)
	}
	a.join(t, "joiner", 7, 2) // a rejected joiner may try again
}

func TestAnExitLeavesAtTheNextHeightAndItsBondReturnsAfterUnbonding(t *testing.T) {
	a := valArena(t, 4, nil)
	v4 := a.Addr("v4")
	a.Do("v4", Amount{}, ExitValidator{})
	exitH := a.height()
	if !slices.Contains(a.s.InForce().Validators, v4) {
		t.Fatal("the validator left in the block of its exit")
	}
	wantAdmission(t, a, "v4", Amount{}, ExitValidator{}, errAlreadyLeaving.Msg)
	a.tick(t, 1)
	if slices.Contains(a.s.InForce().Validators, v4) || len(a.s.InForce().Validators) != 3 {
		t.Fatalf("set %v, want v4 gone at height %d", a.s.InForce().Validators, exitH+1)
	}
	if r := a.record(t, v4); r.Status != valset.Unbonding || r.Returns != exitH+1+3 {
		t.Fatalf("record %+v, want unbonding until %d", r, exitH+4)
	}
	a.tick(t, 2)
	if got := a.s.Claimable(v4); !got.IsZero() {
		t.Fatalf("bond back early: %s", got)
	}
	a.tick(t, 1)
	if got := a.s.Claimable(v4); !got.Eq(bond) {
		t.Fatalf("claimable %s after unbonding, want the bond", got)
	}
	if r := a.record(t, v4); r.Status != valset.Left {
		t.Fatalf("record %+v, want left", r)
	}
	wantAdmission(t, a, "v4", Amount{}, ExitValidator{}, errNotInSet.Msg)
	wantAdmission(t, a, "stranger", Amount{}, ExitValidator{}, errNotInSet.Msg)
}

func TestARemovalByVoteTakesAnotherValidatorOut(t *testing.T) {
	a := valArena(t, 4, nil)
	v4 := a.Addr("v4")
	id := a.Do("v1", Amount{}, govern.ProposeRemoval{Validator: v4, Deadline: a.height() + 5}).Created
	a.Do("v2", Amount{}, govern.Vote{Proposal: id})
	a.Do("v3", Amount{}, govern.Vote{Proposal: id})
	if p := a.proposal(t, id); p.Status != govern.Adopted || p.Height != a.height()+1 {
		t.Fatalf("removal %+v, want adopted for the next height", p)
	}
	a.tick(t, 1)
	if slices.Contains(a.s.InForce().Validators, v4) {
		t.Fatalf("set %v still holds v4", a.s.InForce().Validators)
	}
	a.tick(t, 3)
	if got := a.s.Claimable(v4); !got.Eq(bond) {
		t.Fatalf("claimable %s, want the removed validator's bond back", got)
	}
	wantAdmission(t, a, "v1", Amount{}, govern.ProposeRemoval{Validator: v4, Deadline: a.height() + 5}, expected("That address is not a validator in the set in force").Msg)
	wantAdmission(t, a, "v4", Amount{}, govern.ProposeRemoval{Validator: a.Addr("v1"), Deadline: a.height() + 5}, expected("Only a validator in the set in force may propose or vote").Msg)
}

func TestAChangeThatLeavesCommitteeOrQuorumUnreachableIsRefused(t *testing.T) {
	a := valArena(t, 3, func(tm *Terms) { tm.Committee = 3 })
	wantAdmission(t, a, "v3", Amount{}, ExitValidator{}, expected("The change would leave 2 validators, fewer than the committee of 3 in force").Msg)
	wantAdmission(t, a, "v1", Amount{}, govern.ProposeRemoval{Validator: a.Addr("v3"), Deadline: a.height() + 5}, expected("The change would leave 2 validators, fewer than the committee of 3 in force").Msg)
	q := valArena(t, 3, func(tm *Terms) { tm.Quorum = 3 })
	wantAdmission(t, q, "v2", Amount{}, ExitValidator{}, expected("The change would leave 2 validators, fewer than the quorum of 3 in force").Msg)
	one := valArena(t, 1, nil)
	wantAdmission(t, one, "v1", Amount{}, ExitValidator{}, errSetEmpty.Msg)
}

func TestEveryBadJoinIsRefusedWithItsMessage(t *testing.T) {
	a := valArena(t, 4, nil)
	h := a.height() + 1
	good := namedJoin(t, "joiner", 7)
	other := good
	other.Chain = "elsewhere"
	joinKeys{grading: ledgertest.KeyBytes("joiner"), consensus: ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, 32))}.resign(t, &other)
	forged := good
	forged.Name = "someone else"
	for _, c := range []struct {
		name, from string
		value      Amount
		body       JoinValidator
		want       string
	}{
		{"another chain", "joiner", bond, JoinValidator{Join: other, Deadline: h + 5}, fmt.Sprintf(`Join statement of "joiner" (%s): it is for chain "elsewhere", not "arena-test"`, good.GradingAddress)},
		{"a forged statement", "joiner", bond, JoinValidator{Join: forged, Deadline: h + 5}, fmt.Sprintf(`Join statement of "someone else" (%s): its signature does not match its contents: a field was edited after signing, or a key other than its grading address signed it`, good.GradingAddress)},
		{"another sender", "joiner2", bond, JoinValidator{Join: good, Deadline: h + 5}, errJoinSender.Msg},
		{"a short bond", "joiner", Ether(9), JoinValidator{Join: good, Deadline: h + 5}, "A join posts exactly the validator bond in force, 10000000000000000000 atto"},
		{"a validator already", "v1", bond, JoinValidator{Join: namedJoin(t, "v1", 9), Deadline: h + 5}, errAlreadyValidator.Msg},
		{"a past deadline", "joiner", bond, JoinValidator{Join: good, Deadline: h}, fmt.Sprintf("A proposal's deadline must be after the current height %d", h)},
	} {
		t.Run(c.name, func(t *testing.T) {
			wantAdmission(t, a, c.from, c.value, c.body, c.want)
		})
	}
	a.join(t, "joiner", 7, 5)
	wantAdmission(t, a, "joiner", bond, JoinValidator{Join: good, Deadline: h + 6}, errAlreadyValidator.Msg)
	twin := namedJoin(t, "joiner2", 7) // the joiner's consensus key
	wantAdmission(t, a, "joiner2", bond, JoinValidator{Join: twin, Deadline: h + 6}, errKeyInUse.Msg)
}

// wantAdmission checks that admission refuses body from from with exactly want, so that
// it costs neither a nonce nor a fee.
func wantAdmission(t *testing.T, a *arena, from string, value Amount, body Body, want string) {
	t.Helper()
	err := a.s.Check(a.Tx(from, value, body))
	if err == nil || err.Error() != "[EXPECTED] "+want {
		t.Fatalf("%s by %s: admission said %v, want %q", body.Kind(), from, err, want)
	}
}
