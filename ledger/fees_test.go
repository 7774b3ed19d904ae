package ledger_test

import (
	"fmt"
	"slices"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
)

// "Nobody writes for free, and graders are paid for what they read": every admitted
// transaction pays the founding terms' fee, a key that cannot pay is refused at
// admission and writes nothing, and the grading fee paid with an entry or an appeal is
// shared, to the atto, by the committee members who agreed with the verdict kept.

var (
	perTx      = NewAmount(1_000)
	perByte    = NewAmount(10)
	gradingFee = NewAmount(100)
)

// feeArena charges fees; its validators, who pay for their attestations like everyone
// else, are funded at genesis.
func feeArena(t *testing.T) *arena { return feeArenaOf(t, 5) }

func feeArenaOf(t *testing.T, validators int) *arena {
	return newArena(t, validators, func(t *Terms) {
		t.FeePerTx, t.FeePerByte, t.GradingFee = perTx, perByte, gradingFee
		for _, v := range t.Validators {
			t.Genesis = append(t.Genesis, Allocation{Address: v, Amount: Ether(1)})
		}
	})
}

func TestAKeyHoldingNothingWritesNothing(t *testing.T) {
	a := feeArena(t)
	before := a.s.Hash()
	tx := a.Tx("pauper", Amount{}, Withdraw{})
	err := a.s.Check(tx)
	wantErr(t, err, errFee)
	out, applyErr := a.s.Apply(tx, Block{Height: a.s.Height(), Time: a.s.Now()})
	if applyErr != nil || out.Err != errFee.Error() {
		t.Fatalf("apply: %v %q, want the admission refusal", applyErr, out.Err)
	}
	if a.s.NextNonce(a.Addr("pauper")) != 1 || a.s.Hash() != before {
		t.Fatal("a refused transaction from a key holding nothing changed the state")
	}
	// Holding the value but not the fee on top of it is refused too, as before.
	a.Do("stranger", Amount{}, Faucet{To: a.Addr("pauper"), Amount: entryBond})
	task := a.Post(Ether(100))
	wantErr(t, a.s.Check(a.Tx("pauper", entryBond, Submit{Task: task, Work: "w"})), errFunds)
}

func TestEveryAdmittedTransactionPaysItsFee(t *testing.T) {
	a := feeArena(t)
	alice := a.Addr("alice")
	wallet := a.s.Balance(alice)
	tx := a.Tx("alice", Amount{}, Withdraw{}) // refused by the rules: nothing is owed
	terms := a.s.Terms()
	fee, _ := terms.Fee(tx.Size())
	if want, _ := perTx.Add(NewAmount(10 * uint64(tx.Size()))); !fee.Eq(want) || !a.s.Fee(tx).Eq(fee) {
		t.Fatalf("fee %s for %d bytes, want %s", fee, tx.Size(), want)
	}
	out := a.Apply(tx)
	if out.Err != errNothingOwed.Error() {
		t.Fatalf("withdraw: %q", out.Err)
	}
	left, _ := wallet.Sub(fee)
	acc := a.s.Account(alice)
	if !acc.Wallet.Eq(left) || !acc.FeesPaid.Eq(fee) || !a.s.Arena().Balances.FeePool.Eq(fee) {
		t.Fatalf("after a refused transaction: wallet %s (want %s), fees paid %s, fee pool %s", acc.Wallet, left, acc.FeesPaid, a.s.Arena().Balances.FeePool)
	}
}

// gradedWithFee enters alice's work and returns the arena, the entry and the solver's
// wallet after entering, with the grading fee in the grading pool.
func gradedWithFee(t *testing.T) (*arena, EntryID) { return gradedWithFeeOf(t, 5) }

func gradedWithFeeOf(t *testing.T, validators int) (*arena, EntryID) {
	a := feeArenaOf(t, validators)
	task := a.Post(Ether(100))
	e := a.Enter(task, "alice", "a strong launch note")
	if got := a.s.Arena().Balances.GradingFees; !got.Eq(gradingFee) {
		t.Fatalf("grading pool %s after one entry, want the fee %s", got, gradingFee)
	}
	if ev, _ := a.s.Entry(e); !ev.Fee.Eq(gradingFee) {
		t.Fatalf("entry fee %s", ev.Fee)
	}
	return a, e
}

func earned(a *arena, addr Address) Amount { return a.s.Account(addr).Earned }

func TestThreeAgreeingShareTheFeeToTheAtto(t *testing.T) {
	for _, n := range []int{4, 5} { // 3 of 4 and 3 of 5 agree
		t.Run(fmt.Sprintf("committee of %d", n), func(t *testing.T) { threeAgreeShare(t, n) })
	}
}

func threeAgreeShare(t *testing.T, validators int) {
	a, e := gradedWithFeeOf(t, validators)
	r := a.OpenRound(e)
	a.AttestAll(r.ID, ledgertest.Reading(4, 0, false), ledgertest.Reading(3, 0, false), ledgertest.Reading(4, 0, false), ledgertest.Reading(4, 0, false))
	g, _ := a.s.Round(r.ID)
	if g.Grade == nil || len(g.Grade.Agreed) != 3 {
		t.Fatalf("round %+v", g.Grade)
	}
	total := Amount{}
	for _, v := range a.s.Terms().Validators {
		got := earned(a, v)
		total, _ = total.Add(got)
		switch {
		case v == g.Grade.Leader:
			if !got.Eq(NewAmount(34)) {
				t.Errorf("leader earned %s, want 33 and the remainder 1", got)
			}
		case slices.Contains(g.Grade.Agreed, v):
			if !got.Eq(NewAmount(33)) {
				t.Errorf("agreeing member earned %s, want 33", got)
			}
		default:
			if !got.IsZero() {
				t.Errorf("%s disagreed or did not attest and earned %s", v, got)
			}
		}
	}
	if !total.Eq(gradingFee) || !a.s.Arena().Balances.GradingFees.IsZero() {
		t.Fatalf("graders earned %s of the fee %s; %s left in the pool", total, gradingFee, a.s.Arena().Balances.GradingFees)
	}
	if !a.s.Claimable(g.Grade.Leader).Eq(NewAmount(34)) {
		t.Fatalf("the leader is owed %s: earnings are claimable", a.s.Claimable(g.Grade.Leader))
	}
	// The judges' panel says the same, per validator.
	for _, j := range a.s.Judges() {
		agreed := slices.Contains(g.Grade.Agreed, j.Validator)
		disagreed := slices.Contains(g.Grade.Disagreed, j.Validator)
		switch {
		case j.Rounds != 1 || !j.Earned.Eq(earned(a, j.Validator)):
			t.Errorf("judge %+v", j)
		case agreed && (j.Kept != 1 || j.Agreed != 1):
			t.Errorf("agreeing judge %+v", j)
		case disagreed && (j.Kept != 1 || j.Agreed != 0):
			t.Errorf("disagreeing judge %+v", j)
		case !agreed && !disagreed && j.Attested != 0:
			t.Errorf("silent judge %+v", j)
		}
	}
}

func TestAnOverruledLeaderEarnsNothing(t *testing.T) {
	a, e := gradedWithFee(t)
	r := a.OpenRound(e)
	first := a.Attempt(r.ID).Leader
	a.AttestAll(r.ID, ledgertest.Reading(5, 0, false), ledgertest.Reading(3, 0, false)) // everyone else reads 3: discarded
	a.AttestAll(r.ID, ledgertest.Reading(3, 0, false))                                  // the next leader's attempt settles at 3
	g, _ := a.s.Round(r.ID)
	if g.Grade == nil || g.Grade.Leader == first || g.Grade.Tier != 3 {
		t.Fatalf("grade %+v", g.Grade)
	}
	if !earned(a, first).IsZero() {
		t.Fatalf("the overruled leader earned %s", earned(a, first))
	}
	q, rem := gradingFee.DivMod(uint64(len(g.Grade.Agreed)))
	lead, _ := q.Add(rem)
	if !earned(a, g.Grade.Leader).Eq(lead) {
		t.Fatalf("the settling leader earned %s, want %s", earned(a, g.Grade.Leader), lead)
	}
}

func TestAFeeWhoseRoundNeverSettlesGoesBackAtTheBound(t *testing.T) {
	a, e := gradedWithFee(t)
	r := a.OpenRound(e)
	for range attempts {
		a.AttestAll(r.ID, ledgertest.Failure(Transient, "Work host unavailable (503)"))
	}
	if ev, _ := a.s.Entry(e); ev.State != EntryUngraded || !a.s.Arena().Balances.GradingFees.Eq(gradingFee) {
		t.Fatalf("an exhausted round kept %s of the fee (entry %s)", a.s.Arena().Balances.GradingFees, ev.State)
	}
	for _, v := range a.s.Terms().Validators {
		if !earned(a, v).IsZero() {
			t.Fatalf("%s earned from a round that never settled", v)
		}
	}
	alice := a.Addr("alice")
	before := a.s.Claimable(alice)
	a.Wait(3600 + gradingWindow)
	a.Do("stranger", Amount{}, Award{Task: 1})
	want, _ := before.Add(entryBond)
	want, _ = want.Add(gradingFee)
	if got := a.s.Claimable(alice); !got.Eq(want) || !a.s.Arena().Balances.GradingFees.IsZero() {
		t.Fatalf("alice is owed %s, want her bond and fee back (%s)", got, want)
	}
}

func TestAnAppealPaysItsOwnGradersAndALapseRefundsIt(t *testing.T) {
	a, e := gradedWithFee(t)
	a.GradeAs(e, ledgertest.Reading(3, 0, false))
	arg := Appeal{Entry: e, Argument: "underrated"}
	out := a.Do("appellant", appealBond, arg)
	if !a.s.Arena().Balances.GradingFees.Eq(gradingFee) {
		t.Fatalf("grading pool %s after the appeal, want its fee", a.s.Arena().Balances.GradingFees)
	}
	for range attempts {
		a.AttestAll(RoundID(out.Created), ledgertest.Failure(LLMError, "No merit rung in the response"))
	}
	ev, _ := a.s.Entry(e)
	want, _ := appealBond.Add(gradingFee)
	if ev.Appeal.Outcome != AppealLapsed || !a.s.Claimable(a.Addr("appellant")).Eq(want) {
		t.Fatalf("lapsed appeal %+v; appellant owed %s, want bond and fee %s", ev.Appeal, a.s.Claimable(a.Addr("appellant")), want)
	}
}

// What the arena owes a sender tops up its wallet: a sponsor who spent its whole wallet
// on a prize that came back, or a grader who holds nothing but its earnings, can still
// pay to withdraw.
func TestAnEmptyWalletPaysItsFeeFromWhatItIsOwed(t *testing.T) {
	a := feeArena(t)
	sponsor := a.Addr("sponsor")
	post := PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: 60}
	prize := a.s.Balance(sponsor)
	for range 3 { // the fee counts the value's digits: settle on a prize that leaves nothing
		fee := a.s.Fee(a.Tx("sponsor", prize, post))
		prize, _ = a.s.Balance(sponsor).Sub(fee)
	}
	task := TaskID(a.Do("sponsor", prize, post).Created)
	if !a.s.Balance(sponsor).IsZero() {
		t.Fatalf("sponsor wallet %s after posting everything", a.s.Balance(sponsor))
	}
	a.Wait(60 + gradingWindow)
	a.Do("stranger", Amount{}, Award{Task: task}) // no entries: voided, the prize is owed back
	wd := a.Tx("sponsor", Amount{}, Withdraw{})
	wdFee := a.s.Fee(wd)
	if out := a.Apply(wd); !out.OK() {
		t.Fatalf("withdraw with an empty wallet: %s", out.Err)
	}
	want, _ := prize.Sub(wdFee)
	if got := a.s.Balance(sponsor); !got.Eq(want) || !a.s.Claimable(sponsor).IsZero() {
		t.Fatalf("sponsor wallet %s, owed %s; want %s and nothing", got, a.s.Claimable(sponsor), want)
	}
}
