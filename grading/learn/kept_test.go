package learn_test

import (
	"context"
	"strconv"
	"testing"

	glearn "github.com/arena/arena/grading/learn"
	"github.com/arena/arena/learn/data"
	"github.com/arena/arena/ledger"
)

// A validator that ran a run measures its held-out split with the learner its run
// trained, and scores exactly what a validator that retrains from scratch scores: on
// both example pairs, the train, trained and twin bits are equal. The kept learner is
// used once (coding moves it on): a second held-out measurement by the same validator
// retrains, and still agrees.
func TestAHeldoutRoundWithTheRunsTrainedLearnerScoresAsARetraining(t *testing.T) {
	n := newNode(t)
	n.put(t, data.Heldout())
	for _, name := range []string{"order2", "mix"} {
		t.Run(name, func(t *testing.T) {
			ran := newValidator(t, n)
			run := scored(t, ran, prefix(t, n, runOf(name+"-arch", name+"-train", "kept "+name), 24<<10))
			if !ran.Keeps(run) {
				t.Fatal("the validator that ran the run keeps no trained learner")
			}
			reused := ran.Heldout(context.Background(), run)
			if ran.Keeps(run) {
				t.Fatal("the trained learner is still kept after a held-out round coded with it")
			}
			fresh := newValidator(t, n)
			if fresh.Keeps(run) {
				t.Fatal("a validator that never ran the run keeps a learner for it")
			}
			retrained := fresh.Heldout(context.Background(), run)
			again := ran.Heldout(context.Background(), run)
			if reused.Error != "" || reused.TrainBits != run.Kept || reused.TrainedBits >= reused.TwinBits {
				t.Fatalf("held-out with the kept learner: %+v; the run kept %d bits", reused, run.Kept)
			}
			if reused != retrained || again != retrained {
				t.Fatalf("kept learner %+v, retrained %+v, retrained by the same validator %+v", reused, retrained, again)
			}
		})
	}
}

// A kept learner serves only the training it went through: a run that differs in its
// seed, its train split or its byte gas has another key, so the validator retrains for
// it (and keeps the first run's learner); the run's id, held-out split and kept bits are
// not part of the training and do not change the key.
func TestAKeptLearnerServesOnlyItsOwnTraining(t *testing.T) {
	n := newNode(t)
	v := newValidator(t, n)
	run := scored(t, v, prefix(t, n, runOf("arch", "train", "key"), 4096))
	seed, split, gas := run, prefix(t, n, run, 4000), run
	seed.Seed = seedOf("another key")
	gas.ByteGas--
	for name, other := range map[string]glearn.Run{"seed": seed, "train split": split, "byte gas": gas} {
		if v.Keeps(other) {
			t.Errorf("a run with another %s is served by the kept learner", name)
		}
	}
	same := run
	same.ID, same.Heldout, same.HeldoutBytes, same.Kept = 7, "other", 1, 1
	if !v.Keeps(same) {
		t.Error("a run that trains the same way is not served by the kept learner")
	}
}

// A retraining refusal reads the same whether the learner was kept or retrained: the
// bits the run's training coded are compared with the kept bits either way.
func TestARefusedRetrainingReadsTheSameWithAKeptLearner(t *testing.T) {
	n := newNode(t)
	n.put(t, data.Heldout())
	v := newValidator(t, n)
	run := scored(t, v, prefix(t, n, runOf("arch", "train", "kept refusal"), 8192))
	run.Kept++
	want := ledger.NewError(ledger.Expected,
		"The retrained pair coded the dataset in "+strconv.FormatInt(run.Kept-1, 10)+" bits; its run kept "+strconv.FormatInt(run.Kept, 10))
	if !v.Keeps(run) {
		t.Fatal("no kept learner")
	}
	failed(t, v.Heldout(context.Background(), run).Error, want)
	failed(t, newValidator(t, n).Heldout(context.Background(), run).Error, want)
}

// A Host keeps the learners of its last KeptLearners runs and releases older ones; a
// run that fails keeps nothing, and an audit's re-derivation keeps nothing.
func TestAHostKeepsTheLearnersOfItsLastRunsOnly(t *testing.T) {
	n := newNode(t)
	v := newValidator(t, n)
	var runs []glearn.Run
	for i := range glearn.KeptLearners + 1 {
		runs = append(runs, scored(t, v, prefix(t, n, runOf("arch", "train", "last "+strconv.Itoa(i)), 2048)))
	}
	if v.Keeps(runs[0]) {
		t.Error("the oldest run's learner is still kept past KeptLearners")
	}
	for _, r := range runs[1:] {
		if !v.Keeps(r) {
			t.Errorf("run seeded %s: no kept learner", r.Seed)
		}
	}
	trap := prefix(t, n, runOf("arch-trap", "train", "last trap"), 6000)
	if res := v.Run(context.Background(), trap); res.Error == "" || v.Keeps(trap) {
		t.Errorf("a failed run (%q) keeps a learner: %v", res.Error, v.Keeps(trap))
	}
	audit := prefix(t, n, runOf("arch", "train", "audit"), 2048)
	if d := v.Rederive(context.Background(), audit); d.Result.Error != "" || v.Keeps(audit) {
		t.Errorf("a re-derivation (%q) keeps a learner: %v", d.Result.Error, v.Keeps(audit))
	}
}
