package ledger_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/ledgertest"
)

// "250 GEN in prize escrow | 10 GEN in bonds | 25 GEN in the slash pool | 0 unclaimed":
// the seed's live arena, replayed, with the invariant after every step. 490 GEN were paid
// in (prizes 200 + 150 + 100, four 5 GEN bonds, one 20 GEN appeal) and 205 withdrawn.
func TestMoneyTheLiveArenaAddsUp(t *testing.T) {
	a := newArena(t, 5, nil)
	t1 := a.Post(Ether(200))
	t2 := a.Do("sponsor", Ether(150), PostTask{Title: "Migration guide", Spec: "Off v0 payouts.", Rubric: "Include a link.", ClosesInS: 7 * 86400}).Created
	a.Do("sponsor", Ether(100), PostTask{Title: "Changelog", Spec: "Summarise.", Rubric: "At most 300 words.", ClosesInS: 7 * 86400})
	strong := a.Enter(t1, "alice", "a launch note read as strong")
	long := a.Enter(t1, "bob", strings.Repeat("backstory ", 85))
	orig := a.Enter(TaskID(t2), "alice", "took a batch, polling loop")
	a.Enter(TaskID(t2), "bob", "accepted a batch, poll loop")
	a.GradeAs(strong, ledgertest.Reading(4, 0, false))
	dq := ledgertest.Reading(0, 0, true)
	dq.JudgedTier, dq.JudgedScore = 3, 60
	a.GradeAs(long, dq)
	out := a.Do("bob", appealBond, Appeal{Entry: long, Argument: "the limit should not outweigh an otherwise complete note"})
	a.AttestAll(RoundID(out.Created), dq)
	a.GradeAs(orig, ledgertest.Reading(4, 0, false))
	tv := a.Settle(t1)
	if tv.Winner != strong || tv.WinScore != 80 {
		t.Fatalf("task 1 %+v", tv)
	}
	a.Do("alice", Amount{}, Withdraw{})
	av := a.s.Arena()
	b := av.Balances
	for _, c := range []struct {
		name string
		got  Amount
		want uint64
	}{
		{"paid in", b.PaidIn, 490}, {"paid out", b.PaidOut, 205}, {"prize escrow", b.PrizeEscrow, 250},
		{"bond escrow", b.BondEscrow, 10}, {"slash pool", b.SlashPool, 25}, {"claimable", b.ClaimableTotal, 0},
	} {
		if !c.got.Eq(Ether(c.want)) {
			t.Errorf("%s %s, want %d GEN", c.name, c.got, c.want)
		}
	}
	if c := av.Counts; c.Tasks != 3 || c.Entries != 4 || c.Solvers != 2 || c.Awarded != 1 || c.Open != 2 {
		t.Errorf("counts %+v, want 3 tasks, 4 entries, 2 solvers, 1 awarded, 2 open", c)
	}
}

// "the invariant above, asserted after every step": a seeded random walk of 100,000
// transactions from a small cast, most of them refused, checks the O(1) identity in
// every Apply and every invariant every 500 steps.
func TestMoneyAddsUpUnderARandomWalk(t *testing.T) {
	const steps = 100_000
	a := newArena(t, 5, func(t *Terms) { t.Attempts = 2 })
	a.bare.Unchecked()
	a.Contest = a.Unsigned()
	rng := rand.New(rand.NewPCG(1, 2))
	cast := []string{"sponsor", "alice", "bob", "carol", "dave", "erin", "appellant", "stranger", "v1", "v2", "v3", "v4", "v5"}
	results := []Result{
		ledgertest.Reading(4, 0, false), ledgertest.Reading(4, 1, false), ledgertest.Reading(3, 0, false), ledgertest.Reading(0, 0, true), ledgertest.Reading(0, 0, false),
		ledgertest.Failure(External, "Work URL returned 404"), ledgertest.Failure(Transient, "Work host unavailable (503)"),
		ledgertest.Failure(LLMError, "No merit rung in the response"),
	}
	applied, line := 0, moneyLine{}
	for i := range steps {
		from := cast[rng.IntN(len(cast))]
		c := a.s.Arena().Counts
		nTasks, nEntries, nRounds := uint64(c.Tasks), uint64(c.Entries), uint64(c.Rounds)
		pick := func(n uint64) uint64 { // mostly one of the latest few, sometimes 0 or past the end
			if n == 0 || rng.IntN(8) == 0 {
				return rng.Uint64N(n + 2)
			}
			return n - rng.Uint64N(min(n, 6))
		}
		var value Amount
		var body Body
		switch rng.IntN(10) {
		case 0:
			value, body = Ether(rng.Uint64N(3)*10), PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: int64(rng.IntN(4000) + 1)}
		case 1:
			value, body = []Amount{entryBond, Ether(1)}[rng.IntN(2)], Submit{Task: TaskID(pick(nTasks)), Work: "w"}
		case 2:
			body = Grade{Entry: EntryID(pick(nEntries))}
		case 3, 4, 5:
			r := RoundID(pick(nRounds))
			at := 1
			if rv, ok := a.s.Round(r); ok {
				at = len(rv.Attempts)
				switch rng.IntN(10) {
				case 0, 1, 2:
					from = a.ByAddr(rv.Attempts[at-1].Leader)
				case 3, 4, 5, 6, 7, 8:
					from = a.ByAddr(rv.Committee[rng.IntN(len(rv.Committee))])
				}
			}
			res := results[int(r)%len(results)] // most validators read a round alike
			if rng.IntN(5) == 0 {
				res = results[rng.IntN(len(results))]
			}
			body = Attest{Round: r, Attempt: at, Result: res}
		case 6:
			value, body = appealBond, Appeal{Entry: EntryID(pick(nEntries)), Argument: "again"}
		case 7:
			body = Award{Task: TaskID(pick(nTasks))}
		case 8:
			body = Withdraw{}
		case 9:
			a.Wait(int64(rng.IntN(120)))
			if rng.IntN(30) == 0 {
				a.Wait(window)
			}
			continue
		}
		if a.Apply(a.Tx(from, value, body)).OK() {
			applied++
		}
		if i%50 == 0 {
			a.s.Hash() // exercise the incremental path between checks
		}
		if i%500 == 0 {
			if err := a.s.CheckInvariants(); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
		if i%5000 == 0 {
			if err := ledgertest.CheckHash(a.s); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
		if i%10000 == 0 {
			line.check(t, a.s, i)
		}
	}
	if err := a.s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	line.check(t, a.s, steps)
	line.showed(t, bounty.PrizePool, bounty.BondPool, bounty.SlashPool)
	c := a.s.Arena().Counts
	if applied < steps/10 || c.Awarded == 0 || c.Entries == 0 || a.s.Arena().Balances.PaidOut.IsZero() {
		t.Fatalf("the walk did too little to prove anything: %d applied, counts %+v", applied, c)
	}
	t.Logf("%d of %d applied; counts %+v", applied, steps, c)
}
