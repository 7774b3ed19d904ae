package solo

import (
	"strings"
	"time"

	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// run is the sequencer: it builds, commits and acknowledges one block at a time until
// Close or a failure, then answers whatever is still queued. When the last block
// started a match or a run that waits for the next block's anchor, it makes that block
// itself, empty if no transaction comes within MaxWait.
func (e *Engine) run() {
	defer close(e.done)
	defer e.drain()
	for {
		anchor := e.awaitsAnchor()
		batch, more := e.collect(anchor)
		switch {
		case len(batch) > 0:
			if !e.seal(batch) {
				return
			}
		case more && anchor:
			if !e.seal(nil) {
				return
			}
		}
		if !more {
			return
		}
	}
}

// awaitsAnchor reports whether the state waits for a block to anchor a seed.
func (e *Engine) awaitsAnchor() bool {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return e.state.AwaitsAnchor()
}

// collect waits for a first transaction, then takes more until MaxBatch are queued,
// MaxWait has passed since the first, or none has arrived for a quiet gap (an eighth of
// MaxWait): once submitters stop arriving, waiting longer only adds latency. An
// attestation cuts the block at once, with whatever else is already queued: a grading
// round waits on it, and its validator on its receipt. With anchor it waits for the
// first at most MaxWait, and returns no batch when none came. more is false once Close
// was called.
func (e *Engine) collect(anchor bool) (batch []*request, more bool) {
	var idle <-chan time.Time
	if anchor {
		t := time.NewTimer(e.cfg.MaxWait)
		defer t.Stop()
		idle = t.C
	}
	select {
	case r := <-e.queue:
		batch = append(batch, r)
	case <-idle:
		return nil, true
	case <-e.quit:
		return nil, false
	}
	if attests(batch[0]) {
		return e.queued(batch), true
	}
	deadline := time.Now().Add(e.cfg.MaxWait)
	gap := e.cfg.MaxWait / 8
	quiet := time.NewTimer(gap)
	defer quiet.Stop()
	for len(batch) < e.cfg.MaxBatch {
		select {
		case r := <-e.queue:
			batch = append(batch, r)
			if attests(r) {
				return e.queued(batch), true
			}
			quiet.Reset(min(gap, time.Until(deadline)))
		case <-quiet.C:
			return batch, true
		case <-e.quit:
			return batch, false
		}
	}
	return batch, true
}

// queued adds to batch the transactions already queued, up to MaxBatch, without waiting.
func (e *Engine) queued(batch []*request) []*request {
	for len(batch) < e.cfg.MaxBatch {
		select {
		case r := <-e.queue:
			batch = append(batch, r)
		default:
			return batch
		}
	}
	return batch
}

// attests reports whether r is an attestation: a validator's result for a grading
// round, of any contest kind (attest, tender_attest, challenge_attest, ...: every kind
// whose name ends in "attest").
func attests(r *request) bool {
	return r.tx.Body != nil && strings.HasSuffix(string(r.tx.Body.Kind()), "attest")
}

// drain answers every queued transaction once the sequencer has stopped.
func (e *Engine) drain() {
	err := e.stopped()
	for {
		select {
		case r := <-e.queue:
			r.reply <- result{err: err}
		default:
			return
		}
	}
}

// seal admits, applies and commits one block from batch, then acknowledges it; an
// empty batch is an empty block, the anchor one. It reports false if the engine halted.
func (e *Engine) seal(batch []*request) bool {
	e.mu.Lock()
	cb, admitted, err := e.build(batch)
	empty := len(admitted) == 0 && len(batch) > 0 // every transaction refused: no block
	if err == nil && !empty {
		err = e.db.CommitBlock(cb)
	}
	e.mu.Unlock()
	if err != nil {
		e.fail(err)
		e.answer(batch, nil, e.stopped())
		return false
	}
	if empty {
		return true
	}
	e.last = cb.Info()
	e.answer(admitted, &cb, nil)
	e.subs.Publish(blocks.Of(&cb))
	return true
}

// build admits and applies batch in a new block (see blocks.Builder). Refused
// transactions are answered at once and left out; admitted holds the rest, in block
// order. A batch all refused makes no block; an empty one makes an empty block. The
// state must be locked.
func (e *Engine) build(batch []*request) (cb store.CommittedBlock, admitted []*request, err error) {
	b := blocks.Start(e.state, ledger.Block{Height: e.last.Height + 1, Time: max(e.last.Time, e.cfg.Now().Unix())})
	for _, r := range batch {
		_, refused, err := b.Add(r.tx, r.id)
		switch {
		case err != nil:
			return cb, nil, err
		case refused != nil:
			r.reply <- result{err: refused}
		default:
			admitted = append(admitted, r)
		}
	}
	if len(admitted) == 0 && len(batch) > 0 {
		return cb, nil, nil
	}
	if cb, err = b.Seal(&e.ckpts); err != nil {
		return cb, nil, err
	}
	return cb, admitted, nil
}

// answer acknowledges admitted with their receipts from cb, or with err.
func (e *Engine) answer(reqs []*request, cb *store.CommittedBlock, err error) {
	for i, r := range reqs {
		if cb == nil {
			select { // refused ones were already answered
			case r.reply <- result{err: err}:
			default:
			}
			continue
		}
		r.reply <- result{r: blocks.ReceiptOf(cb, i)}
	}
}
