package ledger_test

import (
	"math/rand/v2"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/bounty"
	"github.com/arena/arena/ledger/ledgertest"
)

// "The money invariant after every step of a seeded random walk of all of them": tiered
// and plain tasks, solo and team entries (good and bad splits), top-ups, extensions,
// withdrawals, replacements, questions and answers among the bounty's other
// transactions, most of them refused, with every invariant checked after every step and
// the incremental hash every 1,000. Apply never fails and never panics.
func TestTiersMoneyAddsUpUnderARandomWalk(t *testing.T) {
	const steps = 12_000
	a := newArena(t, 5, func(t *Terms) { t.Attempts = 2 })
	a.bare.Unchecked()
	a.Contest = a.Unsigned()
	rng := rand.New(rand.NewPCG(26, 3))
	cast := []string{"sponsor", "alice", "bob", "carol", "dave", "erin", "appellant", "stranger"}
	results := []Result{
		ledgertest.Reading(4, 0, false), ledgertest.Reading(3, 1, false), ledgertest.Reading(3, 0, false), ledgertest.Reading(0, 0, true),
		ledgertest.Failure(External, "Work URL returned 404"), ledgertest.Failure(Transient, "Work host unavailable (503)"),
	}
	shares := [][]int{nil, {10000}, {6000, 3000, 1000}, {5000, 5000}, {7000, 2000, 500, 500}, {6000, 3000}, {0, 10000}}
	teams := [][]any{nil, nil, {"alice", 5000, "bob", 5000}, {"carol", 3333, "dave", 3333, "erin", 3334}, {"bob", 9999, "erin", 1}, {"alice", 5000, "sponsor", 5000}, {"dave", 6000, "carol", 3000}}
	applied, kinds, line := 0, map[Kind]int{}, moneyLine{}
	for i := range steps {
		from := cast[rng.IntN(len(cast))]
		c := a.s.Arena().Counts
		nTasks, nEntries, nRounds := uint64(c.Tasks), uint64(c.Entries), uint64(c.Rounds)
		pick := func(n uint64) uint64 {
			if n == 0 || rng.IntN(8) == 0 {
				return rng.Uint64N(n + 2)
			}
			return n - rng.Uint64N(min(n, 5))
		}
		owner := func(e EntryID) {
			if ev, ok := a.s.Entry(e); ok && rng.IntN(4) > 0 {
				from = a.ByAddr(ev.Solver)
			}
		}
		var value Amount
		var body Body
		switch rng.IntN(22) {
		case 0:
			if rng.IntN(8) > 0 {
				continue // few tasks, so that each gathers entries
			}
			value = Ether(rng.Uint64N(3)*10 + rng.Uint64N(2))
			body = PostTask{Title: "t", Spec: "s", Rubric: "r", ClosesInS: int64(rng.IntN(6000) + 1), Shares: shares[rng.IntN(len(shares))]}
		case 1, 2, 14, 15:
			team := teams[rng.IntN(len(teams))]
			if len(team) > 0 {
				from = team[0].(string)
			}
			value, body = []Amount{entryBond, entryBond, entryBond, Ether(1)}[rng.IntN(4)], Submit{Task: TaskID(pick(nTasks)), Work: "w", Team: a.team(team...)}
		case 3, 17:
			body = Grade{Entry: EntryID(pick(nEntries))}
		case 4, 5, 16, 18, 19:
			r := RoundID(pick(nRounds))
			at := 1
			if rv, ok := a.s.Round(r); ok {
				at = len(rv.Attempts)
				if rng.IntN(10) > 0 {
					from = a.ByAddr(rv.Committee[rng.IntN(len(rv.Committee))])
				}
			}
			res := results[int(r)%len(results)]
			if rng.IntN(5) == 0 {
				res = results[rng.IntN(len(results))]
			}
			body = Attest{Round: r, Attempt: at, Result: res}
		case 6:
			value, body = appealBond, Appeal{Entry: EntryID(pick(nEntries)), Argument: "again"}
		case 7:
			body = Award{Task: TaskID(pick(nTasks))}
		case 8:
			value, body = Ether(rng.Uint64N(4)), TopUp{Task: TaskID(pick(nTasks))}
		case 9:
			if rng.IntN(3) > 0 {
				from = "sponsor"
			}
			body = Extend{Task: TaskID(pick(nTasks)), ByS: int64(rng.IntN(900)) - 100}
		case 10:
			if rng.IntN(3) > 0 {
				continue
			}
			e := EntryID(pick(nEntries))
			owner(e)
			body = WithdrawEntry{Entry: e}
		case 11:
			if rng.IntN(3) > 0 {
				body = Grade{Entry: EntryID(pick(nEntries))}
				break
			}
			e := EntryID(pick(nEntries))
			owner(e)
			body = Replace{Entry: e, Work: "w2"}
		case 12:
			body = Withdraw{}
		case 20:
			texts := []string{"What counts as done?", "short", "Is a draft enough, or only the final text?"}
			body = AskQuestion{Task: TaskID(pick(nTasks)), Question: texts[rng.IntN(len(texts))]}
		case 21:
			task := TaskID(pick(nTasks))
			if tv, ok := a.s.Task(task); ok && rng.IntN(3) > 0 {
				from = a.ByAddr(tv.Sponsor)
			}
			body = AnswerQuestion{Task: task, Question: rng.IntN(5), Reply: []string{"Yes.", " "}[rng.IntN(2)]}
		case 13:
			a.Wait(int64(rng.IntN(120)))
			if rng.IntN(30) == 0 {
				a.Wait(window)
			}
			continue
		}
		if a.Apply(a.Tx(from, value, body)).OK() {
			applied++
			kinds[body.Kind()]++
		}
		if err := a.s.CheckInvariants(); err != nil {
			t.Fatalf("step %d (%s from %s): %v", i, body.Kind(), from, err)
		}
		if i%1000 == 0 {
			if err := ledgertest.CheckHash(a.s); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
			line.check(t, a.s, i)
		}
	}
	line.check(t, a.s, steps)
	line.showed(t, bounty.PrizePool, bounty.BondPool, bounty.SlashPool)
	for _, k := range []Kind{KindPostTask, KindSubmit, KindAward, KindTopUp, KindExtend, KindWithdrawEntry, KindReplace, KindAskQuestion, KindAnswerQuestion} {
		if kinds[k] == 0 {
			t.Errorf("the walk applied no %s", k)
		}
	}
	var tiered, teamed, refunded bool
	for _, tv := range a.s.Snapshot().Tasks {
		tiered = tiered || len(tv.Podium) > 1 && tv.Podium[1].Entry != 0
		refunded = refunded || len(tv.Refunds) > 1
	}
	for _, ev := range a.s.Snapshot().Entries {
		teamed = teamed || len(ev.Payouts) > 0 && ev.Paid != nil
	}
	if !tiered || !teamed || !refunded {
		t.Errorf("the walk never paid a second place (%v), a team's prize (%v) or a refund to several funders (%v)", tiered, teamed, refunded)
	}
	t.Logf("%d of %d applied; by kind %v", applied, steps, kinds)
}
