package comet

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"sync"

	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/ledger"
)

// decoded is one transaction of a block after decoding and signature verification.
type decoded struct {
	tx  *ledger.Tx
	id  [32]byte
	err error
}

// FinalizeBlock builds the decided block on the deliver state with blocks.Builder, the
// builder the solo engine shares, and returns one result per transaction and the app
// hash. It writes nothing: Commit does.
func (a *App) FinalizeBlock(_ context.Context, req *abci.RequestFinalizeBlock) (*abci.ResponseFinalizeBlock, error) {
	if a.deliver == nil {
		return nil, ErrNoGenesis
	}
	if a.pending != nil { // finalized again without a commit: start from the committed state
		if err := a.resetDeliver(); err != nil {
			return nil, err
		}
	}
	blk := ledger.Block{Height: uint64(req.Height), Time: req.Time.Unix()}
	txs := a.verifyAll(req.Txs)
	b, err := blocks.Start(a.deliver, blk)
	if err != nil {
		return nil, a.halt(err)
	}
	a.logEvidence(b.Evidence(evidenceOf(req.Misbehavior)))
	results := make([]*abci.ExecTxResult, len(txs))
	var dropped []decoded
	wires := make([][]byte, 0, len(txs)) // the encodings of the transactions b records
	for i, d := range txs {
		var out ledger.Outcome
		if d.err == nil {
			var err error
			if out, d.err, err = b.Add(d.tx, d.id); err != nil {
				return nil, fmt.Errorf("block %d tx %d: %w", blk.Height, i, err)
			}
		}
		if d.err != nil {
			results[i] = &abci.ExecTxResult{Code: codeOf(d.err), Log: d.err.Error()}
			if d.tx != nil {
				dropped = append(dropped, d)
			}
			continue
		}
		results[i] = resultOf(out)
		wires = append(wires, req.Txs[i])
	}
	cb, err := b.Seal(&a.ckpts)
	if err != nil {
		return nil, err
	}
	if len(wires) != len(cb.Txs) {
		return nil, fmt.Errorf("block %d: %d transactions recorded, %d admitted", blk.Height, len(cb.Txs), len(wires))
	}
	for i := range cb.Txs { // stored as the block carried them, not encoded again
		cb.Txs[i].Wire = wires[i]
	}
	_, appHash := a.Committed()
	if len(cb.Txs) > 0 {
		appHash = cb.Hash
	}
	a.pending = &finalized{block: cb, appHash: appHash, dropped: dropped}
	return &abci.ResponseFinalizeBlock{TxResults: results, AppHash: bytes.Clone(appHash[:]), ConsensusParamUpdates: versionUpdate(a.deliver),
		ValidatorUpdates: validatorUpdates(a.deliver)}, nil
}

// resetDeliver makes the deliver state a copy of the committed one.
func (a *App) resetDeliver() error {
	a.mu.RLock()
	c, err := clone(a.committed)
	a.mu.RUnlock()
	if err != nil {
		return err
	}
	a.deliver, a.pending = c, nil
	return nil
}

// resultOf is the result of an applied transaction: its outcome as JSON in Data, and a
// refusal's text in Log with CodeRefused.
func resultOf(out ledger.Outcome) *abci.ExecTxResult {
	data, _ := json.Marshal(out) // an Outcome always encodes
	r := &abci.ExecTxResult{Code: CodeOK, Data: data}
	if !out.OK() {
		r.Code, r.Log = CodeRefused, out.Err
	}
	return r
}

// verifyAll decodes and verifies every transaction of a block, in parallel; those
// this node verified before (at CheckTx) are not verified again.
func (a *App) verifyAll(raw [][]byte) []decoded {
	out := make([]decoded, len(raw))
	workers := min(runtime.GOMAXPROCS(0), (len(raw)+7)/8)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(raw); i += workers {
				tx, id, err := a.admissible(raw[i])
				out[i] = decoded{tx: tx, id: id, err: err}
			}
		})
	}
	wg.Wait()
	return out
}

// Commit writes the finalized block in one SQLite transaction, then applies it to the
// committed state, resets the check state and tells waiters and subscribers.
func (a *App) Commit(context.Context, *abci.RequestCommit) (*abci.ResponseCommit, error) {
	p := a.pending
	if p == nil {
		return nil, fmt.Errorf("commit without a finalized block")
	}
	if err := a.db.CommitBlock(p.block); err != nil {
		return nil, err
	}
	a.pending = nil
	prev := a.hashHeight
	if err := a.advance(p); err != nil {
		return nil, err
	}
	if len(p.block.Txs) > 0 {
		a.hashHeight = p.block.Height
		if a.snaps.due(p.block.Height, prev) {
			if err := a.snapshot(p); err != nil {
				return nil, err
			}
		}
	}
	a.check.reset()
	a.hub.committed(&p.block)
	for _, d := range p.dropped {
		a.hub.fail(d.id, d.err)
	}
	return &abci.ResponseCommit{RetainHeight: a.retainHeight(p.block.Height)}, nil
}

// snapshot starts a snapshot of the state Commit just made: the encoding is taken
// here, the chunks are written in the background.
func (a *App) snapshot(p *finalized) error {
	enc := p.block.Checkpoint // the same encoding, when the block was due a checkpoint
	if enc == nil {
		var err error
		a.mu.RLock()
		enc, err = a.committed.Encode()
		a.mu.RUnlock()
		if err != nil {
			return fmt.Errorf("snapshot at height %d: %w", p.block.Height, err)
		}
	}
	a.makeSnapshot(p.block.Height, p.appHash, enc)
	return nil
}

// advance applies the committed block to the committed state.
func (a *App) advance(p *finalized) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	b := &p.block
	blk := ledger.Block{Height: b.Height, Time: b.Time}
	a.committed.BeginBlock(blk)
	blocks.Misbehaved(a.committed, blk, b.Events)
	for _, r := range b.Txs {
		if _, err := a.committed.Apply(r.Tx, blk); err != nil {
			return fmt.Errorf("apply committed block %d tx %d: %w", b.Height, r.Index, err)
		}
	}
	a.committed.Hash() // memoised here, under the write lock, so that views only read it
	a.last = b.Info()
	a.appHash = p.appHash
	return nil
}
