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
	aheadBlocks = 64  // blocks read and being checked ahead of the one replayed
	aheadJobs   = 256 // runs of transactions waiting for a checker
	jobTxs      = 16  // transactions a checker takes at a time
)

// ahead reads a log's blocks in order and, on every core, decodes each transaction and
// checks its id and signature, while the replay applies the blocks already checked: one
// reader that only reads the rows, one checker a core, and at most aheadBlocks blocks in
// flight.
type ahead struct {
	out  chan *checked
	quit chan struct{}
	once sync.Once
	wg   sync.WaitGroup
}

// checked is one block and what the checkers made of its transactions' rows.
type checked struct {
	b    store.RowBlock
	err  error            // reading the block failed
	txs  []store.TxRecord // the decoded transactions, by position, their outcomes left as rows
	bad  []error          // a row that does not decode, by position
	ids  []error          // a transaction whose id is not its body's hash, by position
	sigs []error          // a transaction whose signature fails, by position
	left atomic.Int64
	done chan struct{} // closed once every transaction is checked
}

// check is a run of a block's transactions for one checker: positions lo to hi-1.
type check struct {
	c      *checked
	lo, hi int
}

// checkAhead starts reading the blocks 1 to last of db and checking them.
func checkAhead(db *store.DB, last uint64) *ahead {
	a := &ahead{out: make(chan *checked, aheadBlocks), quit: make(chan struct{})}
	jobs := make(chan check, aheadJobs)
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
					for i := j.lo; i < j.hi; i++ {
						j.c.check(i)
					}
					if j.c.left.Add(int64(j.lo-j.hi)) == 0 {
						close(j.c.done)
					}
				}
			}
		}()
	}
	return a
}

// read hands each block's transactions to the checkers and the block to the replay, in
// order, until the log ends, a read fails or stop is called.
func (a *ahead) read(db *store.DB, last uint64, jobs chan<- check) {
	for b, err := range db.BlockRows(1, last) {
		c := &checked{b: b, err: err, done: make(chan struct{})}
		n := len(b.Rows)
		if err == nil && n > 0 {
			c.txs = make([]store.TxRecord, n)
			c.bad, c.ids, c.sigs = make([]error, n), make([]error, n), make([]error, n)
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
		for lo := 0; lo < n; lo += jobTxs {
			select {
			case jobs <- check{c: c, lo: lo, hi: min(lo+jobTxs, n)}:
			case <-a.quit:
				return
			}
		}
	}
}

// check decodes transaction i of the block and checks its id, then its signature.
func (c *checked) check(i int) {
	row := &c.b.Rows[i]
	rid, err := row.DecodeID()
	if err != nil {
		c.bad[i] = err
		return
	}
	tx, err := row.DecodeTx()
	if err != nil {
		c.bad[i] = err
		return
	}
	c.txs[i] = store.TxRecord{Index: row.Index, ID: rid, Tx: tx}
	id, err := tx.VerifyID()
	switch {
	case id == [32]byte{} && err != nil: // the transaction has no id
		c.ids[i] = fmt.Errorf("%w: block %d tx %d: %v", ErrDiverged, c.b.Height, row.Index, err)
	case id != rid:
		c.ids[i] = fmt.Errorf("%w: block %d tx %d records id %s, its body hashes to %s",
			ErrDiverged, c.b.Height, row.Index, store.HexID(rid), store.HexID(id))
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

// replay is Replay of the checked block: the first row that did not decode, its time,
// then the first id and the first signature that failed by position, then whether this
// binary knows the block's protocol version (an *ledger.UpgradeNeeded if not), then its
// transactions, each outcome against the row's, and its state hash.
func (c *checked) replay(s *ledger.State, prevTime int64) error {
	if err := firstErr(c.bad); err != nil {
		return err
	}
	if err := checkTime(c.b.Stored(), prevTime); err != nil {
		return err
	}
	if err := firstErr(c.ids, c.sigs); err != nil {
		return err
	}
	if err := s.NeedsUpgrade(c.b.Height); err != nil {
		return err // as Replay: a block of a version this binary lacks is not a divergence
	}
	blk := ledger.Block{Height: c.b.Height, Time: c.b.Time}
	Misbehaved(s, blk, c.b.Events)
	if len(c.txs) == 0 {
		s.BeginBlock(blk)
	}
	for i := range c.txs {
		got, err := applyTx(s, blk, &c.txs[i])
		if err != nil {
			return err
		}
		if err := sameRowOutcome(blk, &c.txs[i], &c.b.Rows[i], got); err != nil {
			return err
		}
	}
	return endBlock(s, c.b.Stored())
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
