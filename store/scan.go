package store

import (
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/arena/arena/ledger"
)

// scanner is what *sql.Row and *sql.Rows have in common.
type scanner interface{ Scan(dest ...any) error }

func scanBlock(s scanner) (BlockInfo, error) {
	var b BlockInfo
	var hash string
	if err := s.Scan(&b.Height, &b.Time, &hash, &b.Txs, &b.Version); err != nil {
		return b, err
	}
	h, err := ParseID(hash)
	if err != nil {
		return b, fmt.Errorf("%w: block %d hash: %v", ErrCorrupt, b.Height, err)
	}
	b.Hash = h
	return b, nil
}

// scanStored reads a block row with its begin-block events: a NULL column is a block
// written before the log kept them (Kept false).
func scanStored(s scanner) (StoredBlock, error) {
	var b StoredBlock
	var hash string
	var evs sql.NullString
	if err := s.Scan(&b.Height, &b.Time, &hash, &b.BlockInfo.Txs, &evs, &b.Version); err != nil {
		return b, err
	}
	h, err := ParseID(hash)
	if err != nil {
		return b, fmt.Errorf("%w: block %d hash: %v", ErrCorrupt, b.Height, err)
	}
	b.Hash = h
	if !evs.Valid {
		return b, nil
	}
	b.Kept = true
	if err := json.Unmarshal([]byte(evs.String), &b.Events); err != nil {
		return b, fmt.Errorf("%w: block %d events: %v", ErrCorrupt, b.Height, err)
	}
	if len(b.Events) == 0 {
		b.Events = nil
	}
	return b, nil
}

func scanTx(s scanner) (TxAt, error) {
	var r TxRow
	if err := s.Scan(&r.Height, &r.Index, &r.ID, &r.Wire, &r.Outcome); err != nil {
		return TxAt{}, err
	}
	return r.decode()
}

// decode decodes the row's id, transaction and outcome, stopping at the first that fails.
func (r *TxRow) decode() (TxAt, error) {
	t := TxAt{Height: r.Height, TxRecord: TxRecord{Index: r.Index}}
	var err error
	if t.ID, err = r.id(); err != nil {
		return t, err
	}
	if t.Tx, err = r.tx(); err != nil {
		return t, err
	}
	t.Outcome, err = r.outcome()
	return t, err
}

func (r *TxRow) id() ([32]byte, error) {
	id, err := ParseID(r.ID)
	if err != nil {
		return id, fmt.Errorf("%w: tx %d.%d id: %v", ErrCorrupt, r.Height, r.Index, err)
	}
	return id, nil
}

func (r *TxRow) tx() (*ledger.Tx, error) {
	tx, err := ledger.DecodeTx([]byte(r.Wire))
	if err != nil {
		return nil, fmt.Errorf("%w: tx %d.%d: %v", ErrCorrupt, r.Height, r.Index, err)
	}
	return tx, nil
}

func (r *TxRow) outcome() (ledger.Outcome, error) {
	var o ledger.Outcome
	if err := json.Unmarshal([]byte(r.Outcome), &o); err != nil {
		return o, fmt.Errorf("%w: tx %d.%d outcome: %v", ErrCorrupt, r.Height, r.Index, err)
	}
	return o, nil
}
