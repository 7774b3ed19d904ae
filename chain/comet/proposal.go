package comet

import (
	"cmp"
	"context"
	"slices"

	abci "github.com/cometbft/cometbft/abci/types"

	"github.com/arena/arena/ledger"
)

// PrepareProposal proposes the mempool's transactions in its order, except that each
// sender's transactions take that sender's places in nonce order, and a transaction
// whose nonce does not follow its sender's previous one (committed or proposed) is left
// out, as is one that does not decode; as many as fit in MaxTxBytes. The mempool's own
// order may put a sender's n+1 before its n (see checkState), and a block that did so
// would refuse n+1 and every later nonce of the sender.
func (a *App) PrepareProposal(_ context.Context, req *abci.RequestPrepareProposal) (*abci.ResponsePrepareProposal, error) {
	ordered := a.inNonceOrder(req.Txs)
	var size int64
	txs := make([][]byte, 0, len(ordered))
	for _, tx := range ordered {
		size += int64(len(tx))
		if size > req.MaxTxBytes {
			break
		}
		txs = append(txs, tx)
	}
	return &abci.ResponsePrepareProposal{Txs: txs}, nil
}

// proposed is one mempool transaction as PrepareProposal sees it.
type proposed struct {
	raw   []byte
	from  ledger.Address
	nonce uint64
}

// inNonceOrder returns raw with each sender's transactions sorted by nonce within the
// positions the sender holds, keeping only those whose nonces run on from the sender's
// next committed nonce.
func (a *App) inNonceOrder(raw [][]byte) [][]byte {
	var txs []proposed
	slots := map[ledger.Address][]int{}
	for _, r := range raw {
		tx, err := a.decode(r)
		if err != nil {
			continue
		}
		slots[tx.From] = append(slots[tx.From], len(txs))
		txs = append(txs, proposed{raw: r, from: tx.From, nonce: tx.Nonce})
	}
	out := make([]proposed, len(txs))
	for _, idx := range slots {
		mine := make([]proposed, len(idx))
		for i, j := range idx {
			mine[i] = txs[j]
		}
		slices.SortStableFunc(mine, func(x, y proposed) int { return cmp.Compare(x.nonce, y.nonce) })
		for i, j := range idx {
			out[j] = mine[i]
		}
	}
	next := map[ledger.Address]uint64{}
	kept := make([][]byte, 0, len(out))
	a.View(func(s *ledger.State) {
		for _, p := range out {
			n, ok := next[p.from]
			if !ok && s != nil {
				n = s.NextNonce(p.from)
			}
			if p.nonce != n {
				continue
			}
			next[p.from] = n + 1
			kept = append(kept, p.raw)
		}
	})
	return kept
}

// ProcessProposal accepts every block: FinalizeBlock answers each bad transaction with
// a code instead, so honest validators never split on a proposal.
func (a *App) ProcessProposal(context.Context, *abci.RequestProcessProposal) (*abci.ResponseProcessProposal, error) {
	return &abci.ResponseProcessProposal{Status: abci.ResponseProcessProposal_ACCEPT}, nil
}
