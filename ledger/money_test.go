package ledger

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// "250 GEN in prize escrow | 10 GEN in bonds | 25 GEN in the slash pool | 0 unclaimed":
// the seed's live arena, replayed, with the invariant after every step. 490 GEN were paid
// in (prizes 200 + 150 + 100, four 5 GEN bonds, one 20 GEN appeal) and 205 withdrawn.
func TestMoneyTheLiveArenaAddsUp(t *testing.T) {
	a := newArena(t, 5, nil)
	t1 := a.post(Ether(200))
	t2 := a.do("sponsor", Ether(150), PostTask{Title: "Migration guide", Spec: "Off v0 payouts.", Rubric: "Include a link.", ClosesInS: 7 * 86400}).Created
	a.do("sponsor", Ether(100), PostTask{Title: "Changelog", Spec: "Summarise.", Rubric: "At most 300 words.", ClosesInS: 7 * 86400})
	strong := a.enter(t1, "alice", "a launch note read as strong")
	long := a.enter(t1, "bob", strings.Repeat("backstory ", 85))
	orig := a.enter(TaskID(t2), "alice", "took a batch, polling loop")
	a.enter(TaskID(t2), "bob", "accepted a batch, poll loop")
	a.gradeAs(strong, reading(4, 0, false))
	dq := reading(0, 0, true)
	dq.JudgedTier, dq.JudgedScore = 3, 60
	a.gradeAs(long, dq)
	out := a.do("bob", appealBond, Appeal{Entry: long, Argument: "the limit should not outweigh an otherwise complete note"})
	a.attestAll(RoundID(out.Created), dq)
	a.gradeAs(orig, reading(4, 0, false))
	tv := a.settle(t1)
	if tv.Winner != strong || tv.WinScore != 80 {
		t.Fatalf("task 1 %+v", tv)
	}
	a.do("alice", Amount{}, Withdraw{})
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
	a.sign, a.full = false, false
	rng := rand.New(rand.NewPCG(1, 2))
	cast := []string{"sponsor", "alice", "bob", "carol", "dave", "erin", "appellant", "stranger", "v1", "v2", "v3", "v4", "v5"}
	results := []Result{
		reading(4, 0, false), reading(4, 1, false), reading(3, 0, false), reading(0, 0, true), reading(0, 0, false),
		failure(External, "Work URL returned 404"), failure(Transient, "Work host unavailable (503)"),
		failure(LLMError, "No merit rung in the response"),
	}
	applied := 0
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
			if rv := a.s.rounds.Get(r); rv != nil {
				at = len(rv.Attempts)
				switch rng.IntN(10) {
				case 0, 1, 2:
					from = a.byAddr(rv.Current().Leader)
				case 3, 4, 5, 6, 7, 8:
					from = a.byAddr(rv.Committee[rng.IntN(len(rv.Committee))])
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
			a.wait(int64(rng.IntN(120)))
			if rng.IntN(30) == 0 {
				a.wait(window)
			}
			continue
		}
		if a.apply(a.tx(from, value, body)).OK() {
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
			checkHashCache(t, a.s, "random walk")
		}
	}
	if err := a.s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	c := a.s.Arena().Counts
	if applied < steps/10 || c.Awarded == 0 || c.Entries == 0 || a.s.Arena().Balances.PaidOut.IsZero() {
		t.Fatalf("the walk did too little to prove anything: %d applied, counts %+v", applied, c)
	}
	t.Logf("%d of %d applied; counts %+v", applied, steps, c)
}
