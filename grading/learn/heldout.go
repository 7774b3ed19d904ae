package learn

import (
	"context"
	"fmt"

	"github.com/arena/arena/grading"
	"github.com/arena/arena/ledger/learn"
)

// Heldout measures run on its challenge's revealed held-out split and returns what a
// committee member attests: fetch the split by its committed digest (so bytes that are
// not the commitment's never count), retrain the pair on the train split exactly as the
// run did (its bits must equal run.Kept; the learner this Host's run trained, when it
// still keeps it, is that learner already), code the held-out bytes with the trained
// learner without learning (trained bits), then with a fresh learner of the same seed
// that never trained (twin bits). When coding without learning the host tells the
// architecture each coded byte through its optional observe export instead. A failure
// is classed into the result, never returned; Heldout never panics on a module's behalf.
func (h *Host) Heldout(ctx context.Context, run Run) (res learn.HeldoutResult) {
	defer func() {
		if p := recover(); p != nil {
			res = learn.HeldoutResult{Error: grading.ClassifyRun(fmt.Errorf("panic: %v", p)).Error()}
		}
	}()
	res, err := h.heldout(ctx, run)
	if err != nil {
		return learn.HeldoutResult{Error: grading.ClassifyRun(err).Error()}
	}
	return res
}

func (h *Host) heldout(ctx context.Context, run Run) (learn.HeldoutResult, error) {
	p, err := h.prepare(ctx, run)
	if err != nil {
		return learn.HeldoutResult{}, err
	}
	held, err := h.split(ctx, "held-out split", run.Heldout, run.HeldoutBytes)
	if err != nil {
		return learn.HeldoutResult{}, err
	}
	train, trained, err := h.trained(ctx, p, run, held)
	if err != nil {
		return learn.HeldoutResult{}, err
	}
	if train != run.Kept {
		return learn.HeldoutResult{}, failRetrained(train, run.Kept)
	}
	twin, err := p.twin(ctx, held)
	if err != nil {
		return learn.HeldoutResult{}, err
	}
	return learn.HeldoutResult{TrainBits: train, TrainedBits: trained, TwinBits: twin, HeldoutBytes: int64(len(held))}, nil
}

// trained returns the bits the pair coded the train split in and the bits its trained
// learner codes held in without learning. The trained learner is the one this Host's run
// of the same training left (taken by trainingKey, which digests everything its state
// depends on) when it still keeps it; otherwise a fresh learner retrains on the train
// split. Both are the same learner in the same state, so the bits are the same either way
// (a test holds the two to equality on the example pairs).
func (h *Host) trained(ctx context.Context, p *pair, run Run, held []byte) (train, trained int64, err error) {
	l, train, ok := h.kept.take(trainingKey(run))
	if !ok {
		if l, err = p.learner(ctx); err != nil {
			return 0, 0, err
		}
	}
	defer l.Close(ctx)
	if !ok {
		t, err := code(ctx, l, p.dataset, l.Learn)
		if err != nil {
			return 0, 0, err
		}
		train = t.bits
	}
	v, err := code(ctx, l, held, l.Observe)
	if err != nil {
		return 0, 0, onHeldout(err, "")
	}
	return train, v.bits, nil
}

// twin codes held without learning on a fresh learner of the same seed: the run's
// starting point, which never trained.
func (p *pair) twin(ctx context.Context, held []byte) (int64, error) {
	l, err := p.learner(ctx)
	if err != nil {
		return 0, err
	}
	defer l.Close(ctx)
	v, err := code(ctx, l, held, l.Observe)
	if err != nil {
		return 0, onHeldout(err, " by the fresh-init twin")
	}
	return v.bits, nil
}
