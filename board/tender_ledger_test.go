package board

import (
	"fmt"
	"strings"
	"testing"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/ledgertest"
	"github.com/arena/arena/ledger/tender"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// tenderRun is a tender run on a real ledger, from the scorability check to the award,
// with the snapshot taken in the commit window and at the end.
type tenderRun struct {
	s                *ledger.State
	c                *ledgertest.Contest
	sealed, final    ledger.Snapshot
	alice, bob, dave ledger.BidID
}

// runTender runs the seed's tender on the test arena with four validators: a question
// answered, three sealed bids, dave's never revealed; alice's scored with one member a
// step apart on two criteria, bob's scored, appealed and re-scored higher; then award.
func runTender(t *testing.T) *tenderRun {
	t.Helper()
	s, err := ledger.New(ledgertest.Terms(4))
	if err != nil {
		t.Fatal(err)
	}
	c := ledgertest.Drive(t, ledgertest.NewBare(s))
	r := &tenderRun{s: s, c: c}
	id := c.Publish(ledger.Ether(100), ledgertest.TenderTerms())
	c.Do("carol", ledger.Amount{}, tender.Ask{Tender: id, Question: "Must the references be public, or is a named contact enough?"})
	c.Do("sponsor", ledger.Amount{}, tender.Answer{Tender: id, Question: 1, Reply: "A named contact is enough."})
	r.alice = c.Seal(id, "alice", ledgertest.Proposal("alice"))
	r.bob = c.Seal(id, "bob", ledgertest.Proposal("bob"))
	r.dave = c.Seal(id, "dave", ledgertest.Proposal("dave"))
	r.sealed = s.Snapshot()
	c.Wait(ledgertest.CommitS + 1)
	c.Unseal(r.alice, ledgertest.Proposal("alice"))
	c.Unseal(r.bob, ledgertest.Proposal("bob"))
	c.Wait(ledgertest.RevealS)
	c.Do("stranger", ledger.Amount{}, tender.Expire{Tender: id})
	round := ledger.RoundID(c.Do("stranger", ledger.Amount{}, tender.Score{Bid: r.alice}).Created)
	c.ScoreAll(round, ledgertest.Scores(4, 3, 3, 2), ledgertest.Scores(4, 4, 3, 2), ledgertest.Scores(5, 3, 2, 2))
	c.ScoreBid(r.bob, ledgertest.Scores(3, 3, 3, 3))
	c.Do("bob", ledger.Ether(20), tender.Appeal{Bid: r.bob, Argument: "The plan names an owner for every week; the plan score ignores it."})
	c.Rescore(r.bob, ledgertest.Scores(4, 4, 3, 3))
	c.Wait(tender.AwardWaitS)
	c.Do("sponsor", ledger.Amount{}, tender.Award{Tender: id})
	r.final = s.Snapshot()
	return r
}

// TestTheBoardShowsATenderTheLedgerRan: the board reads the ledger's own views of a
// tender it ran: the winner and payout, each scorecard with the agreeing members'
// scores as the ledger recorded them, the re-scored total beside the one before it,
// the expired bid, the rounds with every attestation, the money identity with the
// tender's pools, and the judge panel counting tender rounds as the ledger does.
func TestTheBoardShowsATenderTheLedgerRan(t *testing.T) {
	r := runTender(t)
	snap := r.final
	if len(snap.Tenders) != 1 || snap.Tenders[0].State != tender.TenderAwarded {
		t.Fatalf("the ledger's run did not award its tender: %+v", snap.Tenders)
	}
	tv := snap.Tenders[0]
	alice := bidIn(t, &tv, r.alice)
	bob := bidIn(t, &tv, r.bob)
	page := render(t, snap)
	doc := checkPage(t, page,
		In("#tender-1 .outcome", HasText(fmt.Sprintf("awarded to bid #%d at 29/40, %s, %s", r.bob, r.c.Addr("bob"), readable(stamp(tv.SettledAt))))),
		In(fmt.Sprintf("#bid-%d table.scorecard td.agreement", r.alice), HasText("4 · 4 4 5")),
		In(fmt.Sprintf("#bid-%d .total dd", r.alice), HasText("26/40")),
		In(fmt.Sprintf("#bid-%d .total dd", r.bob), HasText("29/40re-scored on appeal; was 24/40")),
		In(fmt.Sprintf("#bid-%d .appeal", r.bob), HasText(fmt.Sprintf("appeal upheld filed %s with a bond of 20 GEN, resolved %s: "+
			"upheld: the total 24 rose to 29, so the bond went back to the bidder", readable(stamp(bob.Appeal.FiledAt)), readable(stamp(bob.Appeal.ResolvedAt))))),
		In(fmt.Sprintf("#bid-%d .status", r.dave), HasText("expired unrevealed: the deposit was forfeited to the treasury and the proposal was never revealed")),
		In(fmt.Sprintf("#bid-%d .commitment", r.alice), HasText("Commitment "+alice.Commitment+", opened with the salt "+ledgertest.Salt("alice"))),
		In(fmt.Sprintf("#round-%d h6", alice.Round), HasText(fmt.Sprintf("Round %d, scoring: settled", alice.Round))),
		In(fmt.Sprintf("#round-%d ul.atts li", alice.Round), HasText(leaderOf(t, snap, alice.Round).String()+
			fmt.Sprintf(" at height %d: scores 4 3 3 2 (agrees with the leader)", firstHeight(t, snap, alice.Round)))),
		In(fmt.Sprintf("#round-%d h6", bob.Round), HasText(fmt.Sprintf("Round %d, rescoring on appeal: settled", bob.Round))),
		In("#tender-1-q-1 .answer q", HasText("A named contact is enough.")),
		In(".invariant.ok"),
		In("#tenders table.scorability td[data-label=Check] a", HasAttr("href", fmt.Sprintf("#round-%d", snap.Checks[0].Round))),
	)
	if n := len(all(doc, fmt.Sprintf("#bid-%d details.history section.round", r.bob))); n != 2 {
		t.Errorf("bob's bid lists %d rounds, want its scoring and its rescoring", n)
	}
	if strings.Contains(string(page), ledgertest.Proposal("dave")) {
		t.Error("the page holds the proposal of a bid never revealed")
	}
	if d := cmp.Diff(r.s.Judges(), judgesOf(&snap), cmpopts.IgnoreFields(ledger.Judge{}, "Earned")); d != "" {
		t.Errorf("judges from the snapshot (-State.Judges +board):\n%s", d)
	}
}

// TestSealedBidsOnTheLedgerShowNoProposal: in the commit window the ledger holds only
// commitments, and the board shows each bid sealed, with no proposal, salt or score.
func TestSealedBidsOnTheLedgerShowNoProposal(t *testing.T) {
	r := runTender(t)
	page := render(t, r.sealed)
	checkPage(t, page,
		In("#tender-1 .meta .badge", HasText("open")),
		In("#tender-1 dl.windows .now dt", HasText("Commit (now)")),
		In(fmt.Sprintf("#bid-%d .status", r.alice), HasText("sealed: a commitment until it is revealed; the proposal shows once revealed")),
		NotIn("#tender-1 details.proposal, #tender-1 table.scorecard, #tender-1 .history"),
	)
	for _, who := range []string{"alice", "bob", "dave"} {
		for _, secret := range []string{ledgertest.Proposal(who), ledgertest.Salt(who)} {
			if strings.Contains(string(page), secret) {
				t.Errorf("the page in the commit window holds %q", secret)
			}
		}
	}
}

func bidIn(t *testing.T, tv *ledger.TenderView, id ledger.BidID) ledger.BidView {
	t.Helper()
	for _, b := range tv.Bids {
		if b.ID == id {
			return b
		}
	}
	t.Fatalf("tender %d has no bid %d", tv.ID, id)
	return ledger.BidView{}
}

// leaderOf returns the leader of the settled attempt of tender round id.
func leaderOf(t *testing.T, s ledger.Snapshot, id ledger.RoundID) ledger.Address {
	t.Helper()
	for _, r := range s.TenderRounds {
		if r.ID == id {
			return r.Attempts[len(r.Attempts)-1].Leader
		}
	}
	t.Fatalf("no tender round %d", id)
	return ledger.Address{}
}

// firstHeight returns the height of the first attestation of tender round id's last
// attempt.
func firstHeight(t *testing.T, s ledger.Snapshot, id ledger.RoundID) uint64 {
	t.Helper()
	for _, r := range s.TenderRounds {
		if r.ID == id {
			return r.Attempts[len(r.Attempts)-1].Attestations[0].Height
		}
	}
	t.Fatalf("no tender round %d", id)
	return 0
}
