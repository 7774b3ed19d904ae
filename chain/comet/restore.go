package comet

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// ErrDiverged reports a file whose blocks do not replay to what they recorded.
var ErrDiverged = errors.New("log does not replay")

// restored is the state a file holds, with what Info reports about it.
type restored struct {
	state   *ledger.State
	last    store.BlockInfo // zero before block 1
	appHash [32]byte        // the app hash after last
}

// restore rebuilds the state of db under terms: the latest checkpoint, if any, then
// every block after it, checking each recorded outcome and, for every block that
// recorded a transaction and for the last one, the state hash.
func restore(db *store.DB, terms ledger.Terms) (restored, error) {
	r := restored{}
	s, from, err := startState(db, terms)
	if err != nil {
		return r, err
	}
	r.state = s
	last, ok, err := db.LastBlock()
	if err != nil {
		return r, err
	}
	if !ok {
		r.appHash = s.Hash()
		return r, nil
	}
	var lastTx uint64 // height of the last block with a transaction
	for b, err := range db.Blocks(from, last.Height) {
		if err != nil {
			return r, err
		}
		if err := replayBlock(s, b, b.Height == last.Height); err != nil {
			return r, err
		}
		if len(b.Txs) > 0 {
			lastTx, r.appHash = b.Height, b.Hash
		}
	}
	if s.Height() != last.Height {
		return r, fmt.Errorf("%w: replay reached height %d, the file holds %d", ErrDiverged, s.Height(), last.Height)
	}
	if lastTx == 0 {
		if r.appHash, err = appHashBefore(db, terms, from); err != nil {
			return r, err
		}
	}
	s.TakeDirty() // the view tables already hold every block replayed
	r.last = last
	return r, nil
}

// startState returns the checkpointed state and the first height to replay, or a new
// state under terms and 1.
func startState(db *store.DB, terms ledger.Terms) (*ledger.State, uint64, error) {
	h, enc, ok, err := db.Checkpoint()
	if err != nil {
		return nil, 0, err
	}
	if !ok {
		s, err := ledger.New(terms)
		return s, 1, err
	}
	s, err := ledger.Decode(enc)
	if err != nil {
		return nil, 0, fmt.Errorf("decode checkpoint at height %d: %w", h, err)
	}
	if !sameTerms(s.Terms(), terms) {
		return nil, 0, fmt.Errorf("%w: checkpoint at height %d has other founding terms", ErrDiverged, h)
	}
	return s, h + 1, nil
}

// appHashBefore returns the app hash as of height from-1: the state hash of the last
// block before from that recorded a transaction, or the genesis state's hash.
func appHashBefore(db *store.DB, terms ledger.Terms, from uint64) ([32]byte, error) {
	for hi := from - 1; hi >= 1; {
		lo := max(1, hi-255)
		var page []store.StoredBlock
		for b, err := range db.Blocks(lo, hi) {
			if err != nil {
				return [32]byte{}, err
			}
			page = append(page, b)
		}
		for _, b := range slices.Backward(page) {
			if len(b.Txs) > 0 {
				return b.Hash, nil
			}
		}
		if lo == 1 {
			break
		}
		hi = lo - 1
	}
	s, err := ledger.New(terms)
	if err != nil {
		return [32]byte{}, err
	}
	return s.Hash(), nil
}

// replayBlock applies the stored block b to s, checking every outcome, and the state
// hash when b recorded a transaction or check is set.
func replayBlock(s *ledger.State, b store.StoredBlock, check bool) error {
	blk := ledger.Block{Height: b.Height, Time: b.Time}
	s.BeginBlock(blk)
	for _, r := range b.Txs {
		if err := s.Check(r.Tx); err != nil {
			return fmt.Errorf("%w: block %d tx %d fails admission: %v", ErrDiverged, b.Height, r.Index, err)
		}
		got, err := s.Apply(r.Tx, blk)
		if err != nil {
			return fmt.Errorf("block %d tx %d: %w", b.Height, r.Index, err)
		}
		if !sameOutcome(got, r.Outcome) {
			return fmt.Errorf("%w: block %d tx %d records another outcome than replay gives", ErrDiverged, b.Height, r.Index)
		}
	}
	if len(b.Txs) > 0 || check {
		if got := s.Hash(); got != b.Hash {
			return fmt.Errorf("%w: block %d records state hash %s, replay gives %s",
				ErrDiverged, b.Height, store.HexID(b.Hash), store.HexID(got))
		}
	}
	return nil
}

func sameOutcome(a, b ledger.Outcome) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(ja, jb)
}

func sameTerms(a, b ledger.Terms) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && bytes.Equal(ja, jb)
}

// fillViews copies into cb the view rows of everything the block changed, and in the
// first block the genesis wallets too, which no transaction may ever touch.
func fillViews(cb *store.CommittedBlock, s *ledger.State, first bool) {
	d := s.TakeDirty()
	if first {
		for _, g := range s.Terms().Genesis {
			d.Accounts = append(d.Accounts, g.Address)
		}
		slices.SortFunc(d.Accounts, func(a, b ledger.Address) int { return bytes.Compare(a[:], b[:]) })
		d.Accounts = slices.Compact(d.Accounts)
	}
	for _, id := range d.Tasks {
		if v, ok := s.Task(id); ok {
			cb.Tasks = append(cb.Tasks, v)
		}
	}
	for _, id := range d.Entries {
		if v, ok := s.Entry(id); ok {
			cb.Entries = append(cb.Entries, v)
		}
	}
	for _, id := range d.Rounds {
		if v, ok := s.Round(id); ok {
			cb.Rounds = append(cb.Rounds, v)
		}
	}
	for _, a := range d.Accounts {
		cb.Accounts = append(cb.Accounts, store.Account{Address: a, Wallet: s.Balance(a),
			Claimable: s.Claimable(a), Reputation: s.Reputation(a)})
	}
}
