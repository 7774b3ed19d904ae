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
// run did (its bits must equal run.Kept), code the held-out bytes with the trained
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
	train, trained, err := p.trained(ctx, held)
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

// trained retrains a fresh learner on the train split and then codes held without
// learning; it returns both code lengths.
func (p *pair) trained(ctx context.Context, held []byte) (train, trained int64, err error) {
	l, err := p.learner(ctx)
	if err != nil {
		return 0, 0, err
	}
	defer l.Close(ctx)
	t, err := code(ctx, l, p.dataset, l.Learn)
	if err != nil {
		return 0, 0, err
	}
	v, err := code(ctx, l, held, l.Observe)
	if err != nil {
		return 0, 0, onHeldout(err, "")
	}
	return t.bits, v.bits, nil
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
