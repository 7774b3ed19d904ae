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
	if err := s.Scan(&b.Height, &b.Time, &hash, &b.Txs); err != nil {
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
	if err := s.Scan(&b.Height, &b.Time, &hash, &b.BlockInfo.Txs, &evs); err != nil {
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
	var t TxAt
	var id, wire, out string
	if err := s.Scan(&t.Height, &t.Index, &id, &wire, &out); err != nil {
		return t, err
	}
	var err error
	if t.ID, err = ParseID(id); err != nil {
		return t, fmt.Errorf("%w: tx %d.%d id: %v", ErrCorrupt, t.Height, t.Index, err)
	}
	if t.Tx, err = ledger.DecodeTx([]byte(wire)); err != nil {
		return t, fmt.Errorf("%w: tx %d.%d: %v", ErrCorrupt, t.Height, t.Index, err)
	}
	if err := json.Unmarshal([]byte(out), &t.Outcome); err != nil {
		return t, fmt.Errorf("%w: tx %d.%d outcome: %v", ErrCorrupt, t.Height, t.Index, err)
	}
	return t, nil
}
