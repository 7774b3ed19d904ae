package blocks

import (
	"fmt"
	"iter"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/arena/arena/ledger"
	"github.com/arena/arena/store"
)

// Bounds of the checks Verify runs ahead of its replay.
const (
	aheadBlocks = 64   // blocks read and being checked ahead of the one replayed
	aheadTxs    = 1024 // transactions waiting for a checker
)

// ahead reads a log's blocks in order and checks every transaction's id and signature on
// every core, while the replay applies the blocks already checked: one reader, one
// checker a core, and at most aheadBlocks blocks in flight.
type ahead struct {
	out  chan *checked
	quit chan struct{}
	once sync.Once
	wg   sync.WaitGroup
}

// checked is one block and what the checkers found in its transactions.
type checked struct {
	b    store.StoredBlock
	err  error   // reading the block failed
	ids  []error // a transaction whose id is not its body's hash, by position
	sigs []error // a transaction whose signature fails, by position
	left atomic.Int64
	done chan struct{} // closed once every transaction is checked
}

type check struct {
	c *checked
	i int
}

// checkAhead starts reading the blocks 1 to last of db and checking them.
func checkAhead(db *store.DB, last uint64) *ahead {
	a := &ahead{out: make(chan *checked, aheadBlocks), quit: make(chan struct{})}
	jobs := make(chan check, aheadTxs)
	workers := runtime.GOMAXPROCS(0)
	a.wg.Add(1 + workers)
	go func() {
		defer a.wg.Done()
		defer close(a.out)
		defer close(jobs)
		a.read(db, last, jobs)
	}()
	for range workers {
		go func() {
			defer a.wg.Done()
			for j := range jobs {
				select {
				case <-a.quit: // the replay stopped: nothing waits for the rest
				default:
					j.c.check(j.i)
				}
			}
		}()
	}
	return a
}

// read hands each block's transactions to the checkers and the block to the replay, in
// order, until the log ends, a read fails or stop is called.
func (a *ahead) read(db *store.DB, last uint64, jobs chan<- check) {
	for b, err := range db.Blocks(1, last) {
		c := &checked{b: b, err: err, done: make(chan struct{})}
		if n := len(b.Txs); err == nil && n > 0 {
			c.ids, c.sigs = make([]error, n), make([]error, n)
			c.left.Store(int64(n))
		} else {
			close(c.done)
		}
		select {
		case a.out <- c:
		case <-a.quit:
			return
		}
		if err != nil {
			return
		}
		for i := range b.Txs {
			select {
			case jobs <- check{c: c, i: i}:
			case <-a.quit:
				return
			}
		}
	}
}

// check checks transaction i of the block: its id, then its signature.
func (c *checked) check(i int) {
	defer func() {
		if c.left.Add(-1) == 0 {
			close(c.done)
		}
	}()
	r := &c.b.Txs[i]
	id, err := r.Tx.VerifyID()
	switch {
	case id == [32]byte{} && err != nil: // the transaction has no id
		c.ids[i] = fmt.Errorf("%w: block %d tx %d: %v", ErrDiverged, c.b.Height, r.Index, err)
	case id != r.ID:
		c.ids[i] = fmt.Errorf("%w: block %d tx %d records id %s, its body hashes to %s",
			ErrDiverged, c.b.Height, r.Index, store.HexID(r.ID), store.HexID(id))
	case err != nil:
		c.sigs[i] = fmt.Errorf("%w: block %d tx %d: %w", ErrDiverged, c.b.Height, i, err)
	}
}

// blocks yields each block, once all its transactions are checked, in order; a block
// that could not be read ends it with the error.
func (a *ahead) blocks() iter.Seq2[*checked, error] {
	return func(yield func(*checked, error) bool) {
		for c := range a.out {
			if c.err != nil {
				yield(c, c.err)
				return
			}
			<-c.done
			if !yield(c, nil) {
				return
			}
		}
	}
}

// replay is Replay of the checked block: its time, then the first id and the first
// signature that failed by position, then its transactions, outcomes and state hash.
func (c *checked) replay(s *ledger.State, prevTime int64) error {
	if err := checkTime(c.b, prevTime); err != nil {
		return err
	}
	if err := firstErr(c.ids, c.sigs); err != nil {
		return err
	}
	return replayTxs(s, c.b)
}

func firstErr(lists ...[]error) error {
	for _, l := range lists {
		for _, err := range l {
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// stop ends the reader and the checkers and waits for them.
func (a *ahead) stop() {
	a.once.Do(func() { close(a.quit) })
	a.wg.Wait()
}
