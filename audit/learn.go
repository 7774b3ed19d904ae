package audit

import (
	"context"
	"fmt"
	"slices"

	"github.com/arena/arena/blobs"
	"github.com/arena/arena/grading/host"
	glearn "github.com/arena/arena/grading/learn"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/learn/score"
	"github.com/arena/arena/sandbox"
)

// LearnInputs is what a learning run's audit reads besides the snapshot.
type LearnInputs struct {
	// Blobs are asked in order for both modules, the train split and the held-out
	// split; every answer is checked against its digest.
	Blobs []blobs.Source
	// Runtime runs the pair. Required.
	Runtime *sandbox.Runtime
	// Anchor is the block that committed the run, read from the arena's log; nil when
	// auditing a snapshot alone, and then the seed's anchor is not checked.
	Anchor *Block
}

// Learn re-derives learning run id from published data alone, with grading/learn's
// re-derivation (the very code a committee member runs): the run's seed from its
// anchor and its init seed from the seed; both modules and the train split by digest;
// the pair run over the split on the run's seed, its bits, first-window bits, curve
// and gas against every scored learn_run attestation and the kept result; once the held-out
// split is revealed, the retraining, trained and twin bits against every
// scored learn_heldout attestation and the kept measurement (an attested failure, a timed-out
// attempt say, is checked only through what its round kept); and the final score recomputed
// with ledger/learn/score from the kept results, every part against the view's.
func Learn(ctx context.Context, snap *ledger.Snapshot, id ledger.LearnRunID, in LearnInputs) (*Report, error) {
	run, ok := learnRunOf(snap, id)
	if !ok {
		return nil, fmt.Errorf("no learning run %d in the snapshot", id)
	}
	r := &Report{Subject: fmt.Sprintf("learning run %d (challenge %d, %s)", id, run.Challenge, run.State), Number: "the learning run's score"}
	r.learnSeed(run, in.Anchor)
	if run.Seed == "" {
		return r, nil
	}
	h := &glearn.Host{Host: host.Host{Runtime: in.Runtime, Nodes: in.Blobs}}
	g := glearn.RunOf(run)
	d := h.Rederive(ctx, g)
	got := learnLine(d.Result)
	var ignored, heldoutIgnored []outvoted
	for _, x := range run.Attestations {
		if x.Kind == learn.RunKind && x.Result != nil && x.Result.Scored() { // failures are checked by what the round kept
			from := len(r.Steps)
			r.learnStep(fmt.Sprintf("attempt %d %s code length", x.Attempt, short(x.Validator.String())), *x.Result, d.Result,
				"the pair re-run over the train split on the run's seed: bits, first window, curve and gas equal")
			if !x.Agrees || x.Late {
				ignored = append(ignored, newOutvoted(r, from, fmt.Sprintf("attempt %d: %s", x.Attempt, x.Validator)))
			}
		}
	}
	switch {
	case run.Kept != nil:
		if r.learnStep("kept code length", *run.Kept, d.Result, "the result the ledger kept, re-derived") {
			r.catchOutvoted(ignored)
		}
	case run.State == learn.RunUnscored || run.State == learn.RunAbandoned:
		r.Steps = append(r.Steps, Step{Name: "code length", Want: run.State, Got: got, OK: true, Note: "no result was kept, so no score was settled"})
	case !d.Result.Scored():
		r.Steps = append(r.Steps, Step{Name: "code length", Want: "-", Got: got, OK: true, Note: "no result kept yet"})
	}
	if run.HeldoutKept != nil || hasHeldout(run) {
		hd := h.Heldout(ctx, g)
		for _, x := range run.Attestations {
			if x.Kind == learn.HeldoutKind && x.Heldout != nil && x.Heldout.Scored() {
				from := len(r.Steps)
				r.check(fmt.Sprintf("attempt %d %s held-out", x.Attempt, short(x.Validator.String())), heldoutLine(*x.Heldout), heldoutLine(hd),
					"retrained on the train split, then the revealed held-out split coded without learning and by the fresh-init twin")
				if !x.Agrees || x.Late {
					heldoutIgnored = append(heldoutIgnored, newOutvoted(r, from, fmt.Sprintf("attempt %d: %s", x.Attempt, x.Validator)))
				}
			}
		}
		if run.HeldoutKept != nil && r.check("kept held-out", heldoutLine(*run.HeldoutKept), heldoutLine(hd), "the measurement the ledger kept, re-derived") {
			r.catchOutvoted(heldoutIgnored)
		}
	}
	if run.Score != nil {
		r.learnScore(run)
	}
	return r, nil
}

// learnRunOf returns learning run id from the snapshot.
func learnRunOf(snap *ledger.Snapshot, id ledger.LearnRunID) (ledger.LearnRunView, bool) {
	for _, c := range snap.Learning {
		for _, r := range c.Runs {
			if r.ID == id {
				return r, true
			}
		}
	}
	return ledger.LearnRunView{}, false
}

// hasHeldout reports whether any member attested a held-out measurement of run.
func hasHeldout(run ledger.LearnRunView) bool {
	return slices.ContainsFunc(run.Attestations, func(x learn.AttestationView) bool { return x.Heldout != nil })
}

// learnSeed checks the run's seed against its anchor and its init seed against the seed.
func (r *Report) learnSeed(run ledger.LearnRunView, anchor *Block) {
	switch {
	case run.Seed == "":
		r.Steps = append(r.Steps, Step{Name: "seed", Want: "-", Got: "-", OK: true, Note: "the run waits for its anchor; nothing else is published yet"})
		return
	case anchor == nil:
		r.Steps = append(r.Steps, Step{Name: "seed", Want: run.Seed, Got: "-", OK: true, Note: "a snapshot holds no block hashes: audit from the arena directory to check the anchor"})
	default:
		r.check("seed", run.Seed, learn.RunSeed(anchor.Hash, run.ID),
			fmt.Sprintf("keccak256(\"arena learn run\" ‖ the state hash after block %d ‖ run id)", anchor.Height))
	}
	r.check("init seed", run.InitSeed, learn.InitSeed(run.Seed), "sha256(\"arena learn init\\n\" ‖ the seed): the key of the parameter region's forced fill")
}

// learnStep compares an attested or kept run result with the re-derived one, and
// reports whether they are equal.
func (r *Report) learnStep(name string, want, got learn.RunResult, note string) bool {
	ok := learnLine(want) == learnLine(got) && slices.Equal(want.Curve, got.Curve)
	if !ok && want.Scored() && got.Scored() {
		switch {
		case want.Bits != got.Bits:
			note = fmt.Sprintf("the bits differ: attested %d, derived %d", want.Bits, got.Bits)
		case want.WindowBits != got.WindowBits:
			note = fmt.Sprintf("the first window's bits differ: attested %d, derived %d", want.WindowBits, got.WindowBits)
		case !slices.Equal(want.Curve, got.Curve):
			note = "the loss curve differs at point " + fmt.Sprint(firstDiff(want.Curve, got.Curve))
		case want.Gas != got.Gas:
			note = fmt.Sprintf("the gas differs: attested %d, derived %d", want.Gas, got.Gas)
		}
	}
	r.Steps = append(r.Steps, Step{Name: name, Want: learnLine(want), Got: learnLine(got), OK: ok, Note: note})
	return ok
}

// firstDiff returns the first index where a and b differ.
func firstDiff(a, b []int64) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// learnLine writes a run result in one line, the curve by its points and sum.
func learnLine(res learn.RunResult) string {
	if !res.Scored() {
		return res.Error
	}
	var sum int64
	for _, c := range res.Curve {
		sum += c
	}
	return fmt.Sprintf("%d bits / %d bytes, first window %d bits, curve %d points summing to %d, gas %d", res.Bits, res.Bytes, res.WindowBits, len(res.Curve), sum, res.Gas)
}

// heldoutLine writes a held-out measurement in one line.
func heldoutLine(h learn.HeldoutResult) string {
	if !h.Scored() {
		return h.Error
	}
	return fmt.Sprintf("retrained %d bits, trained %d bits and twin %d bits / %d bytes", h.TrainBits, h.TrainedBits, h.TwinBits, h.HeldoutBytes)
}

// learnScore recomputes the final score from the kept results with package score and
// compares every part with the view's.
func (r *Report) learnScore(run ledger.LearnRunView) {
	if run.Kept == nil || !run.Kept.Scored() {
		r.fail("score", "the view scores a run that kept no result")
		return
	}
	in := score.Run{Bits: run.Kept.Bits, Bytes: run.Kept.Bytes, WindowBits: run.Kept.WindowBits}
	if run.HeldoutTerms == learn.HeldoutMeasured {
		if run.HeldoutKept == nil || !run.HeldoutKept.Scored() {
			r.fail("score", "the view says its held-out terms were measured, but keeps no measurement")
			return
		}
		h := run.HeldoutKept
		in.Heldout = &score.Measured{TrainedBits: h.TrainedBits, TwinBits: h.TwinBits, Bytes: h.HeldoutBytes}
	}
	_, p := score.Final(in)
	s := run.Score
	parts := []struct {
		name      string
		want, got any
	}{
		{"bits", s.Bits, in.Bits}, {"bytes", s.Bytes, in.Bytes}, {"window bits", s.WindowBits, in.WindowBits},
		{"bpb", s.BPB, p.BPB}, {"base", s.Base, p.Base}, {"multiplier", s.Multiplier, p.Multiplier}, {"step-0", s.StepZero, p.Multiplier == 0},
		{"held-out", s.Heldout, p.Heldout}, {"trained bpb", s.TrainedBPB, p.TrainedBPB}, {"twin bpb", s.TwinBPB, p.TwinBPB},
		{"gap", s.Gap, p.Gap}, {"delta", s.Delta, p.Delta}, {"cap", s.Cap, p.Cap}, {"tanh", s.Tanh, p.Tanh},
		{"penalty", s.Penalty, p.Penalty}, {"tie", s.Tie, p.Tie}, {"final", s.Final, p.Final},
	}
	note := "ledger/learn/score over the kept results (" + run.HeldoutTerms + " held-out terms): every part equal"
	ok := true
	for _, x := range parts {
		if fmt.Sprint(x.want) != fmt.Sprint(x.got) {
			ok, note = false, fmt.Sprintf("the %s is not the recomputed one: the view says %v, derived %v", x.name, x.want, x.got)
			break
		}
	}
	r.Steps = append(r.Steps, Step{Name: "final", Want: fmt.Sprint(s.Final), Got: fmt.Sprint(p.Final), OK: ok, Note: note})
}
