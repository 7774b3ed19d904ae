package learn

import (
	"context"
	"crypto/sha256"
	"fmt"
	"sync"

	"github.com/arena/arena/sandbox"
)

// Limits of the trained learners a Host keeps from its runs for their held-out rounds.
const (
	// KeptLearners is the most trained learners a Host keeps: past it the oldest is
	// released. A validator measures the held-out split of a run it ran with the learner
	// the run trained, and retrains only when it no longer holds it.
	KeptLearners = 2
	// KeptBytes bounds the memories of the kept learners' modules together; a learner
	// larger than it on its own is not kept.
	KeptBytes = 256 << 20
)

// kept holds trained learners, each keyed by its training's digest (trainingKey), oldest
// first. A learner is taken once: coding the held-out split moves it on.
type kept struct {
	mu      sync.Mutex
	entries []keptLearner
}

// keptLearner is a learner just after it learnt the whole train split of its run, and
// the bits that training coded the split in.
type keptLearner struct {
	key  [32]byte
	l    *sandbox.Learner
	bits int64
}

// trainingKey digests everything a learner's state after training depends on: the two
// modules, the seed, the train split and the learner's limits on this platform. Two runs
// with the same key train the same learner into the same state, bit for bit (the
// learner is deterministic), whatever their ids, held-out splits or kept results.
func trainingKey(run Run) [32]byte {
	lim := limitsOf(run)
	return sha256.Sum256(fmt.Appendf(nil, "arena learn trained\n%s\n%s\n%s\n%s\n%d\n%d\n%d\n%d\n%d\n%d\n%s\n",
		run.Arch, run.Train, run.Seed, run.Dataset, run.DatasetBytes,
		lim.MaxPages, lim.InitGas, lim.ByteGas, lim.ParamCap, lim.DataCap, sandbox.Local()))
}

// put keeps l, trained into bits, under key (replacing what the key held), and releases
// the oldest learners past KeptLearners and KeptBytes; a learner that does not fit on
// its own is released at once.
func (k *kept) put(ctx context.Context, key [32]byte, l *sandbox.Learner, bits int64) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if l.MemoryBytes() > KeptBytes {
		l.Close(ctx)
		return
	}
	k.drop(ctx, key)
	k.entries = append(k.entries, keptLearner{key: key, l: l, bits: bits})
	for len(k.entries) > KeptLearners || k.bytes() > KeptBytes {
		k.entries[0].l.Close(ctx)
		k.entries = k.entries[1:]
	}
}

// take removes and returns the learner kept under key, rearmed for a new use.
func (k *kept) take(key [32]byte) (*sandbox.Learner, int64, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	for i, e := range k.entries {
		if e.key == key {
			k.entries = append(k.entries[:i:i], k.entries[i+1:]...)
			e.l.Rearm()
			return e.l, e.bits, true
		}
	}
	return nil, 0, false
}

// has reports whether a learner is kept under key.
func (k *kept) has(key [32]byte) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, e := range k.entries {
		if e.key == key {
			return true
		}
	}
	return false
}

// drop releases the learner kept under key, if any; k.mu is held.
func (k *kept) drop(ctx context.Context, key [32]byte) {
	for i, e := range k.entries {
		if e.key == key {
			e.l.Close(ctx)
			k.entries = append(k.entries[:i:i], k.entries[i+1:]...)
			return
		}
	}
}

// bytes is the memory the kept learners hold; k.mu is held.
func (k *kept) bytes() uint64 {
	var n uint64
	for _, e := range k.entries {
		n += e.l.MemoryBytes()
	}
	return n
}
