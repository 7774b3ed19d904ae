package learn_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/arena/arena/blobs"
	glearn "github.com/arena/arena/grading/learn"
	"github.com/arena/arena/learn/data"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
)

// scored returns run after its learn_run round kept v's result for it, which must be
// scored.
func scored(t *testing.T, v *glearn.Host, run glearn.Run) glearn.Run {
	t.Helper()
	res := v.Run(context.Background(), run)
	if res.Error != "" {
		t.Fatal(res.Error)
	}
	run.Kept = res.Bits
	return run
}

// A held-out round retrains the pair exactly (the train bits are the run's), codes the
// revealed split with the trained learner without learning and with a fresh-init twin of
// the same seed; two members agree exactly, and an order-2 model that trained codes the
// held-out text in fewer bits than its twin that never did.
func TestAHeldoutRoundRetrainsExactlyAndMeasuresTheTwin(t *testing.T) {
	n := newNode(t)
	n.put(t, data.Heldout()) // revealed
	run := scored(t, newValidator(t, n), prefix(t, n, runOf("order2-arch", "order2-train", "heldout"), 64<<10))
	var got [2]learn.HeldoutResult
	for i := range got {
		h := newValidator(t, n).Heldout(context.Background(), run)
		if h.Error != "" {
			t.Fatal(h.Error)
		}
		if h.TrainBits != run.Kept || h.HeldoutBytes != data.HeldoutBytes || h.TrainedBits >= h.TwinBits {
			t.Fatalf("held-out %+v; the run kept %d bits", h, run.Kept)
		}
		got[i] = h
		t.Logf("held-out: trained %.4f bits per byte, twin %.4f", float64(h.TrainedBits)/float64(h.HeldoutBytes), float64(h.TwinBits)/float64(h.HeldoutBytes))
	}
	if got[0] != got[1] {
		t.Fatalf("two validators disagree: %+v %+v", got[0], got[1])
	}
}

// A retraining that does not code the split in the bits the run kept is refused: the
// pair (or the kept result) is not what the committee ran.
func TestARetrainingThatDiffersIsRefused(t *testing.T) {
	n := newNode(t)
	n.put(t, data.Heldout())
	v := newValidator(t, n)
	run := scored(t, v, prefix(t, n, runOf("arch", "train", "retrain"), 8192))
	run.Kept++
	failed(t, v.Heldout(context.Background(), run).Error, ledger.NewError(ledger.Expected,
		"The retrained pair coded the dataset in "+strconv.FormatInt(run.Kept-1, 10)+" bits; its run kept "+strconv.FormatInt(run.Kept, 10)))
}

// A pair that fails on the held-out split fails there, the byte counted in held-out
// bytes: the architecture that traps at its 5,000th prediction, trained on 3,000 bytes,
// traps at held-out byte 2,000.
func TestAFailureOnTheHeldoutSplitNamesItsByte(t *testing.T) {
	n := newNode(t)
	n.put(t, data.Heldout())
	v := newValidator(t, n)
	run := scored(t, v, prefix(t, n, runOf("arch-trap", "train", "heldout trap"), 3000))
	got := v.Heldout(context.Background(), run).Error
	if want := "[EXPECTED] Coding the held-out split: The architecture trapped at byte 2000: "; !strings.HasPrefix(got, want) {
		t.Fatalf("got %q, want %q…", got, want)
	}
}

// The held-out bytes are never reachable by a program before the reveal: a run never
// asks any source for them (even a node that holds them), so they are in no validator's
// store; a program trying WASI file reads, directory listings and its environment gets
// nothing (its run is scored: it would trap on anything it found); and before the
// sponsor uploads them a held-out round finds them nowhere.
func TestTheHeldoutBytesAreNeverReachableBeforeTheReveal(t *testing.T) {
	n := newNode(t)
	v := newValidator(t, n)
	run := prefix(t, n, runOf("arch-fs", "train", "reveal"), 4096)
	before := scored(t, v, run)
	if got := v.Heldout(context.Background(), before).Error; !strings.HasPrefix(got, "[TRANSIENT] The artifact at ") {
		t.Fatalf("a held-out round before the upload: %q", got)
	}
	n.put(t, data.Heldout())
	asked := n.times(data.HeldoutSHA256)
	if res := v.Run(context.Background(), run); res.Error != "" {
		t.Fatal(res.Error)
	}
	if n.times(data.HeldoutSHA256) != asked || v.Store.Has(data.HeldoutSHA256) {
		t.Fatal("a run fetched the held-out split")
	}
	if h := v.Heldout(context.Background(), before); h.Error != "" {
		t.Fatal(h.Error)
	}
}

// Held-out bytes that are not the commitment never count: a source that answers the
// committed digest with other bytes is refused by the digest check (and the split is
// then found nowhere else).
func TestHeldoutBytesThatAreNotTheCommitmentAreRefused(t *testing.T) {
	n := newNode(t)
	v := newValidator(t, n)
	run := scored(t, v, prefix(t, n, runOf("arch", "train", "commitment"), 4096))
	v.Nodes = []blobs.Source{liar{}} // the pair and the train split are in the validator's store since the run
	got := v.Heldout(context.Background(), run).Error
	if !strings.HasPrefix(got, "[EXTERNAL] The artifact at a liar") || !strings.Contains(got, "does not match its digest") {
		t.Fatalf("got %q", got)
	}
}

// liar answers every digest with the same bytes.
type liar struct{}

func (liar) Where(string) string { return "a liar" }

func (liar) Blob(context.Context, string) ([]byte, error) {
	return []byte("not the held-out split"), nil
}
