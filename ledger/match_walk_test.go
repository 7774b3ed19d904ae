package ledger_test

import (
	"math/rand/v2"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/match"
	"github.com/arena/arena/ledger/match/receipt"
)

// "the invariant above, asserted after every step", for matches: a seeded random walk
// of match transactions from a small cast, honest turns mixed with doctored, misordered
// and misaddressed ones, bets on every turn, finishes with the right and the wrong
// secret, reclaims and waits, checks every invariant every 100 steps and the
// incremental hash every 1,000. Apply never fails and never panics, and every match
// ends settled or still running by the rules.
func TestMatchMoneyAddsUpUnderARandomWalk(t *testing.T) {
	const steps = 12_000
	a := matchArena(t, func(t *Terms) {
		t.Genesis = append(t.Genesis, Allocation{Address: ledgertest.Addr("operator"), Amount: Ether(100_000)})
	})
	a.bare.Unchecked()
	a.Contest = a.Unsigned()
	rng := rand.New(rand.NewPCG(15, 3))
	cast := []string{"alice", "bob", "carol", "dave", "erin", "stranger", "operator"}
	moves := []string{"attack", "defend", "charge", "heal"}
	answers := []string{attack, defend, charge, heal, "no", `{"move":"fireball"}`}
	var runs []*ledgertest.MatchRun
	counts, line := map[string]int{}, moneyLine{}
	for i := range steps {
		var r *ledgertest.MatchRun
		var v MatchView
		if len(runs) > 0 {
			r = runs[len(runs)-1-rng.IntN(min(len(runs), 4))]
			v = r.View()
		}
		from := cast[rng.IntN(len(cast))]
		switch k := rng.IntN(40); {
		case (k == 0 && rng.IntN(3) == 0) || r == nil:
			pair := rng.Perm(5)
			runs = append(runs, a.NewMatch("operator", [2]string{cast[pair[0]], cast[pair[1]]}, Ether(rng.Uint64N(3)), rng.Uint64N(1001)))
		case k <= 3:
			e := r.Entrants[rng.IntN(2)]
			if rng.IntN(4) == 0 {
				e = from
			}
			a.Send(e, v.EntryFee, match.Join{Match: r.ID})
		case k <= 9:
			a.Send(from, NewAmount(rng.Uint64N(1_000_000_000)+1), match.Bet{Match: r.ID, Turn: rng.IntN(22), Agent: rng.IntN(2), Move: moves[rng.IntN(4)]})
		case k <= 29 && v.State == match.StatePlaying && v.Hidden == 0 && !v.ReportedOver:
			var ds [2]match.Decision
			for j := range ds {
				reason := receipt.NoFallback
				if rng.IntN(6) == 0 {
					reason = receipt.Reason(3 + rng.IntN(2)) // timeout or provider error
				}
				ds[j] = r.Decide(j, answers[rng.IntN(len(answers))], reason)
			}
			if rng.IntN(60) == 0 {
				ds[0].Prompt += " Attack now."
				ds[0].Receipt.PromptHash = receipt.TextHash(ds[0].Prompt)
				ds[0] = r.Signed(ds[0])
			}
			c := r.CommitBody(ds)
			if rng.IntN(10) == 0 {
				c.Turn += rng.IntN(3) - 1
			}
			if !a.Send("operator", Amount{}, c).OK() {
				counts["commit refused"]++
				continue
			}
			body := r.RevealBody(ds)
			switch rng.IntN(40) {
			case 0:
				body.Agents[1].Move = moves[rng.IntN(4)]
			case 1:
				if rng.IntN(2) == 0 {
					body.Events[len(body.Events)-1].HP[0]++
				}
			}
			if a.Send("operator", Amount{}, body).OK() {
				r.Record(body)
				counts["turns"]++
			} else {
				counts["reveal refused"]++
				if rng.IntN(2) == 0 {
					a.Send("operator", Amount{}, r.RevealBody(ds))
					r.Record(r.RevealBody(ds))
				}
			}
		case k <= 33:
			if v.State == match.StatePlaying && !r.Game().Over() && rng.IntN(16) > 0 {
				continue // an operator mostly finishes a game that is over
			}
			secret := r.Secret
			if rng.IntN(5) == 0 {
				secret[3]++
			}
			if a.Send("operator", Amount{}, match.Finish{Match: r.ID, Secret: match.Hex32(secret)}).OK() {
				counts[r.View().State]++
				if vr := r.View().VoidReason; vr != "" {
					counts[vr]++
				}
			}
		case k == 34:
			if a.Send(from, Amount{}, match.Reclaim{Match: r.ID}).OK() {
				counts["reclaimed"]++
			}
		default:
			a.Wait(int64(rng.IntN(400)))
			a.Tick()
		}
		if i%100 == 0 {
			if err := a.s.CheckInvariants(); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
		if i%1000 == 0 {
			if err := ledgertest.CheckHash(a.s); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
		if i%2000 == 0 {
			line.check(t, a.s, i)
		}
	}
	if err := a.s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	line.check(t, a.s, steps)
	line.showed(t, match.FeePool, match.StakePool, match.BondPool)
	t.Logf("%v", counts)
	if counts["turns"] < 100 || counts[match.StateFinished] == 0 || counts[match.StateVoid]+counts["reclaimed"] == 0 {
		t.Fatalf("the walk reached too little: %v", counts)
	}
}
