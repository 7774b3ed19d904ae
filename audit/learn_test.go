package audit_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/arena/arena/audit"
	"github.com/arena/arena/blobs"
	"github.com/arena/arena/challenge/example/learning"
	"github.com/arena/arena/grading/host"
	glearn "github.com/arena/arena/grading/learn"
	"github.com/arena/arena/learn/data"
	"github.com/arena/arena/ledger"
	"github.com/arena/arena/ledger/learn"
	"github.com/arena/arena/ledger/learn/score"
	"github.com/arena/arena/sandbox"
)

// learnFix is a learning run of the example pair order2 on the first 4 KiB of the
// embedded dataset (1 KiB held out), its results derived once by grading/learn and
// attested alike by a committee of three, as the ledger would show it final.
type learnFix struct {
	rt    *sandbox.Runtime
	store *blobs.Store
	run   ledger.LearnRunView
}

var (
	learnOnce sync.Once
	learnF    *learnFix
	learnErr  string
)

func learnFixture(t *testing.T) *learnFix {
	t.Helper()
	learnOnce.Do(func() {
		ctx := context.Background()
		rt, err := sandbox.New(ctx, sandbox.Config{})
		if err != nil {
			learnErr = err.Error()
			return
		}
		dir, err := os.MkdirTemp("", "arena-audit-learn-") // outlives the first test: every test shares the fixture
		if err != nil {
			learnErr = err.Error()
			return
		}
		st, err := blobs.Open(dir)
		if err != nil {
			learnErr = err.Error()
			return
		}
		put := func(b []byte) string {
			d := sha256.Sum256(b)
			h := hex.EncodeToString(d[:])
			if err := st.Put(h, bytes.NewReader(b)); err != nil {
				learnErr = err.Error()
			}
			return h
		}
		arch, _ := learning.Arch("order2")
		tr, _ := learning.Train("order2")
		train, held := data.Train()[:4096], data.Heldout()[:1024]
		seed := strings.Repeat("5a", 32)
		v := ledger.LearnRunView{
			ID: 1, Challenge: 1, Arch: put(arch), ArchSize: int64(len(arch)), Train: put(tr), TrainSize: int64(len(tr)),
			Dataset: put(train), DatasetBytes: int64(len(train)), Heldout: put(held), HeldoutBytes: int64(len(held)), Revealed: true,
			ParamCap: 8 << 20, DataCap: 576 << 10, ByteGas: 4 << 20, Platform: sandbox.Local(), Seed: seed, InitSeed: learn.InitSeed(seed),
			State: learn.RunFinal, HeldoutTerms: learn.HeldoutMeasured,
		}
		h := &glearn.Host{Host: host.Host{Runtime: rt, Store: st}}
		res := h.Run(ctx, glearn.RunOf(v))
		if !res.Scored() {
			learnErr = res.Error
			return
		}
		v.Kept = &res
		hd := h.Heldout(ctx, glearn.RunOf(v))
		if !hd.Scored() {
			learnErr = hd.Error
			return
		}
		v.HeldoutKept = &hd
		for i := range 3 {
			r, m := res, hd
			r.Curve = append([]int64(nil), res.Curve...)
			val := ledger.Address{byte(i + 1)}
			v.Attestations = append(v.Attestations,
				learn.AttestationView{Kind: learn.RunKind, Attempt: 1, Validator: val, Result: &r, Agrees: true},
				learn.AttestationView{Kind: learn.HeldoutKind, Attempt: 1, Validator: val, Heldout: &m, Agrees: true})
		}
		_, p := score.Final(score.Run{Bits: res.Bits, Bytes: res.Bytes, WindowBits: res.WindowBits,
			Heldout: &score.Measured{TrainedBits: hd.TrainedBits, TwinBits: hd.TwinBits, Bytes: hd.HeldoutBytes}})
		v.Score = &learn.Score{Bits: res.Bits, Bytes: res.Bytes, WindowBits: res.WindowBits, TrainedBits: hd.TrainedBits, TwinBits: hd.TwinBits,
			HeldoutBytes: hd.HeldoutBytes, BPB: p.BPB, Base: p.Base, StepZero: p.Multiplier == 0, Multiplier: p.Multiplier, Heldout: p.Heldout,
			TrainedBPB: p.TrainedBPB, TwinBPB: p.TwinBPB, Gap: p.Gap, Delta: p.Delta, Cap: p.Cap, Tanh: p.Tanh, Penalty: p.Penalty, Tie: p.Tie, Final: p.Final}
		learnF = &learnFix{rt: rt, store: st, run: v}
	})
	if learnF == nil {
		t.Fatalf("learning fixture: %s", learnErr)
	}
	return learnF
}

// snap returns a snapshot holding run (a deep enough copy to doctor).
func (f *learnFix) snap(doctor func(*ledger.LearnRunView)) *ledger.Snapshot {
	r := f.run
	k, h, s := *r.Kept, *r.HeldoutKept, *r.Score
	k.Curve = append([]int64(nil), k.Curve...)
	r.Kept, r.HeldoutKept, r.Score = &k, &h, &s
	r.Attestations = nil
	for _, x := range f.run.Attestations {
		if x.Result != nil {
			c := *x.Result
			c.Curve = append([]int64(nil), c.Curve...)
			x.Result = &c
		}
		if x.Heldout != nil {
			c := *x.Heldout
			x.Heldout = &c
		}
		r.Attestations = append(r.Attestations, x)
	}
	if doctor != nil {
		doctor(&r)
	}
	return &ledger.Snapshot{Learning: []ledger.LearnChallengeView{{ID: 1, Runs: []ledger.LearnRunView{r}}}}
}

func (f *learnFix) audit(t *testing.T, s *ledger.Snapshot) *audit.Report {
	t.Helper()
	rep, err := audit.Learn(t.Context(), s, 1, audit.LearnInputs{Blobs: []blobs.Source{f.store}, Runtime: f.rt})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestALearningRunReDerives: issue 14, "arena audit run ID re-derives the code length
// offline": a final run of the example pair, attested alike by three members,
// re-derives step by step from its modules and splits by digest.
func TestALearningRunReDerives(t *testing.T) {
	f := learnFixture(t)
	rep := f.audit(t, f.snap(nil))
	if !rep.OK() {
		t.Fatalf("the run does not re-derive:\n%s", rep)
	}
	for _, want := range []string{"init seed", "code length", "kept code length", "held-out", "kept held-out", "final"} {
		if !strings.Contains(rep.String(), want) {
			t.Errorf("no %s step in\n%s", want, rep)
		}
	}
}

// TestADoctoredLearningRunFails: every number the audit re-derives, doctored in the
// view, fails its step, which names what differs (a doctored kept result fails the
// final's recomputation too).
func TestADoctoredLearningRunFails(t *testing.T) {
	f := learnFixture(t)
	for _, tc := range []struct {
		name, step, note string
		doctor           func(*ledger.LearnRunView)
	}{
		{"attested bits", "attempt 1 0x02", "the bits differ", func(r *ledger.LearnRunView) { r.Attestations[2].Result.Bits++ }},
		{"attested window bits", "attempt 1 0x03", "the first window's bits differ", func(r *ledger.LearnRunView) { r.Attestations[4].Result.WindowBits-- }},
		{"attested curve", "attempt 1 0x01", "the loss curve differs at point 1", func(r *ledger.LearnRunView) {
			r.Attestations[0].Result.Curve[1]++
			r.Attestations[0].Result.Curve[2]--
		}},
		{"attested gas", "attempt 1 0x01", "the gas differs", func(r *ledger.LearnRunView) { r.Attestations[0].Result.Gas++ }},
		{"kept bits", "kept code length", "the bits differ", func(r *ledger.LearnRunView) { r.Kept.Bits-- }},
		{"attested twin bits", "attempt 1 0x02", "fresh-init twin", func(r *ledger.LearnRunView) { r.Attestations[3].Heldout.TwinBits++ }},
		{"kept trained bits", "kept held-out", "re-derived", func(r *ledger.LearnRunView) { r.HeldoutKept.TrainedBits++ }},
		{"init seed", "init seed", "forced fill", func(r *ledger.LearnRunView) { r.InitSeed = strings.Repeat("0", 64) }},
		{"final", "final", "the final is not the recomputed one", func(r *ledger.LearnRunView) { r.Score.Final++ }},
		{"tanh", "final", "the tanh is not the recomputed one", func(r *ledger.LearnRunView) { r.Score.Tanh-- }},
		{"penalty", "final", "the penalty is not the recomputed one", func(r *ledger.LearnRunView) { r.Score.Penalty = 500_000 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep := f.audit(t, f.snap(tc.doctor))
			if rep.OK() {
				t.Fatalf("a doctored %s passes:\n%s", tc.name, rep)
			}
			var failed []audit.Step
			found := false
			for _, s := range rep.Steps {
				if !s.OK {
					failed = append(failed, s)
					found = found || strings.HasPrefix(s.Name, tc.step) && strings.Contains(s.Note, tc.note)
				}
			}
			if !found {
				t.Errorf("failed steps %+v, want %q noting %q", failed, tc.step, tc.note)
			}
		})
	}
}
