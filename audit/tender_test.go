package audit_test

import (
	"strings"
	"testing"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

// "arena audit tender N re-derives the tender offline": the demo's tender, from its
// snapshot alone, re-derives every commitment, every agreed scorecard and weighted
// total, the ranking, the appeal's fate, the fee, the payout and each deposit's fate.
func TestTheDemoTenderReDerives(t *testing.T) {
	snap := demoSnapshot(t)
	if len(snap.Tenders) == 0 {
		t.Fatal("the demo published no tender")
	}
	for _, tv := range snap.Tenders {
		rep, err := audit.Tender(snap, tv.ID)
		if err != nil {
			t.Fatalf("tender %d: %v", tv.ID, err)
		}
		if !rep.OK() {
			t.Errorf("tender %d does not re-derive:\n%s", tv.ID, rep)
		}
		for _, want := range []string{"commitment", "total", "quorum", "rank", "appeal", "fee", "payout", "winner", "deposit", "signer"} {
			if !strings.Contains(rep.String(), want) {
				t.Errorf("tender %d: no %s step in\n%s", tv.ID, want, rep)
			}
		}
	}
}

// Each doctored tender number is caught by the step that re-derives it: a revealed
// proposal changed after its commitment, a total, a rank, a scorecard no quorum
// reached, the fee, the winner, an appeal's fate and a forfeited deposit.
func TestADoctoredTenderNumberIsCaught(t *testing.T) {
	for _, tc := range []struct {
		name, step string
		edit       func(*ledger.TenderView, *ledger.Snapshot)
	}{
		{"proposal", "commitment", func(tv *ledger.TenderView, _ *ledger.Snapshot) { tv.Bids[0].Proposal += " and more" }},
		{"total", "bid 1 total", func(tv *ledger.TenderView, _ *ledger.Snapshot) { tv.Bids[0].Total++ }},
		{"rank", "rank", func(tv *ledger.TenderView, _ *ledger.Snapshot) {
			tv.Bids[0].Rank, tv.Bids[1].Rank = tv.Bids[1].Rank, tv.Bids[0].Rank
		}},
		{"score", "leader scores", func(tv *ledger.TenderView, _ *ledger.Snapshot) {
			tv.Bids[0].Scores[0].Score = (tv.Bids[0].Scores[0].Score + 2) % (tender.ScoreMax + 1)
		}},
		{"fee", "fee", func(tv *ledger.TenderView, _ *ledger.Snapshot) { tv.Fee = ledger.Ether(1) }},
		{"winner", "winner", func(tv *ledger.TenderView, _ *ledger.Snapshot) { tv.WinningBid = tv.Bids[1].ID }},
		{"appeal", "appeal", func(tv *ledger.TenderView, _ *ledger.Snapshot) {
			for i := range tv.Bids {
				if a := tv.Bids[i].Appeal; a != nil {
					if a.Status == tender.AppealRejected {
						a.Status = tender.AppealUpheld
					} else {
						a.Status = tender.AppealRejected
					}
				}
			}
		}},
		{"deposit", "deposit", func(tv *ledger.TenderView, _ *ledger.Snapshot) {
			for i := range tv.Bids {
				if tv.Bids[i].Status == tender.BidExpired {
					tv.Bids[i].Outcome = tender.OutcomeReturned
				}
			}
		}},
		{"quorum", "quorum", func(tv *ledger.TenderView, s *ledger.Snapshot) {
			for i := range s.TenderRounds {
				if s.TenderRounds[i].ID != tv.Bids[0].Round {
					continue
				}
				for j := range s.TenderRounds[i].Attempts {
					a := &s.TenderRounds[i].Attempts[j]
					a.Attestations = a.Attestations[:1] // the leader alone
					if a.Attestations[0].Validator != a.Leader {
						a.Attestations[0].Validator = a.Leader
					}
				}
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			snap := demoSnapshot(t)
			tv := &snap.Tenders[0]
			tc.edit(tv, snap)
			rep, err := audit.Tender(snap, tv.ID)
			if err != nil {
				t.Fatal(err)
			}
			if rep.OK() {
				t.Fatalf("a doctored %s passed the audit:\n%s", tc.name, rep)
			}
			caught := false
			for _, s := range rep.Steps {
				caught = caught || (!s.OK && strings.Contains(s.Name, tc.step))
			}
			if !caught {
				t.Errorf("no failing %q step:\n%s", tc.step, rep)
			}
		})
	}
}
