package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/spf13/cobra"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

func (a *app) tenderCommitCmd() *cobra.Command {
	var pf proposalFlags
	c := &cobra.Command{
		Use:   "commit TENDER (--proposal TEXT | --proposal-file F)",
		Short: "Seal a bid on a tender, staking its deposit; the salt and proposal are kept here for the reveal",
		Long: "Seal a bid: a fresh random salt and the proposal are hashed with the sender's address into\n" +
			"the commitment sent, with the tender's deposit as the value. The salt and proposal are kept\n" +
			"in the arena directory's tender-bids/ folder, readable by the owner only; `arena tender\n" +
			"reveal TENDER` opens the bid from there in the reveal window. Without that file the bid\n" +
			"cannot be revealed, and an unrevealed bid's deposit is forfeited.",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := tenderArg(args)
			if err != nil {
				return err
			}
			proposal, err := pf.read()
			if err != nil {
				return err
			}
			return a.commitBid(cmd.Context(), id, proposal)
		},
	}
	pf.register(c)
	return c
}

// commitBid seals proposal on tender id. The salt and proposal are written before the
// commitment is sent, so that a commit that lands is never without them, and taken back
// if it is refused.
func (a *app) commitBid(ctx context.Context, id ledger.TenderID, proposal string) error {
	b, err := a.bidder(ctx)
	if err != nil {
		return err
	}
	tv, err := b.c.Tender(ctx, id)
	if err != nil {
		return err
	}
	me := b.key.Address()
	if lb, ok := liveBid(tv, me); ok {
		return fmt.Errorf("tender %d: bid %d of %s on it is %s: change its proposal with `arena tender amend %d`, or withdraw it first", id, lb.ID, me, lb.Status, id)
	}
	s, err := newSeal(me, proposal)
	if err != nil {
		return err
	}
	path := a.bidPath(b.terms.Chain, id, me)
	k := keptBid{Chain: b.terms.Chain, Tender: id, Bidder: me, seal: s}
	var old *keptBid
	if prev, err := readBid(path); err == nil {
		old = &prev // a withdrawn or expired bid's: replaced
	}
	if !a.dryRun {
		if err := writeBid(path, k); err != nil {
			return err
		}
	}
	rc, err := a.send(ctx, tv.Deposit, tender.Commit{Tender: id, Commitment: s.Commitment})
	if err != nil {
		return a.unsent(err, path, old, id)
	}
	k.Bid = ledger.BidID(rc.Outcome.Created)
	if tv, err := b.c.Tender(ctx, id); k.Bid == 0 && err == nil {
		lb, _ := liveBid(tv, me)
		k.Bid = lb.ID
	}
	if err := writeBid(path, k); err != nil {
		return err
	}
	human := fmt.Sprintf("sealed bid %d on tender %d, deposit %s", k.Bid, id, formatAmount(tv.Deposit))
	return a.printKept(rc, k.Bid, path, human, fmt.Sprintf(
		"the salt and proposal are kept in %s: `arena tender reveal %d` opens the bid after %s and by %s; without that file it cannot be revealed and its deposit is lost",
		path, id, utc(tv.CommitCloses), utc(tv.RevealCloses)))
}

// unsent handles a commit or amendment that did not go through: a refusal puts back
// what the file held, a dry run wrote nothing, and anything else leaves the new seal
// kept, since the transaction may have landed.
func (a *app) unsent(err error, path string, old *keptBid, id ledger.TenderID) error {
	switch {
	case errors.Is(err, errDryRun):
		return err
	case isRefusal(err):
		if rerr := restore(path, old); rerr != nil {
			return fmt.Errorf("%w (and putting back %s: %v)", err, path, rerr)
		}
		return err
	}
	return fmt.Errorf("%w (the new salt and proposal stay kept in %s in case it landed: `arena show tender %d` tells)", err, path, id)
}

// keptReceipt is what commit and amend print under --json.
type keptReceipt struct {
	sent
	Bid  ledger.BidID `json:"bid"`
	Kept string       `json:"kept"` // the file holding the salt and proposal
}

// printKept reports a bid sealed or re-sealed, and where what opens it is kept.
func (a *app) printKept(rc sent, bid ledger.BidID, path, human, note string) error {
	return a.emit(keptReceipt{sent: rc, Bid: bid, Kept: path}, func(w io.Writer) {
		fmt.Fprintf(w, "%s (tx %s, block %d, fee %s %s)\n", human, short(rc.TxID), rc.Height, formatAmount(rc.Fee), rc.symbol)
		fmt.Fprintln(w, note)
	})
}

// errNoKept says that nothing is kept to open the bidder's bid on tender id.
func errNoKept(id ledger.TenderID, who ledger.Address, path, need string) error {
	return fmt.Errorf("tender %d: no sealed bid of %s is kept in %s: %s needs the salt and proposal `arena tender commit` kept there, on the machine that sealed it", id, who, path, need)
}

func (a *app) tenderAmendCmd() *cobra.Command {
	var pf proposalFlags
	c := &cobra.Command{
		Use:   "amend TENDER (--proposal TEXT | --proposal-file F)",
		Short: "Re-seal your bid on a tender with a new proposal while the commit window is open",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := tenderArg(args)
			if err != nil {
				return err
			}
			proposal, err := pf.read()
			if err != nil {
				return err
			}
			return a.amendBid(cmd.Context(), id, proposal)
		},
	}
	pf.register(c)
	return c
}

// amendBid re-seals the sender's bid on tender id with proposal. The kept file holds the
// new seal, and the old one beside it, until the amendment is applied.
func (a *app) amendBid(ctx context.Context, id ledger.TenderID, proposal string) error {
	b, err := a.bidder(ctx)
	if err != nil {
		return err
	}
	me := b.key.Address()
	path := a.bidPath(b.terms.Chain, id, me)
	old, err := readBid(path)
	if errors.Is(err, fs.ErrNotExist) {
		return errNoKept(id, me, path, "an amendment")
	} else if err != nil {
		return err
	}
	bid, err := a.bidOf(ctx, b, old)
	if err != nil {
		return err
	}
	s, err := newSeal(me, proposal)
	if err != nil {
		return err
	}
	next := old
	next.Bid, next.seal, next.Previous = bid, s, &old.seal
	if !a.dryRun {
		if err := writeBid(path, next); err != nil {
			return err
		}
	}
	rc, err := a.send(ctx, ledger.Amount{}, tender.Amend{Bid: bid, Commitment: s.Commitment})
	if err != nil {
		return a.unsent(err, path, &old, id)
	}
	next.Previous = nil
	if err := writeBid(path, next); err != nil {
		return err
	}
	return a.printKept(rc, bid, path, fmt.Sprintf("re-sealed bid %d on tender %d with a new proposal", bid, id),
		fmt.Sprintf("the new salt and proposal replace the old in %s", path))
}

// bidOf returns the id of the kept bid k: as kept, or, when the commit's receipt never
// named it, the sender's live bid on its tender.
func (a *app) bidOf(ctx context.Context, b bidder, k keptBid) (ledger.BidID, error) {
	if k.Bid != 0 {
		return k.Bid, nil
	}
	tv, err := b.c.Tender(ctx, k.Tender)
	if err != nil {
		return 0, err
	}
	lb, ok := liveBid(tv, k.Bidder)
	if !ok {
		return 0, fmt.Errorf("tender %d holds no bid of %s", k.Tender, k.Bidder)
	}
	return lb.ID, nil
}
