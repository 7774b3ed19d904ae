package comet

import (
	"context"
	"errors"
	"fmt"
	"sync"

	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/chain"
	"github.com/arena/arena/ledger"
)

// MaxPendingPerSender is how many of one sender's transactions the mempool holds
// uncommitted: a sender flooding its node fills its own queue, not the mempool.
const MaxPendingPerSender = 64

// errSenderBusy is CheckTx's refusal of a sender's transaction beyond
// MaxPendingPerSender.
var errSenderBusy = fmt.Errorf("%w: %d waiting to commit; try again after a block", chain.ErrSenderBusy, MaxPendingPerSender)

// checkState is what the mempool holds on top of the committed state: per sender, the
// nonces admitted and not yet committed, with what each will cost its wallet.
//
// CometBFT adds a transaction to its mempool list only after CheckTx has returned, outside
// the application's lock, so two transactions admitted as n and n+1 by concurrent
// CheckTx calls (one from a peer, one from another peer or the RPC) may sit in the list
// as n+1, n. The list order is what rechecks and proposals follow. So admission never
// depends on that order: a sender's pending nonces are a set, a new transaction must
// carry the first nonce the set lacks, a recheck keeps any nonce not yet committed, and
// PrepareProposal puts each sender's transactions back in nonce order.
type checkState struct {
	mu      sync.Mutex
	pending map[ledger.Address]*pendingSends
}

type pendingSends struct {
	nonces map[uint64]ledger.Amount // admitted, not committed: nonce -> value plus fee
	cost   ledger.Amount            // the sum of their values and fees
	next   uint64                   // a lower bound of the first nonce nonces lacks
}

// reset forgets everything admitted: Commit calls it, and CometBFT then rechecks what is
// left in the mempool.
func (c *checkState) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pending = map[ledger.Address]*pendingSends{}
}

// expect returns the nonce a new transaction of p's sender must carry: the first at or
// after committed, the sender's next committed nonce, that p does not hold.
func (p *pendingSends) expect(committed uint64) uint64 {
	p.next = max(p.next, committed)
	for {
		if _, ok := p.nonces[p.next]; !ok {
			return p.next
		}
		p.next++
	}
}

// admit runs State.Check on tx as if every pending transaction of its sender were
// already applied: a new transaction's nonce must be the first its sender lacks and a
// recheck's must not be committed yet; the wallet must also cover the pending values and
// fees, and a new transaction is refused once its sender has MaxPendingPerSender
// pending. On success tx joins the pending ones.
func (c *checkState) admit(s *ledger.State, tx *ledger.Tx, recheck bool) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := c.pending[tx.From]
	if p == nil {
		p = &pendingSends{nonces: map[uint64]ledger.Amount{}}
	}
	committed := s.NextNonce(tx.From)
	tx.Size() // cached before the copy, so the shifted copy pays tx's own fee
	shifted := *tx
	shifted.Nonce = 0 // never a valid nonce: Check refuses it with the nonce message
	_, dup := p.nonces[tx.Nonce]
	switch {
	case dup:
	case recheck && tx.Nonce >= committed, !recheck && tx.Nonce == p.expect(committed):
		shifted.Nonce = committed
	}
	if sum, over := tx.Value.Add(p.cost); !over && !tx.Value.IsZero() { // a kind without value must carry none
		shifted.Value = sum
	}
	fee, wallet := s.Fee(tx), s.Spendable(tx.From)
	if err := s.Check(&shifted); err != nil {
		return pendingFee(err, wallet, fee, p.cost)
	}
	if tx.Value.IsZero() && !covers(wallet, fee, p.cost) {
		return ledger.ErrFee
	}
	if !recheck && len(p.nonces) >= MaxPendingPerSender {
		return errSenderBusy
	}
	cost, _ := tx.Value.Add(fee) // bounded by the wallet, which Check compared
	p.nonces[tx.Nonce] = cost
	p.cost, _ = p.cost.Add(cost)
	c.pending[tx.From] = p
	return nil
}

// pendingFee returns Check's refusal err, except that a wallet short only because the
// sender's pending transactions will spend it is refused for the fee when it cannot
// cover their cost and this transaction's fee: the value is not what it lacks.
func pendingFee(err error, wallet, fee, pending ledger.Amount) error {
	if errors.Is(err, ledger.ErrFunds) && !pending.IsZero() && !covers(wallet, fee, pending) {
		return ledger.ErrFee
	}
	return err
}

// covers reports whether wallet holds a + b.
func covers(wallet, a, b ledger.Amount) bool {
	need, over := a.Add(b)
	return !over && wallet.Cmp(need) >= 0
}

// CheckTx admits a transaction to the mempool: it must decode, carry its sender's
// signature and pass State.Check against the committed state and the transactions
// already admitted. A refused recheck also answers a local Submit waiting on it.
func (a *App) CheckTx(_ context.Context, req *abci.RequestCheckTx) (*abci.ResponseCheckTx, error) {
	recheck := req.Type == abci.CheckTxType_Recheck
	tx, id, err := a.admissible(req.Tx)
	if err == nil {
		a.mu.RLock()
		if a.committed == nil {
			err = ErrNoGenesis
		} else {
			err = a.check.admit(a.committed, tx, recheck)
		}
		a.mu.RUnlock()
	}
	if err != nil {
		if recheck && tx != nil {
			a.hub.fail(id, err)
		}
		return &abci.ResponseCheckTx{Code: codeOf(err), Log: err.Error()}, nil
	}
	return &abci.ResponseCheckTx{Code: CodeOK, GasWanted: 1}, nil
}

// admissible decodes raw and verifies its signature, returning the transaction and its
// id (its SigningHash).
func admissible(raw []byte) (*ledger.Tx, [32]byte, error) {
	tx, err := ledger.DecodeTx(raw)
	if err != nil {
		return nil, [32]byte{}, err
	}
	id, err := tx.VerifyID()
	if err != nil && id == ([32]byte{}) { // it has no id: no waiter can be answered
		return nil, id, err
	}
	return tx, id, err
}
