package blocks

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// ErrDiverged reports a log whose replay does not give what it recorded: an outcome, a
// state hash, a transaction id or a block time that does not follow.
var ErrDiverged = errors.New("log does not replay")

// Replay applies the stored block b to s and checks that every transaction id, every
// outcome and the state hash after it are the ones recorded, and with sigs every
// signature too. prevTime is the previous block's time.
func Replay(s *ledger.State, b store.StoredBlock, prevTime int64, sigs bool) error {
	if err := checkTime(b, prevTime); err != nil {
		return err
	}
	if err := checkIDs(b); err != nil {
		return err
	}
	if sigs {
		if err := verifySigs(b); err != nil {
			return err
		}
	}
	if err := s.NeedsUpgrade(b.Height); err != nil {
		return err
	}
	return replayTxs(s, b)
}

// checkTime checks that block b is not earlier than the block before it.
func checkTime(b store.StoredBlock, prevTime int64) error {
	if b.Time < prevTime {
		return fmt.Errorf("%w: block %d time %d is before the previous block's %d", ErrDiverged, b.Height, b.Time, prevTime)
	}
	return nil
}

// replayTxs applies b's transactions, or begins it when it has none, and checks every
// outcome, the begin-block events and the state hash after it.
func replayTxs(s *ledger.State, b store.StoredBlock) error {
	blk := ledger.Block{Height: b.Height, Time: b.Time}
	Misbehaved(s, blk, b.Events)
	if len(b.Txs) == 0 {
		s.BeginBlock(blk)
	}
	for i := range b.Txs {
		r := &b.Txs[i]
		got, err := applyTx(s, blk, r)
		if err != nil {
			return err
		}
		if err := sameOutcome(blk, r, r.Outcome, got); err != nil {
			return err
		}
	}
	return endBlock(s, b)
}

// endBlock checks the protocol version, the begin-block events and the state hash after
// block b.
func endBlock(s *ledger.State, b store.StoredBlock) error {
	if v := max(b.Version, 1); v != s.Version() {
		return fmt.Errorf("%w: block %d records protocol version %d, replay applies version %d", ErrDiverged, b.Height, v, s.Version())
	}
	if err := sameEvents(s, b); err != nil {
		return err
	}
	if got := s.Hash(); got != b.Hash {
		return fmt.Errorf("%w: block %d records state hash %s, replay gives %s", ErrDiverged, b.Height, store.HexID(b.Hash), store.HexID(got))
	}
	return nil
}

// sameEvents checks that the begin-block work of b's replay produced the events b
// records. A block written before the log kept them (Kept false) has none to compare.
func sameEvents(s *ledger.State, b store.StoredBlock) error {
	if !b.Kept {
		return nil
	}
	want, err := json.Marshal(orEmpty(b.Events))
	if err != nil {
		return fmt.Errorf("block %d: encode recorded events: %w", b.Height, err)
	}
	have, err := json.Marshal(orEmpty(s.BlockEvents()))
	if err != nil {
		return fmt.Errorf("block %d: encode events: %w", b.Height, err)
	}
	if string(want) != string(have) {
		return fmt.Errorf("%w: block %d records begin-block events %s, replay gives %s", ErrDiverged, b.Height, want, have)
	}
	return nil
}

func orEmpty(evs []ledger.Event) []ledger.Event {
	if evs == nil {
		return []ledger.Event{}
	}
	return evs
}

// checkIDs checks that every transaction of b hashes to the id recorded for it.
func checkIDs(b store.StoredBlock) error {
	for _, r := range b.Txs {
		id, err := r.Tx.SigningHash()
		if err != nil {
			return fmt.Errorf("%w: block %d tx %d: %v", ErrDiverged, b.Height, r.Index, err)
		}
		if id != r.ID {
			return fmt.Errorf("%w: block %d tx %d records id %s, its body hashes to %s",
				ErrDiverged, b.Height, r.Index, store.HexID(r.ID), store.HexID(id))
		}
	}
	return nil
}

// where names transaction r of block blk in a failure.
func where(blk ledger.Block, r *store.TxRecord) string {
	return fmt.Sprintf("block %d tx %d", blk.Height, r.Index)
}

// applyTx checks and applies r's transaction in block blk and returns its outcome.
func applyTx(s *ledger.State, blk ledger.Block, r *store.TxRecord) (ledger.Outcome, error) {
	if err := s.Check(r.Tx); err != nil {
		return ledger.Outcome{}, fmt.Errorf("%w: %s (%s) fails admission: %v", ErrDiverged, where(blk, r), store.HexID(r.ID), err)
	}
	got, err := s.Apply(r.Tx, blk)
	if err != nil {
		return got, fmt.Errorf("%s (%s): %w", where(blk, r), store.HexID(r.ID), err)
	}
	return got, nil
}

// sameOutcome checks that the outcome the replay of r gave is the one recorded.
func sameOutcome(blk ledger.Block, r *store.TxRecord, recorded, got ledger.Outcome) error {
	want, err := json.Marshal(recorded)
	if err != nil {
		return fmt.Errorf("%s: encode recorded outcome: %w", where(blk, r), err)
	}
	return sameEncoded(blk, r, want, got)
}

// sameRowOutcome is sameOutcome for an outcome still in its row: the row's JSON is
// decoded only when it is not what the replay's outcome encodes to.
func sameRowOutcome(blk ledger.Block, r *store.TxRecord, row *store.TxRow, got ledger.Outcome) error {
	have, err := json.Marshal(got)
	if err != nil {
		return fmt.Errorf("%s: encode outcome: %w", where(blk, r), err)
	}
	if row.Outcome == string(have) {
		return nil
	}
	recorded, err := row.DecodeOutcome()
	if err != nil {
		return err
	}
	return sameOutcome(blk, r, recorded, got)
}

// sameEncoded checks that got encodes to want, the recorded outcome's encoding.
func sameEncoded(blk ledger.Block, r *store.TxRecord, want []byte, got ledger.Outcome) error {
	have, err := json.Marshal(got)
	if err != nil {
		return fmt.Errorf("%s: encode outcome: %w", where(blk, r), err)
	}
	if string(want) != string(have) {
		return fmt.Errorf("%w: %s (%s) records outcome %s, replay gives %s", ErrDiverged, where(blk, r), store.HexID(r.ID), want, have)
	}
	return nil
}

// Restore rebuilds the state the file holds: the latest checkpoint, if any, then every
// block after it, each checked by replay. It returns the state and the last block.
func Restore(db *store.DB, terms ledger.Terms) (*ledger.State, store.BlockInfo, error) {
	s, from, prev, err := fromCheckpoint(db, terms)
	if err != nil {
		return nil, store.BlockInfo{}, err
	}
	last, err := Last(db)
	if err != nil {
		return nil, store.BlockInfo{}, err
	}
	for b, err := range db.Blocks(from, last.Height) {
		if err != nil {
			return nil, last, err
		}
		if err := Replay(s, b, prev, false); err != nil {
			return nil, last, err
		}
		prev = b.Time
	}
	if s.Height() != last.Height {
		return nil, last, fmt.Errorf("%w: replay reached height %d, the log holds %d", ErrDiverged, s.Height(), last.Height)
	}
	return s, last, nil
}

// fromCheckpoint returns the checkpointed state, the first height to replay and the
// time of the block before it; or a new state under terms, 1 and 0 when there is no
// checkpoint.
func fromCheckpoint(db *store.DB, terms ledger.Terms) (*ledger.State, uint64, int64, error) {
	h, enc, ok, err := db.Checkpoint()
	if err != nil {
		return nil, 0, 0, err
	}
	if !ok {
		s, err := ledger.New(terms)
		return s, 1, 0, err
	}
	s, err := ledger.Decode(enc)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("decode checkpoint at height %d: %w", h, err)
	}
	if !SameTerms(s.Terms(), terms) {
		return nil, 0, 0, fmt.Errorf("%w: checkpoint at height %d has other founding terms", ErrDiverged, h)
	}
	rows := make([]store.BlockInfo, 0, 1)
	for b, err := range db.Blocks(h, h) {
		if err != nil {
			return nil, 0, 0, err
		}
		rows = append(rows, b.BlockInfo)
	}
	if len(rows) == 0 { // the checkpoint a snapshot's base wrote
		base, _, ok, err := db.Base()
		if err != nil {
			return nil, 0, 0, err
		}
		if !ok || base.Height != h {
			return nil, 0, 0, fmt.Errorf("%w: checkpoint at height %d has no block", ErrDiverged, h)
		}
		rows = append(rows, store.BlockInfo{Height: h, Time: base.Time, Hash: base.Hash})
	}
	b := rows[0]
	if s.Height() != h || s.Hash() != b.Hash {
		return nil, 0, 0, fmt.Errorf("%w: checkpoint at height %d is at height %d with hash %s; block %d records %s",
			ErrDiverged, h, s.Height(), store.HexID(s.Hash()), h, store.HexID(b.Hash))
	}
	return s, h + 1, b.Time, nil
}

// SameTerms reports whether a and b encode identically.
func SameTerms(a, b ledger.Terms) bool {
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	return errA == nil && errB == nil && string(ja) == string(jb)
}
