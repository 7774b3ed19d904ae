package comet

import (
	"context"
	"sync"

	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/ledger"
)

// checkState is what the mempool has admitted on top of the committed state: per
// sender, how many transactions and how much value. Commit resets it; CometBFT then
// rechecks what is left in the mempool, which admits those transactions again.
type checkState struct {
	mu      sync.Mutex
	pending map[ledger.Address]pendingSends
}

type pendingSends struct {
	count uint64
	value ledger.Amount
}

func (c *checkState) reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pending = map[ledger.Address]pendingSends{}
}

// admit runs State.Check on tx as if every pending transaction of its sender were
// already applied: the nonce must follow theirs and the wallet must also cover their
// value. On success tx joins the pending ones.
func (c *checkState) admit(s *ledger.State, tx *ledger.Tx) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	p := c.pending[tx.From]
	shifted := *tx
	shifted.Nonce = 0 // never a valid nonce: Check refuses it with the nonce message
	if tx.Nonce == s.NextNonce(tx.From)+p.count {
		shifted.Nonce = s.NextNonce(tx.From)
	}
	if !tx.Value.IsZero() {
		if sum, over := tx.Value.Add(p.value); !over {
			shifted.Value = sum
		}
	}
	if err := s.Check(&shifted); err != nil {
		return err
	}
	p.count++
	p.value, _ = p.value.Add(tx.Value) // bounded by the wallet, which Check compared
	c.pending[tx.From] = p
	return nil
}

// CheckTx admits a transaction to the mempool: it must decode, carry its sender's
// signature and pass State.Check against the committed state and the transactions
// already admitted. A refused recheck also answers a local Submit waiting on it.
func (a *App) CheckTx(_ context.Context, req *abci.RequestCheckTx) (*abci.ResponseCheckTx, error) {
	tx, id, err := admissible(req.Tx)
	if err == nil {
		a.mu.RLock()
		if a.committed == nil {
			err = ErrNoGenesis
		} else {
			err = a.check.admit(a.committed, tx)
		}
		a.mu.RUnlock()
	}
	if err != nil {
		if req.Type == abci.CheckTxType_Recheck && tx != nil {
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
