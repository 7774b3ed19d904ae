package client

import (
	"context"
	"fmt"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
	"github.com/arena/arena/ocds"
)

// Tenders returns GET /v1/tenders: every tender by id, with its bids and questions.
func (c *Client) Tenders(ctx context.Context) ([]ledger.TenderView, error) {
	var v []ledger.TenderView
	return v, c.get(ctx, "/v1/tenders", &v)
}

// Tender returns GET /v1/tenders/{id}.
func (c *Client) Tender(ctx context.Context, id ledger.TenderID) (ledger.TenderView, error) {
	var v ledger.TenderView
	return v, c.get(ctx, fmt.Sprintf("/v1/tenders/%d", id), &v)
}

// Bid returns GET /v1/bids/{id}.
func (c *Client) Bid(ctx context.Context, id ledger.BidID) (ledger.BidView, error) {
	var v ledger.BidView
	return v, c.get(ctx, fmt.Sprintf("/v1/bids/%d", id), &v)
}

// TenderChecks returns GET /v1/tender-checks: every scorability check by id.
func (c *Client) TenderChecks(ctx context.Context) ([]ledger.CheckView, error) {
	var v []ledger.CheckView
	return v, c.get(ctx, "/v1/tender-checks", &v)
}

// TenderCheck returns GET /v1/tender-checks/{digest}: the latest scorability check of
// the criteria whose digest (tender.Digest) is digest.
func (c *Client) TenderCheck(ctx context.Context, digest string) (ledger.CheckView, error) {
	var v ledger.CheckView
	return v, c.get(ctx, "/v1/tender-checks/"+digest, &v)
}

// TenderRound returns GET /v1/tender-rounds/{id}: a scoring or scorability round with
// the inputs frozen when it opened.
func (c *Client) TenderRound(ctx context.Context, id ledger.RoundID) (ledger.TenderRoundView, error) {
	var v ledger.TenderRoundView
	return v, c.get(ctx, fmt.Sprintf("/v1/tender-rounds/%d", id), &v)
}

// Buyer returns GET /v1/buyers/{address}: a's record as a tender buyer.
func (c *Client) Buyer(ctx context.Context, a ledger.Address) (ledger.BuyerRecord, error) {
	var v ledger.BuyerRecord
	return v, c.get(ctx, "/v1/buyers/"+a.String(), &v)
}

// Bidder returns GET /v1/bidders/{address}: a's record as a tender bidder.
func (c *Client) Bidder(ctx context.Context, a ledger.Address) (ledger.BidderRecord, error) {
	var v ledger.BidderRecord
	return v, c.get(ctx, "/v1/bidders/"+a.String(), &v)
}

// WaitTenderRound follows tender round id until it leaves the open state, calling
// progress (if not nil) whenever its attempt or tally changes, as WaitRound does for a
// bounty round. It returns the final view, with an *Error when the round ran out of
// attempts or was abandoned, so nothing was written from it.
func (c *Client) WaitTenderRound(ctx context.Context, id ledger.RoundID, progress func(Progress)) (ledger.TenderRoundView, error) {
	a, err := c.Arena(ctx)
	if err != nil {
		return ledger.TenderRoundView{}, err
	}
	var last Progress
	w := c.watch(ctx)
	defer w.stop()
	for {
		r, err := c.TenderRound(ctx, id)
		if err != nil {
			return r, err
		}
		if p := tenderProgress(r, a.Terms); p != last && progress != nil {
			progress(p)
			last = p
		}
		if r.State != ledger.RoundOpen {
			return r, tenderRoundError(r)
		}
		if err := w.next(ctx); err != nil {
			return r, err
		}
	}
}

// tenderProgress is where tender round r stands under terms t.
func tenderProgress(r ledger.TenderRoundView, t ledger.Terms) Progress {
	p := Progress{Round: r.ID, Attempts: t.Attempts, Committee: len(r.Committee), Quorum: t.QuorumSize(), State: r.State}
	if n := len(r.Attempts); n > 0 {
		at := r.Attempts[n-1]
		p.Attempt, p.Leader = at.Attempt, at.Leader
		for _, s := range at.Attestations {
			if s.Late {
				continue
			}
			p.Attested++
			if s.Agrees {
				p.Agreeing++
			}
		}
	}
	return p
}

// tenderRoundError reports a tender round that ended without a verdict kept.
func tenderRoundError(r ledger.TenderRoundView) error {
	if r.State == ledger.RoundSettled {
		return nil
	}
	what := fmt.Sprintf("bid %d is left unscored", r.Bid)
	switch {
	case r.Kind == tender.CheckKind:
		what = fmt.Sprintf("check %d has no verdict", r.Check)
	case r.Rescoring:
		what = fmt.Sprintf("the appeal on bid %d lapsed and its scorecard stands", r.Bid)
	}
	return &Error{Class: ledger.Expected.String(), Message: fmt.Sprintf("Round %d ended %s without agreement; %s", r.ID, r.State, what)}
}

// WaitCheck follows the scorability check of the criteria whose digest is digest until
// it has a verdict or has failed, calling progress (if not nil) with the check each
// time its state changes. A failed check returns the view with an *Error.
func (c *Client) WaitCheck(ctx context.Context, digest string, progress func(ledger.CheckView)) (ledger.CheckView, error) {
	last := ""
	w := c.watch(ctx)
	defer w.stop()
	for {
		v, err := c.TenderCheck(ctx, digest)
		if err != nil {
			return v, err
		}
		if v.State != last && progress != nil {
			progress(v)
		}
		last = v.State
		switch v.State {
		case tender.CheckRunning:
		case tender.CheckFailed:
			return v, &Error{Class: ledger.Expected.String(), Message: fmt.Sprintf(
				"Check %d of these criteria failed: its round %d ran out of attempts without agreement; the fee was returned and they may be checked again", v.ID, v.Round)}
		default:
			return v, nil
		}
		if err := w.next(ctx); err != nil {
			return v, err
		}
	}
}

// TenderOCDS returns GET /v1/tenders/{id}/ocds: the tender as an OCDS 1.1 release
// package, a release per ledger event so far.
func (c *Client) TenderOCDS(ctx context.Context, id ledger.TenderID) (ocds.ReleasePackage, error) {
	var v ocds.ReleasePackage
	return v, c.get(ctx, fmt.Sprintf(ocds.PackagePath, id), &v)
}

// TenderOCDSRecord returns GET /v1/tenders/{id}/ocds/record: the tender as an OCDS 1.1
// record package, its releases and the release compiled from them.
func (c *Client) TenderOCDSRecord(ctx context.Context, id ledger.TenderID) (ocds.RecordPackage, error) {
	var v ocds.RecordPackage
	return v, c.get(ctx, fmt.Sprintf(ocds.RecordPath, id), &v)
}
