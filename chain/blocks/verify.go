package blocks

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"sync"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Report is what Verify checked.
type Report struct {
	Blocks int    `json:"blocks"`
	Txs    int    `json:"txs"`
	Hash   string `json:"state_hash"`      // 0x hex of the state hash after the last block
	Joins  int    `json:"joins,omitempty"` // founding join statements whose signatures were checked
	// From is the snapshot height a log restored by state sync begins at, and FromHash
	// the state hash there, which the snapshot was verified against when it was
	// applied; both are empty for a log that begins at genesis.
	From     uint64 `json:"from_height,omitempty"`
	FromHash string `json:"from_state_hash,omitempty"`
	// Pruned is set when the log begins at From because this node pruned the blocks
	// before it (store.DB.Prune), rather than because it joined there by state sync.
	Pruned bool `json:"pruned,omitempty"`
}

// Start says where the replay began: for a log restored from a snapshot, "history
// starts at snapshot height H (state hash 0x…): the blocks before it are not in this
// log"; for a pruned one, "history starts at snapshot height H (state hash 0x…): blocks
// before it were pruned"; for one from genesis, "history starts at genesis".
func (r Report) Start() string {
	if r.From == 0 {
		return "history starts at genesis"
	}
	if r.Pruned {
		return fmt.Sprintf("history starts at snapshot height %d (state hash %s): blocks before it were pruned", r.From, r.FromHash)
	}
	return fmt.Sprintf("history starts at snapshot height %d (state hash %s): the blocks before it are not in this log", r.From, r.FromHash)
}

// Verify replays the whole log in the file at path from genesis into a fresh ledger; a
// log restored from a snapshot is replayed from the state recorded at its base, after
// checking that state's height, founding terms and hash against the base. It
// checks every signature, every transaction id, every recorded outcome, every block's
// state hash and time, and that the checkpoint, if any, is the state at its height. The
// first failure is returned, wrapping ErrDiverged when the log does not replay.
func Verify(path string) (Report, error) {
	if _, err := os.Stat(path); err != nil {
		return Report{}, fmt.Errorf("verify: %w", err)
	}
	db, err := store.Open(path)
	if err != nil {
		return Report{}, fmt.Errorf("verify: %w", err)
	}
	defer db.Close()
	rep, err := verify(db)
	if err != nil {
		return rep, fmt.Errorf("verify %s: %w", path, err)
	}
	return rep, nil
}

func verify(db *store.DB) (Report, error) {
	var rep Report
	terms, ok, err := db.Genesis()
	if err != nil || !ok {
		return rep, fmt.Errorf("no founding terms: %v", err)
	}
	s, err := ledger.New(terms)
	if err != nil {
		return rep, fmt.Errorf("founding terms: %w", err)
	}
	rep.Joins = len(terms.Joins) // ledger.New checked each statement's two signatures
	var prev int64
	base, state, hasBase, err := db.Base()
	if err != nil {
		return rep, err
	}
	if hasBase {
		if s, err = baseState(base, state, terms); err != nil {
			return rep, err
		}
		rep.From, rep.FromHash, rep.Pruned, prev = base.Height, store.HexID(base.Hash), base.Pruned, base.Time
	}
	ckptHeight, ckpt, hasCkpt, err := db.Checkpoint()
	if err != nil {
		return rep, err
	}
	last, err := Last(db)
	if err != nil {
		return rep, err
	}
	ahead := checkAhead(db, last.Height)
	defer ahead.stop()
	for c, err := range ahead.blocks() {
		if err != nil {
			return rep, err
		}
		b := c.b
		if err := c.replay(s, prev); err != nil {
			return rep, err
		}
		if hasCkpt && b.Height == ckptHeight {
			if err := sameEncoding(s, ckpt, b.Height); err != nil {
				return rep, err
			}
		}
		prev = b.Time
		rep.Blocks++
		rep.Txs += len(b.Rows)
	}
	if uint64(rep.Blocks) != last.Height-rep.From {
		return rep, fmt.Errorf("%w: replayed %d blocks after height %d, the log ends at height %d", ErrDiverged, rep.Blocks, rep.From, last.Height)
	}
	rep.Hash = store.HexID(s.Hash())
	return rep, nil
}

// baseState decodes the state a snapshot's base recorded and checks it is the state the
// base names: its height, its founding terms and its hash.
func baseState(base store.Base, enc []byte, terms ledger.Terms) (*ledger.State, error) {
	s, err := ledger.Decode(enc)
	if err != nil {
		return nil, fmt.Errorf("%w: snapshot state at height %d: %v", ErrDiverged, base.Height, err)
	}
	switch {
	case s.Height() != base.Height:
		return nil, fmt.Errorf("%w: snapshot state at height %d is at height %d", ErrDiverged, base.Height, s.Height())
	case !SameTerms(s.Terms(), terms):
		return nil, fmt.Errorf("%w: snapshot state at height %d has other founding terms", ErrDiverged, base.Height)
	case s.Hash() != base.Hash:
		return nil, fmt.Errorf("%w: snapshot state at height %d hashes to %s, its verified hash is %s",
			ErrDiverged, base.Height, store.HexID(s.Hash()), store.HexID(base.Hash))
	}
	return s, nil
}

func sameEncoding(s *ledger.State, ckpt []byte, h uint64) error {
	enc, err := s.Encode()
	if err != nil {
		return fmt.Errorf("encode state at height %d: %w", h, err)
	}
	if !bytes.Equal(enc, ckpt) {
		return fmt.Errorf("%w: checkpoint at height %d is not the replayed state", ErrDiverged, h)
	}
	return nil
}

// verifySigs checks the signature of every transaction of b, in parallel, and returns
// the first failure by position.
func verifySigs(b store.StoredBlock) error {
	errs := make([]error, len(b.Txs))
	workers := min(runtime.GOMAXPROCS(0), (len(b.Txs)+7)/8)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(b.Txs); i += workers {
				errs[i] = b.Txs[i].Tx.Verify()
			}
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return fmt.Errorf("%w: block %d tx %d: %w", ErrDiverged, b.Height, i, err)
		}
	}
	return nil
}
