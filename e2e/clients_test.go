package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/arena/arena/account"
	"github.com/arena/arena/api"
	"github.com/arena/arena/client"
	"github.com/arena/arena/ledger"
)

// ack is one transaction whose receipt the API answered: applied, or refused by the
// ledger and recorded.
type ack struct {
	from  ledger.Address
	nonce uint64
	kind  ledger.Kind
	rc    api.Receipt
}

// book collects the acknowledgements of every client, and counts the sends a kill cut
// off before their answer.
type book struct {
	mu   sync.Mutex
	acks []ack
	cut  int
}

func (b *book) add(a ack) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.acks = append(b.acks, a)
}

func (b *book) lost() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.cut++
}

func (b *book) all() []ack {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]ack(nil), b.acks...)
}

func (b *book) maxHeight() uint64 {
	var h uint64
	for _, a := range b.all() {
		h = max(h, a.rc.Height)
	}
	return h
}

type bookStats struct {
	acked, cut int
	kinds      map[ledger.Kind]int
}

func (b *book) stats() bookStats {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := bookStats{acked: len(b.acks), cut: b.cut, kinds: map[ledger.Kind]int{}}
	for _, a := range b.acks {
		s.kinds[a.kind]++
	}
	return s
}

// The steps of a client's story.
const (
	stepFund = iota
	stepPost
	stepEnter
	stepGrade
)

// worker is one client: its own key, a random mix of transactions that follow one
// another (fund itself, post a task, enter it, ask for a grade) and the nonce it sends
// next, which it reads from the node again whenever a send went unanswered.
type worker struct {
	key   *account.Key
	rng   *rand.Rand
	terms *ledger.Terms // nil: unknown, read them before sending
	nonce uint64        // 0: unknown, read it before sending
	step  int
	extra bool   // the last transaction was an aside, not a step of the story
	tasks *tasks // the tasks every client posted, shared
	entry ledger.EntryID
	sent  int
}

// tasks holds the latest task each client posted; a client enters another's, since a
// sponsor cannot enter their own task.
type tasks struct {
	mu     sync.Mutex
	latest map[ledger.Address]ledger.TaskID
}

func (ts *tasks) posted(by ledger.Address, id ledger.TaskID) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	ts.latest[by] = id
}

// other returns the latest task of a client other than me, picked by r, or 0.
func (ts *tasks) other(me ledger.Address, r *rand.Rand) ledger.TaskID {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	var ids []ledger.TaskID
	for _, a := range slices.SortedFunc(maps.Keys(ts.latest), func(a, b ledger.Address) int { return bytes.Compare(a[:], b[:]) }) {
		if a != me {
			ids = append(ids, ts.latest[a])
		}
	}
	if len(ids) == 0 {
		return 0
	}
	return ids[r.IntN(len(ids))]
}

// run sends transactions until ctx ends.
func (w *worker) run(ctx context.Context, c *client.Client, b *book) {
	for ctx.Err() == nil {
		if err := w.sync(ctx, c); err != nil {
			pause(ctx, 5*time.Millisecond)
			continue
		}
		value, body := w.next()
		tx := &ledger.Tx{From: w.key.Address(), Nonce: w.nonce, Value: value, Body: body}
		w.terms.Stamp(tx, ledger.NoExpiry)
		if err := w.key.SignTx(tx); err != nil {
			panic(fmt.Sprintf("sign: %v", err)) // a fresh key signs any tx
		}
		rc, ok := send(ctx, c, tx)
		if !ok {
			b.lost()
			w.nonce = 0 // the log may or may not hold it: ask the node again
			continue
		}
		b.add(ack{from: tx.From, nonce: tx.Nonce, kind: body.Kind(), rc: rc})
		w.nonce++
		w.applied(rc)
	}
}

// send posts tx and returns its receipt, and false when none was answered.
func send(ctx context.Context, c *client.Client, tx *ledger.Tx) (api.Receipt, bool) {
	rc, err := c.SendTx(ctx, tx)
	if err == nil {
		return rc, true
	}
	var ce *client.Error
	if errors.As(err, &ce) && ce.Receipt != nil {
		return *ce.Receipt, true
	}
	return api.Receipt{}, false
}

// sync reads the founding terms and the next nonce when they are unknown.
func (w *worker) sync(ctx context.Context, c *client.Client) error {
	if w.terms == nil {
		a, err := c.Arena(ctx)
		if err != nil {
			return err
		}
		w.terms = &a.Terms
	}
	if w.nonce == 0 {
		acc, err := c.Account(ctx, w.key.Address())
		if err != nil {
			return err
		}
		w.nonce = acc.NextNonce
	}
	return nil
}

// next picks the worker's next transaction: mostly the next step of its story, now and
// then a withdrawal or an extra faucet.
func (w *worker) next() (ledger.Amount, ledger.Body) {
	w.sent++
	w.extra = true
	switch w.rng.IntN(10) {
	case 0:
		return ledger.Amount{}, ledger.Withdraw{}
	case 1:
		return ledger.Amount{}, ledger.Faucet{To: w.key.Address(), Amount: ledger.Ether(uint64(1 + w.rng.IntN(50)))}
	}
	w.extra = false
	switch w.step {
	case stepFund:
		return ledger.Amount{}, ledger.Faucet{To: w.key.Address(), Amount: ledger.Ether(100)}
	case stepPost:
		return ledger.Ether(10), ledger.PostTask{Title: fmt.Sprintf("Task %d", w.sent),
			Spec: "Write two lines about a ledger.", Rubric: "It should be at most 2 lines.", ClosesInS: 3600}
	case stepEnter:
		return ledger.Ether(5), ledger.Submit{Task: w.tasks.other(w.key.Address(), w.rng), Work: fmt.Sprintf("Entry %d: blocks fall like snow,\neach one sealed by the last.", w.sent)}
	default:
		return ledger.Amount{}, ledger.Grade{Entry: w.entry}
	}
}

// applied moves the story on after an acknowledged step, or back to its start after a
// refused one or a grade.
func (w *worker) applied(rc api.Receipt) {
	if w.extra {
		return
	}
	if !rc.Outcome.OK() || w.step == stepGrade {
		w.step = stepFund
		return
	}
	switch w.step {
	case stepPost:
		w.tasks.posted(w.key.Address(), ledger.TaskID(rc.Outcome.Created))
	case stepEnter:
		w.entry = ledger.EntryID(rc.Outcome.Created)
	}
	w.step++
}

// pause waits d or until ctx ends.
func pause(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
