package comet_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/arena/arena/chain/comet"
	"github.com/arena/arena/chain/solo"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

// The tender every network tender test runs: three criteria, three bidders; the third
// never reveals.
var tenderCriteria = []tender.Criterion{
	{Text: "A delivery schedule with weekly milestones", Weight: 3, Primary: true},
	{Text: "A fixed price per settled payment", Weight: 2},
	{Text: "Named references from past payment clients", Weight: 1},
}

var tenderProposals = []string{
	"We deliver in 6 weekly milestones on a fixed schedule. Our price is a fixed 1 cent per settled payment. " +
		"References: Northwind Payments and Contoso Bank, both past payment clients since 2021.",
	"We will deliver the work when it is ready, at a price to be agreed once we have started on it together.",
	"This bid is sealed and never revealed, so its deposit goes to the treasury when the tender expires.",
}

// TestFourNodesRunATenderToOneAppHash: "Works unchanged on the CometBFT engine": four
// node processes, each with its own validator, check the criteria, publish, take three
// sealed bids, reveal two, score them under consensus, expire the third, award and pay
// out; every node ends at one app hash and each node's file replays under solo.Verify.
func TestFourNodesRunATenderToOneAppHash(t *testing.T) {
	c := newCluster(t, 4)
	texts := make([]string, len(tenderCriteria))
	for i, cr := range tenderCriteria {
		texts[i] = cr.Text
	}
	c.send(c.sponsor, ledger.Amount{}, tender.Check{Criteria: texts})
	digest := tender.Digest(texts)
	c.waitFor("the criteria checked", func() bool {
		var v ledger.CheckView
		return c.query(c.up()[0], "/tender-check/"+digest, &v) && v.State == tender.CheckScorable
	})
	out := c.send(c.sponsor, ledger.Ether(100), tender.Publish{
		Title: "Settlement API integration", Summary: "Integrate the Settlement API into our checkout.",
		Criteria: tenderCriteria, Deposit: ledger.Ether(1), AppealBond: ledger.Ether(2), FeeBps: 500,
		CommitS: 600, RevealS: 600, DecideS: 3600, MaxBids: 8,
	})
	id := ledger.TenderID(out.Created)
	salts := []string{"salt-of-bidder-0", "salt-of-bidder-1", "salt-of-bidder-2"}
	bids := make([]ledger.BidID, 3)
	for i := range 3 {
		who := c.solvers[i]
		o := c.send(who, ledger.Ether(1), tender.Commit{Tender: id, Commitment: tender.Commitment(salts[i], who.Address().String(), tenderProposals[i])})
		bids[i] = ledger.BidID(o.Created)
	}
	c.send(c.sponsor, ledger.Amount{}, ledger.Advance{Seconds: 601})
	for i := range 2 {
		c.send(c.solvers[i], ledger.Amount{}, tender.Reveal{Bid: bids[i], Salt: salts[i], Proposal: tenderProposals[i]})
		c.send(c.solvers[i], ledger.Amount{}, tender.Score{Bid: bids[i]})
	}
	var tv ledger.TenderView
	c.waitFor("both revealed bids scored", func() bool {
		if !c.query(c.up()[0], fmt.Sprintf("/tender/%d", id), &tv) {
			return false
		}
		return tv.Bids[0].Status == tender.BidScored && tv.Bids[1].Status == tender.BidScored
	})
	if tv.Bids[0].Total <= tv.Bids[1].Total {
		t.Errorf("totals %d and %d: the proposal that addresses every criterion should lead", tv.Bids[0].Total, tv.Bids[1].Total)
	}
	c.send(c.sponsor, ledger.Amount{}, ledger.Advance{Seconds: 600 + tender.AwardWaitS})
	c.send(c.solvers[2], ledger.Amount{}, tender.Expire{Tender: id})
	c.send(c.sponsor, ledger.Amount{}, tender.Award{Tender: id})
	c.mustQuery(fmt.Sprintf("/tender/%d", id), &tv)
	if tv.State != tender.TenderAwarded || tv.WinningBid != bids[0] || tv.Bids[2].Status != tender.BidExpired {
		t.Fatalf("tender %s, winner %d, third bid %s: want awarded to bid %d with the third expired", tv.State, tv.WinningBid, tv.Bids[2].Status, bids[0])
	}
	h, wd := c.submit(c.solvers[0], ledger.Amount{}, ledger.Withdraw{})
	if !wd.OK() {
		t.Fatalf("withdraw refused: %s", wd.Err)
	}
	want := c.sameAppHash(h, 0, 1, 2, 3)
	for i := range 4 {
		c.stop(i)
	}
	for i, n := range c.net.Nodes {
		if _, err := solo.Verify(filepath.Join(n.Home, comet.DBFile)); err != nil {
			t.Fatalf("node%d: %v", i, err)
		}
	}
	c.sameBlocks(0, 1)
	c.sameBlocks(2, 3)
	t.Logf("app hash %x", want)
}
