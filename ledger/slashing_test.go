package ledger_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/govern"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/valset"
)

// A validator that signs two conflicting votes (CometBFT's duplicate-vote evidence) or
// two conflicting attestations on one attempt loses the slash share of its bond, to
// the treasury, and its place in the set, for good.

// oddBond is a bond whose 5% is not a whole number of atto: 10 GEN and 7 atto.
var oddBond = MustAmount("10000000000000000007")

// joinedArena is the test arena founded by n join statements, each founder funded with
// 100 GEN and bonded with oddBond, with 3 unbonding blocks.
func joinedArena(t *testing.T, n int, edit func(*Terms)) *arena {
	t.Helper()
	return newArena(t, 0, func(tm *Terms) {
		j := joinedTerms(t, n)
		tm.Validators, tm.Joins = j.Validators, j.Joins
		tm.ValidatorBond, tm.UnbondingBlocks = oddBond, 3
		for _, v := range tm.Validators {
			tm.Genesis = append(tm.Genesis, Allocation{Address: v, Amount: Ether(100)})
		}
		if edit != nil {
			edit(tm)
		}
	})
}

// evidence begins the next block and hands it ms, returning the events.
func (a *arena) evidence(t *testing.T, ms ...Misbehavior) []Event {
	t.Helper()
	a.tick(t, 1)
	evs := a.s.Misbehaved(a.height(), ms)
	if err := a.s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	if err := ledgertest.CheckHash(a.s); err != nil {
		t.Fatal(err)
	}
	return evs
}

func TestDuplicateVoteEvidenceSlashesTheShareToTheAtto(t *testing.T) {
	a := joinedArena(t, 4, nil)
	treasury := *a.s.Terms().Treasury
	j := a.s.Terms().Joins[2]
	v := j.GradingAddress
	m := Misbehavior{Type: DuplicateVote, Address: valset.ConsensusAddress(j.ConsensusPubKey), Height: 1}
	evs := a.evidence(t, m)
	cut := MustAmount("500000000000000000") // floor(10 GEN + 7 atto) * 500 / 10000
	if got := a.s.Claimable(treasury); !got.Eq(cut) {
		t.Fatalf("treasury's claimable %s, want %s", got, cut)
	}
	rest := MustAmount("9500000000000000007")
	r := a.record(t, v)
	if !r.Bond.Eq(rest) || r.Slashed == nil || !r.Slashed.Eq(cut) || r.Tombstone != "duplicate vote at height 1" || r.Status != valset.Unbonding {
		t.Fatalf("record %+v, want %s left of the bond, unbonding and tombstoned", r, rest)
	}
	if slices.Contains(a.s.InForce().Validators, v) {
		t.Fatal("the slashed validator is still in the set")
	}
	if ups := a.s.ValidatorUpdates(); len(ups) != 1 || ups[0].Power != 0 || string(ups[0].Key) != string(j.ConsensusPubKey) {
		t.Fatalf("updates %+v, want its key removed", ups)
	}
	if !hasEvent(evs, "validator_slashed") || !slices.Equal(EvidenceIn(a.s.BlockEvents()), []Misbehavior{m}) {
		t.Fatalf("events %+v do not record the evidence and the slash", evs)
	}
	// the same validator again, at another height, someone unknown, another type: ignored
	again := a.evidence(t, Misbehavior{Type: DuplicateVote, Address: m.Address, Height: 2},
		Misbehavior{Type: DuplicateVote, Address: [20]byte{9}, Height: 2},
		Misbehavior{Type: LightClientAttack, Address: valset.ConsensusAddress(a.s.Terms().Joins[0].ConsensusPubKey), Height: 2})
	var why []string
	for _, ev := range again {
		if ev.Type == "evidence_ignored" {
			why = append(why, ev.Note)
		}
	}
	want := []string{"the validator was already slashed", "no validator holds this consensus key", `evidence of type "light_client_attack" is not slashed`}
	if !slices.Equal(why, want) {
		t.Fatalf("ignored %q, want %q", why, want)
	}
	if got := a.s.Claimable(treasury); !got.Eq(cut) {
		t.Fatalf("treasury's claimable %s after ignored evidence, want %s", got, cut)
	}
	a.tick(t, 2)
	if got := a.s.Claimable(v); !got.Eq(rest) {
		t.Fatalf("claimable %s after unbonding, want the rest of the bond %s", got, rest)
	}
}

func TestWithoutATreasurySlashedBondsGoToTheSlashPool(t *testing.T) {
	a := joinedArena(t, 3, func(tm *Terms) { tm.Treasury = nil })
	j := a.s.Terms().Joins[0]
	a.evidence(t, Misbehavior{Type: DuplicateVote, Address: valset.ConsensusAddress(j.ConsensusPubKey), Height: 1})
	if got := a.s.Arena().Balances.ValidatorSlashed; !got.Eq(MustAmount("500000000000000000")) {
		t.Fatalf("slash pool %s", got)
	}
}

func TestTheLastValidatorIsSlashedButStaysInTheSet(t *testing.T) {
	a := joinedArena(t, 1, nil)
	j := a.s.Terms().Joins[0]
	evs := a.evidence(t, Misbehavior{Type: DuplicateVote, Address: valset.ConsensusAddress(j.ConsensusPubKey), Height: 1})
	if !hasEvent(evs, "validator_kept") || len(a.s.InForce().Validators) != 1 || len(a.s.ValidatorUpdates()) != 0 {
		t.Fatalf("events %+v set %v updates %+v, want the last validator kept", evs, a.s.InForce().Validators, a.s.ValidatorUpdates())
	}
}

// attestTx returns v's signed attestation of attempt on round 1 with the reading's tier,
// in its wire form.
func (a *arena) attestTx(t *testing.T, v string, attempt, tier int) []byte {
	t.Helper()
	b, err := json.Marshal(a.Tx(v, Amount{}, Attest{Round: 1, Attempt: attempt, Result: ledgertest.Reading(tier, 0, false)}))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestGradingEquivocationIsReportedAndSlashed(t *testing.T) {
	a := valArena(t, 4, nil)
	treasury := *a.s.Terms().Treasury
	first, second := a.attestTx(t, "v1", 1, 3), a.attestTx(t, "v1", 1, 4)
	out := a.Do("stranger", Amount{}, ReportEquivocation{First: first, Second: second})
	if !hasEvent(out.Events, "validator_slashed") {
		t.Fatalf("events %+v name no slash", out.Events)
	}
	if got := a.s.Claimable(treasury); !got.Eq(MustAmount("500000000000000000")) {
		t.Fatalf("treasury's claimable %s, want 5%% of 10 GEN", got)
	}
	v1 := a.Addr("v1")
	if slices.Contains(a.s.InForce().Validators, v1) || a.record(t, v1).Tombstone != "two attestations on round 1 attempt 1" {
		t.Fatalf("v1 %+v is still in the set or not tombstoned", a.record(t, v1))
	}
	wantAdmission(t, a, "stranger", Amount{}, ReportEquivocation{First: first, Second: second}, "This validator was already slashed")
	wantAdmission(t, a, "v1", bond, JoinValidator{Join: namedJoin(t, "v1", 11), Deadline: a.height() + 5}, "This validator was slashed for misbehaviour and can never be a validator again")
}

func TestEveryBadEquivocationReportIsRefusedWithItsMessage(t *testing.T) {
	a := valArena(t, 4, nil)
	x := a.attestTx(t, "v2", 1, 3)
	forged := func() []byte {
		tx := a.Tx("v2", Amount{}, Attest{Round: 1, Attempt: 1, Result: ledgertest.Reading(5, 0, false)})
		tx.Body = Attest{Round: 1, Attempt: 1, Result: ledgertest.Reading(2, 0, false)}
		b, _ := json.Marshal(tx)
		return b
	}()
	elsewhere := func() []byte {
		tx := a.Tx("v2", Amount{}, Attest{Round: 1, Attempt: 1, Result: ledgertest.Reading(5, 0, false)})
		tx.Arena[0] ^= 1
		if err := ledgertest.Sign(tx, a.Key("v2")); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(tx)
		return b
	}()
	withdraw, _ := json.Marshal(a.Tx("v2", Amount{}, Withdraw{}))
	for _, c := range []struct {
		name          string
		first, second []byte
		want          string
	}{
		{"the same verdict", x, x, "The two attestations give the same verdict"},
		{"another attempt", x, a.attestTx(t, "v2", 2, 4), "The two attestations are for different rounds or attempts"},
		{"another signer", x, a.attestTx(t, "v3", 1, 4), "The two attestations are signed by different validators"},
		{"a forged signature", x, forged, "An attestation's signature is not by its sender"},
		{"another arena", x, elsewhere, "An attestation is not for this arena"},
		{"not an attestation", x, withdraw, "Each transaction must be an attestation"},
		{"not a transaction", x, []byte("{}"), "Each attestation is a signed transaction in its wire form"},
		{"a signer outside the set", a.attestTx(t, "stranger", 1, 3), a.attestTx(t, "stranger", 1, 4), "The attestations' signer is neither in the validator set nor unbonding"},
	} {
		t.Run(c.name, func(t *testing.T) {
			wantAdmission(t, a, "alice", Amount{}, ReportEquivocation{First: c.first, Second: c.second}, c.want)
		})
	}
}

// "Protocol version 2's migration takes founding validators' bonds": an arena founded
// without bonds whose validators vote a validator_bond in takes it from each
// validator's wallet at the upgrade to version 2, and says so of one that cannot pay.
func TestTheUpgradeToVersion2PostsTheFoundersBonds(t *testing.T) {
	a := newArena(t, 4, func(tm *Terms) {
		tm.Protocol, tm.UpgradeNotice = 1, 5
		for _, v := range tm.Validators[:3] {
			tm.Genesis = append(tm.Genesis, Allocation{Address: v, Amount: Ether(100)})
		}
	})
	h := a.height() + 1
	tid := a.Do("v1", Amount{}, govern.ProposeTerms{Set: []govern.Setting{{Term: "validator_bond", Value: bond.String()}}, Height: h + 5, Deadline: h + 2}).Created
	a.Do("v2", Amount{}, govern.Vote{Proposal: tid})
	a.Do("v3", Amount{}, govern.Vote{Proposal: tid})
	id := a.upgrade(t, 8, 4)
	a.Do("v2", Amount{}, govern.Vote{Proposal: id})
	a.Do("v3", Amount{}, govern.Vote{Proposal: id})
	var evs []Event
	for a.s.Version() != 2 {
		a.tick(t, 1)
		evs = append(evs, a.s.BlockEvents()...)
	}
	var posted, not []string
	for _, ev := range evs {
		switch ev.Type {
		case "bond_posted":
			posted = append(posted, a.ByAddr(*ev.Address))
		case "bond_not_posted":
			not = append(not, a.ByAddr(*ev.Address))
		}
	}
	if fmt.Sprint(posted, not) != "[v1 v2 v3] [v4]" {
		t.Fatalf("posted %v, not posted %v; want v1..v3 and v4", posted, not)
	}
	if got := a.s.Arena().Balances.ValidatorBonds; !got.Eq(Ether(30)) {
		t.Fatalf("bond pool %s, want 30 GEN", got)
	}
	if r := a.record(t, a.Addr("v4")); r.Status != valset.Active || !r.Bond.IsZero() {
		t.Fatalf("v4 %+v, want still in the set with no bond", r)
	}
}

// A validator that left the set is slashed while its bond unbonds, so leaving does
// not escape evidence found late; a joiner still waiting for the vote is no validator
// yet, and its attestations are no equivocation.
func TestAnUnbondingValidatorIsStillSlashedAndAWaitingJoinerIsNot(t *testing.T) {
	a := valArena(t, 4, nil)
	treasury := *a.s.Terms().Treasury
	id := a.join(t, "joiner", 7, 5)
	for _, v := range []string{"v1", "v2", "v3"} {
		a.Do(v, Amount{}, govern.Vote{Proposal: id})
	}
	a.tick(t, 1)
	a.Do("joiner", Amount{}, ExitValidator{})
	a.tick(t, 1)
	joiner := a.Addr("joiner")
	r := a.record(t, joiner)
	if r.Status != valset.Unbonding {
		t.Fatalf("record %+v, want unbonding", r)
	}
	a.evidence(t, Misbehavior{Type: DuplicateVote, Address: valset.ConsensusAddress(namedJoin(t, "joiner", 7).ConsensusPubKey), Height: a.height() - 1})
	if got := a.s.Claimable(treasury); !got.Eq(MustAmount("500000000000000000")) {
		t.Fatalf("treasury's claimable %s, want 5%% of the unbonding bond", got)
	}
	if after := a.record(t, joiner); after.Returns != r.Returns || !after.Bond.Eq(MustAmount("9500000000000000000")) {
		t.Fatalf("record %+v, want the rest unbonding until %d as before", after, r.Returns)
	}
	if len(a.s.ValidatorUpdates()) != 0 {
		t.Fatalf("updates %+v for a key already out of the set", a.s.ValidatorUpdates())
	}
	a.join(t, "joiner2", 8, 5)
	wantAdmission(t, a, "alice", Amount{}, ReportEquivocation{First: a.attestTx(t, "joiner2", 1, 3), Second: a.attestTx(t, "joiner2", 1, 4)},
		"The attestations' signer is neither in the validator set nor unbonding")
}

// A validator slashed while it sits on an open round's committee attests there no more:
// its attestation is refused, and the round is settled by the others.
func TestASlashedValidatorAttestsOnNoRoundOpenedBefore(t *testing.T) {
	a := valArena(t, 4, nil)
	task := a.Post(Ether(10))
	e := a.Enter(task, "alice", "strong")
	r := a.OpenRound(e)
	if !slices.Contains(r.Committee, a.Addr("v1")) {
		t.Fatalf("round %d's committee %v lacks v1", r.ID, r.Committee)
	}
	first, second := a.attestTx(t, "v1", 1, 3), a.attestTx(t, "v1", 1, 4)
	a.Do("stranger", Amount{}, ReportEquivocation{First: first, Second: second})
	a.Refused(refusal("This validator was slashed for misbehaviour: it attests on no round, those opened before included"),
		"v1", Amount{}, Attest{Round: r.ID, Attempt: 1, Result: ledgertest.Reading(4, 0, false)})
}
