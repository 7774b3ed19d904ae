package comet

import (
	"bytes"
	"crypto/sha256"
	"sync"

	"github.com/arena/arena/ledger"
)

// verifiedKeep is how many verified transactions each of verifiedTxs's two generations
// holds: more than CometBFT's default mempool (5,000), so a transaction is still known
// when it is rechecked after a block, proposed and finalized.
const verifiedKeep = 8192

// verifiedTxs remembers the transactions whose encodings this node has decoded and
// whose signatures it has checked, keyed by the sha256 of the encoding (CometBFT's own
// transaction key). A transaction admitted by CheckTx is so checked once, not again at
// every recheck, when proposed and when its block is finalized: the outcome of DecodeTx
// and Tx.Verify depends on the bytes alone, so a remembered verdict is the verdict a
// fresh check would give, and every node still checks every transaction of a block
// itself (a transaction it has not seen is decoded and verified in FinalizeBlock).
// Only transactions that passed are kept. It is bounded: when the newer generation is
// full, the older one is dropped.
type verifiedTxs struct {
	mu       sync.Mutex
	cur, old map[[32]byte]verifiedTx
}

// verifiedTx is a transaction that decoded and passed Tx.Verify, with its id.
type verifiedTx struct {
	tx *ledger.Tx
	id [32]byte
}

// get returns the verified transaction whose encoding hashes to key, as a copy its
// caller owns (a Tx caches its size, and two goroutines must not share one).
func (v *verifiedTxs) get(key [32]byte) (*ledger.Tx, [32]byte, bool) {
	v.mu.Lock()
	d, ok := v.cur[key]
	if !ok {
		d, ok = v.old[key]
	}
	v.mu.Unlock()
	if !ok {
		return nil, [32]byte{}, false
	}
	tx := *d.tx
	return &tx, d.id, true
}

// put remembers tx, which decoded from the encoding hashing to key and passed
// Tx.Verify, keeping a copy of it.
func (v *verifiedTxs) put(key [32]byte, tx *ledger.Tx, id [32]byte) {
	c := *tx
	v.mu.Lock()
	defer v.mu.Unlock()
	if len(v.cur) >= verifiedKeep || v.cur == nil {
		v.old, v.cur = v.cur, make(map[[32]byte]verifiedTx, verifiedKeep)
	}
	v.cur[key] = verifiedTx{tx: &c, id: id}
}

// admissible decodes raw and verifies its signature, returning the transaction and its
// id (its SigningHash). A transaction this node has already verified is not verified
// again.
func (a *App) admissible(raw []byte) (*ledger.Tx, [32]byte, error) {
	key := sha256.Sum256(raw)
	if tx, id, ok := a.verified.get(key); ok {
		return tx, id, nil
	}
	tx, id, err := admissible(raw)
	if err == nil {
		a.verified.put(key, tx, id)
	}
	return tx, id, err
}

// decode returns raw decoded, from the verified transactions when it is one of them.
func (a *App) decode(raw []byte) (*ledger.Tx, error) {
	if tx, _, ok := a.verified.get(sha256.Sum256(raw)); ok {
		return tx, nil
	}
	return ledger.DecodeTx(raw)
}

// remember adds raw, the encoding Submit broadcasts of tx, which passed Tx.VerifyID
// with id, to the verified transactions, so that CheckTx does not recover its signer a
// second time. raw is decoded as CheckTx decodes it, and kept only if the decoded
// transaction has the same id, sender and signature: its verification is then tx's,
// since the id covers every field.
func (a *App) remember(raw []byte, tx *ledger.Tx, id [32]byte) {
	d, err := ledger.DecodeTx(raw)
	if err != nil || d.From != tx.From || !bytes.Equal(d.Sig, tx.Sig) {
		return
	}
	if h, err := d.SigningHash(); err != nil || h != id {
		return
	}
	a.verified.put(sha256.Sum256(raw), d, id)
}
