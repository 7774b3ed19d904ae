package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/arena/arena/ledger"
)

// ErrHeight reports a block whose height does not follow the last committed block.
var ErrHeight = errors.New("block height out of sequence")

// midBlock, when set by a test, runs inside CommitBlock after the transactions are
// written and before the rest of the block, so a test can crash the process there.
var midBlock func()

// CommitBlock writes b in one SQLite transaction and returns once it is durable. b's
// height must be one more than the last committed block's (ErrHeight otherwise). On
// any error nothing of b is kept. It is Encode and then Commit.
func (db *DB) CommitBlock(b CommittedBlock) error {
	e, err := Encode(&b)
	if err != nil {
		return err
	}
	return db.Commit(e)
}

// EncodedBlock is a block with every row CommitBlock writes for it encoded: the part of
// a commit that needs no file, so an engine can encode a block while the one before it
// is still being written, and the writer only writes.
type EncodedBlock struct {
	height     uint64
	time       int64
	hash       string
	txs        int
	events     string // the begin-block events, a JSON array
	version    uint64 // the protocol version the block was applied under
	checkpoint []byte
	txRows     []any // txCols values a transaction, in block order
	eventRows  []any // eventCols values an event, in sequence order
}

// The columns of the rows a block adds to the txs and events tables, in the order
// EncodedBlock holds their values.
const (
	txCols    = `height, idx, id, sender, nonce, kind, wire, outcome`
	eventCols = `height, seq, idx, type, json`
)

// EncodedTx is one transaction's rows encoded, apart from where its block puts them:
// see EncodeTx.
type EncodedTx struct {
	id                   [32]byte
	sender, kind         string
	nonce                int64
	wire, outcome, hexID string
	events               []encodedEvent
}

type encodedEvent struct{ typ, json string }

// EncodeTx encodes what the log keeps of r: its wire form (r.Wire as it is, when set),
// its outcome and each of its events, in the ledger's JSON. An engine can encode each
// transaction as soon as it is applied, and hand EncodeBlock the results.
func EncodeTx(r *TxRecord) (EncodedTx, error) {
	wire := r.Wire
	if wire == nil {
		var err error
		if wire, err = json.Marshal(r.Tx); err != nil {
			return EncodedTx{}, fmt.Errorf("encode tx %s: %w", HexID(r.ID), err)
		}
	}
	out, err := json.Marshal(r.Outcome)
	if err != nil {
		return EncodedTx{}, fmt.Errorf("encode outcome of tx %s: %w", HexID(r.ID), err)
	}
	e := EncodedTx{id: r.ID, hexID: HexID(r.ID), sender: addr(r.Tx.From), nonce: int64(r.Tx.Nonce),
		kind: string(r.Tx.Body.Kind()), wire: string(wire), outcome: string(out)}
	if e.events, err = encodeEvents(r.Outcome.Events); err != nil {
		return EncodedTx{}, fmt.Errorf("tx %s: %w", e.hexID, err)
	}
	return e, nil
}

func encodeEvents(evs []ledger.Event) ([]encodedEvent, error) {
	var out []encodedEvent
	for _, ev := range evs {
		j, err := json.Marshal(ev)
		if err != nil {
			return nil, fmt.Errorf("encode event: %w", err)
		}
		out = append(out, encodedEvent{typ: ev.Type, json: string(j)})
	}
	return out, nil
}

// Encode encodes everything CommitBlock writes for b.
func Encode(b *CommittedBlock) (*EncodedBlock, error) { return EncodeBlock(b, nil) }

// EncodeBlock is Encode with b's transactions already encoded: txs[i] is
// EncodeTx(&b.Txs[i]), or txs is nil and EncodeBlock encodes them.
func EncodeBlock(b *CommittedBlock, txs []EncodedTx) (_ *EncodedBlock, err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("commit block %d: %w", b.Height, err)
		}
	}()
	if txs != nil && len(txs) != len(b.Txs) {
		return nil, fmt.Errorf("%d transactions encoded for %d in the block", len(txs), len(b.Txs))
	}
	evs := b.Events
	if evs == nil {
		evs = []ledger.Event{}
	}
	blockEvents, err := json.Marshal(evs)
	if err != nil {
		return nil, fmt.Errorf("encode block events: %w", err)
	}
	begin, err := encodeEvents(b.Events)
	if err != nil {
		return nil, err
	}
	e := &EncodedBlock{height: b.Height, time: b.Time, hash: HexID(b.Hash), txs: len(b.Txs), events: string(blockEvents),
		version: max(b.Version, 1), checkpoint: b.Checkpoint, txRows: make([]any, 0, 8*len(b.Txs))}
	height := int64(b.Height)
	seq := 0
	addEvents := func(idx int, evs []encodedEvent) {
		for _, ev := range evs {
			e.eventRows = append(e.eventRows, height, seq, idx, ev.typ, ev.json)
			seq++
		}
	}
	addEvents(BlockIndex, begin)
	for i := range b.Txs {
		r := &b.Txs[i]
		if r.Index != i {
			return nil, fmt.Errorf("tx %s has index %d at position %d", HexID(r.ID), r.Index, i)
		}
		var t EncodedTx
		if txs == nil {
			if t, err = EncodeTx(r); err != nil {
				return nil, err
			}
		} else if t = txs[i]; t.id != r.ID {
			return nil, fmt.Errorf("tx %d encoded as %s, is %s", i, HexID(t.id), HexID(r.ID))
		}
		e.txRows = append(e.txRows, height, i, t.hexID, t.sender, t.nonce, t.kind, t.wire, t.outcome)
		addEvents(i, t.events)
	}
	return e, nil
}

// Commit writes e in one SQLite transaction and returns once it is durable, as
// CommitBlock does.
func (db *DB) Commit(e *EncodedBlock) (err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("commit block %d: %w", e.height, err)
		}
	}()
	ctx := context.Background()
	st, err := db.writes(ctx)
	if err != nil {
		return err
	}
	tx, err := db.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := checkHeight(ctx, tx.StmtContext(ctx, st.last), e.height); err != nil {
		return err
	}
	if err := insertRows(ctx, tx, &st.txs, e.txRows); err != nil {
		return fmt.Errorf("insert txs: %w", err)
	}
	if midBlock != nil {
		midBlock()
	}
	if err := insertRows(ctx, tx, &st.events, e.eventRows); err != nil {
		return fmt.Errorf("insert events: %w", err)
	}
	if e.checkpoint != nil {
		if _, err := tx.StmtContext(ctx, st.dropCheckpoint).ExecContext(ctx); err != nil {
			return fmt.Errorf("drop old checkpoint: %w", err)
		}
		if _, err := tx.StmtContext(ctx, st.checkpoint).ExecContext(ctx, e.height, e.checkpoint); err != nil {
			return fmt.Errorf("insert checkpoint: %w", err)
		}
	}
	if _, err := tx.StmtContext(ctx, st.block).ExecContext(ctx, e.height, e.time, e.hash, e.txs, e.events, e.version); err != nil {
		return fmt.Errorf("insert block row: %w", err)
	}
	return tx.Commit()
}

// BlockIndex is the tx index the events table gives an event of the block's own
// begin-block work, which no transaction caused.
const BlockIndex = -1

// checkHeight refuses h unless it follows the last committed block, or the base of a
// log that begins at a snapshot.
func checkHeight(ctx context.Context, last *sql.Stmt, h uint64) error {
	var after uint64
	if err := last.QueryRowContext(ctx).Scan(&after); err != nil {
		return fmt.Errorf("read last height: %w", err)
	}
	if h != after+1 {
		return fmt.Errorf("%w: got %d after %d", ErrHeight, h, after)
	}
	return nil
}

// chunks are the row counts of the multi-row INSERTs a commit writes its transactions
// and events with, largest first: a block's rows go in as few statements as these add
// up to, each prepared once.
var chunks = [...]int{64, 16, 4, 1}

// insertRows inserts rows, cols values each, with the multi-row statements of ins.
func insertRows(ctx context.Context, tx *sql.Tx, ins *inserts, rows []any) error {
	for i, n := range chunks {
		for size := n * ins.cols; len(rows) >= size; rows = rows[size:] {
			if _, err := tx.StmtContext(ctx, ins.stmts[i]).ExecContext(ctx, rows[:size]...); err != nil {
				return err
			}
		}
	}
	return nil
}

// inserts are the prepared statements that insert rows of cols values into one table,
// one for each of chunks' row counts.
type inserts struct {
	cols  int
	stmts [len(chunks)]*sql.Stmt
}

// writeStmts are the writer's prepared statements for commits, prepared on the first
// commit and kept until Close: compiling them anew for every block cost more than most
// of what they write.
type writeStmts struct {
	mu             sync.Mutex
	ready          bool
	last           *sql.Stmt // the height a new block must follow
	txs, events    inserts
	block          *sql.Stmt
	dropCheckpoint *sql.Stmt
	checkpoint     *sql.Stmt
	all            []*sql.Stmt // every statement above, for close
}

// writes returns the commit statements, preparing them on the writer the first time.
// It must not be called inside a write transaction: the writer has one connection.
func (db *DB) writes(ctx context.Context) (*writeStmts, error) {
	s := &db.stmts
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ready {
		return s, nil
	}
	prep := func(q string) (*sql.Stmt, error) {
		st, err := db.w.PrepareContext(ctx, q)
		if err != nil {
			return nil, fmt.Errorf("prepare %.40s: %w", q, err)
		}
		s.all = append(s.all, st)
		return st, nil
	}
	var err error
	queries := []struct {
		st **sql.Stmt
		q  string
	}{
		{&s.last, `SELECT MAX((SELECT COALESCE(MAX(height), 0) FROM blocks), (SELECT COALESCE(MAX(height), 0) FROM base))`},
		{&s.block, `INSERT INTO blocks(height, time, hash, txs, events, version) VALUES (?, ?, ?, ?, ?, ?)`},
		{&s.dropCheckpoint, `DELETE FROM checkpoint`},
		{&s.checkpoint, `INSERT INTO checkpoint(height, state) VALUES (?, ?)`},
	}
	for _, q := range queries {
		if *q.st, err = prep(q.q); err != nil {
			s.close()
			return nil, err
		}
	}
	for _, t := range []struct {
		ins         *inserts
		table, cols string
	}{{&s.txs, "txs", txCols}, {&s.events, "events", eventCols}} {
		t.ins.cols = strings.Count(t.cols, ",") + 1
		row := "(?" + strings.Repeat(", ?", t.ins.cols-1) + ")"
		for i, n := range chunks {
			q := "INSERT OR ROLLBACK INTO " + t.table + "(" + t.cols + ") VALUES " + row + strings.Repeat(", "+row, n-1)
			if t.ins.stmts[i], err = prep(q); err != nil {
				s.close()
				return nil, err
			}
		}
	}
	s.ready = true
	return s, nil
}

// close closes every prepared statement; the next commit prepares them again.
func (s *writeStmts) close() error {
	var errs []error
	for _, st := range s.all {
		errs = append(errs, st.Close())
	}
	s.all, s.ready = nil, false
	return errors.Join(errs...)
}
