package season

import (
	"testing"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

var toyPools = Pools{Pool: "toy/pool", Deposit: "toy/deposits", Grade: "toy/grading"}

var (
	sponsor   = book.Address{1}
	committer = book.Address{2}
	grader    = book.Address{0xa1}
)

func ether(n uint64) book.Amount { return book.Ether(n) }

// held reports what each of the toy's pools holds, in order.
func held(bk *book.Book) [3]book.Amount {
	return [3]book.Amount{bk.Pool(toyPools.Pool), bk.Pool(toyPools.Deposit), bk.Pool(toyPools.Grade)}
}

func sameHeld(a, b [3]book.Amount) bool { return a[0].Eq(b[0]) && a[1].Eq(b[1]) && a[2].Eq(b[2]) }

// A season's pool is escrowed at publication, paid out by folds at most per_epoch at a
// time, and what is left goes back at close: the funds balance at every step, the pool
// in the book equals what the record says is left, and every payment is claimable.
func TestAPoolIsFundedPaidAndReturned(t *testing.T) {
	bk := book.New()
	bk.Fund(sponsor, ether(10))
	f := toyPools.Fund(bk, sponsor, ether(7))
	if !f.Funded.Eq(ether(7)) || !f.Pool.Eq(ether(7)) || !bk.Pool(toyPools.Pool).Eq(ether(7)) || !bk.Account(sponsor).Wallet.Eq(ether(3)) {
		t.Fatalf("funded %+v, pool %s, wallet %s", f, bk.Pool(toyPools.Pool), bk.Account(sponsor).Wallet)
	}
	for i, want := range []book.Amount{ether(3), ether(3), ether(1)} {
		v := f.Emission(ether(3))
		if !v.Eq(want) {
			t.Fatalf("fold %d: emission %s, want %s", i+1, v, want)
		}
		toyPools.Pay(bk, &f, committer, v)
		if err := f.Check(true); err != nil || !bk.Pool(toyPools.Pool).Eq(f.Pool) {
			t.Fatalf("fold %d: %v; pool %s, record %s", i+1, err, bk.Pool(toyPools.Pool), f.Pool)
		}
	}
	if !f.Paid.Eq(ether(7)) || !bk.Account(committer).Claimable.Eq(ether(7)) {
		t.Fatalf("paid %s, claimable %s", f.Paid, bk.Account(committer).Claimable)
	}
	if back := toyPools.Return(bk, &f, sponsor); !back.IsZero() || !f.Returned.IsZero() {
		t.Fatalf("an emptied pool returned %s", back)
	}
	if err := bk.Check(); err != nil {
		t.Fatal(err)
	}
}

// Close returns what is left of the pool to the sponsor and leaves the record holding
// nothing.
func TestCloseReturnsWhatIsLeft(t *testing.T) {
	bk := book.New()
	bk.Fund(sponsor, ether(10))
	f := toyPools.Fund(bk, sponsor, ether(5))
	toyPools.Pay(bk, &f, committer, ether(2))
	if back := toyPools.Return(bk, &f, sponsor); !back.Eq(ether(3)) {
		t.Fatalf("returned %s, want 3 ether", back)
	}
	if !f.Pool.IsZero() || !f.Returned.Eq(ether(3)) || !bk.Pool(toyPools.Pool).IsZero() || !bk.Account(sponsor).Claimable.Eq(ether(3)) {
		t.Fatalf("after close: %+v, pool %s, sponsor may claim %s", f, bk.Pool(toyPools.Pool), bk.Account(sponsor).Claimable)
	}
	if err := f.Check(false); err != nil {
		t.Fatal(err)
	}
}

// The funds' own check names what is wrong: a closed challenge that still holds money,
// and a pool, paid and returned that do not sum to what was funded.
func TestTheFundsCheckNamesTheImbalance(t *testing.T) {
	f := Funds{Funded: ether(5), Pool: ether(2), Paid: ether(3)}
	if err := f.Check(true); err != nil {
		t.Fatal(err)
	}
	if err := f.Check(false); err == nil || err.Error() != "closed but holds 2000000000000000000" {
		t.Fatalf("closed and holding: %v", err)
	}
	f.Paid = ether(2)
	if err := f.Check(true); err == nil || err.Error() != "pool 2000000000000000000 + paid 2000000000000000000 + returned 0 is not the 5000000000000000000 funded" {
		t.Fatalf("unbalanced: %v", err)
	}
}

// A commit's value must be exactly the deposit plus the grading fee; Stake escrows the
// two into their pools, and a deposit's return makes it claimable and says so.
func TestAStakeIsExactAndItsDepositComesBack(t *testing.T) {
	for _, c := range []struct {
		value, deposit, fee book.Amount
		want                bool
	}{
		{ether(3), ether(2), ether(1), true},
		{ether(4), ether(2), ether(1), false},
		{ether(2), ether(2), ether(1), false},
		{book.Amount{}, book.Amount{}, book.Amount{}, true},
		{ether(1), book.MustAmount("115792089237316195423570985008687907853269984665640564039457584007913129639935"), ether(1), false}, // 2^256 − 1 plus a fee overflows
	} {
		if got := Staked(c.value, c.deposit, c.fee); got != c.want {
			t.Errorf("Staked(%s, %s, %s) = %v", c.value, c.deposit, c.fee, got)
		}
	}
	bk := book.New()
	bk.Fund(committer, ether(5))
	toyPools.Stake(bk, committer, ether(2), ether(1))
	if got := held(bk); !sameHeld(got, [3]book.Amount{{}, ether(2), ether(1)}) {
		t.Fatalf("pools after a stake: %v", got)
	}
	env := round.Env{Book: bk, At: book.At{Height: 7, Now: 1000}}
	ev := toyPools.ReturnDeposit(env, 4, committer, ether(2))
	want := book.Event{Type: "deposit_returned", Height: 7, Entry: 4, Address: book.AddrPtr(committer), Amount: book.AmountPtr(ether(2))}
	if ev.Type != want.Type || ev.Height != want.Height || ev.Entry != want.Entry || *ev.Address != *want.Address || !ev.Amount.Eq(*want.Amount) {
		t.Fatalf("event %+v", ev)
	}
	if !bk.Pool(toyPools.Deposit).IsZero() || !bk.Account(committer).Claimable.Eq(ether(2)) {
		t.Fatalf("deposit pool %s, claimable %s", bk.Pool(toyPools.Deposit), bk.Account(committer).Claimable)
	}
}

// flip is a verdict that agrees when it names the same side.
type flip struct{ heads bool }

func (f *flip) Agrees(l round.Verdict) bool { return f.heads == l.(*flip).heads }
func (f *flip) Failure() *book.Error        { return nil }

// A grading fee goes to the members who agreed when the round kept a verdict, with one
// graders_paid event; otherwise it goes back to whoever paid it, with none.
func TestAGradingFeeIsSharedOrReturned(t *testing.T) {
	for _, settle := range []bool{true, false} {
		bk := book.New()
		bk.Fund(committer, ether(5))
		toyPools.Stake(bk, committer, book.Amount{}, ether(1))
		rs := round.NewSet(round.Terms{Validators: []book.Address{grader}, Quorum: 1, Attempts: 1, TimeoutS: 60})
		at := book.At{Height: 3, Now: 1000}
		rd := rs.Open("toy", 1, 0, nil, "toy-chain", at)
		if settle {
			if _, _, err := rs.Admit(rd.ID, 1, grader, at.Now); err != nil {
				t.Fatal(err)
			}
			if st := rs.Record(rd, grader, &flip{heads: true}, at); !st.Settled {
				t.Fatalf("a quorum of one did not settle: %+v", st)
			}
		}
		ev := toyPools.PayGraders(round.Env{Book: bk, Rounds: rs, At: at}, rd, ether(1), committer)
		earned, back := bk.Account(grader).Earned, bk.Account(committer).Claimable
		switch {
		case settle && (len(ev) != 1 || ev[0].Type != "graders_paid" || ev[0].Round != uint64(rd.ID) || ev[0].Attempt != 1 || !earned.Eq(ether(1)) || !back.IsZero()):
			t.Fatalf("settled: events %+v, grader earned %s, committer may claim %s", ev, earned, back)
		case !settle && (len(ev) != 0 || !earned.IsZero() || !back.Eq(ether(1))):
			t.Fatalf("open: events %+v, grader earned %s, committer may claim %s", ev, earned, back)
		}
		if !bk.Pool(toyPools.Grade).IsZero() {
			t.Fatalf("the grading pool still holds %s", bk.Pool(toyPools.Grade))
		}
	}
}
