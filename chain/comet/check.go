package comet

import (
	"context"
	"sync"

	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/ledger"
)

// checkState is what the mempool holds on top of the committed state: per sender, the
// nonces admitted and not yet committed, with their value.
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
	nonces map[uint64]ledger.Amount // admitted, not committed: nonce -> value
	value  ledger.Amount            // the sum of their values
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
// recheck's must not be committed yet; the wallet must also cover the pending value. On
// success tx joins the pending ones.
func (c *checkState) admit(s *ledger.State, tx *ledger.Tx, recheck bool) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := c.pending[tx.From]
	if p == nil {
		p = &pendingSends{nonces: map[uint64]ledger.Amount{}}
	}
	committed := s.NextNonce(tx.From)
	shifted := *tx
	shifted.Nonce = 0 // never a valid nonce: Check refuses it with the nonce message
	_, dup := p.nonces[tx.Nonce]
	switch {
	case dup:
	case recheck && tx.Nonce >= committed, !recheck && tx.Nonce == p.expect(committed):
		shifted.Nonce = committed
	}
	if !tx.Value.IsZero() {
		if sum, over := tx.Value.Add(p.value); !over {
			shifted.Value = sum
		}
	}
	if err := s.Check(&shifted); err != nil {
		return err
	}
	p.nonces[tx.Nonce] = tx.Value
	p.value, _ = p.value.Add(tx.Value) // bounded by the wallet, which Check compared
	c.pending[tx.From] = p
	return nil
}

// CheckTx admits a transaction to the mempool: it must decode, carry its sender's
// signature and pass State.Check against the committed state and the transactions
// already admitted. A refused recheck also answers a local Submit waiting on it.
func (a *App) CheckTx(_ context.Context, req *abci.RequestCheckTx) (*abci.ResponseCheckTx, error) {
	recheck := req.Type == abci.CheckTxType_Recheck
	tx, id, err := admissible(req.Tx)
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
	id, err := tx.SigningHash()
	if err != nil {
		return nil, id, err
	}
	if err := tx.Verify(); err != nil {
		return tx, id, err
	}
	return tx, id, nil
}
