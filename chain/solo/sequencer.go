package solo

import (
	"fmt"
	"runtime"
	"time"

	"github.com/arena/arena/chain/blocks"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// run is the sequencer: it builds one block at a time and hands it to the committer
// (see commit), then builds the next while that one's commit runs; each block is
// acknowledged once it is durable. It stops at Close or a failure, once the committer
// has finished, then answers whatever is still queued. When the last block started a
// match or a run that waits for the next block's anchor, it makes that block itself,
// empty if no transaction comes within MaxWait.
func (e *Engine) run() {
	defer close(e.done)
	defer e.drain()
	c := &committer{in: make(chan sealed), free: make(chan struct{}, 1), finished: make(chan struct{})}
	c.free <- struct{}{}
	go e.commit(c)
	defer func() { close(c.in); <-c.finished }()
	for {
		batch, more := e.collect(e.anchor)
		switch {
		case len(batch) > 0:
			if !e.seal(batch, c) {
				return
			}
		case more && e.anchor:
			if !e.seal(nil, c) {
				return
			}
		}
		if !more {
			return
		}
	}
}

// collect waits for a first transaction and takes it with whatever else is already
// queued, up to MaxBatch, without waiting for more: the block then goes on taking what
// arrives for as long as the block before it is committing (see seal), so a block is cut
// the moment the committer is free, and a lone transaction meets an idle committer
// without delay. With anchor it waits for the first at most MaxWait, and returns no
// batch when none came. more is false once Close was called.
func (e *Engine) collect(anchor bool) (batch []*request, more bool) {
	var idle <-chan time.Time
	if anchor {
		t := time.NewTimer(e.cfg.MaxWait)
		defer t.Stop()
		idle = t.C
	}
	select {
	case r := <-e.queue:
		return e.queued(append(batch, r)), true
	case <-idle:
		return nil, true
	case <-e.quit:
		return nil, false
	}
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

// sealed is a block applied to the state and waiting for its commit, encoded for the
// store, with the requests it acknowledges once durable, in block order.
type sealed struct {
	cb   store.CommittedBlock
	enc  *store.EncodedBlock
	reqs []*request
}

// committer is the sequencer's side of the committer goroutine: in takes a sealed block
// once free holds a token (the committer is done with the block before), finished closes
// when the committer has stopped.
type committer struct {
	in       chan sealed
	free     chan struct{}
	finished chan struct{}
}

// seal admits and applies one block from batch, and while the block before it is still
// committing, from whatever else is queued, up to MaxBatch; it hands the block to the
// committer, encoded, the moment that one is free, with what the submitters already
// running queue meanwhile. An empty batch is an empty block, the anchor one. It
// reports false if the engine halted.
func (e *Engine) seal(batch []*request, c *committer) bool {
	if err := e.halted(); err != nil {
		e.answer(batch, nil, err)
		return false
	}
	e.hold()
	b, err := e.start()
	var admitted []*request
	if err == nil {
		admitted, err = e.build(b, batch, nil)
	}
	for free := false; err == nil && !free; {
		more := e.queue
		if len(batch) >= e.cfg.MaxBatch {
			more = nil
		}
		select {
		case <-c.free:
			free = true
		case r := <-more:
			batch = append(batch, r)
			admitted, err = e.build(b, batch[len(batch)-1:], admitted)
		}
	}
	if err == nil && len(batch) < e.cfg.MaxBatch {
		// The committer is free. Submitters already running (checking a signature,
		// about to queue) go first: one block for them costs less than a commit and an
		// fsync each, and when nothing else is runnable this takes no time.
		runtime.Gosched()
		n := len(batch)
		batch = e.queued(batch)
		admitted, err = e.build(b, batch[n:], admitted)
	}
	if err == nil && len(admitted) == 0 && len(batch) > 0 { // every transaction refused: no block
		e.release()
		c.free <- struct{}{}
		return true
	}
	var cb store.CommittedBlock
	var enc *store.EncodedBlock
	if err == nil {
		cb, err = b.Seal(&e.ckpts)
	}
	if err == nil {
		enc, err = store.EncodeBlock(&cb, encoded(admitted))
	}
	if err != nil {
		e.release()
		e.fail(err)
		e.answer(batch, nil, e.stopped())
		return false
	}
	e.last = cb.Info()
	e.anchor = e.state.AwaitsAnchor()
	c.in <- sealed{cb: cb, enc: enc, reqs: admitted}
	return true
}

// commit is the committer: it writes each sealed block in order, then acknowledges its
// transactions and publishes it, and says it is free for the next. Once a commit fails
// the engine halts, and every block still handed to it is answered with the halt and
// never written.
func (e *Engine) commit(c *committer) {
	defer close(c.finished)
	for s := range c.in {
		err := e.halted()
		if err == nil && e.beforeCommit != nil {
			e.beforeCommit(s.cb.Height)
		}
		if err == nil {
			if err = e.db.Commit(s.enc); err != nil {
				e.fail(err)
			}
		}
		e.release()
		if err != nil {
			e.answer(s.reqs, nil, e.stopped())
		} else {
			e.answer(s.reqs, &s.cb, nil)
			e.subs.Publish(blocks.Of(&s.cb))
		}
		c.free <- struct{}{}
	}
}

// hold takes the state for the sequencer to apply one more block: the write lock, which
// stays held until every block applied under it is committed (release), so Views see
// only committed blocks. While a commit runs the sequencer applies the next block under
// the same hold, unless a View is waiting: then it first lets the commits finish and the
// Views in.
func (e *Engine) hold() {
	e.pipe.Lock()
	if e.ahead > 0 && e.waiting.Load() == 0 {
		e.ahead++
		e.pipe.Unlock()
		return
	}
	e.pipe.Unlock()
	e.mu.Lock() // with blocks ahead, waits for the committer's release and the Views
	e.pipe.Lock()
	e.ahead++
	e.pipe.Unlock()
}

// release counts one block applied under the hold as committed, or as dropped, and lets
// the Views in once none is left.
func (e *Engine) release() {
	e.pipe.Lock()
	defer e.pipe.Unlock()
	if e.ahead--; e.ahead == 0 {
		e.mu.Unlock()
	}
}

// start begins the next block on the state, timed by the wall clock and never before
// the last block, or returns the *ledger.UpgradeNeeded of a block under a protocol
// version this binary does not know. The state must be held.
func (e *Engine) start() (*blocks.Builder, error) {
	return blocks.Start(e.state, ledger.Block{Height: e.last.Height + 1, Time: max(e.last.Time, e.cfg.Now().Unix())})
}

// build admits and applies batch in block b (see blocks.Builder), appending the admitted
// requests to admitted, in block order, each with its rows encoded for the store while
// the block before may still be committing. Refused transactions are answered at once
// and left out. The state must be held.
func (e *Engine) build(b *blocks.Builder, batch []*request, admitted []*request) ([]*request, error) {
	for _, r := range batch {
		out, refused, err := b.Add(r.tx, r.id)
		switch {
		case err != nil:
			return admitted, err
		case refused != nil:
			r.reply <- result{err: refused}
		default:
			admitted = append(admitted, r)
			r.enc, err = store.EncodeTx(&store.TxRecord{ID: r.id, Tx: r.tx, Outcome: out, Wire: r.wire})
			if err != nil {
				return admitted, fmt.Errorf("block %d: %w", e.last.Height+1, err)
			}
			if e.applied != nil {
				e.applied(e.last.Height + 1)
			}
		}
	}
	return admitted, nil
}

// encoded returns the encoded rows of reqs, in order.
func encoded(reqs []*request) []store.EncodedTx {
	out := make([]store.EncodedTx, len(reqs))
	for i, r := range reqs {
		out[i] = r.enc
	}
	return out
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
