package ledger_test

import (
	"fmt"
	"strings"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/match"
)

// "parimutuel arithmetic to the atto": an uneven pool on agent 0's move in turn 1, with
// a 2.5% fee and a remainder. 8,333,339 atto staked: 1,000,003 (carol), 2,000,001
// (dave) and 2,000,001 (erin) on attack, 3,333,334 (stranger) on heal. The fee is
// floor(8,333,339 * 250 / 10,000) = 208,333 to the treasury; the 8,125,006 left is
// split over the 5,000,005 on attack: carol floor(8,125,006 * 1,000,003 / 5,000,005) =
// 1,625,004, dave and erin 3,250,000 each, and the 2 atto remainder to the largest
// stake, the earliest of the two equal ones: dave, 3,250,002. The bets on agent 1's move
// have no stake on the revealed defend, so they go back in full, with no fee.
func TestMatchParimutuelArithmeticToTheAtto(t *testing.T) {
	a := matchArena(t, nil)
	r := a.NewMatch("operator", [2]string{"alice", "bob"}, Ether(10), 250)
	bet := func(who string, atto uint64, agent int, move string) {
		a.Do(who, NewAmount(atto), match.Bet{Match: r.ID, Turn: 1, Agent: agent, Move: move})
	}
	bet("carol", 1_000_003, 0, "attack")
	bet("dave", 2_000_001, 0, "attack")
	bet("erin", 2_000_001, 0, "attack")
	bet("stranger", 3_333_334, 0, "heal")
	bet("carol", 700, 1, "attack")
	bet("dave", 301, 1, "charge")
	r.Start()
	if b := a.s.Arena().Balances; !b.MatchStakes.Eq(NewAmount(8_333_339 + 1_001)) {
		t.Fatalf("stake pool %s", b.MatchStakes)
	}
	before := owed(a, "carol", "dave", "erin", "stranger", "treasury")
	r.Play([2]string{attack, defend})
	gained(t, a, before, map[string]Amount{"carol": {}, "dave": {}, "erin": {}, "stranger": {}, "treasury": {}}) // decided, paid at finish
	r.PlayOut([2]string{attack, defend})
	r.Finish()
	matchFee := NewAmount(500_000_000_000_000_000) // 2.5% of both entry fees of 10
	gained(t, a, before, map[string]Amount{
		"carol": NewAmount(1_625_004 + 700), "dave": NewAmount(3_250_002 + 301), "erin": NewAmount(3_250_000),
		"stranger": {}, "treasury": sum(NewAmount(208_333), matchFee),
	})
	tv := r.View().Turns[0]
	p0, p1 := tv.Pools[0], tv.Pools[1]
	if !p0.Settled || p0.Bets != 4 || !p0.Staked.Eq(NewAmount(8_333_339)) || !p0.Winning.Eq(NewAmount(5_000_005)) ||
		!p0.Fee.Eq(NewAmount(208_333)) || !p0.Paid.Eq(NewAmount(8_125_006)) || p0.Returned {
		t.Fatalf("agent 0's pool %+v", p0)
	}
	if !p1.Settled || !p1.Returned || !p1.Fee.IsZero() || !p1.Paid.Eq(NewAmount(1_001)) || !p1.Winning.IsZero() {
		t.Fatalf("agent 1's pool %+v", p1)
	}
	states := map[string]string{}
	for _, b := range tv.Bets {
		states[fmt.Sprintf("%s/%d/%s", a.Name(b.Bettor), b.Agent, b.Move)] = b.State
	}
	want := map[string]string{"carol/0/attack": match.BetWon, "dave/0/attack": match.BetWon, "erin/0/attack": match.BetWon,
		"stranger/0/heal": match.BetLost, "carol/1/attack": match.BetReturned, "dave/1/charge": match.BetReturned}
	for k, s := range want {
		if states[k] != s {
			t.Errorf("bet %s is %s, want %s", k, states[k], s)
		}
	}
	if b := a.s.Arena().Balances; !b.MatchStakes.IsZero() {
		t.Fatalf("stake pool %s after the turn settled", b.MatchStakes)
	}
}

// The split never loses or makes an atto, whatever the stakes: the shares sum to the
// pool less the fee, each is within one atto of its exact pro-rata share, and the
// remainder lands on the largest stake, earliest among equals.
func TestMatchSplitSumsToThePool(t *testing.T) {
	for _, c := range []struct {
		total  Amount
		stakes []uint64
		want   []uint64
	}{
		{NewAmount(10), []uint64{1, 1, 1}, []uint64{4, 3, 3}},
		{NewAmount(100), []uint64{3, 7, 7}, []uint64{17, 42, 41}},
		{NewAmount(1), []uint64{5, 9}, []uint64{0, 1}},
		{MustAmount("115792089237316195423570985008687907853269984665640564039457584007913129639935"), []uint64{1, 2}, nil},
	} {
		stakes := make([]Amount, len(c.stakes))
		for i, s := range c.stakes {
			stakes[i] = NewAmount(s)
		}
		got := match.Split(c.total, stakes)
		var sum Amount
		for i, g := range got {
			sum, _ = sum.Add(g)
			if c.want != nil && !g.Eq(NewAmount(c.want[i])) {
				t.Errorf("split %s over %v: share %d is %s, want %d", c.total, c.stakes, i, g, c.want[i])
			}
		}
		if !sum.Eq(c.total) {
			t.Errorf("split %s over %v sums to %s", c.total, c.stakes, sum)
		}
	}
}

// "Stall: if the operator does nothing for 30 minutes of arena time, each entrant can
// reclaim its fee and bettors their open stakes (permissionless)": reclaim is refused
// one second before StallS after the operator's last action and applied at it, by
// anyone; the match is void, the fees and every stake go back (a revealed turn's bets
// are paid only by a finish whose replay held), and the bond is slashed to the treasury.
func TestMatchReclaimOnlyAfterTheStallTime(t *testing.T) {
	a := matchArena(t, nil)
	r := started(a)
	a.Do("carol", Ether(3), match.Bet{Match: r.ID, Turn: 2, Agent: 0, Move: "attack"})
	a.Do("dave", Ether(4), match.Bet{Match: r.ID, Turn: 5, Agent: 1, Move: "heal"})
	a.Do("erin", Ether(5), match.Bet{Match: r.ID, Turn: 1, Agent: 0, Move: "attack"})
	r.Play([2]string{attack, defend})
	r.Commit(r.Decisions([2]string{attack, attack}))
	last := r.View().LastActive
	if last != a.Now() || r.View().StallAt != last+match.StallS {
		t.Fatalf("last active %d, stall at %d", last, r.View().StallAt)
	}
	a.Wait(match.StallS - 1)
	a.Refused(errMatchNotStalled, "stranger", Amount{}, match.Reclaim{Match: r.ID})
	a.Wait(1)
	before := owed(a, "alice", "bob", "carol", "dave", "erin", "treasury", "operator")
	a.Do("stranger", Amount{}, match.Reclaim{Match: r.ID})
	v := r.View()
	if v.State != match.StateVoid || v.VoidReason != match.VoidStalled || !v.Slashed.Eq(ledgertest.OperatorBond) || v.SettledAt != a.Now() {
		t.Fatalf("reclaimed match reads %+v", v)
	}
	gained(t, a, before, map[string]Amount{"alice": Ether(10), "bob": Ether(10), "carol": Ether(3), "dave": Ether(4), "erin": Ether(5),
		"treasury": ledgertest.OperatorBond, "operator": {}})
	a.Refused(errMatchSettled, "operator", Amount{}, r.RevealBody(r.Decisions([2]string{attack, attack})))
	a.Refused(errMatchSettled, "carol", Ether(1), match.Bet{Match: r.ID, Turn: 9, Agent: 0, Move: "attack"})
}

// A match whose entrants do not both join within StallS of its creation can be
// cancelled by anyone: the fee paid goes back and so does the bond, since the operator
// was not the one who failed to act.
func TestMatchAnUnjoinedMatchIsCancelledWithTheBondReturned(t *testing.T) {
	a := matchArena(t, nil)
	r := a.NewMatch("operator", [2]string{"alice", "bob"}, Ether(10), 500)
	a.Do("alice", Ether(10), match.Join{Match: r.ID})
	a.Do("carol", Ether(2), match.Bet{Match: r.ID, Turn: 1, Agent: 0, Move: "attack"})
	a.Wait(match.StallS - 2)
	a.Refused(errMatchJoinWait, "stranger", Amount{}, match.Reclaim{Match: r.ID})
	a.Wait(2)
	before := owed(a, "alice", "bob", "carol", "operator", "treasury")
	a.Do("stranger", Amount{}, match.Reclaim{Match: r.ID})
	if v := r.View(); v.State != match.StateVoid || v.VoidReason != match.VoidCancelled || !v.Slashed.IsZero() {
		t.Fatalf("cancelled match reads %+v", v)
	}
	gained(t, a, before, map[string]Amount{"alice": Ether(10), "bob": {}, "carol": Ether(2), "operator": ledgertest.OperatorBond, "treasury": {}})
	a.Refused(errMatchSettled, "bob", Ether(10), match.Join{Match: r.ID})
}

// Creation and joining, refused in order: only a named operator, with exactly the bond,
// for two distinct entrants other than itself, agents with a model, a fee rate within
// bounds and a well-formed seed commitment; only the entrants join, once each, paying
// exactly the entry fee.
func TestMatchCreateAndJoinRefusals(t *testing.T) {
	a := matchArena(t, nil)
	ok := match.Create{Entrants: [2]Address{a.Addr("alice"), a.Addr("bob")}, Agents: ledgertest.Agents(), EntryFee: Ether(10), FeeBps: 500,
		SeedCommitment: match.SeedCommitment([32]byte{7})}
	bond := ledgertest.OperatorBond
	edit := func(f func(*match.Create)) match.Create { c := ok; f(&c); return c }
	a.Refused(errMatchNotOperator, "stranger", bond, ok)
	a.Refused(errMatchBond, "operator", Ether(49), ok)
	a.Refused(errMatchEntrants, "operator", bond, edit(func(c *match.Create) { c.Entrants[1] = c.Entrants[0] }))
	a.Refused(errMatchEntrants, "operator", bond, edit(func(c *match.Create) { c.Entrants[0] = a.Addr("operator") }))
	a.Refused(errMatchEntrants, "operator", bond, edit(func(c *match.Create) { c.Entrants[1] = Address{} }))
	a.Refused(errMatchModel, "operator", bond, edit(func(c *match.Create) { c.Agents[1].Model = " " }))
	a.Refused(errMatchSystemPrompt, "operator", bond, edit(func(c *match.Create) { c.Agents[0].SystemPrompt = string(make([]byte, 4001)) }))
	// 1,001 characters of 4 bytes each: counted in bytes, or the prompt built around it
	// could pass MaxTextBytes and no reveal of turn 1 could ever land.
	a.Refused(errMatchSystemPrompt, "operator", bond, edit(func(c *match.Create) { c.Agents[0].SystemPrompt = strings.Repeat("\U0001D11E", 1001) }))
	a.Refused(errMatchSystemPrompt, "operator", bond, edit(func(c *match.Create) { c.Agents[0].SystemPrompt = "bad \xff byte" }))
	a.Refused(errMatchFeeBps, "operator", bond, edit(func(c *match.Create) { c.FeeBps = 1001 }))
	a.Refused(errMatchSeedCommitment, "operator", bond, edit(func(c *match.Create) { c.SeedCommitment = "0x1234" }))
	id := MatchID(a.Do("operator", bond, ok).Created)
	a.Refused(errMatchNoMatch, "alice", Ether(10), match.Join{Match: id + 1})
	a.Refused(errMatchNotEntrant, "carol", Ether(10), match.Join{Match: id})
	a.Refused(errMatchEntryFee, "alice", Ether(9), match.Join{Match: id})
	a.Do("alice", Ether(10), match.Join{Match: id})
	a.Refused(errMatchJoinedTwice, "alice", Ether(10), match.Join{Match: id})
	if b := a.s.Arena().Balances; !b.MatchBonds.Eq(bond) || !b.MatchFees.Eq(Ether(10)) {
		t.Fatalf("pools %+v", b)
	}
}

// An arena whose terms name no operators runs no matches; terms that name operators
// need a treasury and a bond, and distinct non-zero operators.
func TestMatchTermsNameTheOperators(t *testing.T) {
	a := newArena(t, 3, nil)
	a.Refused(errMatchNoOperators, "sponsor", Amount{}, match.Reclaim{Match: 1})
	for _, c := range []struct {
		edit func(*Terms)
		want *Error
	}{
		{func(t *Terms) { t.Treasury = nil }, errTermsOperatorTreasury},
		{func(t *Terms) { t.OperatorBond = Amount{} }, errTermsOperatorBond},
		{func(t *Terms) { t.Operators = append(t.Operators, t.Operators[0]) }, errTermsOperators},
		{func(t *Terms) { t.Operators = append(t.Operators, Address{}) }, errTermsOperators},
	} {
		terms := ledgertest.Terms(3)
		ledgertest.MatchTerms(&terms)
		c.edit(&terms)
		_, err := New(terms)
		wantErr(t, err, c.want)
	}
}

// "The battle seed is keccak256(secret, hash of the first block after creation)": the
// anchor is the state hash at the end of the block in which the match was created,
// handed to the match when the next block begins: the same on every replica, and
// unknown to the operator when it committed to its secret. The joins come later, so the
// match starts anchored and needs no block of its own.
func TestMatchTheAnchorIsTheStateHashAfterItsCreationBlock(t *testing.T) {
	a := matchArena(t, nil)
	r := a.NewMatch("operator", [2]string{"alice", "bob"}, Ether(10), 500)
	h, height := a.s.Hash(), a.s.Height()
	a.Do("alice", Ether(10), match.Join{Match: r.ID}) // the next block anchors first
	if v := r.View(); v.State != match.StateWaiting || v.Anchor != match.Hex32(h) {
		t.Fatalf("after one join: %s, anchor %s; want waiting, anchored by %s", v.State, v.Anchor, match.Hex32(h))
	}
	a.Do("bob", Ether(10), match.Join{Match: r.ID})
	v := r.View()
	if v.State != match.StatePlaying || v.Anchor != match.Hex32(h) || v.AnchorHeight != height || v.StartedAt != a.Now() {
		t.Fatalf("anchor %s at %d, started %d; want %s at %d", v.Anchor, v.AnchorHeight, v.StartedAt, match.Hex32(h), height)
	}
	if a.s.Hash() == h {
		t.Fatal("the anchor changed nothing in the state hash")
	}
	other := matchArena(t, nil)
	for _, l := range a.bare.Log() {
		if _, err := other.s.Apply(l.Tx, l.Block); err != nil {
			t.Fatal(err)
		}
	}
	if w, _ := other.s.Match(r.ID); w.Anchor != v.Anchor || other.s.Hash() != a.s.Hash() {
		t.Fatalf("a replica anchored %s", w.Anchor)
	}
}

// "the invariant above, asserted after every step": a full match with bets from
// several bettors on both agents across turns; every transaction runs on a Bare, which
// checks every invariant and the incremental hash after each, and money is conserved
// from end to end.
func TestMatchInvariantsHoldAfterEveryStepOfAFullMatch(t *testing.T) {
	a := matchArena(t, nil)
	supply := func() Amount {
		var sum Amount
		for _, n := range []string{"alice", "bob", "carol", "dave", "erin", "stranger", "operator", "treasury", "sponsor", "appellant"} {
			sum, _ = sum.Add(a.s.Balance(a.Addr(n)))
			sum, _ = sum.Add(a.s.Claimable(a.Addr(n)))
		}
		sum, _ = sum.Add(a.s.Arena().Balances.FeePool)
		return sum
	}
	start := supply()
	r := a.NewMatch("operator", [2]string{"alice", "bob"}, Ether(10), 300)
	bettors := []string{"carol", "dave", "erin", "stranger"}
	moves := []string{"attack", "defend", "charge", "heal"}
	for i := range 12 {
		a.Do(bettors[i%4], NewAmount(uint64(1_000_000_007*(i+1))), match.Bet{Match: r.ID, Turn: 1 + i%3, Agent: i % 2, Move: moves[(i*3)%4]})
	}
	r.Start()
	responses := [][2]string{{charge, heal}, {attack, defend}, {charge, attack}, {attack, heal}}
	for turn := 0; !r.Game().Over(); turn++ {
		a.Do(bettors[turn%4], NewAmount(uint64(333+turn)), match.Bet{Match: r.ID, Turn: r.Turn() + 1, Agent: turn % 2, Move: moves[turn%4]})
		r.Play(responses[turn%len(responses)])
		if err := a.s.CheckInvariants(); err != nil {
			t.Fatal(err)
		}
	}
	r.Finish()
	if got := supply(); !got.Eq(start) {
		t.Fatalf("supply %s, started at %s", got, start)
	}
	if v := r.View(); v.State != match.StateFinished || !v.OpenStakes.IsZero() {
		t.Fatalf("finished match %s with %s open", v.State, v.OpenStakes)
	}
	if b := a.s.Arena().Balances; !b.MatchFees.IsZero() || !b.MatchStakes.IsZero() || !b.MatchBonds.IsZero() {
		t.Fatalf("pools %+v", b)
	}
}

// A match takes at most match.MaxBets bets, so a reveal settles a bounded pool.
func TestMatchTakesABoundedNumberOfBets(t *testing.T) {
	a := matchArena(t, nil)
	a.bare.Unchecked()
	a.Contest = a.Unsigned()
	r := a.NewMatch("operator", [2]string{"alice", "bob"}, Ether(10), 500)
	for i := range match.MaxBets {
		a.Do("carol", NewAmount(1), match.Bet{Match: r.ID, Turn: 1 + i%20, Agent: i % 2, Move: "attack"})
	}
	a.Refused(errMatchBetsFull, "dave", NewAmount(1), match.Bet{Match: r.ID, Turn: 3, Agent: 0, Move: "heal"})
	if err := a.s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
}

// sum adds two amounts a test knows cannot overflow.
func sum(a, b Amount) Amount {
	s, _ := a.Add(b)
	return s
}
