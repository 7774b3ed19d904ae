package comet

import (
	"slices"

	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// ErrDiverged reports a file whose blocks do not replay to what they recorded.
var ErrDiverged = blocks.ErrDiverged

// restored is the state a file holds, with what Info reports about it.
type restored struct {
	state      *ledger.State
	last       store.BlockInfo // zero before block 1
	appHash    [32]byte        // the app hash after last
	hashHeight uint64          // the height whose state hash appHash is; 0 for genesis
}

// restore rebuilds the state of db under terms (see blocks.Restore: the latest
// checkpoint, then every block after it, each checked against its recorded outcomes and
// state hash) and finds the app hash after the last block.
func restore(db *store.DB, terms ledger.Terms) (restored, error) {
	s, last, err := blocks.Restore(db, terms)
	if err != nil {
		return restored{}, err
	}
	h, at, err := appHashBefore(db, terms, last.Height+1)
	if err != nil {
		return restored{}, err
	}
	return restored{state: s, last: last, appHash: h, hashHeight: at}, nil
}

// appHashBefore returns the app hash as of height from-1 and the height it was made at:
// the state hash of the last block before from that recorded a transaction; else, in a
// log restored from a snapshot, the snapshot's verified hash; else the genesis state's
// hash, at height 0.
func appHashBefore(db *store.DB, terms ledger.Terms, from uint64) ([32]byte, uint64, error) {
	base, _, hasBase, err := db.Base()
	if err != nil {
		return [32]byte{}, 0, err
	}
	for hi := from - 1; hi > base.Height; {
		lo := base.Height + 1
		if hi-lo > 255 {
			lo = hi - 255
		}
		var page []store.StoredBlock
		for b, err := range db.Blocks(lo, hi) {
			if err != nil {
				return [32]byte{}, 0, err
			}
			page = append(page, b)
		}
		for _, b := range slices.Backward(page) {
			if len(b.Txs) > 0 {
				return b.Hash, b.Height, nil
			}
		}
		if lo == base.Height+1 {
			break
		}
		hi = lo - 1
	}
	if hasBase {
		return base.Hash, base.Height, nil
	}
	s, err := ledger.New(terms)
	if err != nil {
		return [32]byte{}, 0, err
	}
	return s.Hash(), 0, nil
}
