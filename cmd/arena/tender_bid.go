package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/arena/arena/account"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/tender"
)

// seal is what opens a sealed bid: the salt and the proposal its commitment hashes with
// the bidder's address.
type seal struct {
	Salt       string `json:"salt"`
	Proposal   string `json:"proposal"`
	Commitment string `json:"commitment"`
}

// keptBid is what a bidder keeps to reveal a sealed bid, written readable by its owner
// only under the arena directory's tender-bids/ folder. It never leaves the machine
// until the reveal; losing it loses the deposit, since nothing else can open the seal.
type keptBid struct {
	Chain  string          `json:"chain"`
	Tender ledger.TenderID `json:"tender"`
	Bid    ledger.BidID    `json:"bid"` // 0 until the commit's receipt named it
	Bidder ledger.Address  `json:"bidder"`
	seal
	// Previous is the seal an amendment not yet confirmed replaces: until it is, either
	// may be the one the ledger holds.
	Previous *seal `json:"previous,omitempty"`
}

// newSeal seals proposal for bidder under a fresh random salt of 32 hex digits.
func newSeal(bidder ledger.Address, proposal string) (seal, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return seal{}, fmt.Errorf("salt: %w", err)
	}
	s := seal{Salt: hex.EncodeToString(b[:]), Proposal: proposal}
	s.Commitment = tender.Commitment(s.Salt, strings.ToLower(bidder.String()), proposal)
	return s, nil
}

// bidPath returns where the bid of bidder on tender t of chain is kept.
func (a *app) bidPath(chain string, t ledger.TenderID, bidder ledger.Address) string {
	return filepath.Join(a.dir, "tender-bids", fmt.Sprintf("%s-%d-%s.json", chain, t, strings.ToLower(bidder.String())))
}

// readBid reads the bid kept at path.
func readBid(path string) (keptBid, error) {
	var k keptBid
	b, err := os.ReadFile(path)
	if err != nil {
		return k, err
	}
	if err := json.Unmarshal(b, &k); err != nil {
		return k, fmt.Errorf("%s: %w", path, err)
	}
	return k, nil
}

// writeBid writes k to path, readable by its owner only.
func writeBid(path string, k keptBid) error {
	b, _ := json.MarshalIndent(k, "", "  ") // strings and numbers always encode
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("keep the salt and proposal: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("keep the salt and proposal: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("keep the salt and proposal: %w", err)
	}
	return nil
}

// restore puts back what path held before a transaction that was refused: old, or
// nothing when old is nil.
func restore(path string, old *keptBid) error {
	if old == nil {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	return writeBid(path, *old)
}

// isRefusal reports whether err is a refusal, at admission or by the ledger: nothing the
// transaction would have done happened. Any other failure (the node went away) leaves
// open whether it committed.
func isRefusal(err error) bool {
	var ce *client.Error
	return errors.As(err, &ce)
}

// proposalFlags are the proposal a bid seals: inline or from a file.
type proposalFlags struct{ text, file string }

func (pf *proposalFlags) register(c *cobra.Command) {
	c.Flags().StringVar(&pf.text, "proposal", "", "the proposal, inline")
	c.Flags().StringVar(&pf.file, "proposal-file", "", "read the proposal from a file")
	c.MarkFlagsMutuallyExclusive("proposal", "proposal-file")
	c.MarkFlagsOneRequired("proposal", "proposal-file")
}

// read returns the proposal, refusing one that could never be revealed: a deposit
// sealed on it would be lost.
func (pf *proposalFlags) read() (string, error) {
	p, err := textOrFile("proposal", pf.text, pf.file)
	if err != nil {
		return "", err
	}
	if n := utf8.RuneCountInString(p); n < tender.MinProposalLen || n > tender.MaxProposalLen || !utf8.ValidString(p) {
		return "", fmt.Errorf("the proposal is %d characters; a tender reveals only valid UTF-8 of %d to %d, so this one could never be revealed and its deposit would be lost",
			n, tender.MinProposalLen, tender.MaxProposalLen)
	}
	return p, nil
}

// bidder is the signer, the client and the arena's terms a bidder's verb works with.
type bidder struct {
	key   *account.Key
	c     *client.Client
	terms ledger.Terms
}

func (a *app) bidder(ctx context.Context) (bidder, error) {
	k, err := a.signer()
	if err != nil {
		return bidder{}, err
	}
	c, err := a.client()
	if err != nil {
		return bidder{}, err
	}
	ar, err := c.Arena(ctx)
	if err != nil {
		return bidder{}, err
	}
	return bidder{key: k, c: c, terms: ar.Terms}, nil
}

// liveBid returns the bidder's bid on tv that is not withdrawn, if any.
func liveBid(tv ledger.TenderView, who ledger.Address) (ledger.BidView, bool) {
	for _, b := range tv.Bids {
		if b.Bidder == who && b.Status != tender.BidWithdrawn {
			return b, true
		}
	}
	return ledger.BidView{}, false
}
