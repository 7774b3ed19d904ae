package ledgertest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/arena/arena/account"
	"github.com/arena/arena/ledger"
)

// Contest drives an arena through an Applier as its named participants would: each
// transaction is built with its sender's next nonce, signed with the sender's named key
// (see Key) and applied. Methods fail the test on anything the contest did not expect.
// Validators are named v1..vN, as Terms names them. A Contest is not safe for
// concurrent use, and its checks assume nothing else moves money meanwhile.
type Contest struct {
	t      testing.TB
	ap     Applier
	terms  ledger.Terms
	keys   *keyring
	unsign bool
}

// Drive returns a contest on the arena ap applies to, reporting to t.
func Drive(t testing.TB, ap Applier) *Contest {
	t.Helper()
	c := &Contest{t: t, ap: ap, keys: newKeyring()}
	ap.View(func(s *ledger.State) { c.terms = s.Terms() })
	for i := range c.terms.Validators {
		c.keys.get(fmt.Sprintf("v%d", i+1))
	}
	return c
}

// In returns a contest on the same arena that reports to t, for a subtest.
func (c *Contest) In(t testing.TB) *Contest {
	cp := *c
	cp.t = t
	return &cp
}

// Unsigned returns a contest on the same arena whose transactions go unsigned, for an
// Applier that does not verify them (an Unchecked Bare).
func (c *Contest) Unsigned() *Contest {
	cp := *c
	cp.unsign = true
	return &cp
}

// Terms returns the arena's founding terms.
func (c *Contest) Terms() ledger.Terms { return c.terms }

// View calls fn with the arena's state; fn must not keep it or modify it.
func (c *Contest) View(fn func(*ledger.State)) { c.ap.View(fn) }

// Key returns the key named name.
func (c *Contest) Key(name string) *account.Key { return c.keys.get(name) }

// Addr returns the address of the key named name.
func (c *Contest) Addr(name string) ledger.Address { return c.keys.get(name).Address() }

// ByAddr returns the name of the key with address a, failing the test if the contest
// has named none.
func (c *Contest) ByAddr(a ledger.Address) string {
	c.t.Helper()
	n, ok := c.keys.name(a)
	if !ok {
		c.t.Fatalf("no named key has address %s", a)
	}
	return n
}

// Name returns the name of the key with address a, or a's hex form if the contest has
// named none.
func (c *Contest) Name(a ledger.Address) string {
	if n, ok := c.keys.name(a); ok {
		return n
	}
	return fmt.Sprint(a)
}

// Names returns every name the contest has used, sorted.
func (c *Contest) Names() []string { return c.keys.sorted() }

// Tx returns a transaction from the key named from with its next nonce, signed (see
// Sign) unless the contest is Unsigned. It applies nothing.
func (c *Contest) Tx(from string, value ledger.Amount, body ledger.Body) *ledger.Tx {
	c.t.Helper()
	k := c.keys.get(from)
	tx := &ledger.Tx{From: k.Address(), Nonce: c.nextNonce(k.Address()), Value: value, Body: body}
	c.terms.Stamp(tx, ledger.NoExpiry)
	if !c.unsign {
		if err := Sign(tx, k); err != nil {
			c.t.Fatalf("sign %s by %s: %v", body.Kind(), from, err)
		}
	}
	return tx
}

// Apply applies tx and returns its outcome, failing the test if the Applier reports an
// error (a bad signature, a broken invariant, an engine's admission refusal).
func (c *Contest) Apply(tx *ledger.Tx) ledger.Outcome {
	c.t.Helper()
	out, err := c.ap.Apply(tx)
	if err != nil {
		c.t.Fatalf("apply %s by %s: %v", kind(tx), c.Name(tx.From), err)
	}
	return out
}

// Send applies a transaction from the named sender and returns its outcome, refused or
// not. A refusal must leave every balance of the arena as it was, but for its fee.
func (c *Contest) Send(from string, value ledger.Amount, body ledger.Body) ledger.Outcome {
	c.t.Helper()
	before := c.balances()
	out := c.Apply(c.Tx(from, value, body))
	if after := c.balances(); !out.OK() && !sameBalances(before, after) {
		c.t.Fatalf("refused %s by %s moved money: %+v -> %+v", body.Kind(), from, before, after)
	}
	return out
}

// Do sends a transaction that must be applied, and returns its outcome.
func (c *Contest) Do(from string, value ledger.Amount, body ledger.Body) ledger.Outcome {
	c.t.Helper()
	out := c.Send(from, value, body)
	if !out.OK() {
		c.t.Fatalf("%s %s by %s refused: %s", body.Kind(), jsonOf(body), from, out.Err)
	}
	return out
}

// Refused sends a transaction that the rules must refuse with exactly want, and checks
// that the refusal consumed the sender's nonce and moved no balance but its fee.
func (c *Contest) Refused(want *ledger.Error, from string, value ledger.Amount, body ledger.Body) {
	c.t.Helper()
	addr := c.Addr(from)
	nonce := c.nextNonce(addr)
	out := c.Send(from, value, body)
	if out.Err != want.Error() {
		c.t.Fatalf("%s by %s: got %q, want %q", body.Kind(), from, out.Err, want.Error())
	}
	if got := c.nextNonce(addr); got != nonce+1 {
		c.t.Fatalf("%s refusal: nonce %d -> %d, want consumed", body.Kind(), nonce, got)
	}
}

// Now returns the arena's clock: a Clock's next block time, or else the state's clock.
func (c *Contest) Now() int64 {
	if clock, ok := c.ap.(Clock); ok {
		return clock.Now()
	}
	var now int64
	c.View(func(s *ledger.State) { now = s.Now() })
	return now
}

// Wait moves the arena's clock forward by seconds: a Clock's by setting the time of its
// next block, any other Applier's by a dev-mode Advance from "stranger", which needs an
// arena in dev mode.
func (c *Contest) Wait(seconds int64) {
	c.t.Helper()
	if clock, ok := c.ap.(Clock); ok {
		clock.Wait(seconds)
		return
	}
	if seconds > 0 {
		c.Do("stranger", ledger.Amount{}, ledger.Advance{Seconds: seconds})
	}
}

func (c *Contest) nextNonce(a ledger.Address) uint64 {
	var n uint64
	c.View(func(s *ledger.State) { n = s.NextNonce(a) })
	return n
}

func (c *Contest) balances() ledger.Balances {
	var b ledger.Balances
	c.View(func(s *ledger.State) { b = s.Arena().Balances })
	return b
}

// sameBalances reports whether a refusal left y as x was, but for the transaction fee
// it paid at admission: into the fee pool, and so into paid_in, by the same amount.
func sameBalances(x, y ledger.Balances) bool {
	fee, under := y.FeePool.Sub(x.FeePool)
	in, over := x.PaidIn.Add(fee)
	return !under && !over && x.PrizeEscrow.Eq(y.PrizeEscrow) && x.BondEscrow.Eq(y.BondEscrow) && x.SlashPool.Eq(y.SlashPool) &&
		x.GradingFees.Eq(y.GradingFees) && x.ClaimableTotal.Eq(y.ClaimableTotal) && in.Eq(y.PaidIn) && x.PaidOut.Eq(y.PaidOut) &&
		x.TenderBudget.Eq(y.TenderBudget) && x.TenderDeposits.Eq(y.TenderDeposits) && x.TenderGradingFees.Eq(y.TenderGradingFees) &&
		x.MatchFees.Eq(y.MatchFees) && x.MatchStakes.Eq(y.MatchStakes) && x.MatchBonds.Eq(y.MatchBonds) &&
		x.ChallengePool.Eq(y.ChallengePool) && x.ChallengeDeposits.Eq(y.ChallengeDeposits) && x.ChallengeGradingFees.Eq(y.ChallengeGradingFees) &&
		x.LearnPool.Eq(y.LearnPool) && x.LearnDeposits.Eq(y.LearnDeposits) && x.LearnGradingFees.Eq(y.LearnGradingFees)
}

// kind names tx's kind, or says it has no body.
func kind(tx *ledger.Tx) string {
	if tx.Body == nil {
		return "a transaction with no body"
	}
	return string(tx.Body.Kind())
}

// jsonOf formats a body for a failure message.
func jsonOf(b ledger.Body) string {
	j, err := json.Marshal(b)
	if err != nil {
		return err.Error()
	}
	return strings.TrimSpace(string(j))
}
