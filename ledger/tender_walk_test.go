package ledger_test

import (
	"math/rand/v2"
	"testing"

	. "github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/tender"
)

// "the invariant above, asserted after every step", for tenders: a seeded random walk of
// tender transactions from a small cast, most of them refused, with short windows so
// that tenders run to every end, checks every invariant every 200 steps and the
// incremental hash every 2,000. Apply never fails and never panics.
func TestTenderMoneyAddsUpUnderARandomWalk(t *testing.T) {
	const steps = 30_000
	a := tenderArena(t, func(t *Terms) { t.Attempts = 2; t.GradingFee = Ether(1); t.RoundTimeoutS = 60 })
	a.bare.Unchecked()
	a.Contest = a.Unsigned()
	rng := rand.New(rand.NewPCG(7, 11))
	cast := []string{"sponsor", "alice", "bob", "carol", "dave", "erin", "appellant", "stranger"}
	validators := []string{"v1", "v2", "v3", "v4", "v5"}
	crit := [][]tender.Criterion{ledgertest.SeedCriteria(), {{Text: "States a fixed price", Weight: 2, Primary: true}, {Text: "Names a team", Weight: 5}}}
	for _, c := range crit {
		a.Checked(ledgertest.Texts(c), ledgertest.Scorable(true))
	}
	cards := map[int][]tender.Scorecard{ // by criteria count; a card of the other count is malformed
		4: {ledgertest.Scores(3, 4, 1, 4), ledgertest.Scores(4, 4, 2, 4), ledgertest.Scores(0, 5, 5, 0), ledgertest.Scores(5, 2), ledgertest.Failed(External, "unreadable")},
		2: {ledgertest.Scores(5, 2), ledgertest.Scores(4, 3), ledgertest.Scores(1, 1), ledgertest.Failed(Transient, "503"), ledgertest.Failed(LLMError, "no scores")},
	}
	checks := []tender.CheckResult{ledgertest.Scorable(true), ledgertest.Scorable(false, 0), {Error: "[LLM_ERROR] no verdict"}}
	var proposals []string // by bid, what its bidder sealed
	applied, line := 0, moneyLine{}
	for i := range steps {
		c := a.s.Arena().Counts
		nT, nB, nR := uint64(c.Tenders), uint64(c.Bids), uint64(c.Rounds)
		pick := func(n uint64) uint64 {
			if n == 0 || rng.IntN(8) == 0 {
				return rng.Uint64N(n + 2)
			}
			return n - rng.Uint64N(min(n, 4))
		}
		from := cast[rng.IntN(len(cast))]
		var value Amount
		var body Body
		switch rng.IntN(16) {
		case 0:
			p := ledgertest.TenderTerms()
			p.Criteria = crit[rng.IntN(2)]
			p.CommitS, p.RevealS, p.DecideS = int64(rng.IntN(300)+1), int64(rng.IntN(300)+1), int64(rng.IntN(3000)+1)
			p.MaxBids = rng.IntN(4) + 1
			p.Deposit = Ether(rng.Uint64N(3))
			if rng.IntN(3) == 0 {
				p.Eligibility = []string{tender.RuleNoPriorAward}
			}
			from, value, body = "sponsor", Ether(rng.Uint64N(3)*50), p
		case 1, 2:
			tid := TenderID(pick(nT))
			tv, ok := a.s.Tender(tid)
			value = Ether(5)
			if ok {
				value = tv.Deposit
			}
			text := ledgertest.Proposal(from)
			body = tender.Commit{Tender: tid, Commitment: tender.Commitment(ledgertest.Salt(from), a.Addr(from).String(), text)}
			if a.Apply(a.Tx(from, value, body)).OK() {
				applied++
				proposals = append(proposals, text)
			}
			continue
		case 3:
			b := BidID(pick(nB))
			if bv, ok := a.s.Bid(b); ok && rng.IntN(4) > 0 {
				from = a.Name(bv.Bidder)
			}
			body = tender.Reveal{Bid: b, Salt: ledgertest.Salt(from), Proposal: ledgertest.Proposal(from)}
		case 4, 5:
			body = tender.Score{Bid: BidID(pick(nB))}
		case 6, 7, 8:
			r := RoundID(pick(nR))
			at, kind, n := 1, tender.Kind, 4
			if rv, ok := a.s.TenderRound(r); ok {
				at, kind, n = len(rv.Attempts), rv.Kind, len(rv.Criteria)
				from = a.Name(rv.Committee[rng.IntN(len(rv.Committee))])
				if rng.IntN(3) == 0 {
					from = a.Name(rv.Attempts[at-1].Leader)
				}
			} else {
				from = validators[rng.IntN(len(validators))]
			}
			if kind == tender.CheckKind {
				body = tender.CheckAttest{Round: r, Attempt: at, Result: checks[int(r)%len(checks)]}
			} else {
				deck := cards[n]
				card := deck[int(r)%3] // most members score a round alike
				if rng.IntN(5) == 0 {
					card = deck[rng.IntN(len(deck))]
				}
				body = tender.Attest{Round: r, Attempt: at, Result: card}
			}
		case 9:
			b := BidID(pick(nB))
			if bv, ok := a.s.Bid(b); ok {
				from = a.Name(bv.Bidder)
			}
			value, body = Ether(20), tender.Appeal{Bid: b, Argument: argument}
		case 10:
			body = tender.Resolve{Bid: BidID(pick(nB))}
		case 11:
			body = tender.Expire{Tender: TenderID(pick(nT))}
		case 12:
			if rng.IntN(2) == 0 {
				from = "sponsor"
			}
			body = tender.Award{Tender: TenderID(pick(nT))}
		case 13:
			body = []Body{
				tender.Decline{Tender: TenderID(pick(nT)), Reason: "none fits"},
				tender.Withdraw{Bid: BidID(pick(nB))},
				tender.Ask{Tender: TenderID(pick(nT)), Question: "What does done look like?"},
				tender.Answer{Tender: TenderID(pick(nT)), Question: rng.IntN(3), Reply: "Shipped."},
				Withdraw{},
			}[rng.IntN(5)]
			if _, ok := body.(tender.Answer); ok || rng.IntN(2) == 0 {
				from = "sponsor"
			}
		case 14:
			body = tender.Check{Criteria: ledgertest.Texts(crit[rng.IntN(2)])}
		case 15:
			a.Wait(int64(rng.IntN(200)))
			continue
		}
		if a.Apply(a.Tx(from, value, body)).OK() {
			applied++
		}
		if i%200 == 0 {
			if err := a.s.CheckInvariants(); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
		if i%2000 == 0 {
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
	line.showed(t, tender.BudgetPool, tender.DepositPool, tender.GradePool)
	if err := ledgertest.CheckHash(a.s); err != nil {
		t.Fatal(err)
	}
	ends := map[string]int{}
	for _, tv := range a.s.Tenders() {
		ends[tv.State]++
	}
	if applied < steps/30 || ends[tender.TenderAwarded] == 0 || ends[tender.TenderAbandoned] == 0 || ends[tender.TenderDeclined] == 0 {
		t.Fatalf("the walk did too little to prove anything: %d applied, tenders %v, %d bids", applied, ends, len(proposals))
	}
	t.Logf("%d of %d applied; tenders %v; %d bids", applied, steps, ends, len(proposals))
}
