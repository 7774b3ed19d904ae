package round_test

import (
	"testing"

	"github.com/arena/arena/ledger/book"
	"github.com/arena/arena/ledger/round"
)

// The toy kind proves that neither round nor book knows the bounty: a coin-flip contest
// in which two players stake into a pot, a committee calls the flip, and the pot goes to
// the player who called it. Its verdict agrees with the leader's when it names the same
// side, whatever the reason given, which is a rule of its own.

const toyKind = "coinflip"

const pot book.Pool = "coinflip/pot"

type flip struct {
	Heads  bool   `json:"heads"`
	Reason string `json:"reason"` // never compared
	Err    string `json:"error,omitempty"`
}

func (f *flip) Agrees(leader round.Verdict) bool { return f.Heads == leader.(*flip).Heads }

func (f *flip) Failure() *book.Error { return book.FailureOf(f.Err) }

func addr(b byte) book.Address { return book.Address{b} }

// toy is the coin-flip game over a book and a round set.
type toy struct {
	t      *testing.T
	bk     *book.Book
	rs     *round.Set
	now    int64
	height uint64
}

func newToy(t *testing.T, attempts int) *toy {
	vs := []book.Address{addr(0xa1), addr(0xa2), addr(0xa3), addr(0xa4), addr(0xa5)}
	g := &toy{t: t, bk: book.New(), rs: round.NewSet(round.Terms{Validators: vs, Quorum: 3, Attempts: attempts, TimeoutS: 60}), now: 1000}
	for _, p := range []book.Address{addr(1), addr(2)} {
		if !g.bk.Fund(p, book.Ether(10)) {
			t.Fatal("fund refused")
		}
	}
	return g
}

func (g *toy) at(from book.Address) book.At {
	g.height++
	return book.At{Height: g.height, Now: g.now, From: from}
}

func (g *toy) checkMoney() {
	g.t.Helper()
	if err := g.bk.Check(); err != nil {
		g.t.Fatal(err)
	}
}

// play stakes both players, opens a round and returns it.
func (g *toy) play() *round.Round {
	g.bk.Escrow(addr(1), pot, book.Ether(3))
	g.bk.Escrow(addr(2), pot, book.Ether(3))
	g.checkMoney()
	return g.rs.Open(toyKind, 1, 0, nil, "toy-chain", g.at(book.Address{}))
}

// attest has committee member v call the flip on the current attempt.
func (g *toy) attest(r *round.Round, v book.Address, heads bool, errText string) round.Step {
	g.t.Helper()
	if _, late, err := g.rs.Admit(r.ID, r.Current().Attempt, v, g.now); err != nil || late {
		g.t.Fatalf("admit %x: %v", v[0], err)
	}
	return g.rs.Record(r, v, &flip{Heads: heads, Reason: "seen from " + string(rune('a'+v[0]%26)), Err: errText}, g.at(v))
}

// others returns the committee members other than the current leader.
func others(r *round.Round) []book.Address {
	var out []book.Address
	for _, m := range r.Committee {
		if m != r.Current().Leader {
			out = append(out, m)
		}
	}
	return out
}

// settle pays the pot to the player the kept verdict names.
func (g *toy) settle(r *round.Round) book.Address {
	_, l, ok := r.Kept()
	if !ok {
		g.t.Fatal("the round kept no verdict")
	}
	win := addr(2)
	if l.Verdict.(*flip).Heads {
		win = addr(1)
	}
	g.bk.Release(pot, win, g.bk.Pool(pot))
	g.checkMoney()
	return win
}

func TestAToyKindSettlesUnderQuorumAndMovesMoneyThroughTheBook(t *testing.T) {
	g := newToy(t, 3)
	r := g.play()
	o := others(r)
	if st := g.attest(r, r.Current().Leader, true, ""); st.Settled {
		t.Fatal("the leader alone settled a round with a quorum of three")
	}
	g.attest(r, o[0], false, "") // disagrees
	if st := g.attest(r, o[1], true, ""); st.Settled {
		t.Fatal("two agreeing verdicts settled a round with a quorum of three")
	}
	st := g.attest(r, o[2], true, "")
	if !st.Settled || r.State != round.Settled {
		t.Fatalf("leader plus two agreeing did not settle: %+v", st)
	}
	a, _, _ := r.Kept()
	agreed, disagreed, _ := a.Split()
	if len(agreed) != 3 || len(disagreed) != 1 || disagreed[0] != o[0] {
		t.Fatalf("agreed %v, disagreed %v", agreed, disagreed)
	}
	if win := g.settle(r); win != addr(1) {
		t.Fatalf("pot went to %x", win[0])
	}
	owed, ok := g.bk.Withdraw(addr(1))
	if !ok || !owed.Eq(book.Ether(6)) || !g.bk.Account(addr(1)).Wallet.Eq(book.Ether(13)) {
		t.Fatalf("withdrew %s; wallet %s", owed, g.bk.Account(addr(1)).Wallet)
	}
	g.checkMoney()
}

func TestAToyKindRotatesTheLeaderOnDisagreementAndExhausts(t *testing.T) {
	g := newToy(t, 2)
	r := g.play()
	first := r.Current().Leader
	g.attest(r, first, true, "")
	o := others(r)
	g.attest(r, o[0], false, "")
	g.attest(r, o[1], false, "")
	st := g.attest(r, o[2], false, "") // three against: quorum can no longer be reached
	if r.Attempts[0].State != round.AttemptDiscarded || len(r.Attempts) != 2 || st.Settled {
		t.Fatalf("attempt 1 is %s with %d attempts", r.Attempts[0].State, len(r.Attempts))
	}
	if r.Current().Leader == first {
		t.Fatal("the next attempt kept the same leader")
	}
	g.now += 61 // the second attempt times out
	if _, _, err := g.rs.Admit(r.ID, 2, r.Current().Leader, g.now); err == nil || err.Msg != "That attempt's deadline has passed" {
		t.Fatalf("late attestation: %v", err)
	}
	st = g.rs.Expire(r, g.at(book.Address{}))
	if !st.Exhausted || r.State != round.Exhausted || len(g.rs.OpenIDs()) != 0 {
		t.Fatalf("after two attempts: %+v, state %s", st, r.State)
	}
	// the toy kind's own rule for an exhausted round: stakes go back
	g.bk.Release(pot, addr(1), book.Ether(3))
	g.bk.Release(pot, addr(2), book.Ether(3))
	g.checkMoney()
	if !g.bk.Pool(pot).IsZero() {
		t.Fatalf("pot holds %s", g.bk.Pool(pot))
	}
}

func TestAToyKindTransientFailuresSettleNothingAndLLMErrorsNeverAgree(t *testing.T) {
	g := newToy(t, 3)
	r := g.play()
	o := others(r)
	g.attest(r, r.Current().Leader, false, "[TRANSIENT] coin rolled under the sofa")
	g.attest(r, o[0], false, "[TRANSIENT] timed out")
	st := g.attest(r, o[1], false, "[TRANSIENT] 503")
	if st.Settled || r.Attempts[0].State != round.AttemptTransient {
		t.Fatalf("agreed transient failures: %+v, attempt %s", st, r.Attempts[0].State)
	}
	st = g.attest(r, r.Current().Leader, true, "[LLM_ERROR] no side named")
	if r.Attempts[1].State != round.AttemptDiscarded || st.Settled {
		t.Fatalf("a leader's LLM_ERROR left attempt 2 %s", r.Attempts[1].State)
	}
}
