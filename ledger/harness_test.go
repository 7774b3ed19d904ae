package ledger

import (
	"crypto/ecdsa"
	"errors"
	"fmt"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
)

// The test arena: 5 GEN entry bond, 20 GEN appeal bond, a six-hour appeal window, five
// validators, every one on each committee, a quorum of three (the leader and two others).
const (
	testChain     = "arena-test"
	window        = 6 * 3600
	gradingWindow = 24 * 3600
	timeout       = 600
	attempts      = 3
	genesisTime   = 1_700_000_000
)

var (
	entryBond  = Ether(5)
	appealBond = Ether(20)
)

// logged is one applied transaction and its block.
type logged struct {
	tx  *Tx
	blk Block
}

// actor is a named key.
type actor struct {
	name string
	key  *ecdsa.PrivateKey
	addr Address
}

// arena drives a State the way an engine does: each transaction is signed with a real
// secp256k1 key, verified, and applied in a block of its own; the invariants are checked
// after every one.
type arena struct {
	t          testing.TB
	s          *State
	actors     map[string]*actor
	validators []*actor
	height     uint64
	now        int64
	log        []logged // every transaction applied, with its block
	sign       bool     // sign and verify every transaction
	full       bool     // check every invariant after every transaction
}

// newArena opens an arena with n validators funded solvers, and lets edit change the
// terms first.
func newArena(t testing.TB, nValidators int, edit func(*Terms)) *arena {
	t.Helper()
	a := &arena{t: t, actors: map[string]*actor{}, now: genesisTime, sign: true, full: true}
	terms := Terms{
		Chain: testChain, Name: "Test Arena", Symbol: "GEN", EntryBond: entryBond, AppealBond: appealBond,
		AppealWindowS: window, GradingWindowS: gradingWindow, Attempts: attempts, RoundTimeoutS: timeout, DevMode: true,
	}
	for i := range nValidators {
		v := a.actor(fmt.Sprintf("v%d", i+1))
		a.validators = append(a.validators, v)
		terms.Validators = append(terms.Validators, v.addr)
	}
	for _, name := range []string{"sponsor", "alice", "bob", "carol", "dave", "erin", "appellant", "stranger"} {
		terms.Genesis = append(terms.Genesis, Allocation{Address: a.actor(name).addr, Amount: Ether(1000)})
	}
	if edit != nil {
		edit(&terms)
	}
	s, err := New(terms)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	a.s = s
	return a
}

// actor returns the named actor, creating its key on first use.
func (a *arena) actor(name string) *actor {
	if ac, ok := a.actors[name]; ok {
		return ac
	}
	key, err := crypto.GenerateKey()
	if err != nil {
		a.t.Fatal(err)
	}
	ac := &actor{name: name, key: key, addr: Address(crypto.PubkeyToAddress(key.PublicKey))}
	a.actors[name] = ac
	return ac
}

func (a *arena) addr(name string) Address { return a.actor(name).addr }

// tx builds a signed transaction from the named actor with its next nonce.
func (a *arena) tx(from string, value Amount, body Body) *Tx {
	a.t.Helper()
	ac := a.actor(from)
	tx := &Tx{Chain: testChain, From: ac.addr, Nonce: a.s.NextNonce(ac.addr), Value: value, Body: body}
	if a.sign {
		signTx(a.t, tx, ac.key)
	}
	return tx
}

func signTx(t testing.TB, tx *Tx, key *ecdsa.PrivateKey) {
	t.Helper()
	if a, ok := tx.Body.(Attest); ok {
		for i := range a.Result.Calls {
			d := a.Result.Calls[i].Digest(tx.Chain)
			sig, err := crypto.Sign(d[:], key)
			if err != nil {
				t.Fatal(err)
			}
			a.Result.Calls[i].Sig = fmt.Sprintf("0x%x", sig)
		}
	}
	h, err := tx.SigningHash()
	if err != nil {
		t.Fatal(err)
	}
	sig, err := crypto.Sign(h[:], key)
	if err != nil {
		t.Fatal(err)
	}
	tx.Sig = sig
}

// apply verifies tx and applies it in the next block, then checks the invariants.
func (a *arena) apply(tx *Tx) Outcome {
	a.t.Helper()
	if a.sign {
		if err := tx.Verify(); err != nil {
			a.t.Fatalf("verify: %v", err)
		}
	}
	a.height++
	blk := Block{Height: a.height, Time: a.now}
	a.log = append(a.log, logged{tx, blk})
	out, err := a.s.Apply(tx, blk)
	if err != nil {
		a.t.Fatalf("apply %s: %v", tx.Body.Kind(), err)
	}
	if a.full {
		if err := a.s.CheckInvariants(); err != nil {
			a.t.Fatalf("after %s: %v", tx.Body.Kind(), err)
		}
		checkHashCache(a.t, a.s, "after "+string(tx.Body.Kind()))
	}
	return out
}

// do sends a transaction that must be applied.
func (a *arena) do(from string, value Amount, body Body) Outcome {
	a.t.Helper()
	out := a.apply(a.tx(from, value, body))
	if !out.OK() {
		a.t.Fatalf("%s %s by %s refused: %s", body.Kind(), jsonOf(body), from, out.Err)
	}
	return out
}

// refused sends a transaction that must be refused with want, and checks that the
// refusal consumed the nonce and moved nothing.
func (a *arena) refused(want *Error, from string, value Amount, body Body) {
	a.t.Helper()
	before := a.s.Snapshot()
	nonce := a.s.NextNonce(a.addr(from))
	out := a.apply(a.tx(from, value, body))
	if out.Err != want.Error() {
		a.t.Fatalf("%s by %s: got %q, want %q", body.Kind(), from, out.Err, want.Error())
	}
	if got := a.s.NextNonce(a.addr(from)); got != nonce+1 {
		a.t.Fatalf("%s refusal: nonce %d -> %d, want consumed", body.Kind(), nonce, got)
	}
	after := a.s.Snapshot()
	if !balancesEqual(before.Arena.Balances, after.Arena.Balances) {
		a.t.Fatalf("%s refusal moved money: %+v -> %+v", body.Kind(), before.Arena.Balances, after.Arena.Balances)
	}
}

func balancesEqual(x, y Balances) bool {
	return x.PrizeEscrow.Eq(y.PrizeEscrow) && x.BondEscrow.Eq(y.BondEscrow) && x.SlashPool.Eq(y.SlashPool) &&
		x.ClaimableTotal.Eq(y.ClaimableTotal) && x.PaidIn.Eq(y.PaidIn) && x.PaidOut.Eq(y.PaidOut)
}

// wait moves block time forward by seconds.
func (a *arena) wait(seconds int64) { a.now += seconds }

// post opens a task by the sponsor with the given prize, closing in an hour.
func (a *arena) post(prize Amount) TaskID {
	a.t.Helper()
	return TaskID(a.do("sponsor", prize, PostTask{Title: "Launch note", Spec: "Write a launch note.", Rubric: "The note must be at most 600 characters.", ClosesInS: 3600}).Created)
}

// enter files work on task by solver.
func (a *arena) enter(task TaskID, solver, work string) EntryID {
	a.t.Helper()
	return EntryID(a.do(solver, entryBond, Submit{Task: task, Work: work}).Created)
}

// reading returns the result an honest validator sends for a reading on rung tier with
// violations preferred checks missed, disqualified or not.
func reading(tier, violations int, dq bool) Result {
	if dq {
		tier = 0
	}
	return Result{
		Tier: tier, Passed: !dq && tier >= 1, Disqualified: dq, Violations: violations,
		Score: ScoreOf(tier, violations, dq), JudgedTier: tier, JudgedScore: tier * PointsPerRung,
		Rationale: "delivers what the brief asked for", WorkDigest: "00",
	}
}

func failure(class Class, msg string) Result { return Result{Error: NewError(class, msg).Error()} }

// openRound sends grade(e) and returns the round it opened.
func (a *arena) openRound(e EntryID) RoundView {
	a.t.Helper()
	out := a.do("stranger", Amount{}, Grade{Entry: e})
	r, ok := a.s.Round(RoundID(out.Created))
	if !ok {
		a.t.Fatalf("grade(%d) opened no round: %+v", e, out)
	}
	return r
}

// attempt returns the round's current attempt.
func (a *arena) attempt(id RoundID) AttemptView {
	r, _ := a.s.Round(id)
	return r.Attempts[len(r.Attempts)-1]
}

func (a *arena) byAddr(addr Address) string {
	for name, ac := range a.actors {
		if ac.addr == addr {
			return name
		}
	}
	a.t.Fatalf("no actor with address %s", addr)
	return ""
}

// attestAll has every committee member of the round's current attempt attest: the
// leader with leader, the others with the results in others (cycling), stopping when the
// attempt closes.
func (a *arena) attestAll(id RoundID, leader Result, others ...Result) {
	a.t.Helper()
	at := a.attempt(id)
	r, _ := a.s.Round(id)
	a.do(a.byAddr(at.Leader), Amount{}, Attest{Round: id, Attempt: at.Attempt, Result: leader})
	i := 0
	for _, m := range r.Committee {
		if m == at.Leader {
			continue
		}
		if cur := a.attempt(id); cur.Attempt != at.Attempt || cur.State != AttemptOpen {
			return
		}
		res := leader
		if len(others) > 0 {
			res = others[i%len(others)]
		}
		i++
		a.do(a.byAddr(m), Amount{}, Attest{Round: id, Attempt: at.Attempt, Result: res})
	}
}

// gradeAs opens a round on e and has the whole committee agree on res.
func (a *arena) gradeAs(e EntryID, res Result) GradeView {
	a.t.Helper()
	r := a.openRound(e)
	a.attestAll(r.ID, res)
	ev, _ := a.s.Entry(e)
	if ev.Current == nil || ev.Current.Round != r.ID {
		a.t.Fatalf("entry %d: round %d did not settle (state %s)", e, r.ID, ev.State)
	}
	return *ev.Current
}

func jsonOf(b Body) string {
	tx := &Tx{Body: b}
	w, err := tx.wire()
	if err != nil {
		return err.Error()
	}
	return string(w.Body)
}

// wantErr fails unless err is the refusal want.
func wantErr(t testing.TB, err error, want *Error) {
	t.Helper()
	if !errors.Is(err, want) || err.Error() != want.Error() {
		t.Fatalf("got %v, want %v", err, want)
	}
}
