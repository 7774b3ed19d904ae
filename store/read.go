package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"iter"

	"github.com/arena/arena/ledger"
)

// ErrGenesis reports founding terms that differ from the ones the file was opened with.
var ErrGenesis = errors.New("founding terms differ from the file's")

// ErrCorrupt reports a log that does not read back as this package wrote it.
var ErrCorrupt = errors.New("corrupt log")

// SetGenesis records the founding terms of a new file. Recording the same terms again is
// a no-op; recording different ones is refused with ErrGenesis, since nothing edits the
// founding terms later.
func (db *DB) SetGenesis(t ledger.Terms) error {
	j, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("encode genesis: %w", err)
	}
	ctx := context.Background()
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("set genesis: %w", err)
	}
	defer tx.Rollback()
	var old string
	err = tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'genesis'`).Scan(&old)
	switch {
	case err == nil && old == string(j):
		return nil
	case err == nil:
		return fmt.Errorf("set genesis: %w", ErrGenesis)
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("set genesis: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO meta(key, value) VALUES ('genesis', ?)`, string(j)); err != nil {
		return fmt.Errorf("set genesis: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("set genesis: %w", err)
	}
	return nil
}

// Genesis returns the founding terms, and false if none were recorded yet.
func (db *DB) Genesis() (ledger.Terms, bool, error) {
	var t ledger.Terms
	var j string
	err := db.r.QueryRow(`SELECT value FROM meta WHERE key = 'genesis'`).Scan(&j)
	if errors.Is(err, sql.ErrNoRows) {
		return t, false, nil
	}
	if err != nil {
		return t, false, fmt.Errorf("read genesis: %w", err)
	}
	if err := json.Unmarshal([]byte(j), &t); err != nil {
		return t, false, fmt.Errorf("read genesis: %w: %v", ErrCorrupt, err)
	}
	return t, true, nil
}

// LastBlock returns the row of the highest committed block, and false if there is none.
func (db *DB) LastBlock() (BlockInfo, bool, error) {
	row := db.r.QueryRow(`SELECT height, time, hash, txs, version FROM blocks ORDER BY height DESC LIMIT 1`)
	b, err := scanBlock(row)
	if errors.Is(err, sql.ErrNoRows) {
		return BlockInfo{}, false, nil
	}
	if err != nil {
		return BlockInfo{}, false, fmt.Errorf("read last block: %w", err)
	}
	return b, true, nil
}

// Checkpoint returns the latest full ledger encoding and the height it was taken at,
// and false if no checkpoint was written yet.
func (db *DB) Checkpoint() (uint64, []byte, bool, error) {
	var h uint64
	var state []byte
	err := db.r.QueryRow(`SELECT height, state FROM checkpoint ORDER BY height DESC LIMIT 1`).Scan(&h, &state)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil, false, nil
	}
	if err != nil {
		return 0, nil, false, fmt.Errorf("read checkpoint: %w", err)
	}
	return h, state, true, nil
}

// Tx returns the transaction with the given id, and false if the log has none.
func (db *DB) Tx(id [32]byte) (TxAt, bool, error) {
	row := db.r.QueryRow(`SELECT height, idx, id, wire, outcome FROM txs WHERE id = ?`, HexID(id))
	t, err := scanTx(row)
	if errors.Is(err, sql.ErrNoRows) {
		return TxAt{}, false, nil
	}
	if err != nil {
		return TxAt{}, false, fmt.Errorf("read tx %s: %w", HexID(id), err)
	}
	return t, true, nil
}

// BlockEvents returns every event the log keeps from its blocks' begin-block work (the
// events table's rows at BlockIndex), in block order.
func (db *DB) BlockEvents() ([]ledger.Event, error) {
	rows, err := db.r.Query(`SELECT height, seq, json FROM events WHERE idx = ? ORDER BY height, seq`, BlockIndex)
	if err != nil {
		return nil, fmt.Errorf("read block events: %w", err)
	}
	defer rows.Close()
	var out []ledger.Event
	for rows.Next() {
		var h uint64
		var seq int
		var j string
		if err := rows.Scan(&h, &seq, &j); err != nil {
			return nil, fmt.Errorf("read block events: %w", err)
		}
		var e ledger.Event
		if err := json.Unmarshal([]byte(j), &e); err != nil {
			return nil, fmt.Errorf("read block event %d.%d: %w: %v", h, seq, ErrCorrupt, err)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read block events: %w", err)
	}
	return out, nil
}

// blockPage is how many blocks Blocks and BlockRows read per query.
const blockPage = 256

// Blocks iterates over the committed blocks from height from (at least 1) to height to
// inclusive, in order, each with its transactions; a log that begins at a base (SetBase)
// has none at or below it. It reads a page of blocks at a time (BlockRows) and holds no
// rows open while the caller works, decoding each block's transactions as it yields
// it. A block whose row disagrees with its transactions yields ErrCorrupt, and one with
// a row that does not decode that row's error, after the blocks before it; iteration
// stops after the first error.
func (db *DB) Blocks(from, to uint64) iter.Seq2[StoredBlock, error] {
	return func(yield func(StoredBlock, error) bool) {
		for rb, err := range db.BlockRows(from, to) {
			var b StoredBlock
			if err == nil {
				b, err = rb.decode()
			}
			if err != nil {
				yield(StoredBlock{}, err)
				return
			}
			if !yield(b, nil) {
				return
			}
		}
	}
}

// decode returns the block with its transactions decoded.
func (b *RowBlock) decode() (StoredBlock, error) {
	sb := b.Stored()
	if len(b.Rows) > 0 {
		sb.Txs = make([]TxRecord, len(b.Rows))
	}
	for j := range b.Rows {
		var err error
		if sb.Txs[j], err = b.Rows[j].Record(); err != nil {
			return StoredBlock{}, err
		}
	}
	return sb, nil
}

// RowBlock is a block as BlockRows reads it: its row and begin-block events (as in
// StoredBlock), with its transactions' rows not yet decoded.
type RowBlock struct {
	BlockInfo
	Events []ledger.Event
	Kept   bool
	Rows   []TxRow
}

// Stored returns the block without its transactions.
func (b *RowBlock) Stored() StoredBlock {
	return StoredBlock{BlockInfo: b.BlockInfo, Events: b.Events, Kept: b.Kept}
}

// TxRow is one row of the txs table as the file holds it, not yet decoded: Record and
// its parts decode it, with the errors Blocks gives.
type TxRow struct {
	Height  uint64
	Index   int
	ID      string // 0x hex
	Wire    string // the transaction's JSON
	Outcome string // the outcome's JSON
	lo, hi  uint64 // the blocks it was read with, which its errors name
}

// BlockRows is Blocks with each transaction left undecoded, for a reader that decodes
// them elsewhere (on other cores); a block whose row disagrees with its transactions'
// rows yields ErrCorrupt, as in Blocks, and iteration stops after the first error.
func (db *DB) BlockRows(from, to uint64) iter.Seq2[RowBlock, error] {
	return func(yield func(RowBlock, error) bool) {
		base, err := baseHeight(context.Background(), db.r)
		if err != nil {
			yield(RowBlock{}, err)
			return
		}
		for lo := max(from, base+1); lo <= to; {
			hi := min(to, lo+blockPage-1)
			page, err := db.rowPage(lo, hi)
			if err != nil {
				yield(RowBlock{}, err)
				return
			}
			for _, b := range page {
				if !yield(b, nil) {
					return
				}
			}
			if len(page) == 0 || hi == to {
				return
			}
			lo = hi + 1
		}
	}
}

// rowPage reads blocks lo..hi and their transactions' rows.
func (db *DB) rowPage(lo, hi uint64) ([]RowBlock, error) {
	infos, err := db.blockRows(lo, hi)
	if err != nil {
		return nil, err
	}
	n := 0
	for _, info := range infos {
		n += info.BlockInfo.Txs
	}
	txs, err := db.txRows(lo, hi, n)
	if err != nil {
		return nil, err
	}
	page := make([]RowBlock, len(infos))
	next := 0
	for i, info := range infos {
		if want := lo + uint64(i); info.Height != want {
			return nil, fmt.Errorf("%w: block %d missing", ErrCorrupt, want)
		}
		page[i].BlockInfo, page[i].Events, page[i].Kept = info.BlockInfo, info.Events, info.Kept
		start := next
		for next < len(txs) && txs[next].Height == info.Height {
			next++
		}
		page[i].Rows = txs[start:next:next]
		if len(page[i].Rows) != info.BlockInfo.Txs {
			return nil, fmt.Errorf("%w: block %d records %d txs, log holds %d", ErrCorrupt, info.Height, info.BlockInfo.Txs, len(page[i].Rows))
		}
	}
	if next != len(txs) {
		return nil, fmt.Errorf("%w: tx at height %d belongs to no block", ErrCorrupt, txs[next].Height)
	}
	return page, nil
}

func (db *DB) blockRows(lo, hi uint64) ([]StoredBlock, error) {
	rows, err := db.r.Query(`SELECT height, time, hash, txs, events, version FROM blocks WHERE height BETWEEN ? AND ? ORDER BY height`, lo, hi)
	if err != nil {
		return nil, fmt.Errorf("read blocks %d-%d: %w", lo, hi, err)
	}
	defer rows.Close()
	var out []StoredBlock
	for rows.Next() {
		b, err := scanStored(rows)
		if err != nil {
			return nil, fmt.Errorf("read blocks %d-%d: %w", lo, hi, err)
		}
		out = append(out, b)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read blocks %d-%d: %w", lo, hi, err)
	}
	return out, nil
}

// txRows reads the rows of the transactions of blocks lo..hi, expecting about n.
func (db *DB) txRows(lo, hi uint64, n int) ([]TxRow, error) {
	rows, err := db.r.Query(`SELECT height, idx, id, wire, outcome FROM txs WHERE height BETWEEN ? AND ? ORDER BY height, idx`, lo, hi)
	if err != nil {
		return nil, fmt.Errorf("read txs of blocks %d-%d: %w", lo, hi, err)
	}
	defer rows.Close()
	out := make([]TxRow, 0, n)
	for rows.Next() {
		r := TxRow{lo: lo, hi: hi}
		if err := rows.Scan(&r.Height, &r.Index, &r.ID, &r.Wire, &r.Outcome); err != nil {
			return nil, fmt.Errorf("read txs of blocks %d-%d: %w", lo, hi, err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read txs of blocks %d-%d: %w", lo, hi, err)
	}
	return out, nil
}

// Record decodes the row: its id, its transaction and its outcome, in that order.
func (r *TxRow) Record() (TxRecord, error) {
	t, err := r.decode()
	return t.TxRecord, r.wrap(err)
}

// DecodeID decodes the row's id.
func (r *TxRow) DecodeID() ([32]byte, error) {
	id, err := r.id()
	return id, r.wrap(err)
}

// DecodeTx decodes the row's transaction (ledger.DecodeTx).
func (r *TxRow) DecodeTx() (*ledger.Tx, error) {
	tx, err := r.tx()
	return tx, r.wrap(err)
}

// DecodeOutcome decodes the row's outcome.
func (r *TxRow) DecodeOutcome() (ledger.Outcome, error) {
	o, err := r.outcome()
	return o, r.wrap(err)
}

// wrap names the blocks r was read with in err, as Blocks does.
func (r *TxRow) wrap(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("read txs of blocks %d-%d: %w", r.lo, r.hi, err)
}
